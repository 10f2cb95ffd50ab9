import { emptyNotFoundLog, removeNotFound } from "../redirects/not-found-log.service.server.ts";
import {
  saveContentSettings,
  saveOrganizationRecord,
  saveSeoDefaults,
} from "./settings.service.server.ts";
import { restorePage } from "../site-pages/site-pages.service.server.ts";
import { savedSitePage, TEST_ACTOR } from "../../test/writes.ts";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  countMessagesByStatus,
  createMessage,
  deleteMessage,
  getMessage,
  listMessagesPage,
  setMessageStatus,
} from "../messages/messages.repository.server.ts";
import {
  flushNotFound,
  listNotFound,
  recordNotFound,
} from "../redirects/not-found-log.repository.server.ts";
import { SettingsSchema, getSettings, settingsFieldErrors } from "./settings.repository.server.ts";
import {
  diffLines,
  getSitePage,
  htmlToLines,
  listSitePageRevisions,
} from "../site-pages/site-pages.repository.server.ts";

describeEachDatabase("messages inbox", (db) => {
  it("pages messages of a status newest first and counts every status", async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (await createMessage(db(), { name: `N${i}`, email: "a@example.com", message: `m${i}` })).id,
      );
      await new Promise((r) => setTimeout(r, 2));
    }
    const first = await listMessagesPage(db(), { status: "unread", page: 1, pageSize: 2 });
    expect(first.total).toBe(5);
    expect(first.pageCount).toBe(3);
    expect(first.messages.map((m) => m.name)).toEqual(["N4", "N3"]);
    const last = await listMessagesPage(db(), { status: "unread", page: 99, pageSize: 2 });
    expect(last.page).toBe(3);
    expect(last.messages.map((m) => m.name)).toEqual(["N0"]);

    expect(await setMessageStatus(db(), ids[0], "archived")).toBe(true);
    expect(await setMessageStatus(db(), ids[1], "spam")).toBe(true);
    expect(await setMessageStatus(db(), ids[2], "read")).toBe(true);
    expect(await countMessagesByStatus(db())).toEqual({ unread: 2, read: 1, archived: 1, spam: 1 });
    expect((await getMessage(db(), ids[0]))?.status).toBe("archived");
    expect(await setMessageStatus(db(), "no-such-id", "read")).toBe(false);
  });

  it("deletes one message and nothing else", async () => {
    const keep = await createMessage(db(), { name: "Keep", email: "k@example.com", message: "k" });
    const drop = await createMessage(db(), { name: "Drop", email: "d@example.com", message: "d" });
    expect(await deleteMessage(db(), drop.id)).toBe(true);
    expect(await getMessage(db(), drop.id)).toBeUndefined();
    expect(await getMessage(db(), keep.id)).toBeDefined();
    expect(await deleteMessage(db(), drop.id)).toBe(false);
  });
});

describeEachDatabase("404 log", (db) => {
  it("lists paths by hits, deletes one and clears the rest", async () => {
    await recordNotFound(db(), "/once", null);
    for (let i = 0; i < 3; i++) await recordNotFound(db(), "/thrice", "https://ref.example/");
    await recordNotFound(db(), "/twice", null);
    await recordNotFound(db(), "/twice", null);
    await flushNotFound();
    const { entries, total } = await listNotFound(db());
    expect(total).toBe(3);
    expect(entries.map((e) => [e.path, e.hits])).toEqual([
      ["/thrice", 3],
      ["/twice", 2],
      ["/once", 1],
    ]);
    expect(entries[0].lastReferrer).toBe("https://ref.example/");
    expect(await removeNotFound(db(), { path: "/twice", actor: TEST_ACTOR })).toEqual({
      ok: true,
      removed: true,
    });
    expect((await listNotFound(db())).entries.map((e) => e.path)).toEqual(["/thrice", "/once"]);
    expect(await emptyNotFoundLog(db(), { actor: TEST_ACTOR })).toBe(2);
    expect((await listNotFound(db())).total).toBe(0);
  });
});

