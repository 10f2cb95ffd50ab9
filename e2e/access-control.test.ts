import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIND_LIST } from "~/content/registry.ts";
import { can, entryAccess, ROLE_LABEL, type Capability, type Role } from "~/content/policy.ts";
import { createMessage } from "~/messages/messages.repository.server.ts";
import routes from "~/routes.ts";
import { baseURL } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { ADMIN, AUTHOR, EDITOR, EDITOR_NO_ADMIN } from "./server.global.ts";

/**
 * The access-control matrix: every admin route in the route table, GET and POST, as an anonymous
 * visitor, as a signed-in user without any back-office role, as an author, as an editor and as an
 * admin. What each role may do comes from the capability table (app/content/policy.ts) through
 * rules on the path, so a screen added under a prefix is judged like its neighbours. Every
 * refusal must leave every row as it was.
 */

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  id?: string;
  children?: RouteEntry[];
}

interface AdminRoute {
  pattern: string;
  file: string;
  id: string;
}

function walk(entries: readonly RouteEntry[], parent = ""): AdminRoute[] {
  return entries.flatMap((entry) => {
    // prefix() gives an index route its parent's path, so a path wins over the index flag.
    const path = entry.path === undefined ? parent : [parent, entry.path].filter(Boolean).join("/");
    const self =
      entry.index || entry.path !== undefined
        ? [{ pattern: `/${path}`, file: entry.file, id: entry.id ?? entry.file }]
        : [];
    return [...self, ...walk(entry.children ?? [], path)];
  });
}

/** Endpoints a screen posts to (JSON answers, file uploads); a GET is refused with 405, after the guard. */
const POST_ONLY = new Set([
  "/admin/presence",
  "/admin/notice-import",
  ...KIND_LIST.map((k) => `/admin/${k.adminSegment}/import/upload`),
]);

/** Whether the route's module has an action: a POST to one without answers 405 before any guard. */
function hasAction(route: AdminRoute): boolean {
  const source = readFileSync(new URL(`../app/${route.file}`, import.meta.url), "utf8");
  return /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source);
}

const ENTRY_SEGMENTS = new Set(KIND_LIST.map((k) => k.adminSegment));

/** The capability a request needs, by path prefix; null when any back-office role may. */
function capabilityFor(pattern: string, method: "GET" | "POST"): Capability | null {
  const under = (prefix: string) => pattern === prefix || pattern.startsWith(`${prefix}/`);
  if (["/admin/users", "/admin/content-settings", "/admin/seo-tools"].some(under))
    return "administer";
  if (under("/admin/manage-site-pages")) return "site-pages";
  if (under("/admin/messages")) return "messages";
  if (under("/admin/trash")) return "trash";
  if (under("/admin/organizations")) return "organizations";
  if (under("/admin/photo-presets")) return "publish";
  // A CSV file may hold hundreds of entries: editors and admins import (issue 32).
  if (KIND_LIST.some((k) => under(`/admin/${k.adminSegment}/import`))) return "publish";
  // Editors see the alerts' subscribers and outbox; only an admin's buttons change them.
  if (under("/admin/alerts")) return method === "POST" ? "administer" : "alerts";
  // Editors mark links checked; only an admin changes the vendor hosts and known fakes.
  if (under("/admin/links/hosts")) return method === "POST" ? "administer" : "links";
  if (under("/admin/links")) return "links";
  // The dashboard's only action is "Approve and publish" in the review queue.
  if (pattern === "/admin" && method === "POST") return "publish";
  const [, , segment, screen] = pattern.split("/");
  if (segment && ENTRY_SEGMENTS.has(segment) && method === "POST") {
    // The list's bulk actions and the history's restore publish; the edit form decides per entry.
    if (screen === undefined || screen === "history") return "publish";
  }
  return null;
}

const ADMIN_ROUTES = walk(routes as RouteEntry[]).filter(
  (r) => r.pattern === "/admin" || r.pattern.startsWith("/admin/"),
);

/** Real rows the would-be writes point at, so a missing guard would really change something. */
interface Targets {
  entryId: Record<string, string>;
  entryRevisionId: Record<string, string>;
  pageRevisionId: string;
  messageId: string;
  editorId: string;
  organizationId: string;
}

