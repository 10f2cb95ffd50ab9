// Reminders by web push for saved lists (issue 28), through the outbox like every message the
// site sends: a pass enqueues the reminders due 7, 2 and 0 days before each window's day, and the
// write path enqueues a notice when a saved entry's date changes or its job gets a new admit card,
// answer key or result. Each message's key names what it is about, so it is enqueued once however
// often the pass runs or a save is repeated; the sender re-checks the window before sending, so
// nothing goes after a window closed or a date moved.
import { z } from "zod";
import { REGISTRY } from "~/content/registry.ts";
import { KINDS, type Kind } from "~/content/kinds.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { fmt } from "~/lib/locale.ts";
import { clock, todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { now } from "~/platform/db/dialect.ts";
import { logger } from "~/platform/logger.server.ts";
import type { EntryData } from "~/content/fields.ts";
import type { EntrySummary } from "~/content/entry.ts";
import {
  sendPushMessage,
  type PushPayload,
  type VapidKeys,
} from "~/alerts/channels/push.server.ts";
import {
  pushEndpointPolicy,
  type PushEndpointPolicy,
} from "~/alerts/channels/push-endpoints.server.ts";
import type { OutboxMessage, Sender, SendResult } from "~/alerts/outbox.server.ts";
import type { PushPartner } from "~/alerts/channels/start.server.ts";
import { env } from "~/platform/env.server.ts";
import {
  deleteList,
  enqueueForSavers,
  findListById,
  publishedByIds,
  publishedOfJobs,
  remindedEntryIds,
  type PublicEntryRow,
} from "./repository.server.ts";
import { daysUntil, keyWindows, reminderStage, upcoming, type KeyWindow } from "./windows.ts";
import { upcomingWhat, whenWords } from "./words.ts";

const WindowSchema = z.object({
  code: z.enum(["apply", "fee", "admitCard", "exam", "answerKey", "objections", "result"]),
  field: z.string(),
  start: z.string().nullable(),
  end: z.string(),
  remindOn: z.string().nullable(),
}) satisfies z.ZodType<KeyWindow>;

const EntryRef = z.object({
  id: z.string(),
  kind: z.enum(KINDS),
  path: z.string().startsWith("/"),
  title: z.string(),
  hiTitle: z.string().nullable(),
});
type EntryRef = z.infer<typeof EntryRef>;

/** A reminder's outbox payload; `list` is put in by the INSERT … SELECT (one row per list). */
const Reminder = z.object({
  list: z.string(),
  type: z.literal("my-exams"),
  entry: EntryRef,
  notice: z.discriminatedUnion("code", [
    /** A window's day is 7, 2 or 0 days ahead of `today` (the pass's day). */
    z.object({ code: z.literal("closing"), window: WindowSchema, today: z.string() }),
    /** An editor changed (or first gave) a window's date. */
    z.object({ code: z.literal("changed"), window: WindowSchema, announced: z.boolean() }),
    /** The saved job's admit card, answer key or result was published. */
    z.object({ code: z.literal("published"), kind: z.enum(KINDS) }),
  ]),
});
type Reminder = z.infer<typeof Reminder>;

const refOf = (e: {
  id: string;
  kind: Kind;
  slug: string;
  title: string;
  hiTitle: string | null;
}): EntryRef => ({
  id: e.id,
  kind: e.kind,
  path: `${urlPrefixOf(e.kind)}/${e.slug}`,
  title: e.title,
  hiTitle: e.hiTitle,
});

const urlPrefixOf = (kind: Kind) => REGISTRY[kind].urlPrefix;

/** The outbox key of a message to the lists that saved an entry: `my-exams:<list>:` + this. */
const keyOf = {
  closing: (entryId: string, w: KeyWindow, stage: number) =>
    `remind:${entryId}:${w.field}:${w.remindOn}:${stage}`,
  changed: (entryId: string, w: KeyWindow) =>
    `changed:${entryId}:${w.field}:${w.start ?? ""}:${w.end}`,
  published: (entryId: string) => `published:${entryId}`,
};

/**
 * The reminders pass at `at` (an injectable clock: tests hand it the instants they need): for
 * every entry a reminders list saved, and every admit card, answer key or result of a saved job,
 * the windows whose day is 7, 2 or 0 days ahead get one message per list that saved them.
 * Returns how many messages were new.
 */
export async function remindersDue(db: DB, at: Date = clock()): Promise<number> {
  const today = todayInIndia(at);
  const saved = new Set(await remindedEntryIds(db));
  if (saved.size === 0) return 0;
  const entries = await publishedByIds(db, [...saved]);
  const jobs = entries.filter((e) => e.kind === "job").map((e) => e.id);
  const related = await publishedOfJobs(db, jobs);
  let added = 0;
  for (const e of [...entries, ...related.filter((r) => !saved.has(r.id))]) {
    const savers = [e.id, e.jobId].filter((id): id is string => !!id && saved.has(id));
    for (const w of keyWindows(e.kind, e.data)) {
      if (!w.remindOn) continue;
      const stage = reminderStage(daysUntil(w.remindOn, today));
      if (stage === null) continue;
      added += await enqueueForSavers(
        db,
        savers,
        keyOf.closing(e.id, w, stage),
        { type: "my-exams", entry: refOf(e), notice: { code: "closing", window: w, today } },
        // Sent now: `at` is the day the pass judges (a test's clock), not when the row is due.
        now(),
      );
    }
  }
  return added;
}

type Written = EntrySummary & { data?: EntryData };
const isPublic = (e: Written | null): e is Written =>
  !!e && e.status === "published" && !e.deletedAt;

/**
 * What a write means for saved lists, in the write's own transaction (the write path calls this
 * beside the other channels' messages): a public entry's window that moved or was first given a
 * date notifies the lists that saved it (or its job); an admit card, answer key or result going
 * public notifies the lists that saved its job. `notify: false` (the editor saved quietly) sends
 * nothing. Returns how many messages were new.
 */
export async function enqueueSavedEntryNotices(
  trx: DB,
  before: Written | null,
  after: Written | null,
  { notify = true }: { notify?: boolean } = {},
): Promise<number> {
  if (!notify || !isPublic(after)) return 0;
  const at = clock();
  const today = todayInIndia(at);
  const entry = refOf(after);
  if (!isPublic(before)) {
    if (!after.jobId) return 0;
    return enqueueForSavers(
      trx,
      [after.jobId],
      keyOf.published(after.id),
      { type: "my-exams", entry, notice: { code: "published", kind: after.kind } },
      at.toISOString(),
    );
  }
  if (!before.data || !after.data) return 0;
  const was = keyWindows(before.kind, before.data);
  const savers = [after.id, after.jobId].filter((id): id is string => !!id);
  let added = 0;
  for (const w of keyWindows(after.kind, after.data)) {
    const old = was.find((o) => o.field === w.field);
    if ((old && old.start === w.start && old.end === w.end) || w.end < today) continue;
    added += await enqueueForSavers(
      trx,
      savers,
      keyOf.changed(after.id, w),
      { type: "my-exams", entry, notice: { code: "changed", window: w, announced: !old } },
      at.toISOString(),
    );
  }
  return added;
}

/** The notification in the list's language: the entry's title, what the date is and when. */
export function reminderNotification(
  reminder: Reminder,
  { baseUrl, language, today }: { baseUrl: string; language: "en" | "hi"; today: string },
): PushPayload {
  const t = catalog(language).myExams;
  const { entry, notice } = reminder;
  let body: string;
  if (notice.code === "published") body = t.push.published[notice.kind];
  else {
    const from = notice.code === "closing" ? notice.today : today;
    const u = upcoming([notice.window], from)[0] ?? {
      window: notice.window,
      on: notice.window.end,
      days: 0,
      phase: "on" as const,
    };
    const what = upcomingWhat(u, t, language, from);
    body =
      notice.code === "closing"
        ? fmt(t.push.closing, { what, when: whenWords(u.days, t) })
        : fmt(notice.announced ? t.push.announced : t.push.changed, { what });
  }
  const title = (language === "hi" && entry.hiTitle) || entry.title;
  return {
    title: title.slice(0, 200),
    body: body.slice(0, 500),
    url: `${baseUrl}${language === "hi" ? "/hi" : ""}${entry.path}`,
    tag: `my-exams-${entry.id}-${notice.code === "published" ? "published" : notice.window.field}`,
  };
}

export interface ReminderSenderOptions {
  db: DB;
  vapid: VapidKeys;
  baseUrl: string;
  now?: () => Date;
  ttlSeconds?: number;
  endpoints?: Partial<PushEndpointPolicy>;
}

const drop = (error: string): SendResult => ({ ok: false, retryable: false, error });

/**
 * Sends a reminder to its list's browser. Checked again at sending time: the list still exists,
 * a closing window's day has not passed and is still the entry's (an editor may have moved it).
 * A browser that dropped its subscription takes its list with it.
 */
export function createReminderSender(options: ReminderSenderOptions): Sender {
  const now = options.now ?? (() => new Date());
  const policy = { ...pushEndpointPolicy(), ...options.endpoints };
  return async (msg: OutboxMessage): Promise<SendResult> => {
    const parsed = Reminder.safeParse(msg.payload);
    if (!parsed.success) return drop(`not a reminder: ${msg.key}`);
    const reminder = parsed.data;
    const list = await findListById(options.db, reminder.list);
    if (!list?.pushEndpoint || !list.pushP256dh || !list.pushAuth)
      return drop("the list's reminders were turned off");
    const today = todayInIndia(now());
    const { notice } = reminder;
    if (notice.code === "closing") {
      if (!notice.window.remindOn || notice.window.remindOn < today)
        return drop("the window has closed");
      const [current] = await publishedByIds(options.db, [reminder.entry.id]);
      if (!current || !stillOn(current, notice.window)) return drop("the date has moved");
    }
    const result = await sendPushMessage(
      { endpoint: list.pushEndpoint, p256dh: list.pushP256dh, auth: list.pushAuth },
      reminderNotification(reminder, { baseUrl: options.baseUrl, language: list.language, today }),
      { vapid: options.vapid, ttlSeconds: options.ttlSeconds, now, policy },
    );
    if (!result.ok && "gone" in result) await deleteList(options.db, list.id);
    return result.ok ? result : { ok: false, retryable: result.retryable, error: result.error };
  };
}

const stillOn = (entry: PublicEntryRow, w: KeyWindow) =>
  keyWindows(entry.kind, entry.data).some((c) => c.field === w.field && c.remindOn === w.remindOn);

/** The push channel's sender: reminders (`my-exams:` keys) to theirs, job alerts to theirs. */
export function withReminders(alerts: Sender, reminders: Sender): Sender {
  return (msg) => (msg.key.startsWith("my-exams:") ? reminders(msg) : alerts(msg));
}

/** The pass every `everyMs` in this process (each process may run it: the keys make it once). */
export function startRemindersPass(db: DB, everyMs: number): { stop(): Promise<void> } {
  let pass: Promise<unknown> = Promise.resolve();
  const run = () => {
    pass = remindersDue(db).catch((err: Error) =>
      logger.error({ err: { message: err.message } }, "my-exams reminders pass failed"),
    );
  };
  const timer = setInterval(run, everyMs);
  timer.unref();
  run();
  return {
    async stop() {
      clearInterval(timer);
      await pass;
    },
  };
}

/**
 * My exams' part of the push channel, handed to the outbox worker by the process (http/app.ts):
 * reminders go to their lists' browsers, job alerts to theirs, and the reminders pass runs while
 * the senders do.
 */
export const remindersByPush: PushPartner = {
  sender: (alerts, push) => withReminders(alerts, createReminderSender(push)),
  start: (db) => startRemindersPass(db, env().MY_EXAMS_PASS_MS),
};
