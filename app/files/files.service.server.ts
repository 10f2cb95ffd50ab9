import { createHash } from "node:crypto";
import { dateInIndia } from "~/lib/india-date.ts";
import { inWrite, type Actor } from "../writes/transaction.server.ts";
import type { DB } from "../platform/db/db.server.ts";
import { newId } from "../platform/db/dialect.ts";
import { uploadEnv } from "../platform/env.server.ts";
import {
  accepts,
  acceptedWords,
  describeContent,
  detectFileType,
  FILE_TYPES,
  fileUrl,
  formatLimit,
  formatMegabytes,
  MB,
  megabytesDown,
  sanitizeFileName,
  tooLargeMessage,
  UNREFERENCED_GRACE_DAYS,
  untilTomorrowInIndia,
  uploadLimits,
  type FileAccept,
  type StoreResult,
  type UploadLimits,
  type UploadRefusal,
} from "./file-types.ts";
import {
  fileBySha,
  insertFile,
  personDay,
  reserve,
  SITE,
  toStoredFile,
  touchFile,
  unlinkedUsage,
  usageOf,
} from "./files.repository.server.ts";
import { getSettings } from "../settings/settings.repository.server.ts";

/**
 * Uploaded files (issue 13), the service: storing an upload within its limits, and what uploads
 * have used. Types and words in ./file-types.ts, SQL in ./files.repository.server.ts, the sweep
 * in ./file-sweep.service.server.ts.
 *
 * Official notification PDFs and images, kept in the database so that
 * every instance on one PostgreSQL serves the same files. A file's type is read from its first
 * bytes, never from its name or what the browser said; anything but a PDF or a PNG, JPEG or WebP
 * image is refused, so nothing that a browser would run or render as a page is ever stored.
 *
 * Bounded (issue 25): each person's uploads in a day and the space all files take have limits
 * (settings), reserved before a file is stored; a file is public only while a published entry or
 * a site page links to it (file-references.server.ts); the sweep removes files nothing has
 * linked to for UNREFERENCED_GRACE_DAYS.
 */

let maxBytes: number | undefined;
/** The upload limit in bytes, from UPLOAD_MAX_MB (default 10). */
export function uploadMaxBytes(): number {
  return (maxBytes ??= uploadEnv().UPLOAD_MAX_MB * MB);
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

  // A new file is on no public page until a write links to it: no cache scope.
  const actor: Actor = { ...by, name: by.email ?? "" };
  try {
    return await inWrite(
      db,
      actor,
      async (trx, audit): Promise<StoreResult> => {
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
        if (!(await insertFile(trx, row))) throw new Refused("lost-race");
        const declared = input.declaredType ? `; declared ${input.declaredType.slice(0, 100)}` : "";
        await audit(
          "file.upload",
          name,
          `${fileUrl({ sha256, type })}; ${type}; ${bytes.length} bytes${declared}`,
        );
        return { ok: true, file: toStoredFile(meta), created: true };
      },
      () => [],
    );
  } catch (err) {
    if (!(err instanceof Refused)) throw err;
    if (err.refusal !== "lost-race") return err.refusal;
    return { ok: true, file: await fileBySha(db, sha256), created: false };
  }
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
    unlinkedUsage(db),
    getSettings(db),
  ]);
  return {
    today,
    stored,
    unlinked,
    limits: uploadLimits(settings.uploads),
    graceDays: UNREFERENCED_GRACE_DAYS,
  };
}
