import { RouterContextProvider } from "react-router";
import type { EntryData } from "~/content/fields.ts";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DIALECTS, freshDatabase } from "../../test/databases.ts";
import { allowKinds, NOTICE, NOTICE_LINE } from "../../test/fixtures/kind-notice.ts";

/**
 * Issue 27: a kind is its catalogue line, its field file and its words. The modules that hold
 * them are mocked with a sixth kind, "notice" (test/fixtures/kind-notice.ts), and nothing else
 * changes: the routes, the list, detail, Hindi, feed, sitemap and search pages, the admin's
 * routes and input schema, and every derived list take it in.
 */
vi.mock("~/content/kinds.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/content/kinds.ts")>();
  const { NOTICE_LINE } = await import("../../test/fixtures/kind-notice.ts");
  return {
    ...original,
    ...original.catalogueOf([...original.KIND_LINES, NOTICE_LINE]),
  };
});
vi.mock("~/content/kinds/fields.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/content/kinds/fields.ts")>();
  const { NOTICE, NOTICE_FIELDS } = await import("../../test/fixtures/kind-notice.ts");
  return { ...original, KIND_FIELDS: { ...original.KIND_FIELDS, [NOTICE]: NOTICE_FIELDS } };
});
vi.mock("~/i18n/catalog/en/kinds.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/i18n/catalog/en/kinds.ts")>();
  const { NOTICE, NOTICE_WORDS } = await import("../../test/fixtures/kind-notice.ts");
  return { ...original, kinds: { ...original.kinds, [NOTICE]: NOTICE_WORDS.en } };
});
vi.mock("~/i18n/catalog/hi/kinds.ts", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/i18n/catalog/hi/kinds.ts")>();
  const { NOTICE, NOTICE_WORDS } = await import("../../test/fixtures/kind-notice.ts");
  return { ...original, kinds: { ...original.kinds, [NOTICE]: NOTICE_WORDS.hi } };
});
// The route modules ask the process's services for the database: the test's own, here, with a
// content generation of its own (values kept per generation must not outlive a database).
let current: Awaited<ReturnType<typeof freshDatabase>> | undefined;
let generation = 0;
vi.mock("~/platform/services.server.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/platform/services.server.ts")>()),
  db: async () => current!.db,
  services: async () => ({ db: current!.db, database: current }),
}));
vi.mock("~/page-cache/follow.server.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/page-cache/follow.server.ts")>()),
  contentGeneration: async () => ({
    current: async () => generation,
    currentSync: () => generation,
    stop: async () => {},
  }),
}));

// The configuration the loaders read (env(), parsed once).
vi.stubEnv("BASE_URL", "https://govjobs.test");
vi.stubEnv("AUTH_SECRET", "a-test-secret-of-more-than-thirty-two-characters");

const EDITOR = { id: "user-neha", email: "neha@govjobs.test", name: "Neha" };
// The back-office's guard lets an editor in (signing in is tested elsewhere; the kind is the point).
vi.mock("~/users/guard.server.ts", async (importOriginal) => ({
  ...(await importOriginal<typeof import("~/users/guard.server.ts")>()),
  requireStaff: async () => ({ ...EDITOR, role: "editor" }),
}));
const TITLE = "Kestrel Board Public Notice on Document Verification";
const SLUG = "kestrel-board-public-notice";

/** A loader's answer: its data, or the response it threw or returned. */
async function load(
  loader: (args: any) => Promise<unknown>,
  path: string,
  params: Record<string, string> = {},
) {
  try {
    return await loader({
      request: new Request(`http://govjobs.test${path}`),
      url: new URL(`http://govjobs.test${path}`),
      params,
      context: new RouterContextProvider(),
    });
  } catch (thrown) {
    if (thrown instanceof Error) throw thrown;
    return thrown;
  }
}

const text = (value: unknown) => JSON.stringify(value);

