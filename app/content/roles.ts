/**
 * The back-office roles (issue 13) and what each may do. Pure, so the server's guard and the
 * screens (which hide what a role cannot use) read the same table; the server decides.
 *
 * - Admin: everything, including users, settings and the SEO tools.
 * - Editor: create, edit, publish, schedule and trash any entry and site page; the inbox,
 *   organizations and the trash; sees (does not change) the alerts' subscribers and outbox.
 * - Author: create entries and edit their own drafts, and submit them for review; cannot
 *   publish, schedule or trash.
 */
export const ROLES = ["admin", "editor", "author"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABEL: Record<Role, string> = {
  admin: "Admin",
  editor: "Editor",
  author: "Author",
};

export type Capability =
  /** Publish, schedule, archive, approve and trash entries; edit anyone's. */
  | "publish"
  | "site-pages"
  | "messages"
  | "organizations"
  | "trash"
  /** See the Alerts screen (subscribers, the outbox); its buttons need "administer". */
  | "alerts"
  /** The Links screen: the link monitor's findings, "mark checked"; its lists need "administer". */
  | "links"
  /** Users, settings, SEO tools, and pausing, retrying or discarding alerts. */
  | "administer";

const CAN: Record<Role, readonly Capability[]> = {
  admin: [
    "publish",
    "site-pages",
    "messages",
    "organizations",
    "trash",
    "alerts",
    "links",
    "administer",
  ],
  editor: ["publish", "site-pages", "messages", "organizations", "trash", "alerts", "links"],
  author: [],
};

export function can(role: Role, capability: Capability): boolean {
  return CAN[role].includes(capability);
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** What an author may set an entry's status to. */
export const AUTHOR_STATUSES = ["draft", "pending"] as const;

/**
 * What one back-office user may do with one entry: "edit" it, only "read" it, or nothing ("none":
 * not even see that it exists beyond a refusal). The one rule the edit, preview and history
 * screens and the editing-now presence ask, for pages and `.data` alike (issue 25).
 *
 * - Editors and admins edit every entry.
 * - An author edits their own drafts and submissions; once an editor has published, scheduled or
 *   archived one, the author may still read it (and send a suggested change), not change it.
 * - Another author's entry, or an entry in the trash, is nothing to an author.
 */
export type EntryAccess = "edit" | "read" | "none";

export function entryAccess(
  user: { id: string; role: Role },
  entry: { createdBy: string | null; status: string; deletedAt: string | null },
): EntryAccess {
  if (can(user.role, "publish")) return "edit";
  if (!user.id || entry.createdBy !== user.id || entry.deletedAt) return "none";
  return (AUTHOR_STATUSES as readonly string[]).includes(entry.status) ? "edit" : "read";
}
