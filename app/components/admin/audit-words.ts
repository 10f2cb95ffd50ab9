import { REGISTRY } from "~/content/registry.ts";
import { isKind } from "~/content/kinds.ts";

/**
 * What each action of the audit log reads as on the dashboard's "Latest changes": "Asha
 * edited Job “Clerk Recruitment”". Every action the code writes has its words here
 * (audit-words.test.ts reads the source for them); an action without words shows its name.
 */
export const AUDIT_WORDS: Record<string, string> = {
  "entry.create": "created",
  "entry.update": "edited",
  "entry.publish": "published",
  "entry.archive": "archived",
  "entry.draft": "moved to draft",
  "entry.trash": "moved to the trash",
  "entry.restore": "restored from the trash",
  "entry.delete": "deleted forever",
  "entry.revision-restore": "restored an old version of",
  "entry.duplicate": "created a draft copy:",
  "entry.submit": "submitted for review",
  "entry.approve": "approved and published",
  "entry.publish-scheduled": "published on schedule",
  "entry.suggest": "suggested a change to",
  "entry.apply-suggestion": "applied a suggested change to",
  "entry.decline-suggestion": "declined a suggested change to",
  "entry.import": "imported as a draft",
  "csv.import": "imported the CSV file",
  "file.upload": "uploaded",
  "file.delete": "removed the unused file",
  "site-page.update": "edited the site page",
  "site-page.restore": "restored an old version of the site page",
  "settings.update": "changed the settings:",
  "organization.update": "edited the organization",
  "photo-preset.create": "added the photo preset",
  "photo-preset.update": "edited the photo preset",
  "redirect.create": "added the redirect from",
  "redirect.update": "changed the redirect from",
  "redirect.enable": "turned on the redirect from",
  "redirect.disable": "turned off the redirect from",
  "redirect.delete": "deleted the redirect from",
  "not-found.delete": "removed from the 404 log:",
  "not-found.clear": "emptied the",
  "link.review": "marked as looked at the link",
  "link.recheck": "asked for a new check of the link",
  "link.vendor-add": "trusted the vendor host",
  "link.vendor-remove": "stopped trusting the vendor host",
  "link.fake-add": "reported the fake site",
  "link.fake-remove": "took off the fake sites list:",
  "outbox.retry": "retried the message",
  "outbox.retry-all": "retried every failed message in the",
  "outbox.discard": "discarded the message",
  "outbox.discard-dead": "discarded every dead message in the",
  "outbox.pause": "paused sending from the",
  "outbox.resume": "resumed sending from the",
  "user.create": "created the user",
  "user.set-role": "changed the role of",
  "user.disable": "disabled the user",
  "user.enable": "enabled the user",
  "user.reset-password": "set a new password for",
  "user.revoke-sessions": "signed out everywhere:",
  "user.unlock-sign-in": "unlocked sign-in for",
  "message.read": "read the message",
  "message.unread": "marked as unread the message",
  "message.archived": "archived the message",
  "message.spam": "marked as spam the message",
  "message.delete": "deleted the message",
};

/** "job:Clerk Recruitment" → "Job “Clerk Recruitment”"; other subjects as they are. */
export function auditSubject(subject: string): string {
  const colon = subject.indexOf(":");
  const kind = subject.slice(0, colon);
  if (colon > 0 && isKind(kind)) return `${REGISTRY[kind].label} “${subject.slice(colon + 1)}”`;
  return subject;
}

/** One line of the log in words: what was done, to what. */
export const auditLine = (action: string, subject: string): string =>
  `${AUDIT_WORDS[action] ?? action} ${auditSubject(subject)}`;
