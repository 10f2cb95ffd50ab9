/** Strings of this page type (issue 14). */
export const search = {};
