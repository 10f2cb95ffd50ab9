import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KIND_LIST } from "~/content/registry.ts";
import { filterColumns } from "~/content/field-roles.ts";
import { baseURL } from "./browser.ts";
import { withE2eDb } from "./db.ts";
import { signIn } from "./instances.ts";
import { ADMIN } from "./server.global.ts";
import { getPage, integrityOk, snapshot, SQL_ATTACKS } from "./security-helpers.ts";

/**
 * SQL injection and search-syntax injection (ASVS 5.3.4, 5.3.5) through every search box and
 * filter of the site and the back-office: never a server error, always an ordinary page whose
 * results are those of the plain words (the metacharacters change nothing), and the database is
 * whole afterwards. The repository-level twin, on SQLite and PostgreSQL, is
 * app/platform/injection.server.test.ts.
 */

const q = encodeURIComponent;

function mainOf(html: string): string {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  return start === -1 || end === -1 ? "" : html.slice(start, end);
}

/** The entry links a public page lists in its main content, in order. */
function entryLinks(html: string): string[] {
  const prefixes = KIND_LIST.map((k) => k.urlPrefix.slice(1)).join("|");
  const re = new RegExp(`href="/(?:${prefixes})/([a-z0-9-]+)"`, "g");
  return [...mainOf(html).matchAll(re)].map((m) => m[0]);
}

/** What the search box does with the query: its words, whatever surrounds them. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .join(" ");

/** A page with its own heading, not the error page's (whose words every page's data carries). */
function isOrdinaryPage(html: string): boolean {
  const h1 = /<h1[\s>][^]*?<\/h1>/.exec(html)?.[0];
  return !!h1 && !h1.includes("Something went wrong");
}

