import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { EntryData } from "~/content/fields.ts";
import {
  findPosts,
  parseProfile,
  type ProfileForm,
  type RulesFile,
} from "~/content/job-eligibility.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { migrate, openDatabase, type AppDatabase } from "~/platform/db/db.server.ts";
import type { Database } from "~/platform/db/schema.ts";
import { openJobRules } from "~/eligibility/rules.repository.server.ts";
import type { EntryWrite } from "~/entries/entries.repository.server.ts";
import { createPostgresDatabase, startInstance, type Instance } from "./instances.ts";
import { savedEntry, TEST_ACTOR } from "../test/writes.ts";

/**
 * The eligibility finder over real HTTP, against the production build on each database: the rules
 * file from the page cache, the form posted without JavaScript answered privately, and nothing of
 * a profile kept anywhere.
 */

function job(title: string, data: EntryData, status: EntryWrite["status"] = "published") {
  return {
    title,
    organization: "Finder Testing Board",
    status,
    data: {
      summary: `Summary of ${title}`,
      employmentType: "FULL_TIME",
      state: "Delhi",
      qualification: "Graduate",
      ...data,
    },
  } satisfies EntryWrite;
}

const CENTRAL_TABLE = [
  { category: "general", years: 0, pwbdYears: 10 },
  { category: "ews", years: 0, pwbdYears: 10 },
  { category: "obc", years: 3, pwbdYears: 13 },
  { category: "sc", years: 5, pwbdYears: 15 },
  { category: "st", years: 5, pwbdYears: 15 },
];

/** Ages count on fixed dates in the past, so the answers do not depend on the day the test runs. */
async function fillJobs(app: AppDatabase) {
  const db = app.db;
  await savedEntry(
    db,
    "job",
    job("Finder Open Clerk", {
      lastDate: "2099-12-30",
      ageMin: 18,
      ageMax: 27,
      ageCutoffDate: "2026-01-01",
      ageRule: "not-attained",
      ageRelaxations: CENTRAL_TABLE,
      exServicemenPlusYears: 3,
    }),
    TEST_ACTOR,
  );
  await savedEntry(
    db,
    "job",
    job("Finder Multi Post", {
      lastDate: "2099-12-31",
      ageMin: 18,
      ageMax: 27,
      ageCutoffDate: "2026-01-01",
      ageRelaxations: CENTRAL_TABLE,
      qualification: "12th Pass",
      posts: [
        { post: "Young Clerk", total: 5, ageMax: 22 },
        { post: "Senior Officer", total: 2, ageMin: 21, ageMax: 40 },
        { post: "Postgraduate Analyst", total: 1, qualification: "Post Graduate" },
      ],
    }),
    TEST_ACTOR,
  );
  await savedEntry(db, "job", job("Finder No Age Post", { lastDate: "2099-11-30" }), TEST_ACTOR);
  await savedEntry(
    db,
    "job",
    job("Finder Closed Clerk", { lastDate: "2020-01-01", ageMax: 40, ageCutoffDate: "2019-01-01" }),
    TEST_ACTOR,
  );
  await savedEntry(
    db,
    "job",
    job("Finder Draft Clerk", { lastDate: "2099-12-31", ageMax: 40 }, "draft"),
    TEST_ACTOR,
  );
}

/** Born 17 Mar 1998: 27 on 1 Jan 2026, so only a relaxation lets them under "not attained 27". */
const PROFILE: Record<string, string> = {
  dobDay: "17",
  dobMonth: "3",
  dobYear: "1998",
  gender: "male",
  category: "obc",
  qualification: "graduate",
  domicileState: "",
  serviceYears: "",
};

/** Every table of the schema, and the migrations' own: what a request may have written. */
const TABLES = [
  "organizations",
  "entries",
  "entry_changes",
  "entry_slugs",
  "revisions",
  "site_pages",
  "settings",
  "redirects",
  "not_found_log",
  "messages",
  "audit_log",
  "rate_limits",
  "app_meta",
  "user",
  "session",
  "kysely_migration",
] as const satisfies readonly (keyof Database | "kysely_migration")[];

