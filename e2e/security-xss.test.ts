import { sql } from "kysely";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { inputId } from "~/content/form-data.ts";
import { allFields } from "~/content/fields.ts";
import { KIND_LIST, REGISTRY, type KindDefinition } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { getSettings } from "~/settings/settings.repository.server.ts";
import { baseURL, useBrowser } from "./browser.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { snapshotSettings, UNTIL_404_WRITTEN, withE2eDb } from "./db.ts";
import { signIn } from "./instances.ts";
import { ADMIN } from "./server.global.ts";
import {
  countRows,
  errorMessages,
  getPage,
  postForm,
  uniqueSuffix,
  type Pairs,
} from "./security-helpers.ts";
import { savedEntry } from "../test/writes.ts";

/**
 * Stored XSS (ASVS 5.3.3, 5.2.x): payloads in every text an admin or a visitor can write — entry
 * titles, organizations, summaries, row fields, FAQ, link texts and addresses, a contact message,
 * a redirect, the 404 log's path and referrer, the site name and home FAQ, a site page, a user's
 * name — are shown as text on every public and admin page that shows them, in Chromium. No dialog
 * opens, no element of a payload exists in the DOM (which proves the escaping, not merely the CSP),
 * and every JSON-LD block still parses and holds the payload as data. URL fields refuse
 * javascript: and its disguises.
 */

const S = uniqueSuffix();
const IMG = "<img src=x onerror=alert(1)>";
const BREAK = '"><script>alert(1)</script>';
const LD = "</script><script>alert(1)</script>";
const SVG = "<svg onload=alert(1)>";
const EVIL_URL = `https://example.com/${S}?q="><img src=x onerror=alert(1)>`;

const title = (kind: Kind) => `XSS ${S} ${kind} ${IMG} ${BREAK} ${LD}`;
const ORG = `Org ${S} ${SVG} ${LD}`;
const SUMMARY = `Summary ${S} ${IMG} ${BREAK} ${LD} javascript:alert(1)`;
const QUESTION = `Question ${S} ${IMG} ${LD}`;
const ANSWER = `Answer ${S} ${BREAK} ${LD}`;
const ROW = `R${S}${IMG}`;
const LINK = `Link ${S} ${IMG}`;
const SITE_NAME = `J ${S} ${IMG} ${LD}`.slice(0, 80);
const TAGLINE = `Tagline ${S} ${BREAK} ${SVG}`;
const CONTACT_NAME = `Visitor ${S} ${IMG}`;
const CONTACT_MESSAGE = `Hello ${S} ${BREAK} ${LD} ${SVG}`;
const USER_NAME = `U${S}${IMG}`.slice(0, 80);
const PAGE_TITLE = `Security ${S} ${IMG}`;
const REDIRECT_SOURCE = `/xss-${S}/"><svg/onload=alert(1)>`;
const REDIRECT_DESTINATION = `https://example.com/${S}/"><img/src=x/onerror=alert(1)>`;
const NOT_FOUND_PATH = `/xss-404-${S}/${encodeURIComponent(IMG)}`;
const NOT_FOUND_REFERER = `https://evil.example/${S}/"><script>alert(1)</script>`;

/** Required values of a kind plus a payload in every text the kind has (rows included). */
function entryForm(kind: KindDefinition, entryTitle = title(kind.kind)): Pairs {
  const pairs: Pairs = [
    ["title", entryTitle],
    ["organization", ORG],
    ["status", "published"],
    ["intent", "publish"],
  ];
  for (const field of allFields(kind.sections)) {
    if (field.type === "rows") {
      for (const c of field.columns) {
        const value =
          c.type === "url"
            ? EVIL_URL
            : c.type === "number"
              ? "7"
              : c.type === "select"
                ? (c.options?.[0]?.value ?? "")
                : c.type === "date"
                  ? "2031-12-31"
                  : field.name === "faqs"
                    ? c.name === "question"
                      ? QUESTION
                      : ANSWER
                    : field.name === "links"
                      ? LINK
                      : ROW;
        pairs.push([`data.${field.name}[0].${c.name}`, value.slice(0, c.max ?? 300)]);
      }
      continue;
    }
    const value =
      field.name === "summary"
        ? SUMMARY
        : field.type === "select"
          ? (field.options?.[0]?.value ?? "")
          : field.type === "date"
            ? "2031-12-31"
            : field.type === "number"
              ? "5"
              : field.type === "url"
                ? EVIL_URL
                : `${field.label} ${S} ${IMG} ${LD}`.slice(0, field.max ?? 300);
    pairs.push([`data.${field.name}`, value]);
  }
  // The job's cross-checks want the application start before the last date.
  return pairs.map(([k, v]) => [k, k === "data.applicationStart" ? "2031-01-01" : v]);
}

