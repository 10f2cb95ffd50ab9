import type { OutboxView } from "~/alerts/outbox-views.ts";

/** The alerts screen's words for channels, statuses and lists, and its numbers. */
export const CHANNEL_LABEL = {
  email: "E-mail",
  push: "Web push",
  indexing: "Indexing API",
  telegram: "Telegram",
};
export const STATUS_LABEL = {
  pending: "Waiting",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed (will retry)",
  dead: "Dead (gave up)",
};
export const VIEW_LABEL: Record<OutboxView, string> = {
  failed: "Failed and dead",
  pending: "Waiting",
};

export const n = (value: number) => value.toLocaleString("en-IN");

/** The screen's cards. */
export const card = "rounded-app border border-stone-200 bg-white p-4";
