import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  adminListEntries,
  countByKindAndStatus,
  getAdminEntry,
  kindFromUrl,
  likePattern,
  listJobChoices,
  listTrash,
} from "./admin.repository.server.ts";
import { findPublishedBySlug, listPublished } from "./public.repository.server.ts";
import { getEntryById } from "./entry-row.server.ts";
import type { EntryWrite } from "./entries.repository.server.ts";
import { listRevisions } from "../writes/revisions.repository.server.ts";
import {
  deleteEntries,
  restoreEntries,
  setStatuses,
  trashEntries,
} from "./entries.service.server.ts";
import { changedEntry, savedEntry, TEST_ACTOR } from "../../test/writes.ts";

function job(
  title: string,
  status: EntryWrite["status"] = "published",
  organization = "Central Staff Selection Agency",
  lastDate = "2030-01-31",
): EntryWrite {
  return {
    title,
    organization,
    status,
    data: {
      summary: `Summary of ${title}`,
      employmentType: "FULL_TIME",
      state: "Delhi",
      lastDate,
      qualification: "Graduate",
    },
  };
}

function result(title: string, jobId?: string): EntryWrite {
  return {
    title,
    organization: "Central Staff Selection Agency",
    status: "published",
    jobId,
    data: { summary: `Summary of ${title}`, resultDate: "2026-01-10" },
  };
}

it("finds the kind from the admin URL and answers 404 for an unknown one", () => {
  // A client-side request's raw URL ends in .data; loaders pass the normalized one.
  expect(() => kindFromUrl(new URL("http://x/admin/manage-jobs.data"))).toThrow();
  expect(kindFromUrl(new URL("http://x/admin/manage-results/edit/1")).kind).toBe("result");
  expect(kindFromUrl(new URL("http://x/admin/manage-jobs")).kind).toBe("job");
  let thrown: unknown;
  try {
    kindFromUrl(new URL("http://x/admin/manage-nothing"));
  } catch (err) {
    thrown = err;
  }
  expect((thrown as { init?: { status?: number } }).init?.status).toBe(404);
});

