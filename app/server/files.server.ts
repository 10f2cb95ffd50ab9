import { createHash } from "node:crypto";
import { sql, type SqlBool } from "kysely";
import { dateInIndia, IST_OFFSET_MS } from "~/lib/india-date.ts";
import { recordAudit } from "./audit.server.ts";
import type { DB } from "./db/db.server.ts";
import { newId } from "./db/dialect.ts";
import { uploadEnv } from "./env.server.ts";
import { linkedAtAll, linkedPublicly } from "./file-references.server.ts";
import { getSettings, type Settings } from "./settings.server.ts";

/**
 * Uploaded files (issue 13): official notification PDFs and images, kept in the database so that
 * every instance on one PostgreSQL serves the same files. A file's type is read from its first
 * bytes, never from its name or what the browser said; anything but a PDF or a PNG, JPEG or WebP
 * image is refused, so nothing that a browser would run or render as a page is ever stored.
 *
 * Bounded (issue 25): each person's uploads in a day and the space all files take have limits
 * (settings), reserved before a file is stored; a file is public only while a published entry or
 * a site page links to it (file-references.server.ts); the sweep removes files nothing has
 * linked to for UNREFERENCED_GRACE_DAYS.
 */

export const FILE_TYPES = {
  "application/pdf": { ext: "pdf", label: "PDF" },
  "image/png": { ext: "png", label: "PNG image" },
  "image/jpeg": { ext: "jpg", label: "JPEG image" },
  "image/webp": { ext: "webp", label: "WebP image" },
} as const;

export type FileType = keyof typeof FILE_TYPES;
export type FileExt = (typeof FILE_TYPES)[FileType]["ext"];

/** What an upload may be: a PDF only, or an image only; all four types when not said. */
export type FileAccept = "pdf" | "image" | "any";

export interface StoredFile {
  id: string;
  sha256: string;
  type: FileType;
  name: string;
  size: number;
  uploadedBy: string | null;
  createdAt: string;
  /** The public address: `/files/<sha256>.<ext>`. */
  url: string;
}

export type StoreResult =
  | { ok: true; file: StoredFile; created: boolean }
  | { ok: false; reason: "too-large" | "empty" | "type"; message: string }
  /** A limit of the settings' `uploads` would be passed: nothing was stored or counted. */
  | UploadRefusal;

export type UploadRefusal =
  | {
      ok: false;
      /** The person's uploads today; they may upload again after `retryAfterSeconds`. */
      reason: "quota";
      message: string;
      retryAfterSeconds: number;
    }
  | { ok: false; reason: "storage"; message: string };

const MB = 1024 * 1024;

let maxBytes: number | undefined;
/** The upload limit in bytes, from UPLOAD_MAX_MB (default 10). */
export function uploadMaxBytes(): number {
  return (maxBytes ??= uploadEnv().UPLOAD_MAX_MB * MB);
}

/** Where editors upload; its requests may be as large as the limit and this much around it. */
export const UPLOAD_PATH = /^\/admin\/files\/?$/;
/** Room in an upload's request for the multipart framing and the small fields beside the file. */
export const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/** "20.0 MB", "10.1 MB": one decimal, rounded up, so that a file over a limit never reads as it. */
export function formatMegabytes(bytes: number): string {
  return `${(Math.ceil((bytes / MB) * 10) / 10).toFixed(1)} MB`;
}

