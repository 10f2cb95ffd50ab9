import { Readable } from "node:stream";
import { Busboy } from "@fastify/busboy";
import { redirect } from "react-router";
import { checkImport, FileTooLargeError } from "~/csv/import.server.ts";
import { kindFromUrl } from "~/entries/admin.repository.server.ts";
import { uploadEnv } from "~/platform/env.server.ts";
import { requireStaff, wrongMethod } from "~/users/guard.server.ts";
import { drainBody } from "~/platform/request-body.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/csv-import-upload";

/**
 * `POST /admin/manage-<kind>/import/upload`: a CSV file for import (issue 32), as a form's file
 * (multipart, without JavaScript) or as the body itself (`text/csv`). It is checked as it
 * streams in, never held whole, and kept for the import; the answer is the dry run's page
 * (303). Editors and admins import (the "publish" capability: a file may hold hundreds of
 * entries); the guard runs before the body is read. The body's limit is CSV_IMPORT_MAX_MB,
 * counted as it arrives (http/request-log.ts leaves this route's size to it).
 */

const MB = 1024 * 1024;
const FORM_OVERHEAD = 64 * 1024;

export async function action({ request, url }: Route.ActionArgs) {
  let user;
  try {
    user = await requireStaff(request, "publish");
  } catch (refusal) {
    await drainBody(request);
    throw refusal;
  }
  const kind = kindFromUrl(url);
  const page = `/admin/${kind.adminSegment}/import`;
  const refuse = async (error: string) => {
    await drainBody(request);
    return redirect(`${page}?error=${error}`, 303);
  };
  const maxBytes = uploadEnv().CSV_IMPORT_MAX_MB * MB;
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > maxBytes + FORM_OVERHEAD) return refuse("too-large");
  // The boundary is case-sensitive: only the type's name is compared in lower case.
  const type = request.headers.get("content-type") ?? "";
  const multipart = /^multipart\/form-data/i.test(type);
  if (!multipart && !(/^text\/csv/i.test(type) && request.body)) {
    await drainBody(request);
    return refusal(415, "Unsupported Media Type: send the CSV file as a form or as text/csv.");
  }
  const file = multipart
    ? await multipartFile(request, type).catch(() => null)
    : {
        name: decodeURIComponent(request.headers.get("x-file-name") ?? "import.csv"),
        stream: Readable.fromWeb(request.body as import("node:stream/web").ReadableStream),
      };
  if (!file) {
    await drainBody(request);
    return refusal(400, "Bad Request: the form has no readable file part.");
  }
  try {
    const { id } = await checkImport(await db(), {
      kind: kind.kind,
      fileName: file.name,
      source: whole(file.stream),
      by: user.id || null,
      maxBytes,
    });
    return redirect(`${page}?id=${id}`, 303);
  } catch (err) {
    if (err instanceof FileTooLargeError) return refuse("too-large");
    if (err instanceof BrokenUploadError)
      return refusal(400, "Bad Request: the file was cut off before its end.");
    throw err;
  }
}

class BrokenUploadError extends Error {}

/** The upload's bytes; a body cut short (or a client gone) is a BrokenUploadError. */
async function* whole(stream: Readable): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (err) {
    throw new BrokenUploadError((err as Error).message);
  }
}

/** The form's `file` part, as a stream read as it arrives. */
function multipartFile(
  request: Request,
  type: string,
): Promise<{ name: string; stream: Readable }> {
  return new Promise((resolve, reject) => {
    if (!request.body) return reject(new Error("no body"));
    const form = Busboy({ headers: { "content-type": type }, limits: { files: 1, fields: 10 } });
    form.on("file", (field, stream, name) => {
      if (field === "file") resolve({ name: name || "import.csv", stream });
      else stream.resume();
    });
    form.on("error", reject);
    form.on("finish", () => reject(new Error("no file")));
    Readable.fromWeb(request.body as import("node:stream/web").ReadableStream)
      .on("error", reject)
      .pipe(form);
  });
}

/** A body that is not a readable upload: refused as on every other form endpoint. */
const refusal = (status: 400 | 415, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** Nothing to read here: the file is posted (after the guard, as everywhere in the back-office). */
export const loader = ({ request }: Route.LoaderArgs) => wrongMethod(request, "POST", "publish");
