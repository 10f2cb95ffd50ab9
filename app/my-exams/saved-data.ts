import type { Kind } from "~/content/kinds.ts";
import type { KeyWindow } from "./windows.ts";

/**
 * What /my and the job page's clash check know of a saved entry (issue 28): public facts and its
 * windows, no words. `/my/entries.json` sends these.
 */
export interface SavedEntryData {
  id: string;
  kind: Kind;
  /** The English page's path; the Hindi one is `/hi` + path. */
  path: string;
  title: string;
  hiTitle: string | null;
  organization: string;
  /** Its dates as windows (windows.ts keyWindows, worked out on the server). */
  windows: KeyWindow[];
  updatedAt: string;
  /** For a job: its published admit cards, answer keys, results (oldest first). */
  related: Omit<SavedEntryData, "related">[];
}
