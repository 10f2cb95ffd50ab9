import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIALECTS, describeEachDatabase, freshDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import { savedEntry, savedSitePage, TEST_ACTOR } from "../../test/writes.ts";
import { minimalPdf, pdfOfSize } from "../../test/minimal-pdf.ts";
import { startChild } from "../../test/child-process.ts";
import type { DB } from "../platform/db/db.server.ts";
import { storeFile, uploadUsage } from "./files.service.server.ts";
import { findFile } from "./files.repository.server.ts";
import { saveContentSettings } from "../settings/settings.service.server.ts";
import { sweep } from "../entries/sweep.server.ts";
import {
  deleteEntries,
  restoreEntries,
  saveEntry,
  setStatuses,
  trashEntries,
} from "../entries/entries.service.server.ts";

/**
 * Issue 25, "unbounded uploads": an author could POST any number of 10 MB files, public at once
 * and never deleted (49 uploads grew the database from 2.3 to 307 MB in 30 s). Each person now
 * has a daily quota and the site a storage cap, both reserved atomically before a file is kept;
 * an upload is public only once a published entry (or a site page) links to it; files nothing
 * links to go after a grace period.
 */

const KB = 1024;
const MB = 1024 * KB;
const AUTHOR = { id: "u-author", email: "author@govjobs.test" };
const EDITOR = { id: "u-editor", email: "editor@govjobs.test" };
const ACTOR = { id: "u-editor", email: "editor@govjobs.test", name: "Editor" };
const DAY = 24 * 60 * 60 * 1000;

async function counts(db: DB) {
  const files = await db
    .selectFrom("files")
    .select((eb) => [eb.fn.countAll().as("n"), eb.fn.sum("size").as("bytes")])
    .executeTakeFirstOrThrow();
  const audit = await db
    .selectFrom("audit_log")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("action", "=", "file.upload")
    .executeTakeFirstOrThrow();
  return { files: Number(files.n), bytes: Number(files.bytes ?? 0), audit: Number(audit.n) };
}

const limits = (perUserFiles: number, perUserMb: number, storageMb: number) => ({
  uploads: { perUserFiles, perUserMb, storageMb },
});

describeEachDatabase("upload quota and storage cap", (getDb) => {
  it("refuses the 50th upload of a day with a clear message, and stores nothing", async () => {
    await saveContentSettings(getDb(), limits(49, 1000, 100_000), TEST_ACTOR);
    for (let i = 1; i <= 49; i++) {
      const r = await storeFile(getDb(), {
        bytes: minimalPdf(`count ${i}`),
        name: `n${i}.pdf`,
        by: AUTHOR,
      });
      expect(r.ok, `upload ${i}`).toBe(true);
    }
    const before = await counts(getDb());
    const refused = await storeFile(getDb(), {
      bytes: minimalPdf("count 50"),
      name: "n50.pdf",
      by: AUTHOR,
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: "quota",
      message:
        "You have already uploaded 49 files today, the daily limit for each person, so this file was not stored. Try again tomorrow, or ask an admin to raise the limit.",
    });
    expect(await counts(getDb())).toEqual(before);
    expect(await uploadUsage(getDb(), AUTHOR.id)).toMatchObject({ today: { files: 49 } });

    // The same bytes as a file already kept store nothing new: answered, not counted.
    const again = await storeFile(getDb(), { bytes: minimalPdf("count 1"), name: "a", by: AUTHOR });
    expect(again.ok && again.created).toBe(false);
    // Someone else's quota is their own; and tomorrow is another day.
    expect((await storeFile(getDb(), { bytes: minimalPdf("ed"), name: "e", by: EDITOR })).ok).toBe(
      true,
    );
    const tomorrow = new Date(Date.now() + DAY);
    const next = await storeFile(
      getDb(),
      { bytes: minimalPdf("count 50"), name: "n50.pdf", by: AUTHOR },
      { at: tomorrow },
    );
    expect(next.ok).toBe(true);
  });

  it("refuses the file that would take a person's day past its megabytes", async () => {
    await saveContentSettings(getDb(), limits(100, 1, 100_000), TEST_ACTOR);
    const by = { id: "u-bytes", email: "bytes@govjobs.test" };
    for (const n of [1, 2])
      expect(
        (await storeFile(getDb(), { bytes: pdfOfSize(400 * KB, `b${n}`), name: "b", by })).ok,
      ).toBe(true);
    const before = await counts(getDb());
    const refused = await storeFile(getDb(), { bytes: pdfOfSize(400 * KB, "b3"), name: "b", by });
    expect(refused).toMatchObject({
      ok: false,
      reason: "quota",
      message:
        "This file (0.4 MB) would take your uploads today past 1 MB, the daily limit for each person (0.2 MB left), so it was not stored. Try again tomorrow, or ask an admin to raise the limit.",
    });
    expect(await counts(getDb())).toEqual(before);
    // A smaller file that fits still goes in.
    expect((await storeFile(getDb(), { bytes: pdfOfSize(200 * KB, "b4"), name: "b", by })).ok).toBe(
      true,
    );
  });

  it("refuses the file that would take the site past its storage cap, whoever sends it", async () => {
    const stored = (await counts(getDb())).bytes;
    // Room for five more 400 KB files, not six.
    const capMb = Math.ceil((stored + 2000 * KB) / MB);
    const room = capMb * MB - stored;
    await saveContentSettings(getDb(), limits(100, 1000, capMb), TEST_ACTOR);
    const people = [1, 2, 3].map((n) => ({ id: `u-cap-${n}`, email: `cap${n}@govjobs.test` }));
    const size = Math.floor(room / 5.5);
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push(
        await storeFile(getDb(), {
          bytes: pdfOfSize(size, `cap ${i}`),
          name: "c",
          by: people[i % 3],
        }),
      );
    expect(results.map((r) => r.ok)).toEqual([true, true, true, true, true, false]);
    expect(results[5]).toMatchObject({ ok: false, reason: "storage" });
    expect(!results[5].ok && results[5].message).toMatch(
      /^The site's space for uploaded files is nearly full \([\d.]+ of \d+ MB used; this file is [\d.]+ MB\), so it was not stored\. Ask an admin to raise the limit \(files no entry uses are removed after 7 days\)\.$/,
    );
    const after = await counts(getDb());
    expect(after.bytes).toBeLessThanOrEqual(capMb * MB);
    expect(await uploadUsage(getDb(), people[0].id)).toMatchObject({
      stored: { files: after.files, bytes: after.bytes },
    });
  });
});

