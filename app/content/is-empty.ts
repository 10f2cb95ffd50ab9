// Its own file, with no imports: the job page's browser code uses it, and content/fields.ts
// brings zod along (+25 KB of script on every job page when it lived there).
/** A value the page leaves out: nothing, blank text, no rows. */
export function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === "string" && value.trim() === "") ||
    (Array.isArray(value) && value.length === 0)
  );
}