/** Dialogs opened, CSP refusals, injected elements: all must stay at zero. */
async function inspect(page: Page, url: string, dialogs: string[]) {
  const res = await page.goto(url);
  expect(res?.status(), url).toBeLessThan(400);
  await page.waitForLoadState("load");
  const found = await page.evaluate(() => {
    const injected = [
      ...document.querySelectorAll(
        'img[src="x"], svg[onload], [onerror], [onload], [onclick], iframe',
      ),
    ].map((e) => e.outerHTML.slice(0, 120));
    // A payload's <script>alert(1)</script> would be a script of exactly that text; the router's
    // own data scripts carry the payloads as escaped strings, which is right.
    const scripts = [...document.querySelectorAll("script")]
      .filter((s) => /^\s*alert\(1\)\s*$/.test(s.textContent ?? ""))
      .map((s) => s.outerHTML.slice(0, 120));
    const badLinks = [...document.querySelectorAll("a[href]")]
      .map((a) => a.getAttribute("href") ?? "")
      .filter((h) => /alert\(1\)/.test(h) && /^\s*(javascript|data|vbscript):/i.test(h));
    const ld: { ok: boolean; text: string }[] = [
      ...document.querySelectorAll('script[type="application/ld+json"]'),
    ].map((s) => {
      try {
        JSON.parse(s.textContent ?? "");
        return { ok: true, text: s.textContent ?? "" };
      } catch {
        return { ok: false, text: (s.textContent ?? "").slice(0, 200) };
      }
    });
    return {
      injected,
      scripts,
      badLinks,
      ld,
      text: document.body.innerText,
      title: document.title,
    };
  });
  expect(found.injected, `${url}: injected elements`).toEqual([]);
  expect(found.scripts, `${url}: injected scripts`).toEqual([]);
  expect(found.badLinks, `${url}: script links`).toEqual([]);
  expect(
    found.ld.filter((b) => !b.ok),
    `${url}: JSON-LD that does not parse`,
  ).toEqual([]);
  expect(dialogs, `${url}: dialogs`).toEqual([]);
  return found;
}

/** The JSON-LD objects of the current page (already checked to parse). */
async function jsonLd(page: Page): Promise<unknown[]> {
  const texts = await page.$$eval('script[type="application/ld+json"]', (els) =>
    els.map((e) => e.textContent ?? ""),
  );
  return texts.map((t) => JSON.parse(t) as unknown);
}

const jsonHas = (blocks: unknown[], value: string) =>
  blocks.some((b) => JSON.stringify(b).includes(JSON.stringify(value).slice(1, -1)));

