// The push, Indexing API and Telegram senders of this process, registered when the outbox worker
// starts (worker.server.ts), and the Indexing API's pass over jobs whose last date has passed.
import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "../../platform/db/db.server.ts";
import { env } from "../../platform/env.server.ts";
import { enqueue, registerSender, type Sender } from "../outbox.server.ts";
import { configureEntryMessages } from "./entry-messages.server.ts";
import { closedJobMessages, createIndexingSender, indexingOptions } from "./indexing.server.ts";
import { createPushSender, siteVapidKeys, type VapidKeys } from "./push.server.ts";
import { createTelegramSender, telegramOptions } from "./telegram.server.ts";
import { logger } from "../../platform/logger.server.ts";

/** How often the closing pass looks; each closing is keyed by its last date, so it goes once. */
const CLOSED_PASS_MS = 10 * 60_000;

/** What the push channel's senders are built from. */
export interface PushChannel {
  db: DB;
  vapid: VapidKeys;
  baseUrl: string;
}

/**
 * A feature above alerts that sends through this process's push channel too (My exams' reminders,
 * issue 28), handed in by the process (http/app.ts) so that alerts imports no feature above it
 * (issue 27): the channel's sender made from the alerts' one, and what runs while it does.
 */
export interface PushPartner {
  sender(alerts: Sender, push: PushChannel): Sender;
  start(db: DB): { stop(): Promise<void> };
}

export function startChannelSenders(
  db: DB,
  { push: partner }: { push?: PushPartner } = {},
): { stop(): Promise<void> } {
  const config = env();
  const push: PushChannel = { db, vapid: siteVapidKeys(), baseUrl: config.BASE_URL };
  const alerts = createPushSender(push);
  registerSender("push", partner ? partner.sender(alerts, push) : alerts);
  const partnerRun = partner?.start(db);
  const indexing = indexingOptions(config, db);
  registerSender("indexing", indexing && createIndexingSender(indexing));
  const telegram = telegramOptions(config);
  registerSender("telegram", telegram && createTelegramSender(telegram));
  configureEntryMessages({ baseUrl: config.BASE_URL, indexing: !!indexing, telegram: !!telegram });

  // A job closes when India's day changes, without any write: Google hears of it within minutes.
  let pass: Promise<unknown> = Promise.resolve();
  const closedPass = () => {
    pass = closedJobMessages(db, todayInIndia(), { baseUrl: config.BASE_URL, enabled: true })
      .then((messages) => messages.length && enqueue(db, messages))
      .catch((err: Error) => logger.error(`[indexing] closed-jobs pass failed: ${err.message}`));
  };
  const timer = indexing ? setInterval(closedPass, CLOSED_PASS_MS) : undefined;
  timer?.unref();
  if (indexing) closedPass();
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all([pass, partnerRun?.stop()]);
      configureEntryMessages(undefined);
      for (const channel of ["push", "indexing", "telegram"] as const)
        registerSender(channel, undefined);
    },
  };
}