async function snapshot(app: AppDatabase) {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await app.db
      .selectFrom(table as keyof Database)
      .selectAll()
      .execute();
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

const findingsIn = (html: string) =>
  [...html.matchAll(/data-finding="([^"]*)"/g)].map((m) => m[1].replaceAll("&amp;", "&"));

const post = (base: string, fields: Record<string, string>) =>
  fetch(`${base}/eligibility`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams(fields),
  });

describe.each(["sqlite", "postgres"] as const)("eligibility finder over HTTP [%s]", (dialect) => {
  let instance: Instance;
  let open: () => AppDatabase;
  let cleanup = async () => {};

  beforeAll(async () => {
    const env: Record<string, string> = { NOT_FOUND_LOG_FLUSH_MS: "100" };
    if (dialect === "sqlite") {
      const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-elig-"));
      const file = path.join(dataDir, "instance.db");
      Object.assign(env, { DATA_DIR: dataDir, DATABASE_URL: `file:${file}` });
      open = () => openDatabase({ dialect: "sqlite", file });
      cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
    } else {
      const serverUrl = inject("postgresUrl");
      const url = await createPostgresDatabase(serverUrl, "elig");
      env.DATABASE_URL = url;
      open = () => openDatabase({ dialect: "postgres", url });
      cleanup = async () => {
        const c = new pg.Client({ connectionString: serverUrl });
        await c.connect();
        await c.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
        await c.end();
      };
    }
    const app = open();
    try {
      await migrate(app);
      await fillJobs(app);
    } finally {
      await app.close();
    }
    instance = await startInstance(env);
  });

  afterAll(async () => {
    await instance?.stop();
    await cleanup();
  });

  async function withDb<T>(fn: (app: AppDatabase) => Promise<T>): Promise<T> {
    const app = open();
    try {
      return await fn(app);
    } finally {
      await app.close();
    }
  }

  async function rulesFile(): Promise<RulesFile> {
    return (await (await fetch(`${instance.baseURL}/eligibility/rules.json`)).json()) as RulesFile;
  }

  it("serves rules.json as JSON with an ETag, from the page cache the second time", async () => {
    const first = await fetch(`${instance.baseURL}/eligibility/rules.json`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toMatch(/^application\/json/);
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    expect(first.headers.get("x-cache")).toBe("MISS");
    const body = (await first.json()) as RulesFile;

    const second = await fetch(`${instance.baseURL}/eligibility/rules.json`);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.headers.get("etag")).toBe(etag);
    expect(await second.json()).toEqual(body);

    const revalidated = await fetch(`${instance.baseURL}/eligibility/rules.json`, {
      headers: { "if-none-match": etag! },
    });
    expect(revalidated.status).toBe(304);

    // Exactly the open, published jobs, as the repository reads them.
    const today = todayInIndia();
    expect(body).toEqual(await withDb((app) => openJobRules(app.db, today)));
    expect(body.jobs.map((j) => j.title)).toEqual([
      "Finder No Age Post",
      "Finder Open Clerk",
      "Finder Multi Post",
    ]);
  });

  it("answers a posted profile privately with the posts findPosts finds in rules.json", async () => {
    const today = todayInIndia();
    const parsed = parseProfile(PROFILE as ProfileForm, today);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const expected = findPosts(parsed.profile, (await rulesFile()).jobs, today);
    // The fixture has something in each group.
    expect(expected.eligible.length).toBeGreaterThan(0);
    expect(expected.close.length + expected.undecided.length).toBeGreaterThan(0);
    expect(expected.eligible.map((f) => `${f.job.title}#${f.post}`)).toEqual([
      "Finder Open Clerk#",
      "Finder Multi Post#Senior Officer",
    ]);

    const res = await post(instance.baseURL, PROFILE);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-cache")).toBeNull();
    expect(res.headers.get("set-cookie")).toBeNull();
    const html = await res.text();
    expect(html).toContain('id="eligible-title"');
    expect(html).toContain("You can apply for 2 posts in 2 jobs");
    expect(findingsIn(html)).toEqual(
      [...expected.eligible, ...expected.close].map((f) => `${f.job.href}#${f.post}`),
    );
    for (const { job } of expected.undecided) expect(html).toContain(job.title);
    expect(html).not.toContain("Finder Closed Clerk");
    expect(html).not.toContain("Finder Draft Clerk");
  });

  it("does not let a POST's answer into the cache of the page", async () => {
    const warm = await fetch(`${instance.baseURL}/eligibility`);
    expect(warm.status).toBe(200);
    const before = await warm.text();
    await post(instance.baseURL, PROFILE);
    const after = await fetch(`${instance.baseURL}/eligibility`);
    expect(after.headers.get("x-cache")).toBe("HIT");
    expect(after.headers.get("cache-control")).not.toContain("no-store");
    const html = await after.text();
    expect(html).toBe(before);
    expect(html).not.toContain('value="1998"');
    expect(html).not.toContain("1998");
    expect(html).not.toContain('id="eligible-title"');
  });

  it("answers the same POST as data (a client navigation) privately too", async () => {
    const res = await fetch(`${instance.baseURL}/eligibility.data`, {
      method: "POST",
      redirect: "manual",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: instance.baseURL,
      },
      body: new URLSearchParams(PROFILE),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toContain("Finder Open Clerk");
  });

  it("answers a date that does not exist with 400 and the field's message", async () => {
    const res = await post(instance.baseURL, {
      ...PROFILE,
      dobDay: "31",
      dobMonth: "2",
      dobYear: "2000",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    expect(html).toContain("Your date of birth is not a real date");
    expect(html).toContain('id="dob-error"');
    expect(html).not.toContain('id="eligible-title"');
  });

  it("answers missing choices with 400 and one message per field", async () => {
    const res = await post(instance.baseURL, { dobDay: "1", dobMonth: "1", dobYear: "2000" });
    expect(res.status).toBe(400);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const html = await res.text();
    for (const message of [
      "Choose your gender",
      "Choose your category",
      "Choose your highest qualification",
    ])
      expect(html).toContain(message);
  });

  it("answers a subject not on the list with 400 and its message, and a body that is no form with 415 or 400", async () => {
    const res = await post(instance.baseURL, { ...PROFILE, discipline: "__proto__" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("Choose the subject from the list, or leave it not given");
    // What broke: a JSON body made the form reader throw, and the page answered 500. A body of
    // another type is refused before any action reads it (415); one that says it is a form but
    // cannot be read as one is a bad request (400). Both say why, and neither is kept.
    const bodies = [
      {
        type: "application/json",
        status: 415,
        says: /^Unsupported Media Type: send the form as application\/x-www-form-urlencoded or multipart\/form-data\./,
      },
      { type: "multipart/form-data", status: 400, says: /^Bad Request: .*could not be read/ },
    ];
    for (const path of ["/eligibility", "/hi/eligibility", "/jobs/finder-open-clerk"])
      for (const { type, status, says } of bodies) {
        const bad = await fetch(`${instance.baseURL}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": type, origin: instance.baseURL },
          body: JSON.stringify({ discipline: ["medicine"] }),
        });
        const what = `${path} (${type})`;
        expect(bad.status, what).toBe(status);
        expect(bad.headers.get("cache-control"), what).toBe("no-store");
        expect(bad.headers.get("content-type"), what).toMatch(/^text\/plain/);
        expect(await bad.text(), what).toMatch(says);
      }
  });

  it("computes nothing from a birth date in the URL", async () => {
    const res = await fetch(
      `${instance.baseURL}/eligibility?dobDay=1&dobMonth=1&dobYear=2000&gender=male&category=general&qualification=graduate`,
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain('id="eligible-title"');
    // What the page shows, without its loader data (which carries the results' word templates).
    const shown = html.replace(/<script\b[\s\S]*?<\/script>/g, "");
    expect(shown).not.toContain("You can apply for");
    expect(shown).not.toContain("No open post fits your details today");
    expect(html).not.toContain('value="2000"');
    expect(findingsIn(html)).toEqual([]);
  });

  it("writes nothing to the database when a profile is posted", async () => {
    const before = await withDb(snapshot);
    await post(instance.baseURL, PROFILE);
    await post(instance.baseURL, { ...PROFILE, dobDay: "31", dobMonth: "2" });
    await post(instance.baseURL, {});
    // Anything counted in memory (the 404 log) is written every 100 ms here: give it time.
    await new Promise((r) => setTimeout(r, 600));
    const after = await withDb(snapshot);
    expect(after.rate_limits).toEqual(before.rate_limits);
    expect(after.not_found_log).toEqual(before.not_found_log);
    expect(after).toEqual(before);
  });
});
