import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { KIND_LIST } from "~/content/registry.ts";
import routes from "~/routes.ts";
import { createMessage, setMessageStatus } from "~/messages/messages.repository.server.ts";
import { getSettings } from "~/settings/settings.repository.server.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { baseURL } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { createUser, signIn } from "./instances.ts";
import { ADMIN } from "./server.global.ts";
import { getPage, snapshot, uniqueSuffix, type Pairs } from "./security-helpers.ts";

/**
 * Cross-site request forgery (ASVS 4.2.2 / 50.x): a state-changing request that another site makes
 * the admin's browser send is refused and writes nothing, however the browser marks it (a foreign
 * Origin, Origin "null", no Origin but a foreign Referer, Fetch Metadata "cross-site"). Each
 * forged form is one that DOES write when sent from the site itself (the control), so a refusal
 * proves the origin check, not a validation error. And no GET of any admin screen writes.
 */

const EVIL = "https://evil.example";
const suffix = uniqueSuffix();

type Forgery = { name: string; headers: Record<string, string> };
const FORGERIES: Forgery[] = [
  { name: "a foreign Origin", headers: { origin: EVIL, referer: `${EVIL}/attack.html` } },
  { name: "Origin null", headers: { origin: "null" } },
  { name: "no Origin but a foreign Referer", headers: { referer: `${EVIL}/attack.html` } },
  { name: "Sec-Fetch-Site: cross-site (no Origin)", headers: { "sec-fetch-site": "cross-site" } },
];

