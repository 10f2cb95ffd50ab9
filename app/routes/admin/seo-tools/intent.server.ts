import { z } from "zod";
import { refuse as refuseForm, refuseWrite } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import type { Refused } from "~/lib/write-result.ts";
import type { DB } from "~/platform/db/db.server.ts";
import type { Actor } from "~/writes/transaction.server.ts";

/** One submission to the SEO tools, as each section's intent handlers receive it. */
export interface SeoToolsSubmission {
  /** The form as parsed against the page's schema (refusals answer with its reply). */
  submission: ReturnType<typeof parseForm>;
  /** A text field of the parsed form; "" when the button's form has no such field. */
  text(key: string): string;
  db: DB;
  actor: Actor;
  /** The site's own origin, so an absolute address to this site cannot hide a redirect loop. */
  ownOrigin: string;
}

/** A handler answers with a redirect back to the page (done) or a refusal (400, 409…). */
export type SeoToolsIntent = (
  submission: SeoToolsSubmission,
) => Promise<Response | ReturnType<typeof refuse>>;

/** The fields of one button's form, all text: what they may hold is the write path's to say. */
export const intentForm = <const I extends string, const F extends readonly string[]>(
  intent: I,
  fields: F,
) =>
  z.object({
    intent: z.literal(intent),
    ...(Object.fromEntries(fields.map((f) => [f, z.string()])) as Record<F[number], z.ZodString>),
  });

/** A refused submission: nothing was written; the page shows why next to the form that sent it. */
export function refuse(
  { submission }: SeoToolsSubmission,
  fieldErrors: Record<string, string | undefined>,
  formError?: string,
) {
  return refuseForm(submission, { fieldErrors, formError });
}

/** A refused write, next to the form that sent it: its reason decides the status. */
export function refuseWritten(
  { submission }: SeoToolsSubmission,
  result: Refused,
  options?: Parameters<typeof refuseWrite<never>>[2],
) {
  return refuseWrite<never>(submission, result, options);
}
