// An entry's row written (SQL only): created or changed, its slug kept unique and its old slugs
// kept answering. The entries service (app/entries/entries.service.server.ts) calls these inside its
// transaction, with the revision, change log, organization, outbox rows, audit and cache scopes.
import {
  allFields,
  HINDI,
  HINDI_CHANGED_AT,
  searchableText,
  type EntryData,
} from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { slugify, type Status } from "~/content/kinds/schema.ts";
import type { Kind } from "~/content/kinds.ts";
import { stampTranslation } from "~/content/translation.ts";
import type { DB } from "../platform/db/db.server.ts";
import { newId } from "../platform/db/dialect.ts";
import { toEntry } from "./entry-row.server.ts";
import type { Entry } from "../content/entry.ts";

export interface Author {
  id: string | null;
  name: string | null;
}

export interface EntryWrite {
  title: string;
  slug?: string;
  organization: string;
  status: Status;
  publishAt?: string;
  jobId?: string;
  data: EntryData;
}

export class EntryConflictError extends Error {
  constructor(
    readonly field: "slug" | "jobId",
    message: string,
  ) {
    super(message);
  }
}

/** A save made against an older version than the one stored: refused, nothing written. */
export class StaleEntryError extends Error {
  constructor(readonly current: Entry) {
    super(`The entry was saved by someone else at ${current.updatedAt}`);
  }
}

export class EntryNotFoundError extends Error {
  constructor(id: string) {
    super(`No entry with id ${id}`);
  }
}

/** The columns that a kind's fields are projected into (state, qualification, last date). */
export function projectedColumns(kind: Kind, data: EntryData) {
  const hiTitle = data[`${HINDI}title`];
  const out = {
    state: null as string | null,
    qualification: null as string | null,
    last_date: null as string | null,
    hi_title: typeof hiTitle === "string" && hiTitle.trim() ? hiTitle.trim() : null,
  };
  for (const field of allFields(REGISTRY[kind].sections)) {
    if (field.type !== "rows" && field.column) {
      const v = data[field.name];
      out[field.column] = v === undefined ? null : String(v);
    }
  }
  return out;
}

/** Every string in a value, recursively (a Hindi table's rows). */
function stringsIn(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value !== null && typeof value === "object")
    for (const item of Object.values(value)) stringsIn(item, out);
}

/**
 * An entry's words for the full-text index: its searchable English fields (exactly as before),
 * then its Hindi words (`hi_<field>`, title first), in NFC without ZWJ/ZWNJ like the search's own
 * words (searchWords in search.server.ts), so an entry is found by its Hindi words too.
 */
export function searchTextOf(kind: Kind, data: EntryData): string {
  const english = searchableText(REGISTRY[kind].sections, data);
  const parts: string[] = [];
  stringsIn(data[`${HINDI}title`], parts);
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith(HINDI) && key !== `${HINDI}title` && key !== HINDI_CHANGED_AT)
      stringsIn(value, parts);
  }
  const hindi = parts
    .map((p) =>
      p
        .normalize("NFC")
        .replace(/[\u200c\u200d]/gu, "")
        .trim(),
    )
    .filter(Boolean)
    .join("\n")
    .slice(0, 50_000);
  if (!hindi) return english;
  return english ? `${english}\n${hindi}` : hindi;
}

async function uniqueSlug(db: DB, kind: Kind, wanted: string, exceptId?: string): Promise<string> {
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? wanted : `${wanted.slice(0, 95)}-${n}`;
    const taken = await slugOwner(db, kind, candidate);
    if (!taken || taken === exceptId) return candidate;
  }
  throw new EntryConflictError("slug", "Could not find a free slug; choose one by hand");
}

