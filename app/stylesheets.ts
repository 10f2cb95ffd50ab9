import adminCss from "./admin.css?url";
import publicCss from "./public.css?url";

/**
 * The one stylesheet a page links (issue 33): the back-office's under /admin, the public site's
 * (half the size) everywhere else, so a phone on a slow line waits for less before the first
 * paint. Used by the root's head and by the Link header that preloads it.
 */
export const stylesheetFor = (pathname: string): string =>
  pathname === "/admin" || pathname.startsWith("/admin/") ? adminCss : publicCss;
