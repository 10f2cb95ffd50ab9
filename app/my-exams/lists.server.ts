// My exams' server side of the saved list (issue 28). The list itself lives on the device; the
// server only ever sees entry ids: the public data of the ids /my asks for, and, when the reader
// turns on reminders or a calendar address, a copy of the ids found by a secret only the device
// holds. Turning either off deletes that copy.
import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { REGISTRY } from "~/content/registry.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { now } from "~/platform/db/dialect.ts";
import { BrowserPushSubscription } from "~/alerts/channels/push.server.ts";
import {
  isPushServiceEndpoint,
  pushEndpointPolicy,
  type PushEndpointPolicy,
} from "~/alerts/channels/push-endpoints.server.ts";
import {
  deleteList,
  existingEntryIds,
  findListBySecretHash,
  insertList,
  listIdByEndpoint,
  publishedByIds,
  publishedOfJobs,
  replaceListEntries,
  type ListRow,
  type PublicEntryRow,
} from "./repository.server.ts";
import type { SavedEntryData } from "./saved-data.ts";
import { keyWindows } from "./windows.ts";

export type { SavedEntryData };

/** The most entries a device may save (and a server copy may hold). */
export const MAX_SAVED = 100;

const ENTRY_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const EntryIds = z
  .array(z.string().regex(ENTRY_ID, "must be entry ids"))
  .max(MAX_SAVED, `at most ${MAX_SAVED} entries`)
  .transform((ids) => [...new Set(ids)].sort());

/** `?ids=a,b,c` of the public JSON: entry ids, comma-separated. */
export function parseIdsParam(value: string | null): string[] | undefined {
  const parsed = EntryIds.safeParse((value ?? "").split(",").filter(Boolean));
  return parsed.success ? parsed.data : undefined;
}

// ---- The public data /my shows ----

function dataOf(e: PublicEntryRow): Omit<SavedEntryData, "related"> {
  return {
    id: e.id,
    kind: e.kind,
    path: `${REGISTRY[e.kind].urlPrefix}/${e.slug}`,
    title: e.title,
    hiTitle: e.hiTitle,
    organization: e.organization,
    windows: keyWindows(e.kind, e.data),
    updatedAt: e.updatedAt,
  };
}

/** The saved entries that are public, each job with its related entries; in the ids' order. */
export async function savedEntriesData(db: DB, ids: readonly string[]): Promise<SavedEntryData[]> {
  const entries = await publishedByIds(db, ids);
  const jobs = entries.filter((e) => e.kind === "job").map((e) => e.id);
  const related = await publishedOfJobs(db, jobs);
  const byId = new Map(entries.map((e) => [e.id, e]));
  return ids
    .map((id) => byId.get(id))
    .filter((e) => e !== undefined)
    .map((e) => ({
      ...dataOf(e),
      related: related.filter((r) => r.jobId === e.id).map(dataOf),
    }));
}

// ---- Server copies ----

const Secret = z.string().regex(/^[A-Za-z0-9_-]{43}$/, "is not a list's secret");
const Language = z.enum(["en", "hi"]).default("en");

export const RemindersOnSchema = z.object({
  subscription: BrowserPushSubscription,
  ids: EntryIds,
  language: Language,
});
export const CalendarOnSchema = z.object({ ids: EntryIds, language: Language });
export const ListUpdateSchema = z.object({ secret: Secret, ids: EntryIds });
export const ListDeleteSchema = z.object({ secret: Secret });

export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");

export type ListAnswer =
  { ok: true; secret: string; ids: string[] } | { ok: false; status: 400 | 404; error: string };

function invalid(error: z.ZodError): ListAnswer {
  const issue = error.issues[0];
  return { ok: false, status: 400, error: `${issue.path.join(".") || "body"}: ${issue.message}` };
}

/**
 * Reminders on: the browser's push subscription and its list's entry ids, stored under a new
 * secret (a browser that turned them on before starts over: its old copy goes). Only a browser
 * push service's address is accepted, as for job alerts (issue 25).
 */
export async function turnOnReminders(
  db: DB,
  body: unknown,
  policy: PushEndpointPolicy = pushEndpointPolicy(),
): Promise<ListAnswer> {
  const parsed = RemindersOnSchema.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const { subscription, ids, language } = parsed.data;
  if (!isPushServiceEndpoint(subscription.endpoint, policy))
    return {
      ok: false,
      status: 400,
      error: "subscription.endpoint: must be the address of a browser's push service",
    };
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    const before = await listIdByEndpoint(trx, subscription.endpoint);
    if (before) await deleteList(trx, before);
    const id = crypto.randomUUID();
    const at = now();
    await insertList(trx, {
      id,
      secretHash: hashSecret(secret),
      purpose: "reminders",
      language,
      push: { endpoint: subscription.endpoint, ...subscription.keys },
      at,
    });
    const kept = await existingEntryIds(trx, ids);
    await replaceListEntries(trx, id, kept, at);
    return { ok: true as const, secret, ids: kept.sort() };
  });
}

/** A calendar address: the list's entry ids under a new secret, which the address carries. */
export async function createCalendarList(db: DB, body: unknown): Promise<ListAnswer> {
  const parsed = CalendarOnSchema.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const secret = newSecret();
  return db.transaction().execute(async (trx) => {
    const id = crypto.randomUUID();
    const at = now();
    await insertList(trx, {
      id,
      secretHash: hashSecret(secret),
      purpose: "calendar",
      language: parsed.data.language,
      at,
    });
    const kept = await existingEntryIds(trx, parsed.data.ids);
    await replaceListEntries(trx, id, kept, at);
    return { ok: true as const, secret, ids: kept.sort() };
  });
}

/** The device saved or removed an entry: its server copy follows. */
export async function updateList(
  db: DB,
  purpose: ListRow["purpose"],
  body: unknown,
): Promise<ListAnswer> {
  const parsed = ListUpdateSchema.safeParse(body);
  if (!parsed.success) return invalid(parsed.error);
  const { secret, ids } = parsed.data;
  return db.transaction().execute(async (trx): Promise<ListAnswer> => {
    const list = await findListBySecretHash(trx, purpose, hashSecret(secret));
    if (!list) return { ok: false, status: 404, error: "No such list: it was turned off." };
    const kept = await existingEntryIds(trx, ids);
    await replaceListEntries(trx, list.id, kept, now());
    return { ok: true, secret, ids: kept.sort() };
  });
}

/** Reminders off, or a calendar address revoked: the server copy and its messages are deleted. */
export async function removeList(
  db: DB,
  purpose: ListRow["purpose"],
  body: unknown,
): Promise<{ ok: true; removed: boolean } | { ok: false; status: 400; error: string }> {
  const parsed = ListDeleteSchema.safeParse(body);
  if (!parsed.success) return { ok: false, status: 400, error: "secret is missing" };
  return db.transaction().execute(async (trx) => {
    const list = await findListBySecretHash(trx, purpose, hashSecret(parsed.data.secret));
    return { ok: true as const, removed: list ? await deleteList(trx, list.id) : false };
  });
}
