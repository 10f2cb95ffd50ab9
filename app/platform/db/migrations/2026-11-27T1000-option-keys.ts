import { sql, type Kysely } from "kysely";
import type { MigrationDialect } from "./index.ts";

/**
 * Option values become stable keys (issue 27): states and qualifications were stored by their
 * English name ("Uttar Pradesh", "12th Pass") and are now the landing slug of that name
 * ("uttar-pradesh", "12th-pass"), with the words per language in the catalogues. The names are
 * written out here, as they were when the migration was made, so a later change to the options
 * does not change what it did.
 *
 * Converted: entries' projected `state` and `qualification` and their data (`state`,
 * `qualification`, each post's `qualification`); the same in entry revisions, so a restore brings
 * keys; alert subscriptions' state and qualification topics; organizations' state. A value that
 * is no option's name is left as it is, and a second run changes nothing. `search_text` keeps the
 * English name, which is what the search index makes of a key. In batches of 500 rows, in JS
 * (no dialect JSON functions); SQLite runs it in one `begin immediate` transaction of its own, as
 * Kysely runs SQLite migrations outside one.
 */
const STATE_NAMES = [
  "All India",
  "Andaman and Nicobar Islands",
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chandigarh",
  "Chhattisgarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jammu and Kashmir",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Ladakh",
  "Lakshadweep",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Puducherry",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
];
const QUALIFICATION_NAMES = [
  "10th Pass",
  "12th Pass",
  "ITI",
  "Diploma",
  "Graduate",
  "Engineering",
  "Post Graduate",
  "Medical",
  "Law",
  "Any",
];

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
const keys = (names: string[]) => new Map(names.map((name) => [name, slug(name)]));
const STATE_KEYS = keys(STATE_NAMES);
const QUALIFICATION_KEYS = keys(QUALIFICATION_NAMES);

const BATCH = 500;

/** A value's key: an option's name becomes its key; anything else stays as it is. */
function keyed<T>(map: Map<string, string>, value: T): T | string {
  return typeof value === "string" ? (map.get(value) ?? value) : value;
}

type Data = Record<string, unknown>;

/** An entry's data with keys (a new object when something changed, else the same one). */
export function dataWithKeys(data: Data): Data {
  const out: Data = { ...data };
  if ("state" in data) out.state = keyed(STATE_KEYS, data.state);
  if ("qualification" in data) out.qualification = keyed(QUALIFICATION_KEYS, data.qualification);
  if (Array.isArray(data.posts)) {
    out.posts = data.posts.map((row: unknown) =>
      row && typeof row === "object" && "qualification" in row
        ? { ...row, qualification: keyed(QUALIFICATION_KEYS, (row as Data).qualification) }
        : row,
    );
  }
  return out;
}

/** The JSON text with keys, or undefined when nothing in it changes (or it is not JSON). */
function jsonWithKeys(text: string, change: (value: unknown) => unknown): string | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const next = JSON.stringify(change(value));
  return next === JSON.stringify(value) ? undefined : next;
}

const isData = (v: unknown): v is Data => !!v && typeof v === "object" && !Array.isArray(v);

/** Every row of `table`, `BATCH` at a time in id order. */
async function eachBatch<R extends { id: string }>(
  db: Kysely<any>,
  table: string,
  columns: string[],
  filter: (q: any) => any,
  each: (rows: R[]) => Promise<void>,
) {
  let after = "";
  for (;;) {
    const rows = (await filter(
      db
        .selectFrom(table)
        .select(["id", ...columns])
        .where("id", ">", after)
        .orderBy("id")
        .limit(BATCH),
    ).execute()) as R[];
    if (!rows.length) return;
    await each(rows);
    after = rows[rows.length - 1].id;
  }
}

async function convert(db: Kysely<any>): Promise<void> {
  type EntryRow = { id: string; state: string | null; qualification: string | null; data: string };
  await eachBatch<EntryRow>(
    db,
    "entries",
    ["state", "qualification", "data"],
    (q) => q,
    async (rows) => {
      for (const row of rows) {
        const state = keyed(STATE_KEYS, row.state);
        const qualification = keyed(QUALIFICATION_KEYS, row.qualification);
        const data = jsonWithKeys(row.data, (v) => (isData(v) ? dataWithKeys(v) : v));
        if (state === row.state && qualification === row.qualification && data === undefined) {
          continue;
        }
        await db
          .updateTable("entries")
          .set({ state, qualification, ...(data !== undefined ? { data } : {}) })
          .where("id", "=", row.id)
          .execute();
      }
    },
  );

  await eachBatch<{ id: string; snapshot: string }>(
    db,
    "revisions",
    ["snapshot"],
    (q) => q.where("subject_type", "=", "entry"),
    async (rows) => {
      for (const row of rows) {
        const snapshot = jsonWithKeys(row.snapshot, (v) =>
          isData(v) && isData(v.data) ? { ...v, data: dataWithKeys(v.data) } : v,
        );
        if (snapshot === undefined) continue;
        await db.updateTable("revisions").set({ snapshot }).where("id", "=", row.id).execute();
      }
    },
  );

  // Topics are stored sorted and without repeats, so that equal choices are equal text.
  const topics = (map: Map<string, string>) => (v: unknown) =>
    Array.isArray(v) ? [...new Set(v.map((item: unknown) => keyed(map, item)))].sort() : v;
  type SubscriptionRow = { id: string; topic_states: string; topic_qualifications: string };
  await eachBatch<SubscriptionRow>(
    db,
    "alert_subscriptions",
    ["topic_states", "topic_qualifications"],
    (q) => q,
    async (rows) => {
      for (const row of rows) {
        const states = jsonWithKeys(row.topic_states, topics(STATE_KEYS));
        const qualifications = jsonWithKeys(row.topic_qualifications, topics(QUALIFICATION_KEYS));
        if (states === undefined && qualifications === undefined) continue;
        await db
          .updateTable("alert_subscriptions")
          .set({
            ...(states !== undefined ? { topic_states: states } : {}),
            ...(qualifications !== undefined ? { topic_qualifications: qualifications } : {}),
          })
          .where("id", "=", row.id)
          .execute();
      }
    },
  );

  await eachBatch<{ id: string; state: string }>(
    db,
    "organizations",
    ["state"],
    (q) => q,
    async (rows) => {
      for (const row of rows) {
        const state = keyed(STATE_KEYS, row.state);
        if (state === row.state) continue;
        await db.updateTable("organizations").set({ state }).where("id", "=", row.id).execute();
      }
    },
  );
}

export async function up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> {
  if (dialect === "postgres") {
    await convert(db);
    return;
  }
  await sql`begin immediate`.execute(db);
  try {
    await convert(db);
    await sql`commit`.execute(db);
  } catch (error) {
    await sql`rollback`.execute(db);
    throw error;
  }
}
