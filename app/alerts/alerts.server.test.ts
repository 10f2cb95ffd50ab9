import type { ParsedMail } from "mailparser";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, freshDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { startTestSmtp, type TestSmtp } from "../../test/smtp.ts";
import type { DB } from "../platform/db/db.server.ts";
import type { EntryWrite } from "../entries/entries.repository.server.ts";
import { publishDue, saveEntry } from "../entries/entries.service.server.ts";
import type { Actor } from "../writes/transaction.server.ts";
import { consumeRateLimit } from "../platform/rate-limit.server.ts";
import { createEmailSender, type EmailSender } from "./email.server.ts";
import { BACKOFF_BASE_MS, registerSender, workOutboxOnce } from "./outbox.server.ts";
import { exportSubscription } from "./subscription-export.server.ts";
import {
  checkConfirmToken,
  confirmSubscription,
  deleteSubscription,
  pruneAlerts,
  subscribeByEmail,
} from "./subscriptions.server.ts";
import { signLink, verifyLink } from "./subscription-links.server.ts";
import {
  SENT_KEPT_DAYS,
  SubscribeSchema,
  type SubscribeInput,
} from "./subscription-preferences.ts";
import { countRecipients, enqueueEntryAlerts, nextDigest } from "./triggers.server.ts";

const EDITOR: Actor = { id: null, email: "editor@govjobs.test", name: "Editor" };
const SECRET = "test-secret-for-alert-links-0123456789abcdef";
const BASE = "http://govjobs.test";

const input = (over: Partial<SubscribeInput> & { email: string }): SubscribeInput =>
  SubscribeSchema.parse({ ...over });

/** A header as sent (unfolded), not as mailparser interprets it. */
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.replace(/\r?\n[ \t]+/g, " ")
    .replace(/^[^:]+:\s*/, "");

/** The confirmation link's token in a mail's text part. */
const tokenIn = (mail: ParsedMail) =>
  /\/alerts\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1];

