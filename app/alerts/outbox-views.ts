// The outbox's channels, states and the admin's two lists of rows (issue 15): shared by the
// Alerts screen (browser) and its queries (app/alerts/admin.server.ts).

export const OUTBOX_CHANNELS = ["email", "push", "indexing", "telegram"] as const;
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "failed", "dead"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** The two lists of rows the screen pages through: what went wrong, and what waits. */
export const OUTBOX_VIEWS = ["failed", "pending"] as const;
export type OutboxView = (typeof OUTBOX_VIEWS)[number];