/**
 * 50 uploads at once from five processes (ten each), as a cluster's workers or several instances
 * on one PostgreSQL would store them. The quota is reserved in the statement that checks it, so
 * no two uploads can both take the last place.
 */
describe.each(DIALECTS)("50 uploads at once from five processes [%s]", (dialect) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(dialect);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  /** The 50 uploads (`upload(i)` describes the i-th) split over five processes; their reasons. */
  async function burst(upload: (i: number) => { marker: string; size: number; userId: string }) {
    const uploads = Array.from({ length: 50 }, (_, i) => upload(i));
    const children = [0, 1, 2, 3, 4].map(() => startChild("test/upload-burst.ts", [database.url]));
    await Promise.all(children.map((c) => c.ready));
    children.forEach((c, n) => c.go(JSON.stringify(uploads.filter((_, i) => i % 5 === n))));
    const done = await Promise.all(children.map((c) => c.done));
    for (const d of done) expect(d.code, d.output).toBe(0);
    return done.flatMap((d) => JSON.parse(d.last) as string[]);
  }

  it("never stores more files than one author's daily count", async () => {
    await saveContentSettings(database.db, limits(20, 1000, 100_000), TEST_ACTOR);
    const reasons = await burst((i) => ({ marker: `burst ${i}`, size: 2 * KB, userId: "u-burst" }));
    expect(reasons.filter((r) => r === "ok")).toHaveLength(20);
    expect(reasons.filter((r) => r === "quota")).toHaveLength(30);
    const stored = await counts(database.db);
    expect(stored.files).toBe(20);
    expect(await uploadUsage(database.db, "u-burst")).toMatchObject({
      today: { files: 20, bytes: 20 * 2 * KB },
      stored: { files: 20, bytes: stored.bytes },
    });
  }, 60_000);

  it("never stores more bytes than a day's megabytes, nor the site more than its cap", async () => {
    // 1 MB a person (two 400 KB files); five people; room for about five more files in all.
    const before = await counts(database.db);
    const capMb = Math.ceil(before.bytes / MB) + 2;
    await saveContentSettings(database.db, limits(1000, 1, capMb), TEST_ACTOR);
    const reasons = await burst((i) => ({
      marker: `bytes ${i}`,
      size: 400 * KB,
      userId: `u-b${i % 5}`,
    }));
    const after = await counts(database.db);
    expect(after.bytes).toBeLessThanOrEqual(capMb * MB);
    expect(reasons.filter((r) => r === "ok")).toHaveLength(after.files - before.files);
    expect(reasons.filter((r) => r === "storage").length).toBeGreaterThan(0);
    for (let n = 0; n < 5; n++) {
      const usage = await uploadUsage(database.db, `u-b${n}`);
      expect(usage.today.bytes).toBeLessThanOrEqual(MB);
      expect(usage.stored).toEqual({ files: after.files, bytes: after.bytes });
    }
    for (const r of reasons) expect(["ok", "quota", "storage"]).toContain(r);
  }, 60_000);
});

