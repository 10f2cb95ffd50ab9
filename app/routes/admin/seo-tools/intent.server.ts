import { data } from "react-router";
import type { SeoToolsForm, SeoToolsRefusal } from "~/components/admin/seo-tools/form-state.ts";
import type { DB } from "~/server/db/db.server.ts";
import type { Actor } from "~/server/write/transaction.server.ts";

/** One submission to the SEO tools, as each section's intent handlers receive it. */
export interface SeoToolsSubmission {
  form: FormData;
  /** A text field of the form; "" when it is missing or a file. */
  text(key: string): string;
  db: DB;
  actor: Actor;
  /** The site's own origin, so an absolute address to this site cannot hide a redirect loop. */
  ownOrigin: string;
}

/** A handler answers with a redirect back to the page (done) or a refusal (400). */
export type SeoToolsIntent = (
  submission: SeoToolsSubmission,
) => Promise<Response | ReturnType<typeof refuse>>;

/** A refused submission: nothing was written; the page shows why next to the form. */
export function refuse(
  form: SeoToolsForm,
  fieldErrors: Record<string, string | undefined>,
  values: Record<string, string> = {},
  formError?: string,
) {
  const body: SeoToolsRefusal = { form, fieldErrors, values, formError: formError ?? null };
  return data(body, { status: 400 });
}
