// Exam clashes between saved entries (issue 28): pure and browser-safe, apart from the windows
// rules so that the job page's Save button carries only this (windows.ts has the rules).
import type { KeyWindow } from "./windows.ts";

/** One of a reader's saved entries with its windows (a job with its admit card's, answer key's…). */
export interface SavedGroup {
  id: string;
  windows: readonly KeyWindow[];
}

/** Two saved entries whose exams fall on the same day, or whose exam days overlap. */
export interface Clash {
  /** The two groups' ids, in the order given. */
  a: string;
  b: string;
  code: "sameDay" | "overlap";
  /** The first day both exams take. */
  on: string;
}

const examSpans = (g: SavedGroup) =>
  g.windows.filter((w) => w.code === "exam").map((w) => ({ from: w.start ?? w.end, to: w.end }));

/**
 * Every pair of groups whose exams meet (from `today` on: a past clash is no news). A job and its
 * own admit card are one group, so the same exam is never a clash with itself.
 */
export function clashes(groups: readonly SavedGroup[], today: string): Clash[] {
  const out: Clash[] = [];
  const spans = groups.map((g) => examSpans(g).filter((s) => s.to >= today));
  for (let i = 0; i < groups.length; i++)
    for (let j = i + 1; j < groups.length; j++) {
      let found: Clash | undefined;
      for (const x of spans[i])
        for (const y of spans[j]) {
          if (x.from > y.to || y.from > x.to) continue;
          const on = x.from > y.from ? x.from : y.from;
          const single = x.from === x.to && y.from === y.to;
          if (!found || on < found.on)
            found = { a: groups[i].id, b: groups[j].id, code: single ? "sameDay" : "overlap", on };
        }
      if (found) out.push(found);
    }
  return out;
}
