import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

/**
 * Devanagari's combining marks (Unicode category M): the signs that sit on a consonant inside a
 * word (candrabindu, anusvara and visarga U+0900–0903; vowel signs, nukta U+093C and virama
 * U+093A–094F; the stress and length marks U+0951–0957; the vocalic vowel signs U+0962–0963).
 * `unicode61` treats every M character as a separator unless told otherwise, so "भर्ती" was
 * indexed as "भ", "र", "त" and a search for a fragment found entries that did not contain it.
 */
const DEVANAGARI_MARKS: readonly [number, number][] = [
  [0x0900, 0x0903],
  [0x093a, 0x094f],
  [0x0951, 0x0957],
  [0x0962, 0x0963],
];

const TOKENCHARS = DEVANAGARI_MARKS.flatMap(([from, to]) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)),
).join("");

/**
 * The same tokenizer as before (English tokenized exactly as it was: only characters that were
 * separators and are Devanagari marks change), with the marks as part of words.
 */
export const FTS_TOKENIZE = `unicode61 remove_diacritics 2 tokenchars '${TOKENCHARS}'`;

/**
 * Issue 14, "Search in Hindi": SQLite's full-text index keeps Devanagari words whole. An FTS5
 * table's tokenizer cannot change, so `entries_fts` is dropped, created again under the same
 * name and columns, and filled from `entries` (public rows, rowid = search_id) like the triggers
 * on `entries` keep it; they name the table and need no change. Kysely runs SQLite migrations
 * outside a transaction, so this one opens its own: a failure leaves the old index in place.
 *
 * PostgreSQL needs nothing: `to_tsvector('simple', …)` already keeps a Devanagari word whole.
 */
export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === "postgres") return;
  await sql`begin immediate`.execute(db);
  try {
    await sql`drop table entries_fts`.execute(db);
    await sql`create virtual table entries_fts using fts5(
      title, organization, search_text, tokenize = ${sql.lit(FTS_TOKENIZE)})`.execute(db);
    await sql`insert into entries_fts (rowid, title, organization, search_text)
      select search_id, title, organization, search_text from entries
      where search_id is not null and status = 'published' and deleted_at is null`.execute(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}
