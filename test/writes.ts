// Test data written as the app writes it: through the write path (app/writes/), with an
// actor, so revisions, audit rows and the content generation are what a real save leaves.
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "~/platform/db/db.server.ts";
import type { Entry } from "~/content/entry.ts";
import type { EntryWrite } from "~/entries/entries.repository.server.ts";
import type { SitePage, SitePageInput } from "~/site-pages/site-pages.repository.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import { savePage } from "~/site-pages/site-pages.service.server.ts";
import type { Actor } from "~/writes/transaction.server.ts";

/** Who tests write as: an editor's name with no user behind it (the audit log names it). */
export const TEST_ACTOR: Actor = { id: null, email: null, name: "Test editor" };

/** An entry created through the write path, as an editor's save is; a refusal fails the test. */
export async function savedEntry(
  db: DB,
  kind: Kind,
  input: EntryWrite,
  actor: Actor = TEST_ACTOR,
): Promise<Entry> {
  const result = await saveEntry(db, { kind, input, actor });
  if (!result.ok) throw new Error(`The entry was not saved: ${JSON.stringify(result)}`);
  return result.entry;
}

/** A stored entry changed through the write path (no version check); a refusal fails the test. */
export async function changedEntry(
  db: DB,
  id: string,
  input: EntryWrite,
  actor: Actor = TEST_ACTOR,
): Promise<Entry> {
  const { kind } = await db
    .selectFrom("entries")
    .select("kind")
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const result = await saveEntry(db, { kind: kind as Kind, id, input, actor });
  if (!result.ok) throw new Error(`The entry was not saved: ${JSON.stringify(result)}`);
  return result.entry;
}

/** A site page saved through the write path (no version check); a refusal fails the test. */
export async function savedSitePage(
  db: DB,
  page: SitePageInput,
  actor: Actor = TEST_ACTOR,
): Promise<SitePage> {
  const result = await savePage(db, page, { actor });
  if (!result.ok) throw new Error(`The page was not saved: ${JSON.stringify(result)}`);
  return result.page;
}
