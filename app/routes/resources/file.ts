import { etagMatches } from "~/page-cache/index.ts";
import { PRIVATE_CACHE_CONTROL } from "~/page-cache/index.ts";
import { FILE_TYPES } from "~/files/file-types.ts";
import { findFile, readFile } from "~/files/files.repository.server.ts";
import { getViewer } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/file";

/**
 * `/files/<sha256>.<ext>`: an uploaded notification PDF or image, from the database. The address
 * is its content's hash, so it never changes: cached for a year, revalidated by the hash as ETag.
 * Only the four types the upload accepts are ever stored, each served with its own type, nosniff
 * and as a download-or-view attachment name, never as a page of this site.
 *
 * A file is public once a published entry or a site page links to it (issue 25). Before that,
 * only signed-in staff (any role) get it, marked `no-store, private` so that neither the page
 * cache nor a CDN nor the browser keeps it; anyone else gets the same 404 as for a file that does
 * not exist, so the answer does not tell that it does. No cache keeps a 404 either: the file may
 * be published a moment later.
 */
const NAME = /^([0-9a-f]{64})\.(pdf|png|jpg|webp)$/;
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** `filename="ascii"; filename*=UTF-8''…`: a safe header for any name the upload kept. */
function disposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `inline; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const m = NAME.exec(params.name);
  if (!m) return notFound();
  const database = await db();
  const found = await findFile(database, m[1]);
  if (!found || FILE_TYPES[found.type]?.ext !== m[2]) return notFound();
  if (!found.public) {
    const viewer = await getViewer(request);
    if (viewer.state !== "signed-in" || !viewer.role) return notFound();
  }
  const etag = `"${found.sha256}"`;
  const headers = new Headers({
    "Cache-Control": found.public ? IMMUTABLE : PRIVATE_CACHE_CONTROL,
    ETag: etag,
    "X-Content-Type-Options": "nosniff",
  });
  if (etagMatches(request.headers.get("if-none-match") ?? undefined, etag)) {
    return new Response(null, { status: 304, headers });
  }
  const file = await readFile(database, found.sha256);
  if (!file) return notFound();
  headers.set("Content-Type", file.type);
  headers.set("Content-Length", String(file.size));
  headers.set("Content-Disposition", disposition(file.name));
  // The drivers' Buffers sit on plain ArrayBuffers (never shared memory): sent as they are.
  return new Response(file.bytes as Uint8Array<ArrayBuffer>, { status: 200, headers });
}