describe.each(DIALECTS)("e-mail alerts end to end [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let db: DB;
  let smtp: TestSmtp;
  let email: EmailSender;

  beforeAll(async () => {
    database = await freshDatabase(dialect);
    db = database.db;
    smtp = await startTestSmtp();
    email = createEmailSender(db, { smtpUrl: smtp.url, baseUrl: BASE, secret: SECRET });
    registerSender("email", email.send);
  });
  afterAll(async () => {
    registerSender("email", undefined);
    email?.close();
    await smtp?.close();
    await database?.dispose();
  });
  afterEach(async () => {
    smtp.mails.length = 0;
    await db.deleteFrom("alert_subscriptions").execute();
    await db.deleteFrom("outbox").execute();
    await db.deleteFrom("rate_limits").execute();
  });

  /** Send everything due now; returns the mails that arrived. */
  async function deliver(at?: string) {
    const before = smtp.mails.length;
    while ((await workOutboxOnce(db, { at })).claimed > 0);
    return smtp.mails.slice(before);
  }

  async function subscribeAndConfirm(over: Partial<SubscribeInput> & { email: string }) {
    const { id } = await subscribeByEmail(db, input(over));
    const [mail] = await deliver();
    const token = tokenIn(mail)!;
    expect((await confirmSubscription(db, token)).state).toBe("valid");
    return id;
  }

  const publish = (title: string, extra: Partial<EntryWrite["data"]> = {}, notify?: boolean) =>
    saveEntry(db, { kind: "job", input: job(title, extra), actor: EDITOR, notify });

  it("sends a confirmation mail that confirms only by POST, then an alert for a matching publish and none for a non-matching one or a small edit", async () => {
    const { id, outcome } = await subscribeByEmail(
      db,
      input({ email: "Asha@Example.com", states: ["Bihar"], kinds: ["job"] }),
    );
    expect(outcome).toBe("new");
    const [confirm] = await deliver();
    expect(confirm.to).toMatchObject({ value: [{ address: "asha@example.com" }] });
    expect(confirm.subject).toBe("Confirm your job alerts");
    const token = tokenIn(confirm)!;
    expect(confirm.html).toContain(`/alerts/confirm?token=${token}`);
    // The token is stored only as a hash.
    const stored = await db.selectFrom("alert_subscriptions").selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(token);
    // Looking at the link (a mail scanner's GET) changes nothing.
    expect((await checkConfirmToken(db, token)).state).toBe("valid");
    expect((await publish("Bihar Police Constable", { state: "Bihar" })).ok).toBe(true);
    expect(await deliver()).toEqual([]);

    expect((await confirmSubscription(db, token)).state).toBe("valid");
    expect((await confirmSubscription(db, token)).state).toBe("invalid");

    const saved = await publish("Bihar Teacher Recruitment", { state: "Bihar" });
    await publish("Kerala Clerk Recruitment", { state: "Kerala" });
    const alerts = await deliver();
    expect(alerts.map((m) => m.subject)).toEqual(["New: Bihar Teacher Recruitment"]);
    const [alert] = alerts;
    expect(alert.text).toContain(`${BASE}/jobs/`);
    expect(alert.html).toContain("Bihar Teacher Recruitment");
    const unsubscribe = `${BASE}/alerts/unsubscribe/one-click?token=${encodeURIComponent(signLink(SECRET, "unsubscribe", id))}`;
    expect(header(alert, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(header(alert, "list-unsubscribe")).toBe(
      `<${unsubscribe}>, <mailto:alerts@govjobs.test?subject=unsubscribe>`,
    );
    expect(alert.text).toContain("Unsubscribe: http://govjobs.test/alerts/unsubscribe?token=");

    // A small edit says nothing; a key change does, once.
    if (!saved.ok) throw new Error("not saved");
    const edit = (extra: Partial<EntryWrite["data"]>) =>
      saveEntry(db, {
        kind: "job",
        id: saved.entry.id,
        input: job("Bihar Teacher Recruitment", { state: "Bihar", ...extra }),
        actor: EDITOR,
      });
    await edit({ summary: "Reworded summary." });
    expect(await deliver()).toEqual([]);
    await edit({ summary: "Reworded summary.", lastDate: "2030-02-28" });
    const changed = await deliver();
    expect(changed.map((m) => m.subject)).toEqual([
      "Last date extended: Bihar Teacher Recruitment",
    ]);
    expect(changed[0].text).toContain("Last date extended from");
  });

  it("writes a Hindi subscriber's change alert in Hindi from the change itself: subject, body, organization", async () => {
    // Issue 29: the mail used to lead with the English headline ("Last date extended: …").
    await subscribeAndConfirm({ email: "hindi@example.com", states: ["Goa"], language: "hi" });
    const saved = await publish("Goa Teacher Recruitment", {
      state: "Goa",
      hi_title: "गोवा शिक्षक भर्ती",
      hi_summary: "गोवा में शिक्षकों की भर्ती।",
    });
    if (!saved.ok) throw new Error("not saved");
    const org = await db
      .selectFrom("organizations")
      .select("id")
      .where("name", "=", "Central Staff Selection Agency")
      .executeTakeFirstOrThrow();
    await db
      .updateTable("organizations")
      .set({ hi_name: "केंद्रीय कर्मचारी चयन एजेंसी" })
      .where("id", "=", org.id)
      .execute();
    expect((await deliver()).map((m) => m.subject)).toEqual(["नया: गोवा शिक्षक भर्ती"]);
    const extended = await saveEntry(db, {
      kind: "job",
      id: saved.entry.id,
      input: job("Goa Teacher Recruitment", {
        state: "Goa",
        hi_title: "गोवा शिक्षक भर्ती",
        hi_summary: "गोवा में शिक्षकों की भर्ती।",
        lastDate: "2030-02-28",
      }),
      actor: EDITOR,
    });
    expect(extended.ok).toBe(true);
    const [mail] = await deliver();
    expect(mail.subject).toBe("आवेदन की अंतिम तिथि बढ़ी: गोवा शिक्षक भर्ती");
    expect(mail.text).toContain("गोवा शिक्षक भर्ती (केंद्रीय कर्मचारी चयन एजेंसी)");
    expect(mail.text).toContain("आवेदन की अंतिम तिथि 31 जनवरी 2030 से बढ़ाकर 28 फ़रवरी 2030 कर दी गई");
    expect(mail.text).not.toMatch(/extended|Central Staff/);
  });

  it("enqueues the same change once however often it is triggered (idempotency key)", async () => {
    const id = await subscribeAndConfirm({ email: "twice@example.com", states: ["Goa"] });
    const saved = await publish("Goa Forest Guard", { state: "Goa" }, false);
    if (!saved.ok) throw new Error("not saved");
    const change = [
      {
        headline: "Result link added",
        detail: "Result link added",
        field: "resultUrl",
        code: "added",
      },
    ] as const;
    const first = await db
      .transaction()
      .execute((trx) => enqueueEntryAlerts(trx, saved.entry.id, change));
    const again = await db
      .transaction()
      .execute((trx) => enqueueEntryAlerts(trx, saved.entry.id, change));
    expect([first, again]).toEqual([1, 0]);
    expect(await deliver()).toHaveLength(1);
    await deleteSubscription(db, id);
  });

  it("saves without alerting when the editor turns notification off", async () => {
    const id = await subscribeAndConfirm({ email: "quiet@example.com", states: ["Assam"] });
    expect(
      await countRecipients(db, {
        kind: "job",
        organization: "X",
        state: "Assam",
        qualification: "Graduate",
      }),
    ).toBe(1);
    await publish("Assam Rifles Quiet", { state: "Assam" }, false);
    expect(await deliver()).toEqual([]);
    await deleteSubscription(db, id);
  });

  it("matches on kind, state (all-India reaches everyone), qualification and organization", async () => {
    const bihar12 = await subscribeAndConfirm({
      email: "bihar12@example.com",
      states: ["Bihar"],
      qualifications: ["12th Pass"],
    });
    const org = await subscribeAndConfirm({
      email: "org@example.com",
      organizations: ["Central Staff Selection Agency"],
      kinds: ["result"],
    });
    const facets = (over: object) => ({
      kind: "job" as const,
      organization: "Central Staff Selection Agency",
      state: "Bihar",
      qualification: "12th Pass",
      ...over,
    });
    expect(await countRecipients(db, facets({}))).toBe(1);
    expect(await countRecipients(db, facets({ state: "All India" }))).toBe(1);
    expect(await countRecipients(db, facets({ state: "Kerala" }))).toBe(0);
    expect(await countRecipients(db, facets({ qualification: "Any" }))).toBe(1);
    expect(await countRecipients(db, facets({ qualification: "Graduate" }))).toBe(0);
    // A result with no state reaches those who chose no state: here the organization's subscriber.
    expect(
      await countRecipients(db, facets({ kind: "result", state: null, qualification: null })),
    ).toBe(1);
    expect(
      await countRecipients(
        db,
        facets({ kind: "result", state: "Kerala", organization: "Other Board" }),
      ),
    ).toBe(0);
    // An organization whose name contains another's is not it.
    expect(
      await countRecipients(
        db,
        facets({ kind: "result", state: "Kerala", organization: "Central Staff Selection" }),
      ),
    ).toBe(0);
    await deleteSubscription(db, bihar12);
    await deleteSubscription(db, org);
  });

  it("retries after an SMTP 4xx with backoff, and dead-letters a 5xx", async () => {
    const id = await subscribeAndConfirm({ email: "busy@example.com", states: ["Punjab"] });
    smtp.refuse("busy@example.com", 450);
    await publish("Punjab Patwari", { state: "Punjab" });
    expect(await deliver()).toEqual([]);
    const failed = await db
      .selectFrom("outbox")
      .selectAll()
      .where("subscription_id", "=", id)
      .where("key", "like", "alert:%")
      .executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "failed", attempts: 1 });
    expect(failed.last_error).toContain("450");
    // Backoff: the retry waits at least half the base delay.
    expect(Date.parse(failed.next_attempt_at) - Date.parse(failed.created_at)).toBeGreaterThan(
      BACKOFF_BASE_MS / 2,
    );
    smtp.refuse("busy@example.com", undefined);
    const retried = await deliver(failed.next_attempt_at);
    expect(retried.map((m) => m.subject)).toEqual(["New: Punjab Patwari"]);

    smtp.refuse("busy@example.com", 550);
    await publish("Punjab Naib Tehsildar", { state: "Punjab" });
    expect(await deliver()).toEqual([]);
    const dead = await db
      .selectFrom("outbox")
      .select(["status", "last_error"])
      .where("subscription_id", "=", id)
      .where("status", "=", "dead")
      .execute();
    expect(dead).toHaveLength(1);
    expect(dead[0].last_error).toContain("550");
    smtp.refuse("busy@example.com", undefined);
    await deleteSubscription(db, id);
  });

  it("gathers a daily subscriber's matches into one digest at the chosen hour (India time)", async () => {
    const id = await subscribeAndConfirm({
      email: "daily@example.com",
      states: ["Odisha"],
      cadence: "daily",
      digestHour: 7,
      language: "hi",
    });
    await publish("Odisha Police SI", { state: "Odisha" });
    await publish("Odisha Junior Clerk", { state: "Odisha" });
    expect(await deliver()).toEqual([]);
    const digest = await db
      .selectFrom("outbox")
      .selectAll()
      .where("subscription_id", "=", id)
      .where("key", "like", "digest:%")
      .execute();
    expect(digest).toHaveLength(1);
    const { sendAt, day } = nextDigest(7, new Date().toISOString());
    expect(digest[0]).toMatchObject({ next_attempt_at: sendAt, key: `digest:${id}:${day}` });
    const [mail] = await deliver(sendAt);
    expect(mail.subject).toContain("2 नए अलर्ट");
    expect(mail.text).toContain("Odisha Police SI");
    expect(mail.text).toContain("Odisha Junior Clerk");
    expect(mail.text).toContain(`${BASE}/hi/jobs/`);
    expect(mail.text).toContain("सदस्यता छोड़ें");
    expect(
      await db
        .selectFrom("alert_digest_items")
        .selectAll()
        .where("subscription_id", "=", id)
        .execute(),
    ).toEqual([]);
    await deleteSubscription(db, id);
  });

  it("alerts when the scheduler publishes", async () => {
    const id = await subscribeAndConfirm({ email: "sched@example.com", states: ["Sikkim"] });
    const at = new Date(Date.now() + 60_000).toISOString();
    await saveEntry(db, {
      kind: "job",
      input: { ...job("Sikkim Scheduled Job", { state: "Sikkim" }, "scheduled"), publishAt: at },
      actor: EDITOR,
    });
    expect(await deliver()).toEqual([]);
    expect(await publishDue(db, at)).toBe(1);
    expect((await deliver(at)).map((m) => m.subject)).toEqual(["New: Sikkim Scheduled Job"]);
    await deleteSubscription(db, id);
  });

  it("refuses a forged, an expired or a reused confirmation token and changes nothing", async () => {
    await subscribeByEmail(db, input({ email: "late@example.com" }));
    const [mail] = await deliver();
    const token = tokenIn(mail)!;
    const later = new Date(Date.now() + 8 * 86_400_000).toISOString();
    expect(await confirmSubscription(db, token, later)).toEqual({ state: "expired" });
    expect(
      await confirmSubscription(db, token.slice(0, -1) + (token.endsWith("A") ? "B" : "A")),
    ).toEqual({
      state: "invalid",
    });
    expect(await confirmSubscription(db, "not-a-token")).toEqual({ state: "invalid" });
    const row = await db
      .selectFrom("alert_subscriptions")
      .select(["status", "confirmed_at"])
      .where("email", "=", "late@example.com")
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "pending", confirmed_at: null });
  });

  it("signs links: a forged or re-purposed token names nobody", () => {
    const token = signLink(SECRET, "manage", "abc");
    expect(verifyLink(SECRET, "manage", token)).toBe("abc");
    expect(verifyLink(SECRET, "unsubscribe", token)).toBeUndefined();
    expect(verifyLink("another-secret-another-secret-0000", "manage", token)).toBeUndefined();
    expect(verifyLink(SECRET, "manage", "xyz" + token.slice(3))).toBeUndefined();
    expect(verifyLink(SECRET, "manage", "abc.")).toBeUndefined();
  });

  it("sends an already confirmed address its manage link instead of changing its topics", async () => {
    const id = await subscribeAndConfirm({ email: "kept@example.com", states: ["Goa"] });
    // An hour after the confirmation mail (the same address gets one mail an hour at most).
    const again = await subscribeByEmail(
      db,
      input({ email: "kept@example.com", states: ["Delhi"] }),
      new Date(Date.now() + 61 * 60_000).toISOString(),
    );
    expect(again).toEqual({ id, outcome: "already-active", mailed: true });
    const [mail] = await deliver(new Date(Date.now() + 62 * 60_000).toISOString());
    expect(mail.subject).toBe("Your job alerts");
    expect(mail.text).toContain(
      `/alerts/manage?token=${encodeURIComponent(signLink(SECRET, "manage", id))}`,
    );
    const exported = await exportSubscription(db, id);
    expect(exported?.subscription.topics.states).toEqual(["Goa"]);
    expect(exported?.messages.length).toBeGreaterThan(0);
    expect(JSON.stringify(exported)).not.toContain("confirm_token");
    // Deleting removes the subscription and every row kept for it.
    expect(await deleteSubscription(db, id)).toBe(true);
    expect(await exportSubscription(db, id)).toBeUndefined();
    expect(
      await db.selectFrom("outbox").select("id").where("subscription_id", "=", id).execute(),
    ).toEqual([]);
  });

  it("forgets unconfirmed subscriptions once their link expired, and sent messages after SENT_KEPT_DAYS", async () => {
    const kept = await subscribeAndConfirm({ email: "kept-active@example.com" });
    await subscribeByEmail(db, input({ email: "never-confirmed@example.com" }));
    await deliver();
    expect(await pruneAlerts(db)).toEqual({ pending: 0, sent: 0 });
    const later = new Date(Date.now() + (SENT_KEPT_DAYS + 1) * 86_400_000).toISOString();
    // The unconfirmed one's confirmation mail went with it; the confirmed one's is old enough.
    expect(await pruneAlerts(db, later)).toEqual({ pending: 1, sent: 1 });
    const left = await db.selectFrom("alert_subscriptions").select("id").execute();
    expect(left).toEqual([{ id: kept }]);
  });

  it("stores nothing for a bad address", () => {
    const bad = SubscribeSchema.safeParse({ email: "not an address", states: ["Narnia"] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0]).sort()).toEqual(["email", "states"]);
  });

  // ---- Issue 25: mail bombing through /alerts ----

  const later = (base: string, minutes: number) =>
    new Date(Date.parse(base) + minutes * 60_000).toISOString();
  const mailsTo = (mails: ParsedMail[], address: string) =>
    mails.filter((m) => !Array.isArray(m.to) && m.to?.value[0]?.address === address);

  it("30 subscriptions for one address at once, from 5 client addresses, deliver one mail", async () => {
    const rule = { limit: 5, windowMs: 10 * 60_000 };
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, async (_, i) => {
        // As the /alerts action does: the client address's limit first, then the subscription.
        const client = await consumeRateLimit(db, `alerts:198.51.100.${i % 5}`, rule);
        if (!client.allowed) return "limited";
        await subscribeByEmail(db, input({ email: "victim@example.com", states: ["Goa"] }));
        return "answered";
      }),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect(results.filter((r) => r.status === "fulfilled" && r.value === "answered")).toHaveLength(
      25,
    );
    const mails = await deliver();
    expect(mailsTo(mails, "victim@example.com")).toHaveLength(1);
  });

  it("a repeat within the hour sends nothing and never voids the link; after it, the same link once", async () => {
    const t0 = new Date().toISOString();
    await subscribeByEmail(db, input({ email: "repeat@example.com" }), t0);
    const [first] = await deliver(later(t0, 0.5));
    const token = tokenIn(first)!;
    expect(token).toBeTruthy();
    for (const minutes of [1, 10, 59]) {
      await subscribeByEmail(db, input({ email: "repeat@example.com" }), later(t0, minutes));
      expect(await deliver(later(t0, minutes + 0.5))).toEqual([]);
    }
    await subscribeByEmail(db, input({ email: "repeat@example.com" }), later(t0, 61));
    const again = await deliver(later(t0, 61.5));
    expect(again.map(tokenIn)).toEqual([token]);
    expect((await confirmSubscription(db, token, later(t0, 62))).state).toBe("valid");
  });

  it("caps the mails to one recipient a day, whatever the spelling of the address, pending or confirmed", async () => {
    const t0 = new Date().toISOString();
    // A request every 61 minutes, each allowed by the hourly rule.
    const spellings = [
      "cap.victim@gmail.com",
      "capvictim+1@gmail.com",
      "CAP.VICTIM+news@googlemail.com",
      "capvictim@gmail.com",
      "c.a.p.victim+x@gmail.com",
    ];
    let sent: ParsedMail[] = [];
    for (const [n, email] of spellings.entries()) {
      const at = later(t0, n * 61);
      await subscribeByEmail(db, input({ email }), at);
      sent = sent.concat(await deliver(later(at, 0.5)));
    }
    expect(sent).toHaveLength(3);
    // A confirmed address asking again (its manage link) counts against the same cap.
    const id = await subscribeAndConfirm({ email: "confirmed-cap@example.com" });
    let manage: ParsedMail[] = [];
    for (let n = 0; n < 5; n++) {
      const at = later(t0, n * 61);
      expect(
        (await subscribeByEmail(db, input({ email: "confirmed-cap@example.com" }), at)).id,
      ).toBe(id);
      manage = manage.concat(await deliver(later(at, 0.5)));
    }
    expect(manage).toHaveLength(2);
    // The next day, one more.
    await subscribeByEmail(db, input({ email: "capvictim@gmail.com" }), later(t0, 25 * 60));
    expect(await deliver(later(t0, 25 * 60 + 0.5))).toHaveLength(1);
  });
});
