// npm run bench:generate -- --count 100000   (DATABASE_URL picks the database, as for the app)
// Fills the database with N published entries of all kinds with realistic field sizes.
import { parseArgs } from "node:util";
import type { Kind } from "~/content/kinds.ts";
import { insertGeneratedEntries, type GeneratedEntry } from "~/entries/bulk.repository.server.ts";
import { contentChanged } from "../app/page-cache/index.ts";
import { migrate, openDatabase } from "~/platform/db/db.server.ts";
import { jobData } from "../demo/jobs.ts";
import { countEntries } from "~/entries/entry-row.server.ts";
import { parseEnv } from "~/platform/env.server.ts";

const { values } = parseArgs({ options: { count: { type: "string", default: "100000" } } });
const count = Number(values.count);
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error("--count must be a whole number from 1 to 5,000,000");
  process.exit(1);
}

const env = parseEnv();
const database = openDatabase(env.DATABASE_URL);
await migrate(database);
const start = await countEntries(database.db);
const base = new Date();
const began = performance.now();

// Six in ten entries are jobs, the rest split among the other kinds, as on a real site.
const KINDS: Kind[] = [
  "job",
  "job",
  "job",
  "job",
  "job",
  "job",
  "result",
  "admit-card",
  "answer-key",
  "syllabus",
];

function generated(i: number): GeneratedEntry {
  const kind = KINDS[i % KINDS.length];
  const { title, org, data } = jobData(i, base);
  const publishedAt = new Date(base.getTime() - (count - i) * 60_000).toISOString();
  if (kind === "job")
    return { kind, title: `${title} ${i}`, organization: org.name, publishedAt, data };
  const exam = title.replace(/ Recruitment /, " Exam ");
  const summary = String(data.summary);
  const common = { summary, officialWebsite: data.officialWebsite, faqs: data.faqs };
  const byKind: Record<Exclude<Kind, "job">, [string, Record<string, unknown>]> = {
    result: [
      `${exam} Result ${i}`,
      {
        ...common,
        resultDate: data.lastDate,
        cutoffs: [
          { category: "UR", marks: "120" },
          { category: "OBC", marks: "112" },
        ],
      },
    ],
    "admit-card": [
      `${exam} Admit Card ${i}`,
      {
        ...common,
        examDate: data.examDate,
        instructions: "Carry a photo identity card.\nReach one hour early.",
      },
    ],
    "answer-key": [
      `${exam} Answer Key ${i}`,
      { ...common, keyType: "provisional", releaseDate: data.lastDate },
    ],
    syllabus: [
      `${exam} Syllabus ${i}`,
      {
        ...common,
        subjects: [{ subject: "Reasoning", topics: "Series, analogies, coding-decoding, puzzles" }],
      },
    ],
  };
  const [t, d] = byKind[kind];
  return { kind, title: t, organization: org.name, publishedAt, data: d as GeneratedEntry["data"] };
}

const BATCH = 2000;
for (let i = 0; i < count; i += BATCH) {
  const batch = Array.from({ length: Math.min(BATCH, count - i) }, (_, k) => generated(i + k));
  await insertGeneratedEntries(database.db, batch, start + i);
  if ((i / BATCH) % 10 === 0) process.stdout.write(`\r${i + batch.length} / ${count}`);
}
await contentChanged(database.db);
console.log(
  `\nInserted ${count} entries in ${((performance.now() - began) / 1000).toFixed(1)} s (${database.dialect}).`,
);
await database.close();
