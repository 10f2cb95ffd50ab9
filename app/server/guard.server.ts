import { data, redirect } from "react-router";
import {
  can,
  entryAccess,
  isRole,
  ROLE_LABEL,
  type Capability,
  type EntryAccess,
  type Role,
} from "~/content/roles.ts";
import type { Actor } from "./write/transaction.server.ts";
import { services } from "./services.server.ts";

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
    console.error(`[guard] could not read the session: ${(err as Error).message}`);
    return {
      state: "signed-in",
      user: { id: "", email: "", name: "" },
      isAdmin: false,
      role: null,
      sessionId: "",
    };
  }
}

/** A same-site path to come back to after sign-in; anything else becomes /admin. */
export function safeReturnPath(value: string | null | undefined): string {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\"))
    return "/admin";
  try {
    const url = new URL(value, "http://same.invalid");
    if (url.origin !== "http://same.invalid") return "/admin";
    return url.pathname + url.search;
  } catch {
    return "/admin";
  }
}

/**
 * The back-office guard (spec §4, §6). Every admin loader, action and endpoint begins with it.
 * Anonymous → /admin/login?next=…; signed in without a back-office role → 403, which the admin
 * layout shows as a page saying so, with a sign-out button; a role without `capability` → 403
 * saying what the role cannot do.
 */
export async function requireStaff(request: Request, capability?: Capability): Promise<StaffUser> {
  const viewer = await getViewer(request);
  if (viewer.state === "anonymous") {
    const url = new URL(request.url);
    const next = safeReturnPath(url.pathname + url.search);
    throw redirect(`/admin/login?next=${encodeURIComponent(next)}`);
  }
  if (!viewer.role) {
    throw data({ noAdminRole: true, email: viewer.user.email }, { status: 403 });
  }
  if (capability && !can(viewer.role, capability)) throw forbidden(viewer.role);
  return { ...viewer.user, role: viewer.role };
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

/** The signed-in user as the write path records them (app/server/write/). */
export function actorOf(user: AdminUser): Actor {
  return { id: user.id || null, email: user.email || null, name: user.name || user.email || "" };
}
