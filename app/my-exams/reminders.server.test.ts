import { createECDH, randomBytes } from "node:crypto";
import ICAL from "ical.js";
import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { addDays } from "~/lib/format.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import type { Actor } from "~/writes/transaction.server.ts";
import { calendarFile } from "./calendar.server.ts";
import {
  createCalendarList,
  removeList,
  savedEntriesData,
  turnOnReminders,
  updateList,
} from "./lists.server.ts";
import { countLists } from "./repository.server.ts";
import { remindersDue } from "./reminders.server.ts";

const EDITOR: Actor = { id: null, email: "editor@govjobs.test", name: "Editor" };
const POLICY = { hosts: ["fcm.googleapis.com"], allowLocal: [] };
const LAST = "2031-03-20";
/** Noon in India on the day `days` after (or before) the last date. */
const at = (days: number) => new Date(`${addDays(LAST, days)}T06:30:00Z`);

function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`) {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return {
    endpoint,
    keys: {
      p256dh: ecdh.getPublicKey().toString("base64url"),
      auth: randomBytes(16).toString("base64url"),
    },
  };
}

const keysOf = (db: DB, like: string) =>
  db
    .selectFrom("outbox")
    .select(["key", "payload"])
    .where("key", "like", like)
    .orderBy("created_at")
    .execute();

describeEachDatabase("My exams reminders", (get) => {
  let jobId: string;
  let otherId: string;
  let secret: string;
  let listId: string;

  beforeAll(async () => {
    const db = get();
    const saved = await saveEntry(db, {
      kind: "job",
      input: job("Reminded Clerk 2031", { lastDate: LAST, examDate: "2031-05-10" }),
      actor: EDITOR,
    });
    const other = await saveEntry(db, {
      kind: "job",
      input: job("Unsaved Clerk 2031", { lastDate: LAST }),
      actor: EDITOR,
    });
    if (!saved.ok || !other.ok) throw new Error("could not save the test jobs");
    jobId = saved.entry.id;
    otherId = other.entry.id;
  });

  it("keeps only entry ids and a push service's subscription, refusing anything else", async () => {
    const db = get();
    const inward = await turnOnReminders(
      db,
      { subscription: subscription("https://127.0.0.1/push"), ids: [jobId] },
      POLICY,
    );
    expect(inward).toMatchObject({ ok: false, status: 400 });
    const junk = await turnOnReminders(
      db,
      { subscription: subscription(), ids: ["<script>"] },
      POLICY,
    );
    expect(junk).toMatchObject({ ok: false, status: 400, error: expect.stringMatching(/^ids/) });
    expect(await countLists(db)).toEqual({ lists: 0, entries: 0 });

    const on = await turnOnReminders(
      db,
      { subscription: subscription(), ids: [jobId, crypto.randomUUID()], language: "hi" },
      POLICY,
    );
    if (!on.ok) throw new Error(on.error);
    // An id that is no entry is not kept.
    expect(on.ids).toEqual([jobId]);
    secret = on.secret;
    const row = await db.selectFrom("my_exam_lists").selectAll().executeTakeFirstOrThrow();
    listId = row.id;
    expect(row).toMatchObject({ purpose: "reminders", language: "hi" });
    expect(row.secret_hash).not.toContain(secret);
  });

  it("enqueues a window's reminder 7, 2 and 0 days before it closes, once each, none after", async () => {
    const db = get();
    const added: number[] = [];
    for (const day of [-8, -7, -7, -6, -3, -2, -1, 0, 0, 1, 2])
      added.push(await remindersDue(db, at(day)));
    const rows = await keysOf(db, `my-exams:${listId}:remind:${jobId}:lastDate:%`);
    expect(rows.map((r) => r.key.split(":").at(-1))).toEqual(["7", "2", "0"]);
    expect(added).toEqual([0, 1, 0, 0, 0, 1, 0, 1, 0, 0, 0]);
    const payload = JSON.parse(rows[0].payload);
    expect(payload).toMatchObject({
      list: listId,
      type: "my-exams",
      entry: { id: jobId, path: "/jobs/reminded-clerk-2031" },
      notice: { code: "closing", today: addDays(LAST, -7), window: { code: "apply", end: LAST } },
    });
    // An entry nobody saved has none.
    expect(await keysOf(db, `%:${otherId}:%`)).toEqual([]);
  });

  it("tells the lists that saved a job when its date moves and when its admit card comes out", async () => {
    const db = get();
    const moved = await saveEntry(db, {
      kind: "job",
      id: jobId,
      input: job("Reminded Clerk 2031", { lastDate: "2031-03-30", examDate: "2031-05-10" }),
      actor: EDITOR,
    });
    expect(moved.ok).toBe(true);
    const changed = await keysOf(db, `my-exams:${listId}:changed:${jobId}:%`);
    expect(changed.map((r) => r.key)).toEqual([
      `my-exams:${listId}:changed:${jobId}:lastDate::2031-03-30`,
    ]);
    // The new date's own reminders start over.
    expect(await remindersDue(db, new Date("2031-03-23T06:30:00Z"))).toBe(1);

    const card = await saveEntry(db, {
      kind: "admit-card",
      input: {
        title: "Reminded Clerk 2031 Admit Card",
        organization: "Central Staff Selection Agency",
        status: "published",
        jobId,
        data: { summary: "Admit card.", examDate: "2031-05-10" },
      },
      actor: EDITOR,
    });
    if (!card.ok) throw new Error("admit card not saved");
    expect(await keysOf(db, `my-exams:${listId}:published:${card.entry.id}`)).toHaveLength(1);
    // Its exam date is the job's: reminded with the job's list, keyed by the admit card.
    await remindersDue(db, new Date("2031-05-03T06:30:00Z"));
    expect(await keysOf(db, `my-exams:${listId}:remind:${card.entry.id}:examDate:%`)).toHaveLength(
      1,
    );
  });

  it("follows the device's list, and deletes the server copy and its messages when turned off", async () => {
    const db = get();
    expect(await updateList(db, "reminders", { secret, ids: [jobId, otherId] })).toMatchObject({
      ok: true,
      ids: [jobId, otherId].sort(),
    });
    expect(await updateList(db, "calendar", { secret, ids: [] })).toMatchObject({ status: 404 });
    expect(await removeList(db, "reminders", { secret: "x".repeat(43) })).toEqual({
      ok: true,
      removed: false,
    });
    expect(await removeList(db, "reminders", { secret })).toEqual({ ok: true, removed: true });
    expect(await countLists(db)).toEqual({ lists: 0, entries: 0 });
    expect(await keysOf(db, `my-exams:${listId}:%`)).toEqual([]);
  });

  it("writes calendar files ical.js reads: all-day dates, one UID per window across updates", async () => {
    const db = get();
    const made = await createCalendarList(db, { ids: [jobId] });
    expect(made.ok).toBe(true);
    const parse = async () => {
      const [entry] = await savedEntriesData(db, [jobId]);
      const text = calendarFile([entry, ...entry.related], {
        baseUrl: "https://govjobs.test",
        locale: "en",
        name: "My exams",
      });
      const events = new ICAL.Component(ICAL.parse(text))
        .getAllSubcomponents("vevent")
        .map((v) => new ICAL.Event(v));
      return events.map((e) => ({
        uid: e.uid,
        summary: e.summary,
        start: e.startDate.toString(),
        allDay: e.startDate.isDate,
        end: e.endDate.toString(),
        sequence: e.sequence,
        alarm: e.component
          .getFirstSubcomponent("valarm")
          ?.getFirstPropertyValue("trigger")
          ?.toString(),
      }));
    };
    const before = await parse();
    const apply = before.find((e) => e.uid === `${jobId}-lastDate@govjobs.test`)!;
    expect(apply).toMatchObject({
      summary: "Last day to apply: Reminded Clerk 2031",
      start: "2031-03-30",
      end: "2031-03-31",
      allDay: true,
      alarm: "-PT15H",
    });
    // The admit card's exam day is in the job's file too.
    expect(before.map((e) => e.uid)).toContain(`${jobId}-examDate@govjobs.test`);

    // SEQUENCE counts seconds: the next save is a second later.
    await new Promise((r) => setTimeout(r, 1_100));
    await saveEntry(db, {
      kind: "job",
      id: jobId,
      input: job("Reminded Clerk 2031", { lastDate: "2031-04-05", examDate: "2031-05-10" }),
      actor: EDITOR,
    });
    const after = (await parse()).find((e) => e.uid === apply.uid)!;
    expect(after.start).toBe("2031-04-05");
    expect(after.sequence).toBeGreaterThan(apply.sequence);
  });
});