/** "10 MB": a limit, whole when it is. */
function formatLimit(bytes: number): string {
  const mb = bytes / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** The refusal of a file of `bytes` bytes over `limit`. */
export function tooLargeMessage(bytes: number, limit: number): string {
  return `The file is ${formatMegabytes(bytes)}; the limit is ${formatLimit(limit)}.`;
}

/**
 * The same refusal for an upload request of `length` bytes, judged before it is read: the file is
 * all of it but a few hundred bytes of form, so the size is rounded to the nearest tenth (the
 * UPLOAD_OVERHEAD_BYTES of slack keep a refused request from reading as the limit itself).
 */
export function requestTooLargeMessage(length: number, limit: number): string {
  return `The file is ${(length / MB).toFixed(1)} MB; the limit is ${formatLimit(limit)}.`;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** The type of a file from its first bytes (magic numbers); null for anything else. */
export function detectFileType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  return null;
}

/** What a refused file looks like, in words, so that the editor knows what they picked. */
export function describeContent(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.subarray(0, 512))
    .toString("latin1")
    .replace(/^\xEF\xBB\xBF/, "")
    .trimStart()
    .toLowerCase();
  if (/^<(!doctype html|html|head|body|script|iframe|meta|title|div|p[\s>]|a\s)/.test(head))
    return "HTML (a web page)";
  if (head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg")))
    return "an SVG image, which can carry scripts";
  if (head.startsWith("<?xml") || head.startsWith("<")) return "XML or HTML";
  if (startsWith(bytes, ascii("PK\x03\x04"))) return "a ZIP archive (or a Word or Excel file)";
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return "an old Word or Excel file";
  if (startsWith(bytes, ascii("GIF8"))) return "a GIF image";
  if (startsWith(bytes, ascii("MZ"))) return "a Windows program";
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return "a program";
  if (startsWith(bytes, ascii("#!"))) return "a script";
  if (startsWith(bytes, [0x1f, 0x8b])) return "a gzip archive";
  const sample = bytes.subarray(0, 512);
  const printable = sample.every((b) => b === 9 || b === 10 || b === 13 || b >= 32);
  return printable && sample.length > 0 ? "plain text" : "an unknown format";
}

/**
 * The uploaded name without folders, control characters or anything a header or a file system
 * could read as syntax; at most 100 characters, its extension the one the content has.
 */
export function sanitizeFileName(name: string, type: FileType): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    .normalize("NFC")
    .replace(/[^\p{L}\p{M}\p{N} ._()-]+/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/_+/g, "_");
  const stem =
    base
      .replace(/\.[^.]*$/, "")
      .slice(0, 90)
      .replace(/^[\s._-]+|[\s._-]+$/g, "") || "file";
  return `${stem}.${FILE_TYPES[type].ext}`;
}

function accepts(accept: FileAccept, type: FileType): boolean {
  if (accept === "pdf") return type === "application/pdf";
  if (accept === "image") return type !== "application/pdf";
  return true;
}

function acceptedWords(accept: FileAccept): string {
  if (accept === "pdf") return "a PDF";
  if (accept === "image") return "an image (PNG, JPEG, WebP)";
  return "a PDF or an image (PNG, JPEG, WebP)";
}

/** The public address of a stored file. */
export function fileUrl(file: { sha256: string; type: FileType }): string {
  return `/files/${file.sha256}.${FILE_TYPES[file.type].ext}`;
}

