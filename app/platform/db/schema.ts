import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { LinkMonitorTables } from "./link-monitor-tables.ts";

/**
 * Table types. Timestamps are ISO-8601 UTC strings and flags are 0/1 integers, made by the app,
 * so one set of queries serves SQLite and PostgreSQL alike.
 */
export interface EntriesTable {
  id: string;
  kind: string;
  slug: string;
  title: string;
  organization: string;
  state: string | null;
  qualification: string | null;
  status: string;
  publish_at: string | null;
  published_at: string | null;
  last_date: string | null;
  job_id: string | null;
  data: string;
  search_text: string;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  deleted_at: string | null;
  search_id: number | null;
  /** `data.hi_title`, projected: the Hindi title, null when the entry has no Hindi (issue 14). */
  hi_title: string | null;
}

export interface EntrySlugsTable {
  kind: string;
  slug: string;
  entry_id: string;
  created_at: string;
}

export interface RevisionsTable {
  id: string;
  subject_type: string;
  subject_id: string;
  snapshot: string;
  author_id: string | null;
  author_name: string | null;
  created_at: string;
  /** Null for a saved revision; a suggested change: suggested, applied, declined, withdrawn. */
  state: string | null;
  /** A suggestion's: the entry's version its author edited. */
  base_version: string | null;
  decided_by: string | null;
  decided_at: string | null;
}

