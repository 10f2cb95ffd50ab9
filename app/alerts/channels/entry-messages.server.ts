// What an entry's change sends beyond subscribers' alerts (issue 15): the Indexing API's call for
// a job page and the Telegram channel's post, enqueued in the write's own transaction. The write
// path calls this beside enqueueEntryAlerts; each channel decides what concerns it.
import type { DB } from "../../platform/db/db.server.ts";
import type { EntrySummary } from "~/content/entry.ts";
import { enqueue } from "../outbox.server.ts";
import { indexingMessagesFor } from "./indexing.server.ts";
import { telegramMessageFor } from "./telegram.server.ts";

const isPublic = (e: EntrySummary | null) => !!e && e.status === "published" && !e.deletedAt;

/** Which of the two channels this process sends; set when its senders start (off until then). */
let channels = { baseUrl: "", indexing: false, telegram: false };

export function configureEntryMessages(on: typeof channels | undefined): void {
  channels = on ?? { baseUrl: "", indexing: false, telegram: false };
}

/**
 * Enqueue the Indexing API and Telegram messages for one entry going from `before` (null: new) to
 * `after` (null: deleted). `notify: false` (the editor turned alerts off for this save) keeps the
 * channel post back; search engines hear of the page either way. Returns how many were new.
 */
export async function enqueueEntryMessages(
  trx: DB,
  before: EntrySummary | null,
  after: EntrySummary | null,
  { notify = true }: { notify?: boolean } = {},
): Promise<number> {
  const { baseUrl } = channels;
  const messages: Parameters<typeof enqueue>[1] = indexingMessagesFor(before, after, {
    baseUrl,
    enabled: channels.indexing,
  });
  if (notify && after && isPublic(after) && !isPublic(before)) {
    const post = telegramMessageFor(after, { baseUrl, enabled: channels.telegram });
    if (post) messages.push(post);
  }
  return messages.length ? await enqueue(trx, messages) : 0;
}
