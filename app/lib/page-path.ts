/**
 * The page a request is for. A client-side navigation asks for `/jobs.data` (or `/_.data` for the
 * home page, `/_root.data` in older React Router versions); a document request for `/jobs`.
 */
export function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length);
  return pathname;
}
