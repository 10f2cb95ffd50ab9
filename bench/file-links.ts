// npm exec -- tsx bench/file-links.ts [-- --count 100000 --files 1000]
// Issue 25: what deciding "may the public fetch /files/<sha>?" costs at scale, on SQLite and a
// throwaway PostgreSQL, each filled with --count generated entries and --files uploads (half of
// them linked from an entry). Times the app's way (the file_references table: an index lookup
// and a join on the entry's key) against the alternative it replaced (searching the published
// entries' data for the hash), and one files sweep. Prints p50 in milliseconds.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "kysely";
import { startThrowawayPostgres } from "../test/postgres.ts";
import { minimalPdf } from "../test/minimal-pdf.ts";
import { run, table } from "./lib.ts";

const { values: opts } = parseArgs({
  options: {
    count: { type: "string", default: "100000" },
    files: { type: "string", default: "1000" },
  },
});
const fileCount = Number(opts.files);

const { openDatabase, migrate } = await import("../app/platform/db/db.server.ts");
const { storeFile } = await import("../app/files/files.service.server.ts");
const { findFile } = await import("../app/files/files.repository.server.ts");
const { sweepFiles } = await import("../app/files/file-sweep.service.server.ts");
const { recordFileLinks } = await import("../app/files/file-references.repository.server.ts");
const { saveContentSettings } = await import("../app/settings/settings.service.server.ts");
const { TEST_ACTOR } = await import("../test/writes.ts");

async function p50(times: number, fn: () => Promise<unknown>): Promise<number> {
  await fn();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const began = performance.now();
    await fn();
    ms.push(performance.now() - began);
  }
  ms.sort((a, b) => a - b);
  return Math.round(ms[Math.floor(ms.length / 2)] * 100) / 100;
}

async function measure(name: string, url: string) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "govjobs-file-links-"));
  try {
    console.log(`${name}: generating ${opts.count} entries…`);
    run(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "bench/generate.ts", "--count", String(opts.count)],
      {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: url.startsWith("postgres") ? url : `file:${url}`,
        BASE_URL: "http://127.0.0.1",
      },
    );
    const database = openDatabase(
      url.startsWith("postgres") ? { dialect: "postgres", url } : { dialect: "sqlite", file: url },
    );
    const { db } = database;
    await migrate(database);
    await saveContentSettings(
      db,
      { uploads: { perUserFiles: 10_000, perUserMb: 100_000, storageMb: 100_000 } },
      TEST_ACTOR,
    );
    const shas: string[] = [];
    for (let i = 0; i < fileCount; i++) {
      const r = await storeFile(db, {
        bytes: minimalPdf(`bench ${i}`),
        name: "b.pdf",
        by: { id: "bench", email: null },
      });
      if (!r.ok) throw new Error(r.message);
      shas.push(r.file.sha256);
    }
    // Half of them linked from an entry spread over the table, its data holding the address.
    const ids = await db.selectFrom("entries").select("id").orderBy("id").execute();
    for (let i = 0; i < fileCount; i += 2) {
      const id = ids[Math.floor((i / fileCount) * ids.length)].id;
      const link = `/files/${shas[i]}.pdf`;
      await db
        .updateTable("entries")
        .set({ data: sql`replace(data, '"summary"', ${`"notificationUrl":"${link}","summary"`})` })
        .where("id", "=", id)
        .execute();
      await recordFileLinks(db, "entry", id, link);
    }
    if (database.dialect === "postgres") await sql`vacuum analyze`.execute(db);
    const searchData = (sha: string) =>
      db
        .selectFrom("entries")
        .select("id")
        .where(sql<boolean>`status = 'published' and deleted_at is null`)
        .where("data", "like", `%/files/${sha}.%`)
        .limit(1)
        .execute();
    const rows = [
      ["findFile, linked (the app)", await p50(200, () => findFile(db, shas[0]))],
      ["findFile, not linked (the app)", await p50(200, () => findFile(db, shas[1]))],
      ["search of entries' data, linked", await p50(5, () => searchData(shas[fileCount / 2]))],
      ["search of entries' data, not linked", await p50(5, () => searchData(shas[1]))],
      [`sweepFiles, ${fileCount} files`, await p50(10, () => sweepFiles(db))],
    ] as const;
    console.log(table([["what", `${name} p50 ms`], ...rows.map(([what, ms]) => [what, ms])]));
    await database.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const sqliteDir = mkdtempSync(path.join(tmpdir(), "govjobs-file-links-sqlite-"));
try {
  await measure("SQLite", path.join(sqliteDir, "bench.db"));
} finally {
  rmSync(sqliteDir, { recursive: true, force: true });
}
const postgres = startThrowawayPostgres();
try {
  await measure("PostgreSQL", postgres.url);
} finally {
  postgres.stop();
}
