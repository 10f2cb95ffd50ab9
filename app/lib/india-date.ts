/**
 * India's date and time, for the server and the browser alike (no server imports). India has one
 * time zone, UTC+05:30, and no daylight saving: a job's last date ends at midnight in India, not
 * in UTC. Every "today" the site shows comes from todayInIndia(), and every "now" from clock(),
 * which tests can set.
 */

export const IST_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const realClock = () => new Date();
let source: () => Date = realClock;

/** The current instant. A loader reads it once and hands it to everything it computes. */
export function clock(): Date {
  return source();
}

/**
 * For tests: fix the clock at an instant, or hand it a function that answers one; without an
 * argument the real clock is back.
 */
export function setClock(at?: Date | string | (() => Date)): void {
  if (at === undefined) source = realClock;
  else if (typeof at === "function") source = at;
  else {
    const fixed = new Date(at).getTime();
    if (Number.isNaN(fixed)) throw new Error(`setClock: "${String(at)}" is not an instant`);
    source = () => new Date(fixed);
  }
}

/** An instant as India's wall-clock time, ISO-shaped without a zone: "2026-11-24T00:10:00.000". */
export function indiaWallClock(at: Date | number): string {
  const t = typeof at === "number" ? at : at.getTime();
  return new Date(t + IST_OFFSET_MS).toISOString().slice(0, 23);
}

/** The calendar date in India (YYYY-MM-DD) at an instant. */
export function dateInIndia(at: Date | number): string {
  return indiaWallClock(at).slice(0, 10);
}

// The last answer of todayInIndia and the span of instants it holds for (one day in India): the
// cache-hit path asks on every request.
const today = { value: "", from: 0, until: 0 };

/** Today's date in India (YYYY-MM-DD): what "Closed", "Closing soon" and NEW are judged against. */
export function todayInIndia(now: Date | number = clock()): string {
  const t = typeof now === "number" ? now : now.getTime();
  if (t >= today.from && t < today.until) return today.value;
  const shifted = t + IST_OFFSET_MS;
  today.from = shifted - (((shifted % DAY_MS) + DAY_MS) % DAY_MS) - IST_OFFSET_MS;
  today.until = today.from + DAY_MS;
  today.value = dateInIndia(t);
  return today.value;
}
