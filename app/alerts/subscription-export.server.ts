// A subscriber's data as they may download it from the manage page (issue 15): the subscription,
// its messages with their words, its digest items; topics as people read them (issue 27).
import type { DB } from "../platform/db/db.server.ts";
import { resolveEvents } from "./outbox.server.ts";
import { getSubscription } from "./subscriptions.server.ts";
import { topicLabels } from "./topics.ts";

/** Everything stored about a subscriber, for the manage page's JSON download. */
export async function exportSubscription(db: DB, id: string) {
  const subscription = await getSubscription(db, id);
  if (!subscription) return undefined;
  const messages = await db
    .selectFrom("outbox")
    .select(["channel", "status", "payload", "created_at", "sent_at", "attempts", "last_error"])
    .where("subscription_id", "=", id)
    .orderBy("created_at")
    .execute();
  const digestItems = await db
    .selectFrom("alert_digest_items")
    .select(["day", "payload", "created_at"])
    .where("subscription_id", "=", id)
    .orderBy("created_at")
    .execute();
  return {
    // The topics as their labels: the export is for the subscriber to read.
    subscription: { ...subscription, topics: topicLabels(subscription.topics) },
    // With each alert's words, not the reference to them the row keeps.
    messages: (
      await resolveEvents(
        db,
        messages.map((m) => ({
          id: "",
          channel: m.channel,
          key: "",
          attempts: m.attempts,
          subscriptionId: id,
          payload: JSON.parse(m.payload) as unknown,
        })),
      )
    ).map((resolved, i) => ({ ...messages[i], payload: resolved.payload })),
    digestItems: digestItems.map((d) => ({ ...d, payload: JSON.parse(d.payload) as unknown })),
  };
}