describe("the derived lists and routes take a sixth kind", () => {
  it("lists it in the menus, feeds, alerts and core paths, not in the bell or error page", async () => {
    const kinds = await import("~/content/kinds.ts");
    const keys = (lines: readonly { key: string }[]) => lines.map((k) => k.key);
    expect(keys(kinds.NAV_KINDS)).toContain(NOTICE);
    expect(keys(kinds.FEED_KINDS)).toContain(NOTICE);
    expect(keys(kinds.ALERT_KINDS)).toContain(NOTICE);
    expect(keys(kinds.HOME_KINDS).at(-1)).toBe(NOTICE);
    expect(keys(kinds.ORGANIZATION_KINDS).at(-1)).toBe(NOTICE);
    expect(keys(kinds.BELL_KINDS)).not.toContain(NOTICE);
    expect(keys(kinds.ERROR_PAGE_KINDS)).not.toContain(NOTICE);
    expect(kinds.isKind("notice")).toBe(true);
    expect(kinds.kindLineByUrlPrefix("/notices")).toBe(NOTICE_LINE);
    const { isCorePath } = await import("~/redirects/redirect-rules.ts");
    expect(isCorePath("/notices")).toBe(true);
    const { ALERT_KINDS } = await import("~/alerts/topics.ts");
    expect(ALERT_KINDS).toContain(NOTICE);
    const { DESTINATIONS } = await import("~/components/destinations.ts");
    expect(DESTINATIONS.map((d) => d.path)).toContain("/notices");
    const { catalog } = await import("~/i18n/catalog.server.ts");
    expect(catalog("en").list.kinds[NOTICE]).toEqual({ label: "Notice", plural: "Notices" });
    expect(catalog("hi").list.titles[NOTICE]).toBe("लेटेस्ट सार्वजनिक सूचनाएं");
    expect(catalog("hi").detail.registry.kinds[NOTICE]).toEqual({
      label: "सूचना",
      plural: "सूचनाएं",
    });
    expect(catalog("en").alerts.kindNames[NOTICE]).toBe("Notices");
  });

  it("has its public and admin routes", async () => {
    const { default: routes } = await import("~/routes.ts");
    const paths: string[] = [];
    const walk = (entries: readonly { path?: string; children?: unknown[] }[], at: string) => {
      for (const e of entries) {
        const path = e.path ? `${at}/${e.path}` : at;
        if (e.path) paths.push(path);
        if (e.children) walk(e.children as typeof entries, path);
      }
    };
    walk(await routes, "");
    for (const path of [
      "/notices",
      "/notices/:slug",
      "/hi/notices",
      "/hi/notices/:slug",
      "/admin/manage-notices",
      "/admin/manage-notices/add",
      "/admin/manage-notices/edit/:id",
      "/admin/manage-notices/history/:id",
      "/admin/manage-notices/preview/:id",
    ])
      expect(paths, path).toContain(path);
  });
});

