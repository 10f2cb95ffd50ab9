import type { Kind } from "~/content/kinds.ts";
import type { DB } from "~/platform/db/db.server.ts";
import type { Entry } from "~/content/entry.ts";
import type { EntryWrite } from "~/entries/entries.repository.server.ts";
import { saveEntry } from "~/entries/entries.service.server.ts";
import type { Actor } from "~/writes/transaction.server.ts";

/**
 * Who the demo content is by: no user; revisions and the audit log name it "Demo content". It is
 * written through the write path as an editor's saves are.
 */
export const DEMO_ACTOR: Actor = { id: null, email: null, name: "Demo content" };

export async function demoEntry(db: DB, kind: Kind, input: EntryWrite): Promise<Entry> {
  const saved = await saveEntry(db, { kind, input, actor: DEMO_ACTOR });
  if (!saved.ok) throw new Error(`The demo ${kind} "${input.title}" was refused: ${saved.reason}`);
  return saved.entry;
}
