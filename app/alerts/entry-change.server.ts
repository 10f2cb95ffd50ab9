// The one call into alerts for an entry's change (issue 27): the entries service makes it once per
// entry written, in its transaction, and this decides which outbox rows follow: subscribers'
// alerts when the entry went public or a public entry's key facts changed, and the channels'
// messages (Indexing API, Telegram). Beside it the service tells My exams, whose saved lists'
// notices go through the push channel (app/my-exams/reminders.server.ts).
import type { DB } from "../platform/db/db.server.ts";
import { now } from "../platform/db/dialect.ts";
import type { EntrySummary } from "~/content/entry.ts";
import { enqueueEntryMessages } from "./channels/entry-messages.server.ts";
import { enqueueEntryAlerts, type AlertChange } from "./triggers.server.ts";

export interface EntryChangeOptions {
  /** False when the editor turned alerts off for this save (issue 15): no alert, no post. */
  notify?: boolean;
  /** A public entry's key changes that readers act on (the change log's facts). */
  changes?: readonly AlertChange[];
  at?: string;
}

/**
 * The outbox rows for one entry going from `before` (null: new) to `after`, in the caller's
 * transaction. Returns how many rows were new.
 */
export async function onEntryChange(
  trx: DB,
  before: EntrySummary | null,
  after: EntrySummary,
  { notify = true, changes = [], at = now() }: EntryChangeOptions = {},
): Promise<number> {
  let added = 0;
  if (notify && after.status === "published") {
    if (before?.status !== "published")
      added += await enqueueEntryAlerts(trx, after.id, "published", at);
    else if (changes.length) added += await enqueueEntryAlerts(trx, after.id, changes, at);
  }
  return added + (await enqueueEntryMessages(trx, before, after, { notify }));
}
