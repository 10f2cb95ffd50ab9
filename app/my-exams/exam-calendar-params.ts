/**
 * The exam calendar's filters (issue 28): the query parameters its page and feeds read, which the
 * page cache keeps in its key. Browser-safe: route handles are client code too.
 */
export const EXAM_CALENDAR_PARAMS = ["state", "organization", "qualification"] as const;
