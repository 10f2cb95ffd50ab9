/** What a CSV import's dry run found (issue 32). Browser-safe: the import page reads it. */

export interface ImportReport {
  /** Data rows read (the header is row 1; the first data row is row 2, as a spreadsheet counts). */
  rows: number;
  creates: { row: number; title: string }[];
  duplicates: { row: number; title: string; why: string }[];
  errors: { row: number; column: string; letter: string; message: string }[];
  /** Problems with the file as a whole (its header, its size, its encoding). */
  fileErrors: string[];
  /** More problems than the report lists (LISTED_MAX each). */
  more: { creates: number; duplicates: number; errors: number };
}

/** What a report lists of each sort; past it, only counted. */
export const LISTED_MAX = 1000;
export const importBlocked = (r: ImportReport) =>
  r.fileErrors.length > 0 ||
  r.errors.length + r.more.errors > 0 ||
  r.duplicates.length + r.more.duplicates > 0;