describeEachDatabase("who may fetch an upload", (getDb) => {
  const url = (sha: string) => `/files/${sha}.pdf`;
  const publicOf = async (sha: string) => (await findFile(getDb(), sha))?.public;

  it("is public only while a published entry or a site page links to it", async () => {
    const r = await storeFile(getDb(), { bytes: minimalPdf("seen"), name: "s.pdf", by: AUTHOR });
    if (!r.ok) throw new Error(r.message);
    const sha = r.file.sha256;
    expect(await publicOf(sha)).toBe(false);

    // An author's draft links to it: still staff-only.
    const draft = await savedEntry(
      getDb(),
      "job",
      job("Seen Clerk", { notificationUrl: url(sha) }, "draft"),
      TEST_ACTOR,
    );
    expect(await publicOf(sha)).toBe(false);
    // Published: public.
    await setStatuses(getDb(), "job", [draft.id], "published", ACTOR);
    expect(await publicOf(sha)).toBe(true);
    // In the trash: not public; back: public again.
    await trashEntries(getDb(), "job", [draft.id], ACTOR);
    expect(await publicOf(sha)).toBe(false);
    await restoreEntries(getDb(), [draft.id], ACTOR);
    expect(await publicOf(sha)).toBe(true);
    // The link replaced by another address: no longer public.
    await saveEntry(getDb(), {
      kind: "job",
      id: draft.id,
      input: job("Seen Clerk", { notificationUrl: "https://ssc.gov.in/n.pdf" }),
      actor: ACTOR,
    });
    expect(await publicOf(sha)).toBe(false);
    // Deleted for good: its links go with it.
    await trashEntries(getDb(), "job", [draft.id], ACTOR);
    await deleteEntries(getDb(), [draft.id], ACTOR);
    const refs = await getDb()
      .selectFrom("file_references")
      .selectAll()
      .where("subject_id", "=", draft.id)
      .execute();
    expect(refs).toEqual([]);

    // A site page (always public) that links to it, in its Hindi body.
    await savedSitePage(
      getDb(),
      {
        slug: "about",
        title: "About",
        description: "",
        body: "<p>About</p>",
        hindi: { title: "परिचय", description: "", body: `<p><a href="${url(sha)}">PDF</a></p>` },
      },
      TEST_ACTOR,
    );
    expect(await publicOf(sha)).toBe(true);
  });

  it("finds nothing for an unknown hash", async () => {
    expect(await findFile(getDb(), "0".repeat(64))).toBeUndefined();
    expect(await findFile(getDb(), "../../etc/passwd")).toBeUndefined();
  });
});

describeEachDatabase("the sweep removes files nothing links to", (getDb) => {
  it("after the grace period, and keeps the linked ones", async () => {
    const t0 = Date.now();
    const store = async (marker: string) => {
      const r = await storeFile(
        getDb(),
        { bytes: minimalPdf(marker), name: `${marker}.pdf`, by: AUTHOR },
        { at: new Date(t0) },
      );
      if (!r.ok) throw new Error(r.message);
      return r.file;
    };
    const orphan = await store("orphan");
    const linked = await store("linked");
    const dropped = await store("dropped");
    await savedEntry(
      getDb(),
      "job",
      job("Linked", { notificationUrl: linked.url }, "draft"),
      TEST_ACTOR,
    );
    const holder = await savedEntry(
      getDb(),
      "job",
      job("Holder", { notificationUrl: dropped.url }),
      TEST_ACTOR,
    );
    const exists = async (sha: string) => (await findFile(getDb(), sha)) !== undefined;

    // Six days on: within the grace period, everything stays.
    await sweep(getDb(), new Date(t0 + 6 * DAY));
    expect([await exists(orphan.sha256), await exists(linked.sha256)]).toEqual([true, true]);

    // Eight days on, the entry stops linking to `dropped`: its grace starts now.
    await saveEntry(getDb(), {
      kind: "job",
      id: holder.id,
      input: job("Holder", { notificationUrl: "https://ssc.gov.in/n.pdf" }),
      actor: ACTOR,
    });
    const before = await uploadUsage(getDb(), AUTHOR.id);
    await sweep(getDb(), new Date(t0 + 8 * DAY));
    expect(await exists(orphan.sha256)).toBe(false);
    expect(await exists(linked.sha256)).toBe(true);
    expect(await exists(dropped.sha256)).toBe(true);
    // The space it took is free again.
    expect((await uploadUsage(getDb(), AUTHOR.id)).stored).toEqual({
      files: before.stored.files - 1,
      bytes: before.stored.bytes - orphan.size,
    });

    await sweep(getDb(), new Date(t0 + 14 * DAY));
    expect(await exists(dropped.sha256)).toBe(true);
    await sweep(getDb(), new Date(t0 + 16 * DAY));
    expect(await exists(dropped.sha256)).toBe(false);
    expect(await exists(linked.sha256)).toBe(true);
  });
});
