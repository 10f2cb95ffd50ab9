// An entry as the server reads it (issue 27): the entries folder maps rows to it, and the features
// below entries that are told of a change (alerts, My exams) read it, so it lives below them all.
import type { EntryData } from "./fields.ts";
import type { Kind } from "./kinds.ts";
import type { Status } from "./kinds/schema.ts";

export interface Entry {
  id: string;
  kind: Kind;
  slug: string;
  title: string;
  organization: string;
  state: string | null;
  qualification: string | null;
  status: Status;
  publishAt: string | null;
  publishedAt: string | null;
  lastDate: string | null;
  jobId: string | null;
  data: EntryData;
  createdAt: string;
  updatedAt: string;
  createdBy: string | null;
  updatedBy: string | null;
  deletedAt: string | null;
  /** The Hindi title; an entry without one has no Hindi page of its own (issue 14). */
  hiTitle: string | null;
}

/** What a list shows of an entry: no `data`, so lists stay small. */
export type EntrySummary = Omit<Entry, "data">;