function toStoredFile(row: {
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

const META = ["id", "sha256", "type", "name", "size", "uploaded_by", "created_at"] as const;

/** How long a file nothing links to is kept, for an editor who uploads it before linking it. */
export const UNREFERENCED_GRACE_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The settings' upload limits, in bytes. */
export function uploadLimits(uploads: Settings["uploads"]) {
  return {
    perUserFiles: uploads.perUserFiles,
    perUserBytes: uploads.perUserMb * MB,
    storageBytes: uploads.storageMb * MB,
  };
}
type UploadLimits = ReturnType<typeof uploadLimits>;

/** The `upload_usage` row of what is stored now. */
const SITE = "site";
/** The `upload_usage` row of one person's uploads on one day in India. */
const personDay = (userId: string, day: string) => `user:${userId}:${day}`;

/** "1.9": megabytes, one decimal, rounded down (what is used or left never reads as more). */
const megabytesDown = (bytes: number) => (Math.floor((bytes / MB) * 10) / 10).toFixed(1);

/** Seconds from `at` to the next midnight in India, when a person's daily quota starts again. */
function untilTomorrowInIndia(at: Date): number {
  const midnight = Date.parse(`${dateInIndia(at)}T00:00:00Z`) - IST_OFFSET_MS + DAY_MS;
  return Math.max(1, Math.ceil((midnight - at.getTime()) / 1000));
}

/**
 * Add one file of `size` bytes to `key`'s counters, if `limit` allows it after the addition: one
 * conditional upsert, so the check and the count cannot be split by another upload (PostgreSQL
 * locks the row until the transaction ends; SQLite's write transactions run one at a time). The
 * counters after the addition, or undefined when it was refused (then nothing was added).
 */
async function reserve(
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

async function usageOf(db: DB, key: string) {
  const row = await db
    .selectFrom("upload_usage")
    .select(["files", "bytes"])
    .where("key", "=", key)
    .executeTakeFirst();
  return { files: Number(row?.files ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/**
 * Reserve a new file of `size` bytes for `userId` in today's quota and the site's storage, in
 * the upload's transaction; the refusal, in words, when a limit would be passed (the caller then
 * rolls back, so a quota reserved before the storage refused is given back).
 */
async function reserveUpload(
  trx: DB,
  userId: string,
  size: number,
  limits: UploadLimits,
  at: Date,
): Promise<UploadRefusal | undefined> {
  const day = dateInIndia(at);
  const key = personDay(userId, day);
  const person = { files: limits.perUserFiles, bytes: limits.perUserBytes };
  if (!(await reserve(trx, key, day, size, person))) {
    const used = await usageOf(trx, key);
    const retryAfterSeconds = untilTomorrowInIndia(at);
    const message =
      used.files + 1 > person.files
        ? `You have already uploaded ${person.files} files today, the daily limit for each person, so this file was not stored.`
        : `This file (${formatMegabytes(size)}) would take your uploads today past ${formatLimit(person.bytes)}, the daily limit for each person (${megabytesDown(Math.max(0, person.bytes - used.bytes))} MB left), so it was not stored.`;
    return {
      ok: false,
      reason: "quota",
      message: `${message} Try again tomorrow, or ask an admin to raise the limit.`,
      retryAfterSeconds,
    };
  }
  if (!(await reserve(trx, SITE, "", size, { bytes: limits.storageBytes }))) {
    const used = await usageOf(trx, SITE);
    return {
      ok: false,
      reason: "storage",
      message: `The site's space for uploaded files is nearly full (${megabytesDown(used.bytes)} of ${formatLimit(limits.storageBytes)} used; this file is ${formatMegabytes(size)}), so it was not stored. Ask an admin to raise the limit (files no entry uses are removed after ${UNREFERENCED_GRACE_DAYS} days).`,
    };
  }
  return undefined;
}

/** Thrown inside an upload's transaction to roll back what it reserved. */
class Refused extends Error {
  constructor(readonly refusal: UploadRefusal | "lost-race") {
    super("upload refused");
  }
}

/**
 * Check and keep an uploaded file. Refused, with a sentence for the editor: over the size limit,
 * empty, not a PDF/PNG/JPEG/WebP by its content (whatever its name or declared type say), past
 * the person's uploads for today or the site's storage (settings' `uploads`). The same bytes
 * uploaded twice are one row (the first name stays), not counted again, and their grace period
 * starts again. A new row, its reservations and its audit line are one transaction.
 */
export async function storeFile(
  db: DB,
  input: {
    bytes: Uint8Array;
    name: string;
    /** What the browser said the file is: recorded in the audit line, never believed. */
    declaredType?: string;
    by: { id: string | null; email: string | null };
    accept?: FileAccept;
  },
  { maxBytes = uploadMaxBytes(), at = new Date() }: { maxBytes?: number; at?: Date } = {},
): Promise<StoreResult> {
  const { bytes, by, accept = "any" } = input;
  if (bytes.length > maxBytes)
    return { ok: false, reason: "too-large", message: tooLargeMessage(bytes.length, maxBytes) };
  if (bytes.length === 0) return { ok: false, reason: "empty", message: "The file is empty." };
  const type = detectFileType(bytes);
  if (!type) {
    return {
      ok: false,
      reason: "type",
      message: `This file is not ${acceptedWords(accept)}: it starts like ${describeContent(bytes)}.`,
    };
  }
  if (!accepts(accept, type)) {
    return {
      ok: false,
      reason: "type",
      message: `This file is ${/^[aeiou]/i.test(FILE_TYPES[type].label) ? "an" : "a"} ${FILE_TYPES[type].label}; this field takes ${acceptedWords(accept)}.`,
    };
  }
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const name = sanitizeFileName(input.name, type);
  const limits = uploadLimits((await getSettings(db)).uploads);
  const iso = at.toISOString();

  try {
    return await db.transaction().execute(async (trx): Promise<StoreResult> => {
      const existing = await touchFile(trx, sha256, iso);
      if (existing) return { ok: true, file: toStoredFile(existing), created: false };
      const refusal = await reserveUpload(trx, by.id ?? "", bytes.length, limits, at);
      if (refusal) throw new Refused(refusal);
      const meta = {
        id: newId(),
        sha256,
        type,
        name,
        size: bytes.length,
        uploaded_by: by.id,
        created_at: iso,
      };
      const row = {
        ...meta,
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        // Nothing links to it yet: its grace period starts now.
        unreferenced_since: iso,
      };
      // Two editors uploading the same file at once: the second insert does nothing, and gives
      // back what it reserved.
      const inserted = await trx
        .insertInto("files")
        .values(row)
        .onConflict((oc) => oc.column("sha256").doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new Refused("lost-race");
      const declared = input.declaredType ? `; declared ${input.declaredType.slice(0, 100)}` : "";
      await recordAudit(
        trx,
        by,
        "file.upload",
        name,
        `${fileUrl({ sha256, type })}; ${type}; ${bytes.length} bytes${declared}`,
      );
      return { ok: true, file: toStoredFile(meta), created: true };
    });
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    if (err.refusal !== "lost-race") return err.refusal;
    const winner = await db
      .selectFrom("files")
      .select(META)
      .where("sha256", "=", sha256)
      .executeTakeFirstOrThrow();
    return { ok: true, file: toStoredFile(winner), created: false };
  }
}

/**
 * The stored file with these bytes, if any, its grace period started again if nothing links to
 * it (it is about to be linked). An update, not a read: a sweep deleting the row at this moment
 * is waited for (then there is no file), or waits for this and then finds it too young.
 */
function touchFile(trx: DB, sha256: string, at: string) {
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
 * What uploads have used against their limits: `userId`'s uploads today (India), everything
 * stored now, and the part of it that nothing links to (the sweep removes it once its grace
 * period is over). What the dashboard and the settings screen show.
 */
export async function uploadUsage(db: DB, userId: string, at = new Date()) {
  const [today, stored, unlinked, settings] = await Promise.all([
    usageOf(db, personDay(userId, dateInIndia(at))),
    usageOf(db, SITE),
    db
      .selectFrom("files")
      .select((eb) => [eb.fn.countAll().as("files"), eb.fn.sum("size").as("bytes")])
      .where("unreferenced_since", "is not", null)
      .executeTakeFirstOrThrow(),
    getSettings(db),
  ]);
  return {
    today,
    stored,
    unlinked: { files: Number(unlinked.files), bytes: Number(unlinked.bytes ?? 0) },
    limits: uploadLimits(settings.uploads),
    graceDays: UNREFERENCED_GRACE_DAYS,
  };
}

/**
 * The files part of the scheduler's sweep. Files nothing links to start their grace period (and
 * linked ones stop it); those it has run out for are deleted and their space given back to the
 * site's storage; counters of past days go. Returns what was deleted.
 */
export async function sweepFiles(
  db: DB,
  at = new Date(),
): Promise<{ files: number; bytes: number }> {
  const iso = at.toISOString();
  await db
    .updateTable("files")
    .set({ unreferenced_since: iso })
    .where("unreferenced_since", "is", null)
    .where(sql<SqlBool>`not ${linkedAtAll}`)
    .execute();
  await db
    .updateTable("files")
    .set({ unreferenced_since: null })
    .where("unreferenced_since", "is not", null)
    .where(linkedAtAll)
    .execute();
  const cutoff = new Date(at.getTime() - UNREFERENCED_GRACE_DAYS * DAY_MS).toISOString();
  return db.transaction().execute(async (trx) => {
    // A write linking a file clears its time in the same transaction (recordFileLinks): the
    // time is checked again on the row as it is when this delete gets to it.
    const gone = await trx
      .deleteFrom("files")
      .where("unreferenced_since", "<=", cutoff)
      .where(sql<SqlBool>`not ${linkedAtAll}`)
      .returning(["sha256", "type", "name", "size"])
      .execute();
    const bytes = gone.reduce((sum, f) => sum + Number(f.size), 0);
    if (gone.length) {
      await trx
        .updateTable("upload_usage")
        .set((eb) => ({
          files: eb("files", "-", gone.length),
          bytes: eb("bytes", "-", bytes),
        }))
        .where("key", "=", SITE)
        .execute();
      for (const f of gone)
        await recordAudit(
          trx,
          { id: null, email: "scheduler" },
          "file.delete",
          f.name,
          `${fileUrl({ sha256: f.sha256, type: f.type as FileType })}; ${f.size} bytes; nothing linked to it for ${UNREFERENCED_GRACE_DAYS} days`,
        );
    }
    await trx
      .deleteFrom("upload_usage")
      .where("day", "!=", "")
      .where("day", "<", dateInIndia(at))
      .execute();
    return { files: gone.length, bytes };
  });
}