/** Which entry currently answers or used to answer to this slug, if any. */
async function slugOwner(db: DB, kind: Kind, slug: string): Promise<string | undefined> {
  const current = await db
    .selectFrom("entries")
    .select("id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  if (current) return current.id;
  const old = await db
    .selectFrom("entry_slugs")
    .select("entry_id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return old?.entry_id;
}

async function checkJobLink(db: DB, kind: Kind, jobId: string | undefined) {
  if (!jobId) return null;
  if (!REGISTRY[kind].linksToJob) {
    throw new EntryConflictError("jobId", `A ${REGISTRY[kind].label} cannot link to a job`);
  }
  const job = await db
    .selectFrom("entries")
    .select("id")
    .where("id", "=", jobId)
    .where("kind", "=", "job")
    .executeTakeFirst();
  if (!job) throw new EntryConflictError("jobId", "The linked job does not exist");
  return jobId;
}

function publishedAtFor(
  status: Status,
  publishAt: string | undefined,
  previous: string | null,
  at: string,
) {
  // A scheduled entry carries its future time; published by hand before then, it is public now.
  if (status === "published") return previous && previous <= at ? previous : at;
  if (status === "scheduled") return publishAt ? new Date(publishAt).toISOString() : null;
  return previous;
}

/** The stored row of an entry, as the write's transaction reads it. */
export function readEntryRow(trx: DB, id: string) {
  return trx.selectFrom("entries").selectAll().where("id", "=", id).executeTakeFirst();
}

export type EntryRow = NonNullable<Awaited<ReturnType<typeof readEntryRow>>>;

/**
 * A new entry's row, with a slug of its own (a slug asked for and taken is refused) and its link
 * to a job checked. Returns the entry as stored and its data as written (the file links' text).
 */
export async function insertEntryRow(
  trx: DB,
  kind: Kind,
  input: EntryWrite,
  author: Author,
  at: string,
): Promise<{ entry: Entry; json: string }> {
  const id = newId();
  const explicit = input.slug;
  if (explicit && (await slugOwner(trx, kind, explicit))) {
    throw new EntryConflictError(
      "slug",
      `The slug "${explicit}" is already used by another ${REGISTRY[kind].label.toLowerCase()}`,
    );
  }
  const slug = explicit ?? (await uniqueSlug(trx, kind, slugify(input.title)));
  const data = stampTranslation(REGISTRY[kind].sections, undefined, input, at);
  const row = {
    id,
    kind,
    slug,
    title: input.title,
    organization: input.organization,
    ...projectedColumns(kind, input.data),
    status: input.status,
    publish_at: input.publishAt ? new Date(input.publishAt).toISOString() : null,
    published_at: publishedAtFor(input.status, input.publishAt, null, at),
    job_id: await checkJobLink(trx, kind, input.jobId),
    data: JSON.stringify(data),
    search_text: searchTextOf(kind, input.data),
    created_at: at,
    updated_at: at,
    created_by: author.id,
    updated_by: author.id,
    deleted_at: null,
  };
  await trx.insertInto("entries").values(row).execute();
  return { entry: toEntry(row), json: row.data };
}

/**
 * The entry's row changed from `before` (read in this transaction). With `expectedVersion` (the
 * `updatedAt` the editor's form was loaded at) a save against a newer stored version throws
 * StaleEntryError. The check and the write are one conditional UPDATE, so two saves racing on
 * PostgreSQL cannot both pass it. A new slug keeps the old address answering (a 301).
 */
export async function updateEntryRow(
  trx: DB,
  before: EntryRow,
  input: EntryWrite,
  author: Author,
  at: string,
  expectedVersion?: string,
): Promise<{ entry: Entry; json: string }> {
  const { id } = before;
  if (expectedVersion !== undefined && before.updated_at !== expectedVersion) {
    throw new StaleEntryError(toEntry(before));
  }
  const kind = before.kind as Kind;
  let slug = before.slug;
  if (input.slug && input.slug !== before.slug) {
    const owner = await slugOwner(trx, kind, input.slug);
    if (owner && owner !== id) {
      throw new EntryConflictError(
        "slug",
        `The slug "${input.slug}" is already used by another ${REGISTRY[kind].label.toLowerCase()}`,
      );
    }
    // The old address keeps working: it answers with a 301 to the new one.
    await trx
      .deleteFrom("entry_slugs")
      .where("kind", "=", kind)
      .where("slug", "=", input.slug)
      .execute();
    await trx
      .insertInto("entry_slugs")
      .values({ kind, slug: before.slug, entry_id: id, created_at: at })
      .onConflict((oc) => oc.columns(["kind", "slug"]).doNothing())
      .execute();
    slug = input.slug;
  }
  const old = { title: before.title, data: JSON.parse(before.data) as EntryData };
  const data = stampTranslation(REGISTRY[kind].sections, old, input, at);
  const changes = {
    slug,
    title: input.title,
    organization: input.organization,
    ...projectedColumns(kind, input.data),
    status: input.status,
    publish_at: input.publishAt ? new Date(input.publishAt).toISOString() : null,
    published_at: publishedAtFor(input.status, input.publishAt, before.published_at, at),
    job_id: await checkJobLink(trx, kind, input.jobId),
    data: JSON.stringify(data),
    search_text: searchTextOf(kind, input.data),
    updated_at: at,
    updated_by: author.id,
  };
  const updated = await trx
    .updateTable("entries")
    .set(changes)
    .where("id", "=", id)
    .where("updated_at", "=", before.updated_at)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    throw new StaleEntryError(toEntry(await readEntryRow(trx, id).then((r) => r!)));
  }
  return { entry: toEntry({ ...before, ...changes }), json: changes.data };
}
