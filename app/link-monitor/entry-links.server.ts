// An entry's links as the monitor keeps them (issue 30), kept in step by the write path: called
// inside each entry write's transaction, so a published entry, or one whose links changed, is
// checked at the monitor's next round (within seconds), whatever process or instance runs it.
import { allFields, type EntryData, type Row } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { isKind } from "~/content/kinds.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { now } from "~/platform/db/dialect.ts";
import {
  deleteLinks,
  insertLinks,
  linksOfEntry,
  makeEntryLinksDue,
  relabelLink,
  type NewLink,
} from "./links.repository.server.ts";
import { hostOf } from "./rules.ts";

/** More than any real entry has (20 extra links and the named ones); the rest is not checked. */
const MAX_LINKS = 40;

/**
 * Every web address of an entry: its link fields and the address column of its tables, each
 * with where it sits. Files uploaded to this site (`/files/…`) are ours, not checked.
 */
export function entryLinks(kind: string, data: EntryData): Omit<NewLink, "entryId">[] {
  if (!isKind(kind)) return [];
  const out: Omit<NewLink, "entryId">[] = [];
  const add = (url: unknown, field: string, label: string | null) => {
    if (typeof url !== "string" || !hostOf(url.trim())) return;
    const trimmed = url.trim();
    if (out.length < MAX_LINKS && !out.some((l) => l.url === trimmed))
      out.push({ url: trimmed, field, label });
  };
  for (const field of allFields(REGISTRY[kind].sections)) {
    if (field.type === "url") add(data[field.name], field.name, null);
    if (field.type !== "rows") continue;
    const url = field.columns.find((c) => c.type === "url");
    const text = field.columns.find((c) => c.type === "text");
    if (!url) continue;
    for (const row of (data[field.name] as Row[] | undefined) ?? [])
      add(row?.[url.name], field.name, text ? String(row?.[text.name] ?? "") || null : null);
  }
  return out;
}

/** What decides how an entry's links are judged, besides the links themselves. */
interface EntryState {
  id: string;
  kind: string;
  status: string;
  organization: string;
  lastDate: string | null;
  data: EntryData;
}

/**
 * The entry's stored links made to match what it now links to (new ones due now, gone ones
 * removed with their history); all of them due now when it has just been published, its closing
 * date moved, or its organization or official website changed (what they are judged against).
 */
export async function scheduleLinkChecks(
  trx: DB,
  before: EntryState | null,
  after: EntryState,
): Promise<void> {
  const at = now();
  const wanted = entryLinks(after.kind, after.data);
  const stored = await linksOfEntry(trx, after.id);
  await deleteLinks(
    trx,
    stored.filter((s) => !wanted.some((w) => w.url === s.url)).map((s) => s.id),
  );
  for (const s of stored) {
    const place = wanted.find((w) => w.url === s.url);
    if (place && (place.field !== s.field || place.label !== s.label))
      await relabelLink(trx, s.id, place);
  }
  await insertLinks(
    trx,
    wanted
      .filter((w) => !stored.some((s) => s.url === w.url))
      .map((w) => ({ ...w, entryId: after.id })),
    at,
  );
  const published = after.status === "published" && before?.status !== "published";
  const judgedAgainst = (e: EntryState | null) =>
    e ? `${e.organization}\n${String(e.data.officialWebsite ?? "")}` : "";
  // A job whose closing date moved may have opened again: its parked links are due (see
  // claimDueLinks).
  const reopened = before !== null && before.lastDate !== after.lastDate;
  if (published || reopened || (before && judgedAgainst(before) !== judgedAgainst(after)))
    await makeEntryLinksDue(trx, [after.id], at);
}

/** Entries that went public without their links changing (published, restored): checked now. */
export async function checkLinksSoon(trx: DB, entryIds: readonly string[]): Promise<void> {
  await makeEntryLinksDue(trx, entryIds, now());
}
