import { createHash } from "node:crypto";
import { sql } from "kysely";
import { openDatabase, type DB } from "~/platform/db/db.server.ts";

/** Helpers of the attack tests (security-*.test.ts, property-forms.test.ts). */

export type Pairs = [string, string][];

/** SQL injection and full-text-search syntax, in the forms people paste them. */
export const SQL_ATTACKS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '"; DROP TABLE entries; --',
  "'; DROP TABLE entries; --",
  "%' --",
  "\\",
  "\\'",
  "') UNION SELECT password FROM account --",
  "' UNION SELECT name, sql FROM sqlite_master --",
  "1; SELECT pg_sleep(5); --",
  "NEAR(",
  "NEAR(clerk exam, 2)",
  '"unterminated',
  "*",
  "title:",
  "title:clerk",
  "{title}: clerk",
  "^",
  "^clerk",
  "clerk OR exam",
  "clerk AND NOT exam",
  "&|!():*",
  "clerk & !exam | (a:* <-> b)",
  "%",
  "_",
  "%_%",
  "'",
  '"',
  "$1",
  "?",
  "\u0000",
];

export const TABLES = [
  "entries",
  "entry_slugs",
  "revisions",
  "site_pages",
  "settings",
  "redirects",
  "messages",
  "audit_log",
  "user",
  "account",
] as const;

/** Row count and a checksum of each table: equal snapshots mean nothing was written. */
export async function snapshot(db: DB, tables: readonly string[] = TABLES) {
  const out: Record<string, { rows: number; sha: string }> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(
      db,
    );
    const lines = rows.map((r) => JSON.stringify(r)).sort();
    out[table] = {
      rows: rows.length,
      sha: createHash("sha256").update(lines.join("\n")).digest("hex"),
    };
  }
  return out;
}

export async function countRows(db: DB, table: string): Promise<number> {
  const { rows } = await sql<{
    n: number;
  }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0].n);
}

/** A Kysely connection to another instance's SQLite file (read alongside the server, WAL). */
export function openInstanceDb(file: string) {
  return openDatabase({ dialect: "sqlite", file });
}

export async function integrityOk(db: DB): Promise<boolean> {
  const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db);
  return rows.length === 1 && rows[0].integrity_check === "ok";
}

/** A form POST as a browser on the site itself would send it (cookie, own Origin). */
export function postForm(
  base: string,
  path: string,
  pairs: Pairs,
  { cookie, headers = {} }: { cookie?: string; headers?: Record<string, string> } = {},
) {
  return fetch(`${base}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(pairs),
  });
}

export function getPage(base: string, path: string, cookie?: string) {
  return fetch(`${base}${path}`, {
    redirect: "manual",
    headers: cookie ? { cookie } : {},
  });
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** The visible text of an HTML page, roughly: no tags, scripts, styles or comments. */
export function pageText(html: string): string {
  return decodeEntities(
    html
      .replace(/<script[\s\S]*?<\/script>/gi, " ")
      .replace(/<style[\s\S]*?<\/style>/gi, " ")
      .replace(/<!--[\s\S]*?-->/g, "")
      .replace(/<[^>]+>/g, ""),
  );
}

/** Every `<p id="…-error">message</p>` of a server-rendered form: error id → message. */
export function errorMessages(html: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of html.matchAll(/<p id="([^"]+)-error"[^>]*>([\s\S]*?)<\/p>/g)) {
    out.set(decodeEntities(m[1]), pageText(m[2]).trim());
  }
  return out;
}

/** What a form value becomes on the way (lone surrogates turn into U+FFFD in UTF-8). */
export function wellFormed(text: string): string {
  return Buffer.from(text, "utf8").toString("utf8");
}

/** A suffix that keeps one run's rows apart from every other test's. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * A Cache-Control header's directives, sorted: what it says, whatever order a layer wrote them in
 * (`private, no-store` and `no-store, private` are the same answer).
 */
export function cacheDirectives(header: string | null): string[] {
  return (header ?? "")
    .split(",")
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean)
    .sort();
}