export interface SitePagesTable {
  slug: string;
  title: string;
  description: string;
  body: string;
  updated_at: string;
  updated_by: string | null;
  /** JSON `SitePageHindi`, null until an editor writes the Hindi version. */
  hindi: string | null;
  /** When the English title, description or body last changed. */
  text_changed_at: string | null;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface RedirectsTable {
  id: string;
  source: string;
  destination: string;
  status_code: number;
  enabled: number;
  hits: number;
  last_hit_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface NotFoundLogTable {
  path: string;
  hits: number;
  last_referrer: string | null;
  first_seen_at: string;
  last_seen_at: string;
}

/** The hot list's counts: hits of one page (its cache key) in one minute, summed over workers. */
export interface HotPagesTable {
  url: string;
  /** Minutes since 1970 (UTC). */
  minute: number;
  hits: number;
}

export interface MessagesTable {
  id: string;
  name: string;
  email: string;
  message: string;
  status: string;
  created_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  subject: string;
  detail: string | null;
  created_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_start: string;
  blocked_until: string | null;
}

export interface MetaTable {
  key: string;
  value: string;
}

/** What one content generation changed: its cache scopes as a JSON string array (issue 16). */
export interface ContentChangesTable {
  generation: number;
  scopes: string;
  created_at: string;
}

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  role: string | null;
  banned: boolean | number | null;
  banReason: string | null;
  banExpires: Date | string | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Date | string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
  impersonatedBy: string | null;
}

export interface EntryChangesTable {
  id: string;
  entry_id: string;
  /** The English words, for the alerts, the bell and lines written before `facts`. */
  headline: string;
  detail: string;
  created_at: string;
  /** What the line is about: a field name, "posts" or "fees" (null before issue 26). */
  field: string | null;
  /** Its place among the kind's key facts, 0 first (99 before issue 26). */
  rank: Generated<number>;
  /** JSON of its ChangeFact (app/content/change-log.ts), for words in any language. */
  facts: string | null;
}

export interface OrganizationsTable {
  id: string;
  slug: string;
  name: string;
  short_name: Generated<string>;
  domains: Generated<string>;
  state: Generated<string>;
  /** The name in Hindi (issue 29), null until an admin writes it. */
  hi_name: string | null;
  created_at: string;
  updated_at: string;
}

/** An uploaded file (issue 13): one row per distinct content, served at /files/<sha256>.<ext>. */
export interface FilesTable {
  id: string;
  sha256: string;
  /** Detected from the content: application/pdf, image/png, image/jpeg or image/webp. */
  type: string;
  name: string;
  size: number;
  bytes: Buffer;
  uploaded_by: string | null;
  created_at: string;
  /** Since when no entry or site page links to it (null while one does); swept a while after. */
  unreferenced_since: string | null;
}

/** An entry (`entry`, its id) or site page (`page`, its slug) links to a file (issue 25). */
export interface FileReferencesTable {
  subject_type: "entry" | "page";
  subject_id: string;
  sha256: string;
}

/**
 * What uploads have used (issue 25): `user:<id>:<date>` rows count a person's uploads that day in
 * India, the `site` row (day "") what is stored now. Reserved before a file is stored.
 */
export interface UploadUsageTable {
  key: string;
  day: string;
  files: number;
  bytes: number;
}

export interface EditPresenceTable {
  subject: string;
  user_id: string;
  user_name: string;
  since: string;
  seen_at: string;
}

/** A job-alert subscription (issue 15): only what sending needs. Topics are JSON string arrays. */
export interface AlertSubscriptionsTable {
  id: string;
  channel: "email" | "push";
  email: string | null;
  push_endpoint: string | null;
  push_p256dh: string | null;
  push_auth: string | null;
  language: "en" | "hi";
  topic_states: string;
  topic_qualifications: string;
  topic_organizations: string;
  topic_kinds: string;
  cadence: "instant" | "daily";
  /** India time, 0–23: when a daily digest goes out. */
  digest_hour: number;
  status: "pending" | "active";
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  created_at: string;
  confirmed_at: string | null;
  last_sent_at: string | null;
}

/**
 * The columns a message is queued with when the rows come from a select (the alerts' fan-out and
 * My exams' reminders: `insertInto("outbox").columns(OUTBOX_FROM_SELECT).expression(...)`).
 */
export const OUTBOX_FROM_SELECT = [
  "id",
  "channel",
  "key",
  "subscription_id",
  "payload",
  "status",
  "attempts",
  "next_attempt_at",
  "created_at",
] as const;

/** One outgoing message (issue 15): e-mail, web push, Indexing API or Telegram. */
export interface OutboxTable {
  id: string;
  channel: "email" | "push" | "indexing" | "telegram";
  /** Idempotency key, unique: the same alert enqueued twice is one row. */
  key: string;
  subscription_id: string | null;
  payload: string;
  status: "pending" | "sending" | "sent" | "failed" | "dead";
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** What an alert says, stored once; its outbox rows carry `{"event": key}`. */
export interface AlertEventsTable {
  key: string;
  payload: string;
  created_at: string;
}

/** A daily subscriber's match, gathered into that India day's digest. */
export interface AlertDigestItemsTable {
  key: string;
  subscription_id: string;
  day: string;
  payload: string;
  created_at: string;
}

/** A recruiter's usual photo and signature rules (issue 31); `rules` is JSON. */
export interface PhotoPresetsTable {
  key: string;
  name: string;
  name_hi: Generated<string>;
  source_title: string;
  source_url: string;
  checked_on: string;
  rules: string;
  created_at: string;
  updated_at: string;
  updated_by: string | null;
}

/** A server copy of a reader's saved list (issue 28): for reminders or for a calendar feed. */
export interface MyExamListsTable {
  id: string;
  /** SHA-256 (hex) of the secret the device holds; the calendar feed's address carries it. */
  secret_hash: string;
  purpose: "reminders" | "calendar";
  push_endpoint: string | null;
  push_p256dh: string | null;
  push_auth: string | null;
  language: "en" | "hi";
  created_at: string;
  updated_at: string;
}

export interface MyExamListEntriesTable {
  list_id: string;
  entry_id: string;
}

export interface Database extends LinkMonitorTables {
  organizations: OrganizationsTable;
  entries: EntriesTable;
  entry_changes: EntryChangesTable;
  entry_slugs: EntrySlugsTable;
  revisions: RevisionsTable;
  site_pages: SitePagesTable;
  settings: SettingsTable;
  redirects: RedirectsTable;
  not_found_log: NotFoundLogTable;
  hot_pages: HotPagesTable;
  messages: MessagesTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  app_meta: MetaTable;
  content_changes: ContentChangesTable;
  user: UserTable;
  session: SessionTable;
  files: FilesTable;
  file_references: FileReferencesTable;
  upload_usage: UploadUsageTable;
  csv_imports: CsvImportsTable;
  csv_import_chunks: CsvImportChunksTable;
  edit_presence: EditPresenceTable;
  alert_subscriptions: AlertSubscriptionsTable;
  outbox: OutboxTable;
  alert_digest_items: AlertDigestItemsTable;
  alert_events: AlertEventsTable;
  photo_presets: PhotoPresetsTable;
  my_exam_lists: MyExamListsTable;
  my_exam_list_entries: MyExamListEntriesTable;
}

/** A CSV file checked for import (issue 32), and its dry run's report. */
export interface CsvImportsTable {
  id: string;
  kind: string;
  file_name: string;
  size: number;
  created_by: string | null;
  created_at: string;
  report: string;
  status: string;
}

/** The file itself, in order, a chunk a row. */
export interface CsvImportChunksTable {
  import_id: string;
  seq: number;
  bytes: Buffer;
}

export type EntryRow = Selectable<EntriesTable>;
export type NewEntryRow = Insertable<EntriesTable>;
export type EntryRowUpdate = Updateable<EntriesTable>;
export type RedirectRow = Selectable<RedirectsTable>;
export type MessageRow = Selectable<MessagesTable>;
export type SitePageRow = Selectable<SitePagesTable>;
export type RevisionRow = Selectable<RevisionsTable>;
