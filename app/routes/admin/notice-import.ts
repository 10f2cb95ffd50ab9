import { redirect } from "react-router";
import { isKind } from "~/content/kinds.ts";
import {
  addPath,
  FROM_PDF,
  offersNotice,
  PDF_ERROR,
} from "~/notice-import/notice-import.server.ts";
import { storeFile, uploadMaxBytes } from "~/files/files.service.server.ts";
import { UPLOAD_OVERHEAD_BYTES } from "~/files/file-types.ts";
import { requireStaff, wrongMethod } from "~/users/guard.server.ts";
import { drainBody } from "~/platform/request-body.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/notice-import";

/**
 * `POST /admin/notice-import`: "Start from the notification PDF" on an add form (a plain
 * multipart form, so it works without JavaScript). The PDF goes into the file store as any upload
 * does (the person's daily quota, the site's storage cap, type read from its bytes), and the add
 * form opens with the PDF's suggestions (`?fromPdf=<sha256>`), or says why not (`?pdfError=`).
 * Authors may start drafts from a PDF: the guard is the one every admin action uses. The body is
 * read here (http/react-router-bridge.ts lets it through): never more than its Content-Length,
 * which must be within the upload limit (the HTTP layer refuses a body without one).
 */
export async function action({ request }: Route.ActionArgs) {
  let user;
  try {
    user = await requireStaff(request);
  } catch (refusal) {
    await drainBody(request);
    throw refusal;
  }
  const type = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(type)) {
    await drainBody(request);
    return refusal(415, "Unsupported Media Type: send the PDF as a multipart/form-data form.");
  }
  const kindParam = new URL(request.url).searchParams.get("kind") ?? "";
  const kind = isKind(kindParam) && offersNotice(kindParam) ? kindParam : "job";
  const back = (query: string) => redirect(`${addPath(kind)}?${query}`, 303);
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > uploadMaxBytes() + UPLOAD_OVERHEAD_BYTES) {
    await drainBody(request);
    return back(`${PDF_ERROR}=too-large`);
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refusal(400, "Bad Request: the form's multipart body could not be read.");
  }
  if (!isKind(kindParam) || !offersNotice(kindParam)) return back(`${PDF_ERROR}=kind`);
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0) return back(`${PDF_ERROR}=missing`);
  const stored = await storeFile(await db(), {
    bytes: new Uint8Array(await file.arrayBuffer()),
    name: file.name,
    declaredType: file.type,
    by: { id: user.id || null, email: user.email || null },
    accept: "pdf",
  });
  if (!stored.ok) return back(`${PDF_ERROR}=${stored.reason}`);
  return back(`${FROM_PDF}=${stored.file.sha256}`);
}

/** A body that is not a readable form: refused in the words the HTTP layer uses for the rest. */
const refusal = (status: 400 | 415, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** Nothing to read here: the PDF is posted (after the guard, as everywhere in the back-office). */
export const loader = ({ request }: Route.LoaderArgs) => wrongMethod(request, "POST");
