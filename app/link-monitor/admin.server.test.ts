import { beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { job } from "../../test/entries.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { entryPresentation } from "~/entries/entry-page.presenter.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import {
  addKnownFake,
  addVendorHost,
  entryLinksForEditor,
  linksNotice,
  linksScreen,
  LinksQuery,
  recheckLink,
  removeKnownFake,
  removeVendorHost,
  reviewLink,
} from "./admin.server.ts";
import { KnownFakeInput, VendorHostInput } from "./host-inputs.ts";
import { linksOfEntry, writeCheck, claimDueLinks } from "./links.repository.server.ts";
import { listKnownFakes, listVendorHosts } from "./lists.repository.server.ts";
import { pageTrustDirectory } from "./trust.server.ts";

// Issue 30: what editors and admins change on the Links screens, each with its audit row, and
// what the pages then say.

const actor = { id: null, email: "admin@govjobs.test", name: "Test admin" };

/** Stores a check of each link of an entry as if the monitor had made it. */
async function checked(
  db: DB,
  entryId: string,
  states: Record<string, Partial<Parameters<typeof writeCheck>[3]>>,
) {
  const at = new Date().toISOString();
  const claim = crypto.randomUUID();
  await claimDueLinks(db, {
    at: "2999-01-01T00:00:00.000Z",
    today: todayInIndia(),
    lease: "2999-01-01T00:10:00.000Z",
    claim,
    limit: 100,
    parkUntil: "2999-01-02T00:00:00.000Z",
  });
  for (const link of await linksOfEntry(db, entryId)) {
    const check = states[link.url];
    if (!check) continue;
    await writeCheck(db, link.id, claim, {
      state: "ok",
      status: 200,
      reason: null,
      final_url: link.url,
      chain: "[]",
      content_type: "text/html",
      soft_404: 0,
      checked_at: at,
      last_ok_at: at,
      bad_checks: 0,
      broken_since: null,
      reviewed_at: null,
      reviewed_by: null,
      due_at: "2999-01-02T00:00:00.000Z",
      ...check,
    });
  }
}

const audits = (db: DB, action: string) =>
  db.selectFrom("audit_log").select(["subject", "detail"]).where("action", "=", action).execute();

describeEachDatabase("the back-office of the link monitor", (get) => {
  let db: DB;
  beforeAll(() => {
    db = get();
  });

  it("checks vendor hosts and fakes as typed, and refuses what is not a host", () => {
    expect(
      VendorHostInput.parse({
        organizationId: "",
        pattern: " *.UCANAPPLY.com ",
        note: "",
        source: "s",
      }),
    ).toMatchObject({ pattern: "*.ucanapply.com" });
    expect(
      VendorHostInput.parse({
        organizationId: "",
        pattern: "https://ibpsreg.ibps.in/x",
        note: "",
        source: "s",
      }),
    ).toMatchObject({ pattern: "ibpsreg.ibps.in" });
    for (const pattern of ["", "ibps", "*.", "javascript:alert(1)", "a b.com"])
      expect(
        VendorHostInput.safeParse({ organizationId: "", pattern, note: "", source: "s" }).success,
        pattern,
      ).toBe(false);
    expect(
      VendorHostInput.safeParse({ organizationId: "", pattern: "x.com", note: "", source: " " })
        .success,
    ).toBe(false);
    const fake = { host: "fake.example", reportedOn: "2026-10-02", source: "PIB", note: "" };
    expect(KnownFakeInput.parse(fake)).toMatchObject({ host: "fake.example" });
    expect(KnownFakeInput.safeParse({ ...fake, reportedOn: "2999-01-01" }).success).toBe(false);
    expect(KnownFakeInput.safeParse({ ...fake, reportedOn: "02/10/2026" }).success).toBe(false);
    expect(KnownFakeInput.safeParse({ ...fake, host: "*.fake.example" }).success).toBe(false);
  });

  it("adds and removes vendor hosts and fakes with an audit row each, once", async () => {
    const vendor = VendorHostInput.parse({
      organizationId: "",
      pattern: "apply.vendor.example",
      note: "",
      source: "test",
    });
    expect(await addVendorHost(db, vendor, actor)).toEqual({ ok: true });
    expect(await addVendorHost(db, vendor, actor)).toMatchObject({ ok: false, field: "pattern" });
    expect(
      await addVendorHost(db, { ...vendor, organizationId: "no-such-organization" }, actor),
    ).toMatchObject({ ok: false, field: "organizationId" });
    const fake = KnownFakeInput.parse({
      host: "fake-board.example",
      reportedOn: "2026-10-02",
      source: "PIB Fact Check",
      note: "",
    });
    expect(await addKnownFake(db, fake, actor)).toEqual({ ok: true });
    expect(await addKnownFake(db, fake, actor)).toMatchObject({ ok: false, field: "host" });
    expect(await audits(db, "link.vendor-add")).toEqual([
      { subject: "apply.vendor.example", detail: "every organization" },
    ]);
    expect(await audits(db, "link.fake-add")).toEqual([
      { subject: "fake-board.example", detail: "2026-10-02; PIB Fact Check" },
    ]);
    const added = (await listVendorHosts(db)).find((v) => v.pattern === "apply.vendor.example")!;
    expect(added.createdBy).toBe("Test admin");
    expect(await removeVendorHost(db, added.id, actor)).toBe(true);
    expect(await removeVendorHost(db, added.id, actor)).toBe(false);
    const listed = (await listKnownFakes(db))[0];
    expect(await removeKnownFake(db, listed.id, actor)).toBe(true);
    expect(await removeKnownFake(db, listed.id, actor)).toBe(false);
    expect(await audits(db, "link.vendor-remove")).toHaveLength(1);
    expect(await audits(db, "link.fake-remove")).toHaveLength(1);
  });

  it("labels a vendor host's link official on the page, and tells readers of a broken link where to go instead", async () => {
    const site = "https://www.probe-board.example/";
    // Read before the entry (and its organization) was saved: the organization is read on its own.
    const earlier = await pageTrustDirectory(db);
    const saved = await saveEntry(db, {
      kind: "job",
      input: {
        ...job("Admin Probe Clerk", {
          applyUrl: "https://probe.ucanapply.com/apply",
          notificationUrl: "https://probe-board.example/notice.pdf",
          officialWebsite: site,
        }),
        organization: "Admin Probe Board",
      },
      actor,
    });
    if (!saved.ok) throw new Error("save failed");
    const entry = saved.entry;
    const page = await entryPresentation(db, entry, todayInIndia());
    // *.ucanapply.com is pre-filled for every organization.
    expect(page.trusts["https://probe.ucanapply.com/apply"]).toMatchObject({ official: true });
    expect(page.links).toEqual({});
    // A public page's directory of the generation says the same.
    expect(await entryPresentation(db, entry, todayInIndia(), earlier)).toEqual(page);
    expect(
      await entryPresentation(db, entry, todayInIndia(), await pageTrustDirectory(db)),
    ).toEqual(page);

    await checked(db, entry.id, {
      "https://probe.ucanapply.com/apply": {},
      "https://probe-board.example/notice.pdf": {
        state: "broken",
        status: 404,
        last_ok_at: null,
        bad_checks: 1,
        broken_since: new Date().toISOString(),
      },
      [site]: {},
    });
    const after = await entryPresentation(db, entry, todayInIndia());
    expect(
      await entryPresentation(db, entry, todayInIndia(), await pageTrustDirectory(db)),
    ).toEqual(after);
    expect(after.links["https://probe.ucanapply.com/apply"]).toEqual({
      code: "working",
      on: todayInIndia(),
    });
    expect(after.links["https://probe-board.example/notice.pdf"]).toEqual({
      code: "not-working",
      on: todayInIndia(),
      fallback: site,
    });

    // The notice, the screen and the form.
    const notice = await linksNotice(db);
    expect(notice.newlyBroken.map((l) => l.url)).toContain(
      "https://probe-board.example/notice.pdf",
    );
    const screen = await linksScreen(
      db,
      LinksQuery.parse({ group: "broken", organization: "Admin Probe Board" }),
    );
    expect(screen.links.map((l) => [l.place, l.state, l.needsReview])).toEqual([
      ["Notification PDF", "broken", true],
    ]);
    expect(screen.links[0].entry.editHref).toBe(`/admin/manage-jobs/edit/${entry.id}`);
    const form = await entryLinksForEditor(db, entry);
    expect(form.map((l) => l.place)).toEqual([
      "Apply online",
      "Notification PDF",
      "Official website",
    ]);

    // "Mark checked" takes it off the notice, with an audit row; "Check again" makes it due.
    const broken = screen.links[0];
    expect(await reviewLink(db, broken.id, actor)).toBe(true);
    expect((await linksNotice(db)).newlyBroken.map((l) => l.id)).not.toContain(broken.id);
    expect(await audits(db, "link.review")).toEqual([{ subject: broken.id, detail: null }]);
    expect(await recheckLink(db, broken.id, actor)).toBe(true);
    expect(await reviewLink(db, "no-such-link", actor)).toBe(false);
    const [again] = await db
      .selectFrom("official_links")
      .select("due_at")
      .where("id", "=", broken.id)
      .execute();
    expect(again.due_at <= new Date().toISOString()).toBe(true);
  });

  it("reads the screen's query safely: unknown groups, long names and bad pages fall back", () => {
    expect(
      LinksQuery.parse({ group: "<script>", organization: "x".repeat(500), page: "-3" }),
    ).toEqual({
      group: "problems",
      organization: "",
      page: 1,
    });
    expect(LinksQuery.parse({})).toEqual({ group: "problems", organization: "", page: 1 });
  });
});