describe.each(DIALECTS)("a sixth kind's pages [%s]", (dialect) => {
  let id = "";
  beforeAll(async () => {
    current = await freshDatabase(dialect);
    generation += 1;
    // The migration that comes with a new kind widens the CHECK; here, on the throwaway database.
    const { KINDS } = await import("~/content/kinds.ts");
    await allowKinds(current.db, dialect, KINDS);
    const { entryInputSchema } = await import("~/content/registry.ts");
    const input = entryInputSchema(NOTICE).parse({
      title: TITLE,
      slug: SLUG,
      organization: "Kestrel Recruitment Board",
      status: "published",
      data: {
        summary: "The board has published a notice on the verification of documents.",
        noticeDate: "2030-02-01",
        noticeUrl: "https://kestrel.example.gov.in/notice.pdf",
      },
    });
    const { saveEntry } = await import("~/entries/entries.service.server.ts");
    const saved = await saveEntry(current.db, {
      kind: NOTICE,
      input: { ...input, data: input.data as EntryData },
      actor: EDITOR,
    });
    expect(saved.ok).toBe(true);
    if (saved.ok) id = saved.entry.id;
  });
  afterAll(async () => {
    await current?.dispose();
    current = undefined;
  });

  it("lists it at /notices and /hi/notices", async () => {
    const { loader } = await import("~/routes/site/kind-list.tsx");
    const en = await load(loader, "/notices");
    expect(text(en)).toContain('"total":1');
    expect(text(en)).toContain(TITLE);
    expect(text(en)).toContain("Latest Public Notices");
    const hi = await load(loader, "/hi/notices");
    expect(text(hi)).toContain("लेटेस्ट सार्वजनिक सूचनाएं");
    expect(text(hi)).toContain('"total":1');
    expect(text(hi)).toContain(SLUG);
    expect(text(hi)).toContain("लेटेस्ट सार्वजनिक सूचनाएं");
    // Its row shows the date its field file marks as the list's fact.
    expect(text(en)).toContain('"keyDate":{"label":"Notice dated","value":"1 Feb 2030"}');
  });

  it("shows it at /notices/<slug>, with its fields", async () => {
    const { loader } = await import("~/routes/site/kind-detail.tsx");
    const page = await load(loader, `/notices/${SLUG}`, { slug: SLUG });
    expect(page).not.toBeInstanceOf(Response);
    expect(text(page)).toContain(TITLE);
    expect(text(page)).toContain("https://kestrel.example.gov.in/notice.pdf");
    expect(text(page)).toContain("Read the Notice");
    // The field roles: its date is a glance fact (under its field's label), its address a button.
    const { glance } = page as { glance: { facts: unknown[]; actions: unknown[] } };
    expect(glance.facts).toEqual([{ label: "Notice dated", value: "1 Feb 2030" }]);
    expect(glance.actions).toMatchObject([
      { label: "Read the Notice", href: "https://kestrel.example.gov.in/notice.pdf" },
    ]);
    const missing = await load(loader, "/notices/no-such-notice", { slug: "no-such-notice" });
    expect((missing as { init?: { status?: number } }).init?.status).toBe(404);
  });

  it("logs a change to its tracked date on its page, ranked as its field file says", async () => {
    const { getEntryById } = await import("~/entries/entry-row.server.ts");
    const before = (await getEntryById(current!.db, id))!;
    const { saveEntry } = await import("~/entries/entries.service.server.ts");
    const saved = await saveEntry(current!.db, {
      kind: NOTICE,
      id,
      expectedVersion: before.updatedAt,
      input: {
        title: before.title,
        slug: before.slug,
        organization: before.organization,
        status: "published",
        data: {
          ...before.data,
          noticeDate: "2030-02-08",
          noticeUrl: "https://kestrel.example.gov.in/notice-2.pdf",
        },
      },
      actor: EDITOR,
      notify: false,
    });
    expect(saved.ok).toBe(true);
    generation += 1;
    const { loader } = await import("~/routes/site/kind-detail.tsx");
    const page = (await load(loader, `/notices/${SLUG}`, { slug: SLUG })) as {
      changes: { detail: string }[];
    };
    // Two lines, the date first (rank 1), then the link; a field without catalogue words is
    // named by its key in the sentence.
    const lines = page.changes.map((c) => c.detail);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/changed from 1 Feb 2030 to 8 Feb 2030$/);
    expect(lines[1]).toMatch(/updated$/);
  });

  it("puts it in the sitemap and its own feed", async () => {
    const index = (await load(
      (await import("~/routes/resources/sitemap-index.ts")).loader,
      "/sitemap.xml",
    )) as Response;
    expect(await index.text()).toContain("/sitemaps/notices.xml");
    const sitemap = (await load(
      (await import("~/routes/resources/sitemap.ts")).loader,
      "/sitemaps/notices.xml",
      { file: "notices.xml" },
    )) as Response;
    expect(await sitemap.text()).toContain(`/notices/${SLUG}`);
    const feed = (await load(
      (await import("~/routes/resources/feed.ts")).loader,
      "/feeds/notices.xml",
      { file: "notices.xml" },
    )) as Response;
    expect(feed.status).toBe(200);
    const xml = await feed.text();
    expect(xml).toContain(TITLE);
    expect(xml).toContain("<title>Notices:");
  });

  it("finds it by a word of its title, with a chip of its kind", async () => {
    const { loader } = await import("~/routes/site/search.tsx");
    const found = text(await load(loader, "/search?q=kestrel"));
    expect(found).toContain(TITLE);
    expect(found).toContain('"kind":"notice"');
    expect(found).toContain('"label":"Notices"');
  });

  it("gives it a box on the home page", async () => {
    const { loader } = await import("~/routes/site/home.tsx");
    const home = text(await load(loader, "/"));
    expect(home).toContain('"title":"Notices","href":"/notices","viewAll":"View all notices"');
    expect(home).toContain(TITLE);
  });

  it("lists and opens it in the back-office, at /admin/manage-notices", async () => {
    const list = text(
      await load((await import("~/routes/admin/entry-list.tsx")).loader, "/admin/manage-notices"),
    );
    expect(list).toContain('"kind":"notice"');
    expect(list).toContain(TITLE);
    const edit = text(
      await load(
        (await import("~/routes/admin/entry-edit.tsx")).loader,
        `/admin/manage-notices/edit/${id}`,
        { id },
      ),
    );
    expect(edit).toContain(TITLE);
    expect(edit).toContain("noticeUrl");
  });
});