type Body = [string, string][];

/**
 * For each screen, a complete form that WOULD write if its action ran (visitors who are not
 * admins must be stopped before it runs), and an incomplete one for the admin, whose action then
 * refuses it without writing.
 */
function formFor(route: AdminRoute, t: Targets, complete: boolean): Body {
  const name = route.file.split("/").pop() ?? "";
  const segment = route.pattern.split("/")[2] ?? "";
  const entryId = t.entryId[segment] ?? "";
  if (!complete) {
    const incomplete: Record<string, Body> = {
      "login.tsx": [
        ["email", ""],
        ["password", ""],
      ],
      "seo-tools.tsx": [
        ["intent", "redirect-save"],
        ["source", ""],
        ["statusCode", "301"],
      ],
      "content-settings.tsx": [
        ["intent", "save"],
        ["siteName", ""],
      ],
      "site-page-edit.tsx": [
        ["title", ""],
        ["body", ""],
      ],
      "site-page-history.tsx": [
        ["intent", "restore"],
        ["revisionId", ""],
      ],
      "messages.tsx": [
        ["intent", "archive"],
        ["id", ""],
      ],
      "alerts.tsx": [
        ["intent", "retry"],
        ["id", ""],
      ],
      "users.tsx": [
        ["intent", "set-role"],
        ["userId", ""],
        ["role", "admin"],
      ],
      "organizations.tsx": [
        ["id", t.organizationId],
        ["shortName", ""],
        ["domains", "not a domain at all"],
        ["state", ""],
      ],
      "photo-preset-edit.tsx": [
        ["key", route.pattern.endsWith("/new") ? "probe-preset" : "ibps"],
        ["name", ""],
      ],
    };
    return incomplete[name] ?? [["intent", "save"]];
  }
  switch (name) {
    case "login.tsx":
      return [
        ["email", ""],
        ["password", ""],
      ];
    case "dashboard.tsx":
      return [
        ["intent", "approve"],
        ["kind", "job"],
        ["id", t.entryId["manage-jobs"] ?? ""],
      ];
    case "seo-tools.tsx":
      return [
        ["intent", "redirect-save"],
        ["source", `/probe-${Date.now()}`],
        ["destination", "https://evil.example/"],
        ["statusCode", "302"],
        ["enabled", "on"],
      ];
    case "content-settings.tsx":
      return [
        ["intent", "save"],
        ["siteName", "Taken over"],
        ["tagline", ""],
        ["contactEmail", "evil@example.com"],
        ["contactPhone", ""],
        ["securityEmail", "evil@example.com"],
        ["sameAs", ""],
        ["latestBar.count", "5"],
        ["latestBar.rotateMs", "7000"],
        ["latestBar.refreshMs", "300000"],
        ["bell.perKind", "5"],
        ["bell.max", "10"],
      ];
    case "site-page-edit.tsx":
      return [
        ["title", "Taken over"],
        ["description", ""],
        ["body", "<p>Defaced</p>"],
      ];
    case "site-page-history.tsx":
      return [
        ["intent", "restore"],
        ["revisionId", t.pageRevisionId],
      ];
    case "messages.tsx":
      return [
        ["intent", "delete"],
        ["id", t.messageId],
      ];
    case "alerts.tsx":
      return [["intent", "pause"]];
    case "users.tsx":
      return [
        ["intent", "set-role"],
        ["userId", t.editorId],
        ["role", "admin"],
      ];
    case "organizations.tsx":
      return [
        ["id", t.organizationId],
        ["shortName", "EVIL"],
        ["domains", "evil.example"],
        ["state", ""],
      ];
    case "photo-preset-edit.tsx":
      return [
        ["key", route.pattern.endsWith("/new") ? "probe-preset" : "ibps"],
        ["name", "Taken over"],
        ["sourceTitle", "Forged rules"],
        ["sourceUrl", "https://evil.example/"],
        ["checkedOn", "2026-01-01"],
        ["rules[0].slot", "photo"],
        ["rules[0].kbMax", "1"],
      ];
    case "entry-list.tsx":
      return [
        ["intent", "trash"],
        ["ids", entryId],
      ];
    case "entry-edit.tsx":
      return route.pattern.endsWith("/add")
        ? [
            ["intent", "publish"],
            ["title", "Probe entry"],
            ["organization", "Probe"],
          ]
        : [["intent", "trash"]];
    case "entry-history.tsx":
      return [
        ["intent", "restore"],
        ["revisionId", t.entryRevisionId[segment] ?? ""],
      ];
    case "trash.tsx":
      return [
        ["intent", "delete"],
        ["id", t.entryId["manage-jobs"] ?? ""],
      ];
    default:
      return [["intent", "save"]];
  }
}

