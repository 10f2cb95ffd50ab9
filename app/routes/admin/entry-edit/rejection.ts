import type { AdoptedField, ConflictMark } from "~/entries/edit-conflicts.server.ts";
import type { DiffLine } from "~/components/admin/entry-diff.ts";

/** What a refused save carries beside its values and errors (the admin forms' reply shape). */
export interface Rejection {
  /** A new one per refusal: the browser redraws the form from exactly what the server saw. */
  nonce: string;
  /** The version the re-drawn form carries. */
  version: string;
  /** After a 409: the version both people started from (the form's choices are checked on it). */
  base: string;
  /** Whether the "Notify subscribers" box was ticked. */
  notify: boolean;
  /** An author's save refused because an editor published (or scheduled, archived) the entry. */
  taken?: { status: string; by: string | null; at: string | null };
  /** An author's save refused because the entry is no longer theirs at all. */
  gone?: string;
  stale?: {
    by: string;
    at: string;
    /** Everything they changed since this form was loaded. */
    changes: DiffLine[];
    /** The fields both changed, to be decided in place. */
    conflicts: ConflictMark[];
    /** The fields only they changed, taken into the form. */
    adopted: AdoptedField[];
    /** Refused again: a choice is still missing. */
    again?: boolean;
  };
}
