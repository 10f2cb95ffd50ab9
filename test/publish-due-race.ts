// One scheduler sweep in a process of its own, as a cluster worker runs it: the test in
// app/entries/publish-due-race.server.test.ts starts two and lets them go at once.
// Usage: publish-due-race.ts DATABASE_URL AT; prints "ready", sweeps when a line arrives on
// stdin, prints {"published": N}.
import { once } from "node:events";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { openDatabase } from "~/platform/db/db.server.ts";
import { publishDue } from "~/entries/entries.service.server.ts";

const [url, at] = process.argv.slice(2);
const database = openDatabase(
  url.startsWith("postgres") ? { dialect: "postgres", url } : { dialect: "sqlite", file: url },
);
// Connected before the signal, so that the two sweeps start together.
await sql`select 1`.execute(database.db);
console.log("ready");
await once(createInterface({ input: process.stdin }), "line");
try {
  console.log(JSON.stringify({ published: await publishDue(database.db, at) }));
} finally {
  await database.close();
}