const TABLES = [
  "entries",
  "entry_changes",
  "organizations",
  "entry_slugs",
  "revisions",
  "site_pages",
  "settings",
  "redirects",
  "not_found_log",
  "messages",
  "audit_log",
  "app_meta",
  "alert_subscriptions",
  "outbox",
  "alert_events",
  "alert_digest_items",
  "photo_presets",
  "user",
  "account",
  "session",
] as const;

/** Row count and a checksum of every table; the non-admin's own session is left out. */
async function snapshot(ignoreSessionToken: string | null) {
  return withE2eDb(async (db) => {
    const out: Record<string, { rows: number; sha: string }> = {};
    for (const table of TABLES) {
      const { rows } = await sql<
        Record<string, unknown>
      >`select * from ${sql.table(table)}`.execute(db);
      const kept =
        table === "session" && ignoreSessionToken
          ? rows.filter((r) => r.token !== ignoreSessionToken)
          : rows;
      const lines = kept.map((r) => JSON.stringify(r)).sort();
      out[table] = {
        rows: kept.length,
        sha: createHash("sha256").update(lines.join("\n")).digest("hex"),
      };
    }
    return out;
  });
}

async function login(email: string, password: string): Promise<{ cookie: string; token: string }> {
  const res = await fetch(`${baseURL()}/admin/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password, next: "/admin" }),
    redirect: "manual",
  });
  expect(res.status, `sign-in of ${email}`).toBe(302);
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  const session = cookies.find((c) => c.startsWith("better-auth.session_token="));
  expect(session, "a session cookie").toBeDefined();
  const token = decodeURIComponent(session!.split("=").slice(1).join("=")).split(".")[0];
  return { cookie: cookies.join("; "), token };
}

type Viewer = "anonymous" | "non-admin" | "admin";
type StaffRole = Exclude<Role, "admin">;

async function call(url: string, method: "GET" | "POST", cookie: string | null, body?: Body) {
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  return fetch(`${baseURL()}${url}`, {
    method,
    headers,
    body: method === "POST" ? new URLSearchParams(body) : undefined,
    redirect: "manual",
  });
}

describe("access control of every admin route", () => {
  const concrete = new Map<string, string>();
  let editor: { cookie: string; token: string };
  let admin: { cookie: string; token: string };
  const staff = {} as Record<StaffRole, { cookie: string; token: string; id: string }>;
  let targets: Targets;

  beforeAll(async () => {
    // Real ids from the demo content for :id; a real site page for :slug.
    const ids = await withE2eDb(async (db) => {
      const out: Record<string, string> = {};
      for (const k of KIND_LIST) {
        const row = await db
          .selectFrom("entries")
          .select("id")
          .where("kind", "=", k.kind)
          .where("deleted_at", "is", null)
          .orderBy("created_at")
          .executeTakeFirst();
        if (row) out[k.adminSegment] = row.id;
      }
      return out;
    });
    targets = await withE2eDb(async (db) => {
      const revisionOf = async (type: string, id: string) =>
        (
          await db
            .selectFrom("revisions")
            .select("id")
            .where("subject_type", "=", type)
            .where("subject_id", "=", id)
            .orderBy("created_at")
            .executeTakeFirstOrThrow()
        ).id;
      const entryRevisionId: Record<string, string> = {};
      for (const [segment, id] of Object.entries(ids))
        entryRevisionId[segment] = await revisionOf("entry", id);
      const message = await createMessage(db, {
        name: "Access probe",
        email: "probe@example.com",
        message: "Only an admin may move or delete me.",
      });
      const editorRow = await db
        .selectFrom("user")
        .select("id")
        .where("email", "=", EDITOR_NO_ADMIN.email)
        .executeTakeFirstOrThrow();
      const organization = await db
        .selectFrom("organizations")
        .select("id")
        .orderBy("name")
        .executeTakeFirstOrThrow();
      return {
        entryId: ids,
        entryRevisionId,
        pageRevisionId: await revisionOf("page", "about-us"),
        messageId: message.id,
        editorId: editorRow.id,
        organizationId: organization.id,
      };
    });
    for (const route of ADMIN_ROUTES) {
      const segment = route.pattern.split("/")[2] ?? "";
      const url = route.pattern
        .replace(":id", ids[segment] ?? "missing-id")
        .replace(":slug", "about-us")
        .replace(":key", "ibps")
        .replace("*", `no-such-screen-${Date.now()}`);
      concrete.set(route.pattern, url);
    }
    editor = await login(EDITOR_NO_ADMIN.email, EDITOR_NO_ADMIN.password);
    admin = await login(ADMIN.email, ADMIN.password);
    for (const [role, account] of [
      ["editor", EDITOR],
      ["author", AUTHOR],
    ] as const) {
      const session = await login(account.email, account.password);
      const id = await withE2eDb(
        async (db) =>
          (
            await db
              .selectFrom("user")
              .select(["id", "role"])
              .where("email", "=", account.email)
              .executeTakeFirstOrThrow()
          ).id,
      );
      staff[role] = { ...session, id };
    }
  });

  afterAll(async () => {
    await withE2eDb((db) =>
      db.deleteFrom("messages").where("id", "=", targets.messageId).execute(),
    );
  });

  it("finds every admin screen of the route table", () => {
    const patterns = ADMIN_ROUTES.map((r) => r.pattern);
    for (const expected of [
      "/admin/login",
      "/admin/logout",
      "/admin",
      "/admin/seo-tools",
      "/admin/content-settings",
      "/admin/manage-site-pages",
      "/admin/manage-site-pages/edit/:slug",
      "/admin/manage-site-pages/history/:slug",
      "/admin/messages",
      "/admin/alerts",
      "/admin/users",
      "/admin/trash",
      "/admin/*",
      ...KIND_LIST.flatMap((k) => [
        `/admin/${k.adminSegment}`,
        `/admin/${k.adminSegment}/add`,
        `/admin/${k.adminSegment}/edit/:id`,
        `/admin/${k.adminSegment}/history/:id`,
      ]),
    ])
      expect(patterns).toContain(expected);
    for (const url of concrete.values()) expect(url).not.toMatch(/missing-id|:/);
  });

  for (const viewer of ["anonymous", "non-admin"] as const satisfies readonly Viewer[]) {
    it(`turns ${viewer === "anonymous" ? "an anonymous visitor" : "a signed-in non-admin"} away from every screen and every action, changing nothing`, async () => {
      const cookie = viewer === "anonymous" ? null : editor.cookie;
      const before = await snapshot(editor.token);
      const failures: string[] = [];
      for (const route of ADMIN_ROUTES) {
        const url = concrete.get(route.pattern)!;
        const isLogin = route.pattern === "/admin/login";
        const isLogout = route.pattern === "/admin/logout";
        for (const method of ["GET", "POST"] as const) {
          // Signing out is the one thing a non-admin may do to their own session: left for the end.
          if (isLogout && method === "POST" && viewer === "non-admin") continue;
          const res = await call(url, method, cookie, formFor(route, targets, true));
          const location = res.headers.get("location") ?? "";
          const got = `${method} ${url} → ${res.status} ${location}`;
          let ok: boolean;
          if (isLogin) {
            // The sign-in form itself: shown, and an empty submission refused.
            ok = method === "GET" ? res.status === 200 : res.status === 400;
          } else if (isLogout) {
            ok = res.status === 302 && location === (method === "GET" ? "/admin" : "/admin/login");
          } else if (viewer === "anonymous") {
            const next = new URL(url, baseURL());
            ok =
              (res.status === 302 || res.status === 303) &&
              location === `/admin/login?next=${encodeURIComponent(next.pathname)}`;
          } else {
            // Spec §4, §6, §8: a silent replacing redirect home (the admin login is the one page
            // that says why). A screen without an action answers a POST 405 before any guard.
            ok =
              (res.status === 302 && location === "/") ||
              (method === "POST" && res.status === 405 && !location);
          }
          if (!ok) failures.push(got);
          // Nothing of the admin may leak into a refusal.
          const text = await res.text();
          if (!isLogin && /Signed in as|Create a user|Add a redirect/.test(text))
            failures.push(`${got}: the body shows admin content`);
        }
      }
      expect(failures).toEqual([]);
      expect(await snapshot(editor.token)).toEqual(before);
    });
  }

  /**
   * What `role` gets for a request: the status wanted, and whether it is a refusal (sent with the
   * complete form that would write, and the database must not change).
   */
  async function expectation(
    role: StaffRole,
    route: AdminRoute,
    method: "GET" | "POST",
  ): Promise<{ refused: boolean; wanted: (status: number, location: string) => boolean }> {
    const status =
      (...codes: number[]) =>
      (got: number, location: string) =>
        codes.includes(got) && !location;
    if (route.pattern === "/admin/login")
      // The sign-in form: shown (or, signed in, sent on); an empty submission refused.
      return {
        refused: false,
        wanted:
          method === "GET"
            ? (got, location) => got === 200 || (got === 302 && location === "/admin")
            : // Refused (400); the page that would show the error then sends signed-in staff on.
              (got, location) =>
                (got === 400 && !location) || (got === 302 && location === "/admin"),
      };
    if (route.pattern === "/admin/*") return { refused: false, wanted: status(404) };
    if (method === "POST" && !hasAction(route)) return { refused: true, wanted: status(405) };
    const capability = capabilityFor(route.pattern, method);
    if (capability && !can(role, capability)) return { refused: true, wanted: status(403) };
    const [, , segment, screen] = route.pattern.split("/");
    if (role === "author" && segment && ENTRY_SEGMENTS.has(segment)) {
      if (screen === "edit" || screen === "preview" || screen === "history") {
        // One rule for every per-entry screen (issue 25): an author opens their own entries
        // only, and changes only their drafts and submissions.
        const entry = await withE2eDb((db) =>
          db
            .selectFrom("entries")
            .select(["created_by", "status", "deleted_at"])
            .where("id", "=", targets.entryId[segment] ?? "")
            .executeTakeFirstOrThrow(),
        );
        const access = entryAccess(
          { id: staff.author.id, role },
          { createdBy: entry.created_by, status: entry.status, deletedAt: entry.deleted_at },
        );
        if (access === "none" || (method === "POST" && access !== "edit"))
          return { refused: true, wanted: status(403) };
      }
      // The complete form of /add publishes: refused to an author before anything is read.
      if (screen === "add" && method === "POST") return { refused: true, wanted: status(403) };
    }
    if (method === "GET")
      return { refused: false, wanted: status(POST_ONLY.has(route.pattern) ? 405 : 200) };
    // Allowed: the action runs and refuses the incomplete form, or says the screen has none.
    return {
      refused: false,
      wanted: (got, location) =>
        // 415: an upload endpoint refuses the plain form this test sends (it takes a file).
        [200, 302, 303, 400, 404, 405, 415].includes(got) &&
        !location.startsWith("/admin/login") &&
        location !== "/",
    };
  }

  for (const role of ["author", "editor"] as const satisfies readonly StaffRole[]) {
    it(`refuses ${role === "author" ? "an author" : "an editor"} what the role may not do, on every screen and action, changing nothing`, async () => {
      const { cookie, token } = staff[role];
      const before = await snapshot(token);
      const failures: string[] = [];
      let refusals = 0;
      for (const route of ADMIN_ROUTES) {
        if (route.pattern === "/admin/logout") continue;
        const url = concrete.get(route.pattern)!;
        for (const method of ["GET", "POST"] as const) {
          const { refused, wanted } = await expectation(role, route, method);
          if (!refused) continue;
          refusals++;
          const res = await call(url, method, cookie, formFor(route, targets, true));
          const location = res.headers.get("location") ?? "";
          if (!wanted(res.status, location))
            failures.push(`${method} ${url} → ${res.status} ${location}`);
          const text = await res.text();
          if (res.status === 403 && (res.headers.get("content-type") ?? "").includes("text/html")) {
            // Told why, in the back-office's frame; nothing of the screen itself.
            if (!text.includes("Not allowed for your role") || !text.includes(ROLE_LABEL[role]))
              failures.push(`${method} ${url}: the refusal does not say what the role may not do`);
            if (/Create a user|Add a redirect|Save settings|Delete forever/.test(text))
              failures.push(`${method} ${url}: the refusal shows the screen's content`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(refusals).toBeGreaterThan(role === "author" ? 20 : 5);
      expect(await snapshot(token)).toEqual(before);
    });

    it(`opens to ${role === "author" ? "an author" : "an editor"} every screen and action the role may use`, async () => {
      const { cookie } = staff[role];
      const failures: string[] = [];
      for (const route of ADMIN_ROUTES) {
        if (route.pattern === "/admin/logout") continue;
        const url = concrete.get(route.pattern)!;
        for (const method of ["GET", "POST"] as const) {
          const { refused, wanted } = await expectation(role, route, method);
          if (refused) continue;
          const res = await call(url, method, cookie, formFor(route, targets, false));
          const location = res.headers.get("location") ?? "";
          if (!wanted(res.status, location))
            failures.push(`${method} ${url} → ${res.status} ${location}`);
          await res.arrayBuffer();
        }
      }
      expect(failures).toEqual([]);
    });
  }

  it("follows the capability table for the screens named in issue 13", async () => {
    // A readable spot check of the rules above, so a wrong rule cannot pass unnoticed.
    const get = async (role: StaffRole, path: string) =>
      (await call(path, "GET", staff[role].cookie)).status;
    const post = async (role: StaffRole, path: string, body: Body) =>
      (await call(path, "POST", staff[role].cookie, body)).status;
    const before = await snapshot(null);
    expect(await get("author", "/admin/users")).toBe(403);
    expect(await get("author", "/admin/manage-jobs")).toBe(200);
    expect(await get("author", "/admin/manage-jobs/add")).toBe(200);
    expect(await get("author", "/admin/manage-site-pages")).toBe(403);
    expect(await get("author", "/admin/trash")).toBe(403);
    expect(await get("author", "/admin/alerts")).toBe(403);
    expect(
      await post("author", "/admin/manage-jobs", [
        ["intent", "publish"],
        ["ids", targets.entryId["manage-jobs"] ?? ""],
      ]),
    ).toBe(403);
    expect(
      await post("author", "/admin/manage-site-pages/edit/about-us", [
        ["title", "Taken over"],
        ["body", "<p>Defaced</p>"],
      ]),
    ).toBe(403);
    expect(
      await post("author", "/admin/trash", [
        ["intent", "delete"],
        ["id", targets.entryId["manage-jobs"] ?? ""],
      ]),
    ).toBe(403);
    for (const path of ["/admin/users", "/admin/content-settings", "/admin/seo-tools"])
      expect(await get("editor", path), path).toBe(403);
    for (const path of [
      "/admin/manage-site-pages",
      "/admin/manage-site-pages/edit/about-us",
      "/admin/messages",
      "/admin/trash",
      "/admin/organizations",
      "/admin/manage-jobs",
      "/admin/alerts",
    ])
      expect(await get("editor", path), path).toBe(200);
    expect(await post("editor", "/admin/alerts", [["intent", "pause"]])).toBe(403);
    expect(await snapshot(null)).toEqual(before);
  });

  it("refuses better-auth's admin endpoints to a non-admin, changing nothing", async () => {
    const before = await snapshot(editor.token);
    const editorId = await withE2eDb(
      async (db) =>
        (
          await db
            .selectFrom("user")
            .select("id")
            .where("email", "=", EDITOR_NO_ADMIN.email)
            .executeTakeFirstOrThrow()
        ).id,
    );
    const headers = {
      cookie: editor.cookie,
      "content-type": "application/json",
      origin: baseURL(),
    };
    const post = (path: string, body: unknown) =>
      fetch(`${baseURL()}/api/auth/admin/${path}`, {
        method: "POST",
        headers,
        body: JSON.stringify(body),
        redirect: "manual",
      });
    const results = [
      await post("set-role", { userId: editorId, role: "admin" }),
      await post("create-user", {
        email: "intruder@example.test",
        password: "intruder-Passphrase-77",
        name: "Intruder",
        role: "admin",
      }),
      await post("ban-user", { userId: editorId }),
      await post("set-user-password", { userId: editorId, newPassword: "new-Passphrase-Long-1" }),
      await post("revoke-user-sessions", { userId: editorId }),
      await post("remove-user", { userId: editorId }),
      await fetch(`${baseURL()}/api/auth/admin/list-users`, { headers, redirect: "manual" }),
    ];
    // Not exposed over HTTP at all (404); refused if it were.
    for (const res of results) expect([401, 403, 404]).toContain(res.status);
    expect(await snapshot(editor.token)).toEqual(before);
    // Still a non-admin, still signed in: sent home from /admin, told why at /admin/login only.
    const again = await call("/admin", "GET", editor.cookie);
    expect([again.status, again.headers.get("location")]).toEqual([302, "/"]);
    const page = await (await call("/admin/login", "GET", editor.cookie)).text();
    expect(page).toContain("This account has no access to the back-office");
    expect(page).toContain(EDITOR_NO_ADMIN.email);
    expect(page).toMatch(/<form[^>]*action="\/admin\/logout"/);
  });

  it("refuses better-auth's admin endpoints to an editor and an author, changing nothing", async () => {
    for (const role of ["editor", "author"] as const) {
      const { cookie, token, id } = staff[role];
      const before = await snapshot(token);
      const headers = { cookie, "content-type": "application/json", origin: baseURL() };
      const post = (path: string, body: unknown) =>
        fetch(`${baseURL()}/api/auth/admin/${path}`, {
          method: "POST",
          headers,
          body: JSON.stringify(body),
          redirect: "manual",
        });
      const results = [
        await post("set-role", { userId: id, role: "admin" }),
        await post("create-user", {
          email: `intruder-${role}@example.test`,
          password: "intruder-Passphrase-77",
          name: "Intruder",
          role: "admin",
        }),
        await post("set-user-password", { userId: id, newPassword: "new-Passphrase-Long-1" }),
        await fetch(`${baseURL()}/api/auth/admin/list-users`, { headers, redirect: "manual" }),
      ];
      for (const res of results) expect([401, 403, 404], role).toContain(res.status);
      expect(await snapshot(token)).toEqual(before);
    }
  });

  it("opens every screen to an admin", async () => {
    const failures: string[] = [];
    for (const route of ADMIN_ROUTES) {
      const url = concrete.get(route.pattern)!;
      if (route.pattern === "/admin/logout") continue;
      const get = await call(url, "GET", admin.cookie);
      const wanted =
        route.pattern === "/admin/*"
          ? 404
          : route.pattern === "/admin/login"
            ? 302
            : POST_ONLY.has(route.pattern)
              ? 405
              : 200;
      if (get.status !== wanted) failures.push(`GET ${url} → ${get.status}, wanted ${wanted}`);
      if (route.pattern === "/admin/login") continue;

      const post = await call(url, "POST", admin.cookie, formFor(route, targets, false));
      const location = post.headers.get("location") ?? "";
      // The action ran for the admin: an incomplete form is refused (400), a screen without an
      // action says so (405), an upload endpoint refuses a form without its file (415), the
      // unknown screen is 404; never the sign-in page or home.
      const turnedAway = location.startsWith("/admin/login") || location === "/";
      const answered = [200, 302, 303, 400, 404, 405, 415].includes(post.status);
      if (turnedAway || post.status >= 500 || !answered)
        failures.push(`POST ${url} → ${post.status} ${location}`);
    }
    expect(failures).toEqual([]);
    // The screens of this engineer refuse the incomplete form with 400 and a message.
    for (const path of [
      "/admin/seo-tools",
      "/admin/content-settings",
      "/admin/manage-site-pages/edit/about-us",
      "/admin/messages",
      "/admin/alerts",
      "/admin/users",
      "/admin/organizations",
    ]) {
      const route = ADMIN_ROUTES.find((r) => concrete.get(r.pattern) === path)!;
      const res = await call(path, "POST", admin.cookie, formFor(route, targets, false));
      expect(res.status, path).toBe(400);
    }
  });

  it("guards every button of the Alerts screen: an admin's only, a refusal changes nothing", async () => {
    // Failed and dead messages, so that a retry or a discard that got through would show.
    const at = new Date().toISOString();
    const statuses = ["failed", "dead", "dead", "failed"] as const;
    const keys = statuses.map((s, i) => `acl:${s}:${i}:${Date.now()}`);
    await withE2eDb((db) =>
      db
        .insertInto("outbox")
        .values(
          keys.map((key, i) => ({
            id: key,
            channel: "telegram" as const,
            key,
            payload: JSON.stringify({ text: "Probe" }),
            status: statuses[i],
            attempts: 8,
            next_attempt_at: "2099-01-01T00:00:00.000Z",
            last_error: "probe",
            created_at: at,
          })),
        )
        .execute(),
    );
    const forms: Body[] = [
      [
        ["intent", "retry"],
        ["id", keys[0]],
      ],
      [
        ["intent", "discard"],
        ["id", keys[1]],
      ],
      // In this order, each of the admin's presses has a row to act on.
      [["intent", "discard-dead"]],
      [["intent", "retry-failed"]],
      [["intent", "pause"]],
      [["intent", "resume"]],
    ];
    try {
      const failures: string[] = [];
      for (const [who, cookie, token, wanted] of [
        ["anonymous", null, null, 302],
        // Sent home, as from every /admin path (spec §4, §6, §8).
        ["no role", editor.cookie, editor.token, 302],
        ["author", staff.author.cookie, staff.author.token, 403],
        ["editor", staff.editor.cookie, staff.editor.token, 403],
      ] as const) {
        const before = await snapshot(token);
        for (const body of forms) {
          const res = await call("/admin/alerts", "POST", cookie, body);
          await res.arrayBuffer();
          if (res.status !== wanted) failures.push(`${who} ${body[0][1]} → ${res.status}`);
        }
        expect(await snapshot(token), who).toEqual(before);
      }
      expect(failures).toEqual([]);
      expect((await call("/admin/alerts", "GET", staff.editor.cookie)).status).toBe(200);
      expect((await call("/admin/alerts", "GET", staff.author.cookie)).status).toBe(403);

      // The admin: each button does its work (a redirect back to the screen) with its audit row.
      const done: string[] = [];
      for (const body of forms) {
        const res = await call("/admin/alerts", "POST", admin.cookie, body);
        done.push(`${body[0][1]} → ${res.status} ${res.headers.get("location") ?? ""}`);
      }
      expect(done.map((d) => d.replace(/\?.*$/, ""))).toEqual(
        forms.map((f) => `${f[0][1]} → 302 /admin/alerts`),
      );
      const audit = await withE2eDb((db) =>
        db
          .selectFrom("audit_log")
          .select("action")
          .where("action", "like", "outbox.%")
          .where("created_at", ">=", at)
          .execute(),
      );
      expect(audit.map((a) => a.action).sort()).toEqual([
        "outbox.discard",
        "outbox.discard-dead",
        "outbox.pause",
        "outbox.resume",
        "outbox.retry",
        "outbox.retry-all",
      ]);
    } finally {
      await withE2eDb(async (db) => {
        await db.deleteFrom("outbox").where("key", "in", keys).execute();
        await db
          .updateTable("app_meta")
          .set({ value: "0" })
          .where("key", "=", "outbox_paused")
          .execute();
      });
    }
  });

  it("signs a non-admin out, and then treats them as anonymous", async () => {
    const res = await call("/admin/logout", "POST", editor.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/login");
    const after = await call("/admin/users", "GET", editor.cookie);
    expect(after.headers.get("location")).toBe("/admin/login?next=%2Fadmin%2Fusers");
  });
});
