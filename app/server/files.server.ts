import { createHash } from "node:crypto";
import { recordAudit } from "./audit.server.ts";
import type { DB } from "./db/db.server.ts";
import { newId, now } from "./db/dialect.ts";
import { uploadEnv } from "./env.server.ts";

/**
 * Uploaded files (issue 13): official notification PDFs and images, kept in the database so that
 * every instance on one PostgreSQL serves the same files. A file's type is read from its first
 * bytes, never from its name or what the browser said; anything but a PDF or a PNG, JPEG or WebP
 * image is refused, so nothing that a browser would run or render as a page is ever stored.
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
  | { ok: false; reason: "too-large" | "empty" | "type"; message: string };

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

/**
 * Check and keep an uploaded file. Refused, with a sentence for the editor: over the size limit,
 * empty, or not a PDF/PNG/JPEG/WebP by its content (whatever its name or declared type say). The
 * same bytes uploaded twice are one row (the first name stays). A new row and its audit line are
 * written in one transaction.
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
  { maxBytes = uploadMaxBytes() }: { maxBytes?: number } = {},
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

  return db.transaction().execute(async (trx): Promise<StoreResult> => {
    const existing = await trx
      .selectFrom("files")
      .select(META)
      .where("sha256", "=", sha256)
      .executeTakeFirst();
    if (existing) return { ok: true, file: toStoredFile(existing), created: false };
    const meta = {
      id: newId(),
      sha256,
      type,
      name,
      size: bytes.length,
      uploaded_by: by.id,
      created_at: now(),
    };
    const row = { ...meta, bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
    // Two editors uploading the same file at once: the second insert does nothing.
    const inserted = await trx
      .insertInto("files")
      .values(row)
      .onConflict((oc) => oc.column("sha256").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
      const winner = await trx
        .selectFrom("files")
        .select(META)
        .where("sha256", "=", sha256)
        .executeTakeFirstOrThrow();
      return { ok: true, file: toStoredFile(winner), created: false };
    }
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
