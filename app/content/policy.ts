/**
 * Who may do what (issues 13, 25, 27), in one pure module: the back-office roles and their
 * capabilities, what one user may do with one entry, the statuses an author may set, when a
 * publish is an approval, and the audit action each entry write is logged under. The server's
 * guard and the screens (which hide what a role cannot use) ask it; the write services decide,
 * with the entry as read inside their transaction.
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

/**
 * Whose entries the back-office's lists, their counts and the CSV export show this user: every
 * entry to an editor or an admin (undefined), their own to an author, to whom `entryAccess` gives
 * nothing else.
 */
export function listedCreator(user: { id: string; role: Role }): string | undefined {
  return can(user.role, "publish") ? undefined : user.id;
}

/** What the entry editor's buttons ask for (an `intent`). */
export type EntryIntent =
  "save" | "draft" | "submit" | "publish" | "trash" | "restore" | "duplicate" | "suggest";

/**
 * Why this user may not send this intent for an entry they have `access` to ("edit this entry",
 * "publish"…: the end of "An author may not …"), or null when they may. Saves are allowed even
 * without edit access: the save itself answers (409 taken, 403 gone) and keeps what was typed.
 * Authors work on their own drafts only and never publish, schedule or trash; their entry
 * published under them may be duplicated, or changed by a suggestion.
 */
export function intentRefusal(role: Role, access: EntryAccess, intent: EntryIntent): string | null {
  const saving = intent === "save" || intent === "draft" || intent === "submit";
  if (access === "none" && !saving) return "edit this entry";
  if (access === "read" && !saving && intent !== "suggest" && intent !== "duplicate")
    return "edit this entry";
  if (intent === "suggest" && access !== "read") return "suggest changes to an entry it may edit";
  if (!can(role, "publish") && (intent === "publish" || intent === "trash" || intent === "restore"))
    return intent === "publish" ? "publish" : "move entries to the trash";
  return null;
}

/** Whether this role may save an entry with this status (authors: draft or pending only). */
export function maySetStatus(role: Role, status: string): boolean {
  return can(role, "publish") || (AUTHOR_STATUSES as readonly string[]).includes(status);
}

/** The status a new entry's form starts at: an author's a draft, an editor's published. */
export const newEntryStatus = (role: Role) => (can(role, "publish") ? "published" : "draft");

/** The audit actions of entry writes (their words: components/admin/audit-words.ts). */
export type EntryAuditAction =
  | "entry.create"
  | "entry.update"
  | "entry.submit"
  | "entry.approve"
  | "entry.duplicate"
  | "entry.revision-restore"
  | "entry.publish"
  | "entry.archive"
  | "entry.draft";

/**
 * What a save is logged as, from the status stored before it (undefined: a new entry) and the
 * status it saves: an editor publishing a submitted entry approves it (the audit log says who),
 * an entry moved to "pending" is submitted for review.
 */
export function saveAuditAction(before: string | undefined, status: string): EntryAuditAction {
  if (before === "pending" && status === "published") return "entry.approve";
  if (before !== "pending" && status === "pending") return "entry.submit";
  return before === undefined ? "entry.create" : "entry.update";
}

/** What a status set from a list or the review queue is logged as: publishing a submission approves it. */
export function statusAuditAction(
  before: string,
  status: "published" | "archived" | "draft",
): EntryAuditAction {
  if (status === "published") return before === "pending" ? "entry.approve" : "entry.publish";
  return status === "archived" ? "entry.archive" : "entry.draft";
}