describe("SQL and search-syntax injection", () => {
  let cookie: string;
  let before: Awaited<ReturnType<typeof snapshot>>;

  beforeAll(async () => {
    cookie = await signIn(baseURL(), ADMIN.email, ADMIN.password);
    before = await withE2eDb((db) => snapshot(db));
  });

  afterAll(async () => {
    // Whatever was tried, every table has the rows it had, and the database file is sound.
    const after = await withE2eDb((db) => snapshot(db));
    expect(after).toEqual(before);
    expect(await withE2eDb(integrityOk)).toBe(true);
  });

  it("public search: every attack is a normal results page with the plain words' results", async () => {
    const failures: string[] = [];
    for (const attack of SQL_ATTACKS) {
      const res = await getPage(baseURL(), `/search?q=${q(attack)}`);
      const html = await res.text();
      if (res.status !== 200 || !isOrdinaryPage(html)) {
        failures.push(`q=${JSON.stringify(attack)} → ${res.status}`);
        continue;
      }
      const words = wordsOf(attack);
      const plain = await getPage(baseURL(), `/search?q=${q(words)}`);
      const expected = entryLinks(await plain.text());
      if (JSON.stringify(entryLinks(html)) !== JSON.stringify(expected))
        failures.push(
          `q=${JSON.stringify(attack)} lists other results than q=${JSON.stringify(words)}`,
        );
      // A page number that is an attack is a clear 400, not a server error.
      const paged = await getPage(baseURL(), `/search?q=clerk&page=${q(attack)}`);
      if (paged.status !== 400 || !(await paged.text()).includes("page number"))
        failures.push(`page=${JSON.stringify(attack)} → ${paged.status}`);
    }
    expect(failures).toEqual([]);
    // The check above can tell results apart: real words do find entries.
    const found = entryLinks(await (await getPage(baseURL(), "/search?q=recruitment")).text());
    expect(found.length).toBeGreaterThan(0);
  });

  it("public list filters: an attack filters to nothing, like any unknown value", async () => {
    const failures: string[] = [];
    for (const kind of KIND_LIST) {
      const none = await getPage(baseURL(), `${kind.urlPrefix}?organization=zz-no-such-value`);
      const empty = entryLinks(await none.text());
      const all = entryLinks(await (await getPage(baseURL(), kind.urlPrefix)).text());
      expect(all.length, kind.kind).toBeGreaterThan(empty.length);
      for (const [i, attack] of SQL_ATTACKS.entries()) {
        for (const filter of ["organization", "state", "qualification"]) {
          // A filter that this kind does not have is ignored: the whole list (a few samples).
          const applies =
            filter === "organization" || filterColumns(kind.sections).includes(filter as never);
          if (!applies && i >= 3) continue;
          const url = `${kind.urlPrefix}?${filter}=${q(attack)}`;
          const res = await getPage(baseURL(), url);
          const html = await res.text();
          if (res.status !== 200 || !isOrdinaryPage(html)) {
            failures.push(`${url} → ${res.status}`);
            continue;
          }
          const links = entryLinks(html);
          const wanted = applies ? empty : all;
          if (JSON.stringify(links) !== JSON.stringify(wanted))
            failures.push(`${url} lists ${links.length} entries, wanted ${wanted.length}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("detail pages: an attack as the slug is a plain 404", async () => {
    const failures: string[] = [];
    for (const kind of KIND_LIST) {
      for (const attack of SQL_ATTACKS) {
        const res = await getPage(baseURL(), `${kind.urlPrefix}/${q(attack)}`);
        await res.arrayBuffer();
        if (res.status !== 404) failures.push(`${kind.urlPrefix}/${attack} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("admin list search (?q=) matches the typed text literally; other parameters fall back", async () => {
    const failures: string[] = [];
    for (const kind of KIND_LIST) {
      const rows = await withE2eDb((db) =>
        db
          .selectFrom("entries")
          .select(["id", "title", "organization"])
          .where("kind", "=", kind.kind)
          .where("deleted_at", "is", null)
          .execute(),
      );
      const editLink = new RegExp(`/admin/${kind.adminSegment}/edit/([0-9a-f-]{36})`, "g");
      const listed = (html: string) => new Set([...html.matchAll(editLink)].map((m) => m[1]));
      const unfiltered = listed(
        await (await getPage(baseURL(), `/admin/${kind.adminSegment}`, cookie)).text(),
      );
      expect(unfiltered.size, kind.kind).toBeGreaterThan(0);
      for (const attack of SQL_ATTACKS) {
        const url = `/admin/${kind.adminSegment}?q=${q(attack)}`;
        const res = await getPage(baseURL(), url, cookie);
        const html = await res.text();
        if (res.status !== 200 || !isOrdinaryPage(html)) {
          failures.push(`${url} → ${res.status}`);
          continue;
        }
        // The database never sees a NUL (db.server.ts drops it); the rest is a literal substring.
        const needle = attack.trim().replaceAll("\u0000", "").toLowerCase();
        const expected = rows
          .filter((r) => `${r.title}\n${r.organization}`.toLowerCase().includes(needle))
          .map((r) => r.id);
        const got = listed(html);
        const fits = expected.length <= 25;
        const ok = fits
          ? got.size === expected.length && expected.every((id) => got.has(id))
          : got.size === 25 && [...got].every((id) => expected.includes(id));
        if (!ok) failures.push(`${url} lists ${got.size}, wanted ${expected.length}`);
        const other = `/admin/${kind.adminSegment}?status=${q(attack)}&sort=${q(attack)}&page=${q(attack)}`;
        const fallback = await getPage(baseURL(), other, cookie);
        const fallbackHtml = await fallback.text();
        if (fallback.status !== 200 || !isOrdinaryPage(fallbackHtml))
          failures.push(`${other} → ${fallback.status}`);
        else if (listed(fallbackHtml).size !== unfiltered.size)
          failures.push(`${other} did not fall back to the whole list`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("leaves the search index consistent with the entries", async () => {
    await withE2eDb(async (db) => {
      // FTS5's own consistency check: it raises an error if the index and the table disagree.
      await sql`insert into entries_fts(entries_fts) values ('integrity-check')`.execute(db);
      expect(await integrityOk(db)).toBe(true);
    });
  });
});