it("escapes LIKE wildcards typed by the editor", () => {
  expect(likePattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
});

describeEachDatabase("admin entries repository", (db) => {
  it("searches title and organization in any case, with % and _ taken literally", async () => {
    await savedEntry(db(), "job", job("Searchable ALPHA Clerk"), TEST_ACTOR);
    await savedEntry(db(), "job", job("Other post", "draft", "Alpha Board of Mines"), TEST_ACTOR);
    await savedEntry(db(), "job", job("Discount 50% off_peak"), TEST_ACTOR);
    await savedEntry(db(), "job", job("Discount 500 offXpeak"), TEST_ACTOR);
    await savedEntry(db(), "result", result("Alpha Result"), TEST_ACTOR);

    const alpha = await adminListEntries(db(), "job", { q: "alpha" });
    expect(alpha.items.map((e) => e.title).sort()).toEqual([
      "Other post",
      "Searchable ALPHA Clerk",
    ]);

    const literal = await adminListEntries(db(), "job", { q: "50% off_" });
    expect(literal.items.map((e) => e.title)).toEqual(["Discount 50% off_peak"]);

    const drafts = await adminListEntries(db(), "job", { q: "alpha", status: "draft" });
    expect(drafts.items.map((e) => e.title)).toEqual(["Other post"]);
  });

  it("sorts by title, last date and newest change, and pages 25 at a time", async () => {
    for (let i = 0; i < 27; i++) {
      const day = String((i % 27) + 1).padStart(2, "0");
      // The last one is the newest change: a later millisecond than the one before it (two
      // saves in one millisecond tie, and a tie has no order: seen once in a clean CI run).
      if (i === 26) await new Promise((resolve) => setTimeout(resolve, 5));
      await savedEntry(
        db(),
        "job",
        job(`Paged Post ${String(i).padStart(2, "0")}`, "draft", "Paging Board", `2031-01-${day}`),
        TEST_ACTOR,
      );
    }
    const byTitle = await adminListEntries(db(), "job", { q: "Paged Post", sort: "title" });
    expect(byTitle.total).toBe(27);
    expect(byTitle.pages).toBe(2);
    expect(byTitle.items).toHaveLength(25);
    expect(byTitle.items[0].title).toBe("Paged Post 00");
    const second = await adminListEntries(db(), "job", { q: "Paged Post", sort: "title", page: 2 });
    expect(second.items.map((e) => e.title)).toEqual(["Paged Post 25", "Paged Post 26"]);

    const byLastDate = await adminListEntries(db(), "job", { q: "paged", sort: "last-date" });
    expect(byLastDate.items[0].lastDate).toBe("2031-01-01");

    const newest = await adminListEntries(db(), "job", { q: "paged" });
    expect(newest.items[0].title).toBe("Paged Post 26");

    // A page past the end shows the last page rather than nothing.
    expect((await adminListEntries(db(), "job", { q: "paged", page: 99 })).page).toBe(2);
  });

  it("publishes several drafts at once, dating each and writing a revision", async () => {
    const a = await savedEntry(db(), "job", job("Bulk A", "draft"), TEST_ACTOR);
    const b = await savedEntry(db(), "job", job("Bulk B", "draft"), TEST_ACTOR);
    const other = await savedEntry(db(), "result", result("Bulk result"), TEST_ACTOR);
    expect(a.publishedAt).toBeNull();

    const changed = await setStatuses(db(), "job", [a.id, b.id, other.id], "published", TEST_ACTOR);
    // The result is of another kind: the job list cannot touch it.
    expect(changed.map((e) => e.title).sort()).toEqual(["Bulk A", "Bulk B"]);
    const after = await getEntryById(db(), a.id);
    expect(after?.status).toBe("published");
    expect(after?.publishedAt).not.toBeNull();
    expect(await listRevisions(db(), "entry", a.id)).toHaveLength(2);

    // Archiving keeps the first publication date, so publishing again does not re-date it.
    await setStatuses(db(), "job", [a.id], "archived", TEST_ACTOR);
    const archived = await getEntryById(db(), a.id);
    expect(archived?.status).toBe("archived");
    expect(archived?.publishedAt).toBe(after?.publishedAt);
    const page = await listPublished(db(), "job", { perPage: 100 });
    expect(page.items.some((e) => e.id === a.id)).toBe(false);

    // Nothing changes for entries already in that status: no new revision.
    expect(await setStatuses(db(), "job", [b.id], "published", TEST_ACTOR)).toEqual([]);
    expect(await listRevisions(db(), "entry", b.id)).toHaveLength(2);
  });

  it("publishing a scheduled entry early dates it now, not at its future time", async () => {
    const entry = await savedEntry(
      db(),
      "job",
      { ...job("Scheduled early", "scheduled"), publishAt: "2099-01-01T00:00:00.000Z" },
      TEST_ACTOR,
    );
    await setStatuses(db(), "job", [entry.id], "published", TEST_ACTOR);
    const after = await getEntryById(db(), entry.id);
    expect(after!.publishedAt! < "2099-01-01").toBe(true);
  });

  it("moves entries to the trash and back: off every list meanwhile, nothing lost", async () => {
    const entry = await savedEntry(db(), "job", job("Trash Me Clerk"), TEST_ACTOR);
    expect(await trashEntries(db(), "result", [entry.id], TEST_ACTOR)).toEqual([]);
    const trashed = await trashEntries(db(), "job", [entry.id], TEST_ACTOR);
    expect(trashed.map((e) => e.id)).toEqual([entry.id]);
    expect(trashed[0].deletedAt).not.toBeNull();

    expect((await adminListEntries(db(), "job", { q: "Trash Me" })).total).toBe(0);
    expect(await findPublishedBySlug(db(), "job", entry.slug)).toEqual({ found: "none" });
    expect((await listTrash(db())).items.map((e) => e.id)).toContain(entry.id);
    expect((await countByKindAndStatus(db())).job.trash).toBeGreaterThan(0);

    const restored = await restoreEntries(db(), [entry.id], TEST_ACTOR);
    expect(restored.map((e) => e.id)).toEqual([entry.id]);
    expect((await findPublishedBySlug(db(), "job", entry.slug)).found).toBe("entry");
    expect((await listTrash(db())).items.map((e) => e.id)).not.toContain(entry.id);
  });

  it("deletes forever only what is in the trash, with its revisions and old addresses", async () => {
    const entry = await savedEntry(db(), "job", job("Delete Forever Clerk"), TEST_ACTOR);
    await changedEntry(
      db(),
      entry.id,
      { ...job("Delete Forever Clerk"), slug: "df-clerk" },
      TEST_ACTOR,
    );
    const linked = await savedEntry(db(), "result", result("Linked result", entry.id), TEST_ACTOR);

    // Not in the trash yet: refused.
    expect(await deleteEntries(db(), [entry.id], TEST_ACTOR)).toEqual([]);
    expect(await getEntryById(db(), entry.id)).toBeDefined();

    await trashEntries(db(), "job", [entry.id], TEST_ACTOR);
    const gone = await deleteEntries(db(), [entry.id], TEST_ACTOR);
    expect(gone.map((e) => e.id)).toEqual([entry.id]);
    expect(await getEntryById(db(), entry.id)).toBeUndefined();
    expect(await listRevisions(db(), "entry", entry.id)).toEqual([]);
    expect(await findPublishedBySlug(db(), "job", "delete-forever-clerk")).toEqual({
      found: "none",
    });
    // The result stays, without its link.
    expect((await getEntryById(db(), linked.id))?.jobId).toBeNull();
  });

  it("counts entries per kind and status, trash apart", async () => {
    const before = await countByKindAndStatus(db());
    const a = await savedEntry(
      db(),
      "syllabus",
      { ...syllabus("Count draft"), status: "draft" },
      TEST_ACTOR,
    );
    await savedEntry(db(), "syllabus", syllabus("Count published"), TEST_ACTOR);
    const c = await savedEntry(db(), "syllabus", syllabus("Count trashed"), TEST_ACTOR);
    await trashEntries(db(), "syllabus", [c.id], TEST_ACTOR);
    const after = await countByKindAndStatus(db());
    expect(after.syllabus.draft - before.syllabus.draft).toBe(1);
    expect(after.syllabus.published - before.syllabus.published).toBe(1);
    expect(after.syllabus.trash - before.syllabus.trash).toBe(1);
    expect(after.job).toEqual(before.job);
    expect(a.status).toBe("draft");
  });

  it("counts and lists one creator's entries alone when asked (an author's view)", async () => {
    const author = { id: `author-${crypto.randomUUID()}`, email: null, name: "Author" };
    const mine = await savedEntry(
      db(),
      "syllabus",
      { ...syllabus("Own creator draft"), status: "draft" },
      author,
    );
    await savedEntry(
      db(),
      "syllabus",
      { ...syllabus("Other creator draft"), status: "draft" },
      TEST_ACTOR,
    );
    const counts = await countByKindAndStatus(db(), { createdBy: author.id });
    expect(counts.syllabus).toMatchObject({ draft: 1, published: 0, trash: 0 });
    expect(counts.job.published).toBe(0);
    const list = await adminListEntries(db(), "syllabus", {
      q: "creator draft",
      createdBy: author.id,
    });
    expect(list.items.map((e) => e.id)).toEqual([mine.id]);
    const all = await adminListEntries(db(), "syllabus", { q: "creator draft" });
    expect(all.items).toHaveLength(2);
  });

  it("offers published and draft jobs by title as link targets, plus the current one", async () => {
    const zed = await savedEntry(db(), "job", job("Zed Choice Job", "draft"), TEST_ACTOR);
    const archived = await savedEntry(
      db(),
      "job",
      job("Archived Choice Job", "archived"),
      TEST_ACTOR,
    );
    await savedEntry(db(), "job", job("Aardvark Choice Job"), TEST_ACTOR);
    const choices = await listJobChoices(db());
    const titles = choices.map((c) => c.title);
    expect(titles).toContain("Zed Choice Job");
    expect(titles).not.toContain("Archived Choice Job");
    expect(titles.indexOf("Aardvark Choice Job")).toBeLessThan(titles.indexOf("Zed Choice Job"));
    const withCurrent = await listJobChoices(db(), archived.id);
    expect(withCurrent.map((c) => c.id)).toContain(archived.id);
    expect(zed.kind).toBe("job");
  });

  it("reads an entry only through its own kind", async () => {
    const entry = await savedEntry(db(), "job", job("Kind Check Job"), TEST_ACTOR);
    expect((await getAdminEntry(db(), "job", entry.id))?.title).toBe("Kind Check Job");
    expect(await getAdminEntry(db(), "result", entry.id)).toBeUndefined();
  });
});

function syllabus(title: string): EntryWrite {
  return {
    title,
    organization: "Central Staff Selection Agency",
    status: "published",
    data: { summary: `Summary of ${title}` },
  };
}
