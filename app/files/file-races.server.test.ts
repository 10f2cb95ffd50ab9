import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { minimalPdf } from "../../test/minimal-pdf.ts";
import { TEST_ACTOR } from "../../test/writes.ts";
import { saveContentSettings } from "../settings/settings.service.server.ts";
import { recordFileLinks } from "./file-references.repository.server.ts";
import { sweepFiles } from "./file-sweep.service.server.ts";
import { findFile } from "./files.repository.server.ts";
import { storeFile } from "./files.service.server.ts";

/**
 * Issue 27, one write pipeline: storing and sweeping files write through inWrite, with their
 * audit lines in the same transaction; these races hold on both databases.
 */

const DAY = 24 * 60 * 60 * 1000;
const AUTHOR = { id: "u-race", email: "race@govjobs.test" };

describeEachDatabase("file writes at the same moment", (getDb, dialect) => {
  it("20 simultaneous uploads by one author over the quota: the quota holds, one audit line per stored file", async () => {
    await saveContentSettings(
      getDb(),
      { uploads: { perUserFiles: 5, perUserMb: 1000, storageMb: 100_000 } },
      TEST_ACTOR,
    );
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        storeFile(getDb(), { bytes: minimalPdf(`race ${i}`), name: `race-${i}.pdf`, by: AUTHOR }),
      ),
    );
    const stored = results.flatMap((r) => (r.ok ? [r.file] : []));
    expect(stored).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.reason === "quota")).toHaveLength(15);
    const files = await getDb()
      .selectFrom("files")
      .select("name")
      .where("uploaded_by", "=", AUTHOR.id)
      .execute();
    expect(files.map((f) => f.name).sort()).toEqual(stored.map((f) => f.name).sort());
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["subject", "actor_id", "actor_email"])
      .where("action", "=", "file.upload")
      .where("actor_id", "=", AUTHOR.id)
      .execute();
    expect(audit.map((a) => a.subject).sort()).toEqual(stored.map((f) => f.name).sort());
    expect(new Set(audit.map((a) => a.actor_email))).toEqual(new Set([AUTHOR.email]));
  });

  it("a save linking a file while the sweep would delete it: the file survives", async () => {
    const t0 = Date.now();
    const r = await storeFile(
      getDb(),
      {
        bytes: minimalPdf("swept or saved"),
        name: "saved.pdf",
        by: { id: "u-saver", email: null },
      },
      { at: new Date(t0) },
    );
    if (!r.ok) throw new Error(r.message);
    const { sha256, url } = r.file;
    let sweeping: Promise<unknown> | undefined;
    // The save's transaction links the file and is still open when the sweep, eight days on
    // (past the grace period), starts: the sweep waits for it and then leaves the file.
    await getDb()
      .transaction()
      .execute(async (trx) => {
        await recordFileLinks(trx, "page", "race-page", `<a href="${url}">notice</a>`);
        let settled = false;
        sweeping = sweepFiles(getDb(), new Date(t0 + 8 * DAY)).finally(() => (settled = true));
        if (dialect === "postgres") {
          // Until the sweep's delete waits for this transaction's lock on the file's row (or,
          // were the file's row not locked by the link, the sweep is over).
          while (!settled) {
            const { rows } = await sql<{ n: number }>`
              select count(*)::int as n from pg_locks where not granted`.execute(getDb());
            if (rows[0].n > 0) break;
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
        }
      });
    await sweeping;
    expect(await findFile(getDb(), sha256)).toMatchObject({ sha256, public: true });
    const deleted = await getDb()
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "file.delete")
      .where("subject", "=", "saved.pdf")
      .execute();
    expect(deleted).toEqual([]);
  });
});
