// The shapes of an entry that pass between the server and the components (issue 27): the server
// builds them, the components draw them, so they live below both.
import type { EntryData } from "./fields.ts";
import type { GlanceFact } from "./glance.ts";

/** The parts of an entry a revision snapshot holds and the history compares. */
export interface Comparable {
  title: string;
  slug: string;
  organization: string;
  status: string;
  publishAt: string | null;
  jobId: string | null;
  data: EntryData;
}

/** One row of a list, as the server sends it for the page's language. */
export interface ListedEntry {
  id: string;
  /** In the page's language where the entry has it (`titleIn`). */
  title: string;
  /** "en" on a Hindi page when the entry has no Hindi title: the title is marked as English. */
  lang?: "en";
  organization: string;
  publishedAt: string | null;
  lastDate: string | null;
  /** The row's one date: a job's last date, a result's declaration, an exam's date… */
  keyDate: GlanceFact | null;
  /** When a key fact last changed (the public change log), if it did. */
  updatedAt: string | null;
}

/** An entry linked from another's page: the job of a result, the results of a job… */
export interface RelatedEntry {
  id: string;
  title: string;
  /** "en" on a Hindi page when the entry has no Hindi title. */
  lang?: "en";
  /** Its public address, `${REGISTRY[kind].urlPrefix}/${slug}`. */
  href: string;
  /** Its kind as a person says it: REGISTRY[kind].label. */
  kindLabel: string;
}
