import { data, redirect, replace } from "react-router";
import {
  can,
  entryAccess,
  isRole,
  ROLE_LABEL,
  type Capability,
  type EntryAccess,
  type Role,
} from "~/content/policy.ts";
import type { Actor } from "../writes/transaction.server.ts";
import { services } from "../platform/services.server.ts";
import { logger } from "../platform/logger.server.ts";

export interface AdminUser {
  id: string;
  email: string;
  name: string;
}

/** A signed-in member of the back-office, with their role. */
export interface StaffUser extends AdminUser {
  role: Role;
}

export type Viewer =
  | { state: "anonymous" }
  | {
      state: "signed-in";
      user: AdminUser;
      isAdmin: boolean;
      /** The back-office role; null for an account without one (or banned). */
      role: Role | null;
      sessionId: string;
    };

/**
 * Who is asking. A failure to read the session or its role counts as "signed in, not admin"
 * (spec §4): it never grants access and never sends a signed-in editor to the login page in a loop.
 */
export async function getViewer(request: Request): Promise<Viewer> {
  const cookie = request.headers.get("cookie") ?? "";
  if (!cookie.includes("better-auth.session_token")) return { state: "anonymous" };
  try {
    const { auth } = await services();
    const session = await auth.api.getSession({ headers: request.headers });
    if (!session) return { state: "anonymous" };
    const user = session.user as {
      id: string;
      email: string;
      name: string;
      role?: string | null;
      banned?: boolean | null;
    };
    return {
      state: "signed-in",
      user: { id: user.id, email: user.email, name: user.name },
      isAdmin: user.role === "admin" && !user.banned,
      role: isRole(user.role) && !user.banned ? user.role : null,
      sessionId: session.session.id,
    };
  } catch (err) {
    logger.error(`[guard] could not read the session: ${(err as Error).message}`);
    return {
      state: "signed-in",
      user: { id: "", email: "", name: "" },
      isAdmin: false,
      role: null,
      sessionId: "",
    };
  }
}

/** Where a return path that cannot be kept leads. */
const HOME_OF_ADMIN = "/admin";
const SAME = "http://same.invalid";
/** Characters browsers drop from a URL, or that end a header: never in a return path. */
const CONTROL = /\p{Cc}/u;

/**
 * A same-site path to come back to after sign-in (the form's `next` and the signed-in redirect
 * both use this one function); anything else becomes /admin. The value is normalised first —
 * backslashes and percent-encoded slashes become slashes, repeated slashes one, dot segments
 * resolved — and the rule is checked on the result, which is the value returned: so no later
 * step (a browser resolving `/.//x`, or `/admin/../..//x`) can turn it into `//another.site`.
 */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || value.length > 2000 || CONTROL.test(value)) return HOME_OF_ADMIN;
  const cut = value.search(/[?#]/);
  const path = (cut < 0 ? value : value.slice(0, cut))
    .replace(/\\|%2f|%5c/gi, "/")
    .replace(/\/{2,}/g, "/");
  if (!path.startsWith("/")) return HOME_OF_ADMIN;
  let url: URL;
  try {
    url = new URL(path + (cut < 0 ? "" : value.slice(cut)), SAME);
  } catch {
    return HOME_OF_ADMIN;
  }
  const out = url.pathname.replace(/\/{2,}/g, "/") + url.search.replace(/\\/g, "%5C");
  return isSameSitePath(out) ? out : HOME_OF_ADMIN;
}

/** The rule: one leading slash, nothing a browser would rewrite, and it resolves to itself. */
function isSameSitePath(path: string): boolean {
  if (!/^\/(?![/\\])/.test(path) || /[\\\s]/.test(path) || CONTROL.test(path)) return false;
  const url = new URL(path, SAME);
  return url.origin === SAME && url.pathname + url.search === path;
}

/**
 * The back-office guard (spec §4, §6, §8). Every admin loader, action and endpoint begins with
 * it. Anonymous → /admin/login?next=…; signed in without a back-office role (or with a role that
 * could not be read) → a silent, replacing redirect home, from pages, their `.data`, actions and
 * endpoints alike (/admin/login is the one place that tells such an account why); a role without
 * `capability` → 403 saying what the role cannot do.
 */
export async function requireStaff(request: Request, capability?: Capability): Promise<StaffUser> {
  const viewer = await getViewer(request);
  if (viewer.state === "anonymous") {
    const next = safeReturnPath(pageOf(request));
    throw redirect(`/admin/login?next=${encodeURIComponent(next)}`);
  }
  if (!viewer.role) throw replace("/");
  if (capability && !can(viewer.role, capability)) throw forbidden(viewer.role);
  return { ...viewer.user, role: viewer.role };
}

/**
 * A request by a method the admin address does not take (a POST to an export, a GET to an
 * upload endpoint): the guard answers first, as on every admin address, so that a refusal looks
 * the same whatever the method; staff who may use the address are told which method it takes.
 */
export async function wrongMethod(
  request: Request,
  allow: "GET" | "POST",
  capability?: Capability,
): Promise<Response> {
  await requireStaff(request, capability);
  if (request.method !== "GET" && request.method !== "HEAD") await request.body?.cancel();
  return new Response(`Method Not Allowed: this address takes ${allow} only.\n`, {
    status: 405,
    headers: {
      Allow: allow,
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    },
  });
}

/** The page a request is for: a client navigation's `/admin/users.data?_routes=…` is /admin/users. */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  const path = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  return path + url.search;
}

/** The admin-only screens and actions: users, settings, SEO tools. */
export function requireAdmin(request: Request): Promise<StaffUser> {
  return requireStaff(request, "administer");
}

/** A refusal for a role that may not do something; nothing was changed. */
export function forbidden(role: Role, what = "do this") {
  return data(
    {
      forbidden: true,
      message: `Your role (${ROLE_LABEL[role]}) cannot ${what}. Nothing was changed; ask an editor or an admin.`,
    },
    { status: 403 },
  );
}

/**
 * The entry rule (entryAccess) on the server, for every per-entry screen, `.data` and endpoint:
 * `need` "read" lets an author open their own published entry, "edit" only what they may still
 * change. Anything less is the role's 403, which says nothing of the entry.
 */
export function requireEntryAccess(
  user: StaffUser,
  entry: Parameters<typeof entryAccess>[1],
  need: "read" | "edit",
): EntryAccess {
  const access = entryAccess(user, entry);
  if (access === "none" || (need === "edit" && access !== "edit"))
    throw forbidden(user.role, need === "edit" ? "edit this entry" : "open this entry");
  return access;
}

/** The author recorded on revisions and in the audit log. */
export function authorOf(user: AdminUser) {
  return { id: user.id || null, name: user.name || user.email || null };
}

/** The signed-in user as the write path records them (app/writes/). */
export function actorOf(user: AdminUser): Actor {
  return { id: user.id || null, email: user.email || null, name: user.name || user.email || "" };
}
