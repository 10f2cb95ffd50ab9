import { storeFile, uploadMaxBytes } from "~/files/files.service.server.ts";
import {
  FILE_TYPES,
  requestTooLargeMessage,
  UPLOAD_OVERHEAD_BYTES,
  type FileAccept,
} from "~/files/file-types.ts";
import { replyOf } from "~/lib/form-reply.ts";
import { requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/file-upload";

/**
 * `POST /admin/files`: an editor's upload (a multipart form with a `file` field, and `accept` =
 * "pdf" | "image" when the form wants one kind). Answers JSON: `{ url, name, size, type }`, or
 * the one form reply (app/lib/form-contract.ts: its message for the whole form) with 400 (not a PDF or image, empty, malformed), 413 (over UPLOAD_MAX_MB), 429 with
 * Retry-After (the person's uploads for today are used up) or 507 (the site's space for files is
 * used up); nothing is stored then. The file is public once a published entry links to it. The
 * admin guard is the one every admin action uses (anonymous → the sign-in page, a non-admin →
 * home), checked before the body is read; cross-site posts never get here (http/app.ts refuses
 * a foreign Origin), and a request larger than the limit is refused unread before it
 * (http/request-log.ts). The body is read with a byte count, never past the limit, so no
 * request can make the server hold more than one file's worth.
 */

const headers = { "Cache-Control": "no-store" };
const answer = (body: object, status = 200, more: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { ...headers, ...more } });

const REFUSED_STATUS = { "too-large": 413, empty: 400, type: 400, quota: 429, storage: 507 };

/** What the form may send: the limit and the types. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return answer({ maxBytes: uploadMaxBytes(), types: Object.keys(FILE_TYPES) });
}

/**
 * The request's body, counted as it arrives; null once it passes `limit` (the rest is read and
 * dropped, so the answer still reaches the browser while it is sending).
 */
async function readLimited(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  let over = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) over = true;
    if (!over) chunks.push(value);
    else chunks.length = 0;
  }
  if (over) return null;
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/**
 * Read and drop a body that will not be used, so that an answer given before it was read reaches
 * a browser still sending it (an unread body would stall the connection).
 */
async function drain(request: Request) {
  try {
    await request.body?.pipeTo(new WritableStream());
  } catch {
    // The client went away: nobody is left to answer.
  }
}

/** A refusal: the one form reply (app/lib/form-contract.ts), its message for the whole form. */
const refused = (message: string, status: number, more?: Record<string, string>) =>
  answer(replyOf(null, { formError: message }), status, more);

/** A refusal before the file is read. */
async function refuse(request: Request, message: string, status: number) {
  await drain(request);
  return refused(message, status);
}

export async function action({ request }: Route.ActionArgs) {
  let user;
  try {
    user = await requireStaff(request);
  } catch (refusal) {
    await drain(request);
    throw refusal;
  }
  if (request.method !== "POST") return refuse(request, "Send the file with POST.", 405);
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType))
    return refuse(request, "Send the file as a form (multipart/form-data).", 400);

  const maxBytes = uploadMaxBytes();
  const limit = maxBytes + UPLOAD_OVERHEAD_BYTES;
  const length = Number(request.headers.get("content-length") ?? Number.NaN);
  if (length > limit) return refuse(request, requestTooLargeMessage(length, maxBytes), 413);
  const body = await readLimited(request, limit);
  if (!body) {
    return refused(`The file is larger than the limit of ${maxBytes / 2 ** 20} MB.`, 413);
  }

  let form: FormData;
  try {
    form = await new Response(body, { headers: { "content-type": contentType } }).formData();
  } catch {
    return refused("The upload could not be read; choose the file and try again.", 400);
  }
  const file = form.get("file");
  if (!(file instanceof File))
    return refused("Choose a file to upload (the form's “file” field).", 400);
  const acceptField = form.get("accept");
  const accept: FileAccept = acceptField === "pdf" || acceptField === "image" ? acceptField : "any";

  const result = await storeFile(
    await db(),
    {
      bytes: new Uint8Array(await file.arrayBuffer()),
      name: file.name,
      declaredType: file.type,
      by: { id: user.id || null, email: user.email || null },
      accept,
    },
    { maxBytes },
  );
  if (!result.ok) {
    const retry =
      result.reason === "quota" ? { "Retry-After": String(result.retryAfterSeconds) } : undefined;
    return refused(result.message, REFUSED_STATUS[result.reason], retry);
  }
  const { url, name, size, type } = result.file;
  return answer({ url, name, size, type });
}
