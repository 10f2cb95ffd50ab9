/**
 * What code running in the reader's browser reports: to the console only (spec §8: a list that
 * could not load stays empty, "the reasons go to the console only"), never an error page. The
 * server logs through pino (app/platform/logger.server.ts); this is the browser's one console call,
 * so that a later error reporter has one place to hook in.
 */
export function warnInBrowser(message: string, ...details: unknown[]): void {
  console.warn(message, ...details);
}

/** A fact worth a line in the browser's console, not a fault ("No updates found."). */
export function noteInBrowser(message: string): void {
  console.info(message);
}
