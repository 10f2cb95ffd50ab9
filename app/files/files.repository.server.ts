// The files table and the upload counters (SQL only): a file's row and bytes, its grace period,
// and the per-person and site-wide usage that uploads reserve (./files.service.server.ts decides).
import { sql, type Insertable, type SqlBool } from "kysely";
import type { DB } from "../platform/db/db.server.ts";
import type { FilesTable } from "../platform/db/schema.ts";
import { linkedAtAll, linkedPublicly } from "./file-references.repository.server.ts";
import { fileUrl, type FileType, type StoredFile } from "./file-types.ts";

/** The `upload_usage` row of what is stored now. */
export const SITE = "site";
/** The `upload_usage` row of one person's uploads on one day in India. */
export const personDay = (userId: string, day: string) => `user:${userId}:${day}`;

export function toStoredFile(row: {
  id: string;
  sha256: string;
  type: string;
  name: string;
  size: number;
  uploaded_by: string | null;
  created_at: string;
}): StoredFile {
  const type = row.type as FileType;
  return {
    id: row.id,
    sha256: row.sha256,
    type,
    name: row.name,
    size: Number(row.size),
    uploadedBy: row.uploaded_by,
    createdAt: row.created_at,
    url: fileUrl({ sha256: row.sha256, type }),
  };
}

export const META = ["id", "sha256", "type", "name", "size", "uploaded_by", "created_at"] as const;

/**
 * Add one file of `size` bytes to `key`'s counters, if `limit` allows it after the addition: one
 * conditional upsert, so the check and the count cannot be split by another upload (PostgreSQL
 * locks the row until the transaction ends; SQLite's write transactions run one at a time). The
 * counters after the addition, or undefined when it was refused (then nothing was added).
 */
export async function reserve(
  trx: DB,
  key: string,
  day: string,
  size: number,
  limit: { files?: number; bytes: number },
): Promise<{ files: number; bytes: number } | undefined> {
  // A first row is inserted unchecked: a file larger than the whole limit never gets here.
  if (size > limit.bytes || limit.files === 0) return undefined;
  return trx
    .insertInto("upload_usage")
    .values({ key, day, files: 1, bytes: size })
    .onConflict((oc) =>
      oc
        .column("key")
        .doUpdateSet((eb) => ({
          files: eb("upload_usage.files", "+", 1),
          bytes: eb("upload_usage.bytes", "+", size),
        }))
        .where((eb) =>
          eb.and([
            eb(eb("upload_usage.bytes", "+", size), "<=", limit.bytes),
            ...(limit.files === undefined
              ? []
              : [eb(eb("upload_usage.files", "+", 1), "<=", limit.files)]),
          ]),
        ),
    )
    .returning(["files", "bytes"])
    .executeTakeFirst();
}

export async function usageOf(db: DB, key: string) {
  const row = await db
    .selectFrom("upload_usage")
    .select(["files", "bytes"])
    .where("key", "=", key)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * The stored file with these bytes, if any, its grace period started again if nothing links to
 * it (it is about to be linked). An update, not a read: a sweep deleting the row at this moment
 * is waited for (then there is no file), or waits for this and then finds it too young.
 */
export function touchFile(trx: DB, sha256: string, at: string) {
  return trx
    .updateTable("files")
    .set((eb) => ({
      unreferenced_since: eb
        .case()
        .when("unreferenced_since", "is", null)
        .then(null)
        .else(at)
        .end(),
    }))
    .where("sha256", "=", sha256)
    .returning(META)
    .executeTakeFirst();
}

/**
 * A stored file's description and whether the public may fetch it (a published entry or a site
 * page links to it); undefined when there is none.
 */
export async function findFile(
  db: DB,
  sha256: string,
): Promise<(StoredFile & { public: boolean }) | undefined> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined;
  const row = await db
    .selectFrom("files")
    .select([...META, linkedPublicly.as("linked")])
    .where("sha256", "=", sha256)
    .executeTakeFirst();
  return row && { ...toStoredFile(row), public: Boolean(row.linked) };
}

/** A stored file with its bytes, by its SHA-256 (lower-case hex); undefined when there is none. */
export async function readFile(
  db: DB,
  sha256: string,
): Promise<(StoredFile & { bytes: Buffer }) | undefined> {
  if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined;
  const row = await db
    .selectFrom("files")
    .select([...META, "bytes"])
    .where("sha256", "=", sha256)
    .executeTakeFirst();
  if (!row) return undefined;
  const stored = Buffer.isBuffer(row.bytes) ? row.bytes : Buffer.from(row.bytes);
  return { ...toStoredFile(row), bytes: stored };
}

/**
 * A new file's row, unless the same bytes were stored meanwhile (two editors uploading one file at
 * once: the second insert does nothing). Whether this call stored it.
 */
export async function insertFile(trx: DB, row: Insertable<FilesTable>): Promise<boolean> {
  const inserted = await trx
    .insertInto("files")
    .values(row)
    .onConflict((oc) => oc.column("sha256").doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** The stored file with these bytes (the upload that won a race). */
export async function fileBySha(db: DB, sha256: string): Promise<StoredFile> {
  const row = await db
    .selectFrom("files")
    .select(META)
    .where("sha256", "=", sha256)
    .executeTakeFirstOrThrow();
  return toStoredFile(row);
}

/** What nothing links to (the sweep removes it once its grace period is over). */
export async function unlinkedUsage(db: DB) {
  const row = await db
    .selectFrom("files")
    .select((eb) => [eb.fn.countAll().as("files"), eb.fn.sum("size").as("bytes")])
    .where("unreferenced_since", "is not", null)
    .executeTakeFirstOrThrow();
  return { files: Number(row.files), bytes: Number(row.bytes ?? 0) };
}

// The sweep's SQL (./file-sweep.service.server.ts runs it in one write).

/** Files nothing links to start their grace period now. */
export async function startGracePeriods(trx: DB, at: string): Promise<void> {
  await trx
    .updateTable("files")
    .set({ unreferenced_since: at })
    .where("unreferenced_since", "is", null)
    .where(sql<SqlBool>`not ${linkedAtAll}`)
    .execute();
}

/** Files something links to again stop theirs. */
export async function stopGracePeriods(trx: DB): Promise<void> {
  await trx
    .updateTable("files")
    .set({ unreferenced_since: null })
    .where("unreferenced_since", "is not", null)
    .where(linkedAtAll)
    .execute();
}

/** Delete the files nothing has linked to since `cutoff` or before; what was deleted. */
export function deleteUnlinkedSince(trx: DB, cutoff: string) {
  return trx
    .deleteFrom("files")
    .where("unreferenced_since", "<=", cutoff)
    .where(sql<SqlBool>`not ${linkedAtAll}`)
    .returning(["sha256", "type", "name", "size"])
    .execute();
}

/** Give the site's storage back the space of `files` deleted files. */
export async function giveBackStorage(trx: DB, files: number, bytes: number): Promise<void> {
  await trx
    .updateTable("upload_usage")
    .set((eb) => ({ files: eb("files", "-", files), bytes: eb("bytes", "-", bytes) }))
    .where("key", "=", SITE)
    .execute();
}

/** Forget the per-person counters of days before `day` (India). */
export async function dropDayCountersBefore(trx: DB, day: string): Promise<void> {
  await trx.deleteFrom("upload_usage").where("day", "!=", "").where("day", "<", day).execute();
}
