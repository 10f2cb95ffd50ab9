/**
 * Columns of the entries table that a kind's field is copied into, for filters and sorting. A file
 * of its own, importing nothing: the lists' route handle (sent to the browser) names the filters
 * from it, and content/fields.ts would bring zod along.
 */
export const PROJECTED_COLUMNS = ["state", "qualification", "last_date"] as const;
export type ProjectedColumn = (typeof PROJECTED_COLUMNS)[number];
/** The projected columns a list may filter on (a field with the `filter` role fills one). */
export type FilterColumn = Exclude<ProjectedColumn, "last_date">;
export const FILTER_COLUMNS = PROJECTED_COLUMNS.filter((c): c is FilterColumn => c !== "last_date");