function send(
  pathname: string,
  body: Pairs | string,
  headers: Record<string, string>,
  cookie?: string,
  type = "application/x-www-form-urlencoded",
) {
  return fetch(`${baseURL()}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": type, ...(cookie ? { cookie } : {}), ...headers },
    body: typeof body === "string" ? body : new URLSearchParams(body),
  });
}

/** The tables an action could touch; the admin's own session row is compared apart. */
const snap = () => withE2eDb((db) => snapshot(db));

interface Action {
  name: string;
  path: string;
  form: () => Pairs;
  /** How the control (same form, own origin) shows that it wrote. */
  wrote: (
    before: Awaited<ReturnType<typeof snap>>,
    after: Awaited<ReturnType<typeof snap>>,
  ) => boolean;
  json?: boolean;
}

describe("cross-site request forgery", () => {
  let cookie: string;
  let targetUserId: string;
  let messageId: string;
  const targetEmail = `csrf-target-${suffix}@govjobs.test`;
  const entryTitle = `CSRF probe job ${suffix}`;
  const redirectSource = `/csrf-probe-${suffix}`;
  let settingsForm: Pairs;
  let storedHindi: Awaited<ReturnType<typeof getSettings>>["hindi"];

  beforeAll(async () => {
    cookie = await signIn(baseURL(), ADMIN.email, ADMIN.password);
    createUser(
      { DATABASE_URL: `file:${path.join(inject("dataDir"), "e2e.db")}` },
      targetEmail,
      "csrf-Target-passphrase-41",
      false,
    );
    await withE2eDb(async (db) => {
      targetUserId = (
        await db
          .selectFrom("user")
          .select("id")
          .where("email", "=", targetEmail)
          .executeTakeFirstOrThrow()
      ).id;
      messageId = (
        await createMessage(db, {
          name: `CSRF probe ${suffix}`,
          email: "probe@example.com",
          message: "A message that only the admin may delete.",
        })
      ).id;
      // The current values, saved again by the control: a write that changes no content.
      const s = await getSettings(db);
      storedHindi = s.hindi;
      settingsForm = [
        ["intent", "save"],
        ["siteName", s.siteName],
        ["tagline", s.tagline],
        ["contactEmail", s.contactEmail],
        ["contactPhone", s.contactPhone],
        ["securityEmail", s.securityEmail],
        ["sameAs", s.organization.sameAs.join("\n")],
        ["latestBar.count", String(s.latestBar.count)],
        ["latestBar.rotateMs", String(s.latestBar.rotateMs)],
        ["latestBar.refreshMs", String(s.latestBar.refreshMs)],
        ["bell.perKind", String(s.bell.perKind)],
        ["bell.max", String(s.bell.max)],
        ...s.homeFaq.flatMap((f, i): Pairs => [
          [`homeFaq.${i}.question`, f.question],
          [`homeFaq.${i}.answer`, f.answer],
        ]),
      ];
    });
  });

  afterAll(async () => {
    await withE2eDb(
      async (db) => {
        const ids = (
          await db.selectFrom("entries").select("id").where("title", "=", entryTitle).execute()
        ).map((r) => r.id);
        if (ids.length) {
          await db.deleteFrom("revisions").where("subject_id", "in", ids).execute();
          await db.deleteFrom("entry_slugs").where("entry_id", "in", ids).execute();
          await db.deleteFrom("entries").where("id", "in", ids).execute();
        }
        await db.deleteFrom("redirects").where("source", "=", redirectSource).execute();
        await db.deleteFrom("messages").where("id", "=", messageId).execute();
        await db.deleteFrom("messages").where("name", "=", `CSRF contact ${suffix}`).execute();
        await db.deleteFrom("session").where("userId", "=", targetUserId).execute();
        await sql`delete from account where "userId" = ${targetUserId}`.execute(db);
        await db.deleteFrom("user").where("id", "=", targetUserId).execute();
        await db.deleteFrom("rate_limits").where("key", "like", "contact:%127.0.0.1").execute();
      },
      { write: true },
    );
  });

  const grew = (table: string) => (b: Awaited<ReturnType<typeof snap>>, a: typeof b) =>
    a[table].rows > b[table].rows;
  const changed = (table: string) => (b: Awaited<ReturnType<typeof snap>>, a: typeof b) =>
    a[table].sha !== b[table].sha;

  const ACTIONS: Action[] = [
    {
      name: "content settings save",
      path: "/admin/content-settings",
      form: () => settingsForm,
      wrote: grew("audit_log"),
    },
    {
      name: "SEO tools: add a redirect",
      path: "/admin/seo-tools",
      form: () => [
        ["intent", "redirect-save"],
        ["source", redirectSource],
        ["destination", `${EVIL}/phish`],
        ["statusCode", "302"],
        ["enabled", "on"],
      ],
      wrote: grew("redirects"),
    },
    {
      name: "users: grant the admin role",
      path: "/admin/users",
      form: () => [
        ["intent", "set-role"],
        ["userId", targetUserId],
        ["role", "admin"],
      ],
      wrote: changed("user"),
    },
    {
      name: "messages: delete a message",
      path: "/admin/messages",
      form: () => [
        ["intent", "delete"],
        ["id", messageId],
      ],
      wrote: (b, a) => a.messages.rows < b.messages.rows,
    },
    {
      name: "entries: add a published job",
      path: "/admin/manage-jobs/add",
      form: () => [
        ["intent", "publish"],
        ["title", entryTitle],
        ["organization", "Forgery Board"],
        ["status", "published"],
        ["data.summary", "Nobody on the site wrote this."],
        ["data.employmentType", "FULL_TIME"],
        ["data.state", "Delhi"],
        ["data.lastDate", "2031-12-31"],
        ["data.qualification", "Graduate"],
      ],
      wrote: grew("entries"),
    },
  ];

  for (const action of ACTIONS) {
    it(`refuses a forged "${action.name}" and writes nothing; the same form from the site writes`, async () => {
      const before = await snap();
      const statuses: string[] = [];
      for (const forgery of FORGERIES) {
        const res = await send(action.path, action.form(), forgery.headers, cookie);
        statuses.push(`${forgery.name}: ${res.status}`);
        expect(res.status, `${forgery.name}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${forgery.name}`).toBeLessThan(500);
        // React Router's data request (what a fetcher posts) is guarded the same way.
        const data = await send(`${action.path}.data`, action.form(), forgery.headers, cookie);
        expect(data.status, `${forgery.name} (.data)`).toBeGreaterThanOrEqual(400);
        expect(data.status, `${forgery.name} (.data)`).toBeLessThan(500);
      }
      expect(await snap()).toEqual(before);

      // The control: from the site itself, the very same form is accepted and writes.
      const ok = await send(action.path, action.form(), { origin: baseURL() }, cookie);
      expect([302, 303], await ok.text()).toContain(ok.status);
      expect(action.wrote(before, await snap())).toBe(true);
    });
  }

  it("keeps the stored Hindi when a content settings form without the Hindi section is saved", async () => {
    // A script's form (like the control above) has no Hindi field: missing is not "empty them".
    expect(storedHindi.tagline).not.toBe("");
    const ok = await send("/admin/content-settings", settingsForm, { origin: baseURL() }, cookie);
    expect([302, 303]).toContain(ok.status);
    expect((await withE2eDb(getSettings)).hindi).toEqual(storedHindi);
  });

  it("keeps the admin signed in when another site posts to sign-out (a resource route)", async () => {
    for (const forgery of FORGERIES) {
      const res = await send("/admin/logout", [], forgery.headers, cookie);
      expect(res.status, forgery.name).toBe(403);
      expect((await getPage(baseURL(), "/admin", cookie)).status, forgery.name).toBe(200);
    }
    const api = await send(
      "/api/auth/sign-out",
      "{}",
      { origin: EVIL },
      cookie,
      "application/json",
    );
    expect(api.status).toBe(403);
    const role = await send(
      "/api/auth/admin/set-role",
      JSON.stringify({ userId: targetUserId, role: "admin" }),
      { origin: EVIL },
      cookie,
      "application/json",
    );
    expect(role.status).toBe(403);
    expect((await getPage(baseURL(), "/admin", cookie)).status).toBe(200);
  });

  it("refuses a forged sign-in (login CSRF) and sets no session", async () => {
    for (const forgery of FORGERIES) {
      const res = await send(
        "/admin/login",
        [
          ["email", ADMIN.email],
          ["password", ADMIN.password],
          ["next", "/admin"],
        ],
        forgery.headers,
      );
      expect(res.status, forgery.name).toBeGreaterThanOrEqual(400);
      expect(res.status, forgery.name).toBeLessThan(500);
      expect(res.headers.getSetCookie().join(";"), forgery.name).not.toMatch(/session_token=[^;]/);
    }
  });

  it("refuses the public contact form from another site, storing nothing", async () => {
    const name = `CSRF contact ${suffix}`;
    const form: Pairs = [
      ["name", name],
      ["email", "visitor@example.com"],
      ["message", "Sent by a page on another site."],
    ];
    const count = () =>
      withE2eDb(
        async (db) =>
          (await db.selectFrom("messages").select("id").where("name", "=", name).execute()).length,
      );
    for (const forgery of FORGERIES) {
      const res = await send("/contact-us", form, forgery.headers);
      expect(res.status, forgery.name).toBeGreaterThanOrEqual(400);
      expect(res.status, forgery.name).toBeLessThan(500);
      expect(res.status, forgery.name).not.toBe(429);
    }
    expect(await count()).toBe(0);
    await withE2eDb((db) =>
      db.deleteFrom("rate_limits").where("key", "like", "contact:%127.0.0.1").execute(),
    );
    const ok = await send("/contact-us", form, { origin: baseURL() });
    expect(ok.status).toBe(200);
    expect(await count()).toBe(1);
  });

  it("changes nothing when an admin GETs any admin screen with action-like parameters", async () => {
    const targets = await withE2eDb(async (db: DB) => {
      const ids: Record<string, string> = {};
      for (const k of KIND_LIST) {
        const row = await db
          .selectFrom("entries")
          .select("id")
          .where("kind", "=", k.kind)
          .where("deleted_at", "is", null)
          .orderBy("created_at")
          .executeTakeFirstOrThrow();
        ids[k.adminSegment] = row.id;
      }
      const revision = await db
        .selectFrom("revisions")
        .select("id")
        .where("subject_type", "=", "entry")
        .where("subject_id", "=", ids["manage-jobs"])
        .executeTakeFirstOrThrow();
      const redirect = await db.selectFrom("redirects").select("id").executeTakeFirst();
      // Opening an unread message marks it read (that is what reading is); use a read one, so
      // that any other change (a delete, an archive) would show.
      const probe = await createMessage(db, {
        name: `CSRF GET probe ${suffix}`,
        email: "probe@example.com",
        message: "Only a POST may delete or move me.",
      });
      await setMessageStatus(db, probe.id, "read");
      return { ids, revisionId: revision.id, redirectId: redirect?.id ?? "", messageId: probe.id };
    });
    try {
      const before = await snap();
      const query = new URLSearchParams([
        ["intent", "delete"],
        ["id", targets.messageId],
        ["ids", targets.ids["manage-jobs"]],
        ["userId", targetUserId],
        ["revisionId", targets.revisionId],
        ["edit", targets.redirectId],
        ["status", "archived"],
        ["role", "admin"],
        ["action", "delete"],
        ["_action", "delete"],
        ["confirm", "yes"],
        ["index", ""],
      ]).toString();
      const patterns = adminPatterns();
      expect(patterns.length).toBeGreaterThan(30);
      const failures: string[] = [];
      for (const pattern of patterns) {
        const segment = pattern.split("/")[2] ?? "";
        const url = pattern
          .replace(":id", targets.ids[segment] ?? "none")
          .replace(":slug", "about-us")
          .replace("*", `no-such-${suffix}`);
        for (const q of [
          `?${query}`,
          `?${query}&intent=trash`,
          `?${query}&intent=set-role&role=admin`,
        ]) {
          const res = await getPage(baseURL(), `${url}${q}`, cookie);
          if (res.status >= 500) failures.push(`GET ${url} → ${res.status}`);
          await res.arrayBuffer();
        }
      }
      expect(failures).toEqual([]);
      expect(await snap()).toEqual(before);
    } finally {
      await withE2eDb((db) =>
        db.deleteFrom("messages").where("id", "=", targets.messageId).execute(),
      );
    }
  });
});

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

/** Every admin URL pattern of the route table (sign-out included: its GET must not sign out). */
function adminPatterns(): string[] {
  const walk = (entries: readonly RouteEntry[], parent = ""): string[] =>
    entries.flatMap((e) => {
      const p = e.path === undefined ? parent : [parent, e.path].filter(Boolean).join("/");
      const self = e.index || e.path !== undefined ? [`/${p}`] : [];
      return [...self, ...walk(e.children ?? [], p)];
    });
  return walk(routes as RouteEntry[]).filter((p) => p === "/admin" || p.startsWith("/admin/"));
}
