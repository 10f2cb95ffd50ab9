// The outbox worker of this process (issue 15), started with the server (http/app.ts start())
// and stopped with it: the senders of the configured channels, then the loop.
import type { DB } from "../platform/db/db.server.ts";
import { env } from "../platform/env.server.ts";
import { startChannelSenders, type PushPartner } from "./channels/start.server.ts";
import { createEmailSender } from "./email.server.ts";
import { registerSender, startOutboxWorker } from "./outbox.server.ts";
import { pruneAlerts } from "./subscriptions.server.ts";
import { logger } from "../platform/logger.server.ts";

/** How often expired pending subscriptions and old sent messages are removed. */
const PRUNE_EVERY_MS = 60 * 60_000;

let running: { stop(): Promise<void> } | undefined;

/** Whether alerts can be sent by e-mail here: SMTP_URL is set. */
export function emailEnabled(config = env()): boolean {
  return !!config.SMTP_URL;
}

/** `push`: what else this process sends by push (My exams' reminders: see PushPartner). */
export function startAlertWorker(db: DB, partners: { push?: PushPartner } = {}): void {
  if (running) return;
  const config = env();
  const email = config.SMTP_URL
    ? createEmailSender(db, {
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        baseUrl: config.BASE_URL,
        secret: config.AUTH_SECRET,
      })
    : undefined;
  registerSender("email", email?.send);
  const channels = startChannelSenders(db, partners);
  const worker = startOutboxWorker(db);
  const prune = () =>
    pruneAlerts(db).catch((err: Error) =>
      logger.error(`[alerts] could not remove expired rows: ${err.message}`),
    );
  const pruning = setInterval(prune, PRUNE_EVERY_MS);
  pruning.unref();
  running = {
    async stop() {
      clearInterval(pruning);
      await worker.stop();
      await channels.stop();
      email?.close();
      registerSender("email", undefined);
    },
  };
}

/** Finish the round under way; the SMTP pool is closed. */
export async function stopAlertWorker(): Promise<void> {
  const was = running;
  running = undefined;
  await was?.stop();
}
