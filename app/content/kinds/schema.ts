import { z } from "zod";
import { clock } from "../../lib/india-date.ts";
import type { dataSchema } from "../fields.ts";
import { indiaLocalToIso } from "../form-data.ts";
import type { KindFields } from "./kind-fields.ts";

/** "pending": an author's draft submitted for review; an editor publishes it (or sends it back). */
export const STATUSES = ["draft", "pending", "scheduled", "published", "archived"] as const;
export type Status = (typeof STATUSES)[number];

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Make a URL slug from a title: lower case, ASCII letters and digits joined by single hyphens. */
export function slugify(title: string, { fallback = "entry", max = 100 } = {}): string {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, max)
      .replace(/-+$/g, "") || fallback
  );
}

/** The fields every entry has, whatever its kind, checked the same way in the browser and on the server. */
export const entryCoreSchema = z.object({
  title: z
    .string({ message: "Title is required" })
    .trim()
    .min(3, "Title must be at least 3 characters")
    .max(200, "Title must be at most 200 characters"),
  slug: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(100, "Slug must be at most 100 characters")
      .regex(SLUG_PATTERN, "Slug may contain only lower-case letters, digits and single hyphens")
      .optional(),
  ),
  organization: z
    .string({ message: "Organization is required" })
    .trim()
    .min(2, "Organization is required")
    .max(200, "Organization must be at most 200 characters"),
  status: z.enum(STATUSES, {
    message: "Choose a status: draft, pending review, scheduled, published or archived",
  }),
  publishAt: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), "Publish time must be a date and time")
      .optional(),
  ),
  jobId: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().max(64).optional(),
  ),
});

export type EntryCoreInput = z.infer<typeof entryCoreSchema>;

/** The complete input of one kind: the core fields plus its own fields under `data`, with its cross-checks. */
export function entryInputSchemaOf(
  def: Pick<KindFields, "crossChecks">,
  data: ReturnType<typeof dataSchema>,
) {
  return entryCoreSchema.extend({ data }).superRefine((v, ctx) => {
    if (v.status === "scheduled" && !v.publishAt) {
      ctx.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: "A scheduled entry needs a publish time",
      });
    }
    // A time already past made the entry public at once while the editor said "Scheduled" (a
    // typo in the year publishes now). The minute being typed still counts as now.
    const at = v.status === "scheduled" ? Date.parse(indiaLocalToIso(v.publishAt) ?? "") : NaN;
    if (at < clock().getTime() - 60_000) {
      ctx.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: "That time has passed: choose a later one, or publish it now",
      });
    }
    const data = (v.data ?? {}) as Record<string, unknown>;
    for (const check of def.crossChecks ?? []) {
      const rows = check.rows ? data[check.rows] : [data];
      (Array.isArray(rows) ? rows : []).forEach((row: Record<string, unknown>, i) => {
        const a = row?.[check.earlier];
        const b = row?.[check.later];
        if (comparable(a) && comparable(b) && typeof a === typeof b && b < a) {
          const path = check.rows ? ["data", check.rows, i, check.later] : ["data", check.later];
          ctx.addIssue({ code: "custom", path, message: check.message });
        }
      });
    }
  });
}

/** A value a cross-field rule may compare: a parsed number or a well-formed date. */
function comparable(x: unknown): x is number | string {
  return (
    (typeof x === "number" && Number.isFinite(x)) ||
    (typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x))
  );
}

export type EntryInput = EntryCoreInput & { data: Record<string, unknown> };