describe("stored XSS", () => {
  const browser = useBrowser();
  const dialogs: string[] = [];
  let page: Page;
  let cookie: string;
  const entryIds = new Map<Kind, string>();
  let rawEntryId = "";
  let messageId = "";
  let restoreSettings: (db: DB) => Promise<void> = async () => {};
  let originalPage: Record<string, unknown> | undefined;
  const startedAt = new Date().toISOString();

  beforeAll(async () => {
    cookie = await signIn(baseURL(), ADMIN.email, ADMIN.password);
    page = await browser.page();
    page.on("dialog", (d) => {
      dialogs.push(`${d.type()}: ${d.message()}`);
      void d.dismiss();
    });
    restoreSettings = await snapshotSettings();
    await withE2eDb(async (db) => {
      originalPage = await db
        .selectFrom("site_pages")
        .selectAll()
        .where("slug", "=", "security-policy")
        .executeTakeFirst();
    });
  });

  afterAll(async () => {
    await withE2eDb(
      async (db) => {
        const ids = (
          await db.selectFrom("entries").select("id").where("title", "like", `%${S}%`).execute()
        ).map((r) => r.id);
        if (ids.length) {
          await db.deleteFrom("revisions").where("subject_id", "in", ids).execute();
          await db.deleteFrom("entry_slugs").where("entry_id", "in", ids).execute();
          await db.deleteFrom("entries").where("id", "in", ids).execute();
        }
        await db.deleteFrom("messages").where("name", "like", `%${S}%`).execute();
        await db.deleteFrom("redirects").where("source", "like", `%${S}%`).execute();
        await db.deleteFrom("not_found_log").where("path", "like", `%${S}%`).execute();
        await db.deleteFrom("rate_limits").where("key", "like", "contact:%127.0.0.1").execute();
        await restoreSettings(db);
        await db
          .deleteFrom("revisions")
          .where("subject_type", "=", "page")
          .where("subject_id", "=", "security-policy")
          .where("created_at", ">=", startedAt)
          .execute();
        await db.deleteFrom("site_pages").where("slug", "=", "security-policy").execute();
        if (originalPage)
          await db
            .insertInto("site_pages")
            .values(originalPage as never)
            .execute();
        const users = await db
          .selectFrom("user")
          .select("id")
          .where("email", "like", `%${S}%`)
          .execute();
        for (const u of users) {
          await db.deleteFrom("session").where("userId", "=", u.id).execute();
          await sql`delete from account where "userId" = ${u.id}`.execute(db);
          await db.deleteFrom("user").where("id", "=", u.id).execute();
        }
      },
      { write: true },
    );
  });

  it("refuses javascript: and its disguises in every URL field of every kind, writing nothing", async () => {
    const disguises = [
      "javascript:alert(1)",
      " javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java\tscript:alert(1)",
      "javascript&colon;alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example/x",
    ];
    const before = await withE2eDb((db) => countRows(db, "entries"));
    for (const kind of KIND_LIST) {
      const urlNames = allFields(kind.sections).flatMap((f) =>
        f.type === "rows"
          ? f.columns.filter((c) => c.type === "url").map((c) => `data.${f.name}[0].${c.name}`)
          : f.type === "url"
            ? [`data.${f.name}`]
            : [],
      );
      expect(urlNames.length, kind.kind).toBeGreaterThan(1);
      for (const name of urlNames) {
        // Every disguise on the job's fields; the plain and mixed-case forms on the others'.
        for (const bad of kind.kind === "job" ? disguises : disguises.slice(0, 3)) {
          const form = entryForm(kind).map(([k, v]): [string, string] => [k, k === name ? bad : v]);
          const res = await postForm(baseURL(), `/admin/${kind.adminSegment}/add`, form, {
            cookie,
          });
          const html = await res.text();
          expect(res.status, `${kind.kind} ${name}=${bad}`).toBe(400);
          expect(errorMessages(html).get(inputId(name)), `${kind.kind} ${name}=${bad}`).toMatch(
            /must be a full http:\/\/ or https:\/\/ address/,
          );
        }
      }
    }
    expect(await withE2eDb((db) => countRows(db, "entries"))).toBe(before);
  });

  it("creates a job through the real editor in Chromium, with payloads in every text field", async () => {
    await page.goto("/admin/login");
    await page.getByLabel("E-mail address").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((url) => url.pathname === "/admin");
    await page.goto("/admin/manage-jobs/add");
    await page.locator("#entry-form").waitFor();
    await page.waitForLoadState("networkidle");
    const job = REGISTRY.job;
    for (const [name, value] of entryForm(job)) {
      // The preset is chosen from the presets in the database (a payload is no choice there;
      // posted as a key, it is refused: app/photo-kit tests).
      if (name === "intent" || name === "data.photoPreset") continue;
      const input = page.locator(`[name="${name}"]`);
      if ((await input.count()) === 0) continue;
      const tag = await input.evaluate((e) => e.tagName);
      if (tag === "SELECT") await input.selectOption(value);
      else await input.fill(value);
    }
    // Every field the editor shows carried its payload; the payload typed into it stays text.
    expect(await page.locator('[name="title"]').inputValue()).toBe(title("job"));
    await page.locator("#entry-form").evaluate((f) => (f as HTMLFormElement).requestSubmit());
    await page.waitForURL(/\/admin\/manage-jobs\/edit\/[0-9a-f-]+\?saved=1/);
    const id = /edit\/([0-9a-f-]+)/.exec(page.url())![1];
    entryIds.set("job", id);
    const stored = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .select(["title", "organization", "data"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored.title).toBe(title("job"));
    expect(stored.organization).toBe(ORG);
    expect(JSON.parse(stored.data).faqs[0]).toEqual({ question: QUESTION, answer: ANSWER });
    expect(dialogs).toEqual([]);
  });

  it("stores payloads in the other kinds, a contact message, a redirect, the 404 log, settings, a site page and a user", async () => {
    for (const kind of KIND_LIST.filter((k) => k.kind !== "job")) {
      const res = await postForm(baseURL(), `/admin/${kind.adminSegment}/add`, entryForm(kind), {
        cookie,
      });
      expect(
        res.status,
        `${kind.kind}: ${await res.text().then((t) => [...errorMessages(t)].join("; "))}`,
      ).toBe(302);
      entryIds.set(kind.kind, /edit\/([0-9a-f-]+)/.exec(res.headers.get("location") ?? "")![1]);
    }
    // A second revision of the result, so that its history shows a diff of two payloads.
    const result = REGISTRY.result;
    const edited = await postForm(
      baseURL(),
      `/admin/${result.adminSegment}/edit/${entryIds.get("result")}`,
      entryForm(result, `${title("result")} v2 ${SVG}`),
      { cookie },
    );
    expect(edited.status).toBe(302);

    // Written past the form (an import, an old row): a javascript: address must still be inert.
    rawEntryId = await withE2eDb(
      async (db) =>
        (
          await savedEntry(
            db,
            "answer-key",
            {
              title: `XSS ${S} raw ${IMG}`,
              organization: ORG,
              status: "published",
              data: {
                summary: SUMMARY,
                keyType: "provisional",
                releaseDate: "2031-01-01",
                answerKeyUrl: "javascript:alert(1)",
                links: [{ label: LINK, url: "javascript:alert(1)" }],
              },
            },
            { id: null, email: null, name: `Importer ${IMG}` },
          )
        ).id,
      { write: true },
    );

    await withE2eDb((db) =>
      db.deleteFrom("rate_limits").where("key", "like", "contact:%127.0.0.1").execute(),
    );
    const contact = await postForm(baseURL(), "/contact-us", [
      ["name", CONTACT_NAME],
      ["email", "visitor@example.com"],
      ["message", CONTACT_MESSAGE],
      ["website", ""],
    ]);
    expect(contact.status).toBe(200);
    messageId = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("messages")
            .select("id")
            .where("name", "=", CONTACT_NAME)
            .executeTakeFirstOrThrow()
        ).id,
    );

    const redirect = await postForm(
      baseURL(),
      "/admin/seo-tools",
      [
        ["intent", "redirect-save"],
        ["source", REDIRECT_SOURCE],
        ["destination", REDIRECT_DESTINATION],
        ["statusCode", "302"],
        ["enabled", "on"],
      ],
      { cookie },
    );
    expect(redirect.status, [...errorMessages(await redirect.text())].join("; ")).toBe(302);
    // The rule answers with a Location header that carries the destination, not a broken header.
    const followed = await getPage(baseURL(), encodeURI(REDIRECT_SOURCE));
    expect(followed.status).toBe(302);
    expect(new URL(followed.headers.get("location")!).href).toBe(
      new URL(REDIRECT_DESTINATION).href,
    );

    const missing = await fetch(`${baseURL()}${NOT_FOUND_PATH}`, {
      headers: { referer: NOT_FOUND_REFERER },
    });
    expect(missing.status).toBe(404);
    // The SEO tools below list it once the server has written its 404 hits.
    await vi.waitFor(async () => {
      const logged = await withE2eDb((db) =>
        db
          .selectFrom("not_found_log")
          .select("last_referrer")
          .where("path", "like", `/xss-404-${S}/%`)
          .execute(),
      );
      expect(logged).toEqual([{ last_referrer: NOT_FOUND_REFERER }]);
    }, UNTIL_404_WRITTEN);

    const s = await withE2eDb(getSettings);
    expect(SITE_NAME.length).toBeLessThanOrEqual(80);
    const settings = await postForm(
      baseURL(),
      "/admin/content-settings",
      [
        ["intent", "save"],
        ["siteName", SITE_NAME],
        ["tagline", TAGLINE],
        ["contactEmail", s.contactEmail],
        ["contactPhone", s.contactPhone],
        ["securityEmail", s.securityEmail],
        ["sameAs", ""],
        ["latestBar.count", String(s.latestBar.count)],
        ["latestBar.rotateMs", String(s.latestBar.rotateMs)],
        ["latestBar.refreshMs", String(s.latestBar.refreshMs)],
        ["bell.perKind", String(s.bell.perKind)],
        ["bell.max", String(s.bell.max)],
        ["homeFaq.0.question", QUESTION],
        ["homeFaq.0.answer", ANSWER],
      ],
      { cookie },
    );
    expect(settings.status, [...errorMessages(await settings.text())].join("; ")).toBe(302);

    const sitePage = await postForm(
      baseURL(),
      "/admin/manage-site-pages/edit/security-policy",
      [
        ["title", PAGE_TITLE],
        ["description", `Description ${S} ${BREAK}`],
        [
          "body",
          `<p>Body ${S}</p><script>alert(1)</script>${IMG}<a href="javascript:alert(1)">js ${S}</a>` +
            `<iframe src="javascript:alert(1)"></iframe><p onclick="alert(1)">${LD}</p>${SVG}`,
        ],
      ],
      { cookie },
    );
    expect(sitePage.status, [...errorMessages(await sitePage.text())].join("; ")).toBe(302);

    const user = await postForm(
      baseURL(),
      "/admin/users",
      [
        ["intent", "create"],
        ["email", `xss-${S}@example.com`],
        ["name", USER_NAME],
        ["password", "Amber-meadow-lighthouse-63"],
        ["role", "author"],
      ],
      { cookie },
    );
    expect(user.status, [...errorMessages(await user.text())].join("; ")).toBe(302);
  });

  it("shows every payload as text on the admin screens, and runs none", async () => {
    for (const kind of KIND_LIST) {
      const id = entryIds.get(kind.kind)!;
      const base = `/admin/${kind.adminSegment}`;
      const list = await inspect(page, `${base}?q=${encodeURIComponent(S)}`, dialogs);
      expect(list.text).toContain(IMG);
      await inspect(page, `${base}/edit/${id}`, dialogs);
      // The editor holds the payloads as values of its inputs.
      expect(await page.locator('[name="title"]').inputValue()).toContain(IMG);
      expect(await page.locator('[name="data.faqs[0].question"]').inputValue()).toBe(QUESTION);
      const history = await inspect(page, `${base}/history/${id}`, dialogs);
      expect(history.text).toContain(S);
      await inspect(page, `${base}/preview/${id}`, dialogs);
      expect(await page.locator("h1").first().textContent()).toContain(IMG);
    }
    await inspect(page, `/admin/manage-answer-keys/preview/${rawEntryId}`, dialogs);
    await inspect(page, "/admin", dialogs);
    const inbox = await inspect(page, "/admin/messages?status=unread", dialogs);
    expect(inbox.text).toContain(CONTACT_NAME);
    const opened = await inspect(page, `/admin/messages?id=${messageId}`, dialogs);
    expect(opened.text).toContain(CONTACT_MESSAGE);
    const seo = await inspect(page, "/admin/seo-tools", dialogs);
    expect(seo.text).toContain(REDIRECT_DESTINATION);
    expect(seo.text).toContain(NOT_FOUND_REFERER);
    await inspect(page, "/admin/content-settings", dialogs);
    expect(await page.locator('[name="siteName"]').inputValue()).toBe(SITE_NAME);
    expect(await page.locator('[name="homeFaq.0.question"]').inputValue()).toBe(QUESTION);
    await inspect(page, "/admin/manage-site-pages", dialogs);
    await inspect(page, "/admin/manage-site-pages/edit/security-policy", dialogs);
    // The visual editor shows the cleaned body; nothing of the script survived.
    expect(await page.locator('[name="title"]').inputValue()).toBe(PAGE_TITLE);
    const revision = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("revisions")
            .select("id")
            .where("subject_type", "=", "page")
            .where("subject_id", "=", "security-policy")
            .orderBy("created_at", "desc")
            .executeTakeFirstOrThrow()
        ).id,
    );
    await inspect(
      page,
      `/admin/manage-site-pages/history/security-policy?view=${revision}`,
      dialogs,
    );
    await inspect(
      page,
      `/admin/manage-site-pages/history/security-policy?compare=${revision}`,
      dialogs,
    );
    const users = await inspect(page, "/admin/users", dialogs);
    expect(users.text).toContain(USER_NAME);
    await inspect(page, "/admin/trash", dialogs);
  });

  it("shows every payload as text on the public pages (as a visitor, from the page cache), and runs none", async () => {
    await browser.context().clearCookies();
    const home = await inspect(page, "/", dialogs);
    expect(home.title).toContain(SITE_NAME);
    expect(home.text).toContain(QUESTION);
    expect(jsonHas(await jsonLd(page), QUESTION)).toBe(true);
    expect(jsonHas(await jsonLd(page), SITE_NAME)).toBe(true);

    for (const kind of KIND_LIST) {
      const list = await inspect(page, kind.urlPrefix, dialogs);
      expect(list.text).toContain(title(kind.kind).replace(/ v2.*/, "").slice(0, 20));
      // The organization filter offers the payload as an option's text.
      await inspect(page, `${kind.urlPrefix}?organization=${encodeURIComponent(ORG)}`, dialogs);
      expect(await page.locator("main").innerText()).toContain(S);

      const stored = await withE2eDb((db) =>
        db
          .selectFrom("entries")
          .select(["slug", "title"])
          .where("id", "=", entryIds.get(kind.kind)!)
          .executeTakeFirstOrThrow(),
      );
      const slug = stored.slug;
      const detail = await inspect(page, `${kind.urlPrefix}/${slug}`, dialogs);
      const h1 = (await page.locator("h1").first().textContent()) ?? "";
      expect(h1).toContain(IMG);
      expect(h1).toContain(LD);
      expect(detail.title).toContain(IMG);
      expect(detail.text).toContain(ORG);
      expect(detail.text).toContain(SUMMARY);
      expect(detail.text).toContain(QUESTION);
      expect(detail.text).toContain(LINK);
      const blocks = await jsonLd(page);
      expect(jsonHas(blocks, ANSWER), `${kind.kind}: FAQPage holds the answer`).toBe(true);
      expect(jsonHas(blocks, stored.title), `${kind.kind}: the breadcrumb holds the title`).toBe(
        true,
      );
      // The payload address is an ordinary http link, its quotes kept inside the attribute.
      const hrefs = await page.$$eval("main a[href]", (as) =>
        as.map((a) => a.getAttribute("href")),
      );
      expect(hrefs).toContain(EVIL_URL);
    }
    const raw = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("entries")
            .select("slug")
            .where("id", "=", rawEntryId)
            .executeTakeFirstOrThrow()
        ).slug,
    );
    await inspect(page, `/answer-key/${raw}`, dialogs);

    const search = await inspect(page, `/search?q=${encodeURIComponent(`${S} ${IMG}`)}`, dialogs);
    expect(search.text).toContain(`XSS ${S}`);
    expect(search.title).toContain(IMG);
    const policy = await inspect(page, "/security-policy", dialogs);
    expect(policy.text).toContain(`Body ${S}`);
    expect(policy.text).toContain(PAGE_TITLE);
    await inspect(page, "/contact-us", dialogs);
    await inspect(page, "/about-us", dialogs);

    // The 404 page of the logged path shows it as text too.
    await page.goto(NOT_FOUND_PATH);
    expect(await page.evaluate(() => document.querySelectorAll('img[src="x"]').length)).toBe(0);
    expect(dialogs).toEqual([]);
    expect(
      browser.consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e)),
    ).toEqual([]);
  });
});