describeEachDatabase("settings round-trip", (db) => {
  it("saves every admin-edited key and reads it back unchanged", async () => {
    const values = SettingsSchema.parse({
      siteName: "Naukri Demo",
      tagline: "Every sarkari job",
      contactEmail: "contact@example.in",
      contactPhone: "+91 11 2345 6789",
      securityEmail: "sec@example.in",
      organization: {
        name: "Naukri Demo Org",
        url: "https://naukri.example",
        logo: "/logo.png",
        sameAs: ["https://x.example/naukri", "https://facebook.example/naukri"],
        contactType: "customer support",
      },
      latestBar: { count: 4, rotateMs: 5000, refreshMs: 120000 },
      bell: { perKind: 3, max: 9 },
      homeFaq: [{ question: "Is it free?", answer: "Yes." }],
      seo: { titleTemplate: "%s – Naukri", defaultDescription: "d", robotsTxt: "User-agent: *" },
    });
    // What the three screens save: Content settings, SEO tools' organization record and defaults.
    await saveContentSettings(db(), { ...values, sameAs: values.organization.sameAs }, TEST_ACTOR);
    await saveOrganizationRecord(db(), values.organization, TEST_ACTOR);
    await saveSeoDefaults(db(), values.seo, TEST_ACTOR);
    expect(await getSettings(db())).toEqual(values);
  });

  it("names the field of each bad value", () => {
    const r = SettingsSchema.safeParse({
      siteName: "",
      latestBar: { count: 5, rotateMs: 500, refreshMs: 1000 },
      seo: { titleTemplate: "No placeholder" },
      organization: { sameAs: ["javascript:alert(1)"] },
      homeFaq: [{ question: "", answer: "x" }],
    });
    expect(r.success).toBe(false);
    if (r.success) return;
    const errors = settingsFieldErrors(r.error);
    expect(errors.siteName).toBe("Enter the site name");
    expect(errors["latestBar.rotateMs"]).toBe("Rotate every (ms) must be at least 2000");
    expect(errors["latestBar.refreshMs"]).toBe("Refresh every (ms) must be at least 60000");
    expect(errors["seo.titleTemplate"]).toContain("must contain %s");
    expect(errors["organization.sameAs.0"]).toContain("http");
    expect(errors["homeFaq.0.question"]).toContain("Enter the question");
  });
});

describeEachDatabase("site page history", (db) => {
  it("restores an old revision as a new revision, sanitized again", async () => {
    const author = { id: null, email: null, name: "Editor" };
    await savedSitePage(
      db(),
      { slug: "terms-of-service", title: "Terms v1", description: "d1", body: "<p>One</p>" },
      author,
    );
    await savedSitePage(
      db(),
      { slug: "terms-of-service", title: "Terms v2", description: "d2", body: "<p>Two</p>" },
      author,
    );
    const revisions = await listSitePageRevisions(db(), "terms-of-service");
    expect(revisions.map((r) => r.title)).toEqual(["Terms v2", "Terms v1"]);
    const restored = await restorePage(db(), "terms-of-service", revisions[1].id, {
      ...author,
      email: null,
      name: author.name ?? "",
    });
    expect(restored?.title).toBe("Terms v1");
    expect((await getSitePage(db(), "terms-of-service"))?.body).toBe("<p>One</p>");
    expect(await listSitePageRevisions(db(), "terms-of-service")).toHaveLength(3);
    expect(
      await restorePage(db(), "about-us", revisions[1].id, {
        ...author,
        email: null,
        name: author.name ?? "",
      }),
    ).toBeUndefined();
  });
});

it("diffs the readable lines of two HTML bodies", () => {
  const before = htmlToLines("<p>Keep</p><p>Old &amp; gone</p><ul><li>Item</li></ul>");
  const after = htmlToLines("<p>Keep</p><p>New</p><ul><li>Item</li></ul>");
  expect(diffLines(before, after)).toEqual([
    { kind: "same", text: "Keep" },
    { kind: "removed", text: "Old & gone" },
    { kind: "added", text: "New" },
    { kind: "same", text: "• Item" },
  ]);
});
