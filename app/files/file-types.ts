// Uploaded files' types and limits in words (issue 13, pure): the four types a file may be, read
// from its first bytes; a safe name; the refusals an editor reads; the settings' limits in bytes.
import { dateInIndia, IST_OFFSET_MS } from "~/lib/india-date.ts";
import type { Settings } from "../settings/settings.repository.server.ts";

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

export const MB = 1024 * 1024;

/** Where editors upload; its requests may be as large as the limit and this much around it. */
export const UPLOAD_PATH = /^\/admin\/files\/?$/;
/** Room in an upload's request for the multipart framing and the small fields beside the file. */
export const UPLOAD_OVERHEAD_BYTES = 64 * 1024;

/** "20.0 MB", "10.1 MB": one decimal, rounded up, so that a file over a limit never reads as it. */
export function formatMegabytes(bytes: number): string {
  return `${(Math.ceil((bytes / MB) * 10) / 10).toFixed(1)} MB`;
}

/** "10 MB": a limit, whole when it is. */
export function formatLimit(bytes: number): string {
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

export function accepts(accept: FileAccept, type: FileType): boolean {
  if (accept === "pdf") return type === "application/pdf";
  if (accept === "image") return type !== "application/pdf";
  return true;
}

export function acceptedWords(accept: FileAccept): string {
  if (accept === "pdf") return "a PDF";
  if (accept === "image") return "an image (PNG, JPEG, WebP)";
  return "a PDF or an image (PNG, JPEG, WebP)";
}

/** The public address of a stored file. */
export function fileUrl(file: { sha256: string; type: FileType }): string {
  return `/files/${file.sha256}.${FILE_TYPES[file.type].ext}`;
}

/** How long a file nothing links to is kept, for an editor who uploads it before linking it. */
export const UNREFERENCED_GRACE_DAYS = 7;
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The settings' upload limits, in bytes. */
export function uploadLimits(uploads: Settings["uploads"]) {
  return {
    perUserFiles: uploads.perUserFiles,
    perUserBytes: uploads.perUserMb * MB,
    storageBytes: uploads.storageMb * MB,
  };
}
export type UploadLimits = ReturnType<typeof uploadLimits>;

/** "1.9": megabytes, one decimal, rounded down (what is used or left never reads as more). */
export const megabytesDown = (bytes: number) => (Math.floor((bytes / MB) * 10) / 10).toFixed(1);

/** Seconds from `at` to the next midnight in India, when a person's daily quota starts again. */
export function untilTomorrowInIndia(at: Date): number {
  const midnight = Date.parse(`${dateInIndia(at)}T00:00:00Z`) - IST_OFFSET_MS + DAY_MS;
  return Math.max(1, Math.ceil((midnight - at.getTime()) / 1000));
}
