// Uploads in a process of their own, as a cluster worker (or another instance) stores them: the
// test in app/files/file-limits.server.test.ts starts several and lets them go at once.
// Usage: upload-burst.ts DATABASE_URL; prints "ready", then reads one JSON line
// [{ "marker", "size", "userId" }, …], stores them all at once and prints the reasons
// (["ok", "quota", …]) as one JSON line.
import { once } from "node:events";
import { createInterface } from "node:readline";
import { sql } from "kysely";
import { openDatabase } from "~/platform/db/db.server.ts";
import { storeFile } from "~/files/files.service.server.ts";
import { pdfOfSize } from "./minimal-pdf.ts";

const [url] = process.argv.slice(2);
const database = openDatabase(
  url.startsWith("postgres") ? { dialect: "postgres", url } : { dialect: "sqlite", file: url },
);
// Connected before the signal, so that the processes start together.
await sql`select 1`.execute(database.db);
console.log("ready");
const [line] = (await once(createInterface({ input: process.stdin }), "line")) as [string];
const uploads = JSON.parse(line) as { marker: string; size: number; userId: string }[];
try {
  const results = await Promise.all(
    uploads.map((u) =>
      storeFile(database.db, {
        bytes: pdfOfSize(u.size, u.marker),
        name: "burst.pdf",
        by: { id: u.userId, email: `${u.userId}@govjobs.test` },
      }),
    ),
  );
  console.log(JSON.stringify(results.map((r) => (r.ok ? "ok" : r.reason))));
} finally {
  await database.close();
}
