import { ROLE_LABEL, ROLES } from "~/content/policy.ts";
import type { UserRole } from "~/users/users.service.server.ts";

/** The role choice: a back-office role, or "user" (better-auth's default) for no access. */
export const USER_ROLES = [...ROLES, "user"] as const satisfies readonly UserRole[];
export const USER_ROLE_LABEL: Record<UserRole, string> = { ...ROLE_LABEL, user: "No access" };

export const CHOOSE_ROLE = "Choose a role: Admin, Editor, Author or No access.";

/** What each role may do, in the words of the role choice (app/content/policy.ts decides). */
export const ROLE_HELP: Record<UserRole, string> = {
  admin: "everything, including users, settings and the SEO tools",
  editor: "create, edit, publish, schedule and trash any entry and site page",
  author: "write drafts and submit them for review; cannot publish",
  user: "cannot open the back-office",
};
