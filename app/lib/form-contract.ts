import type { SubmissionResult } from "@conform-to/react";

/**
 * What the two halves of a form share (issue 27's one form contract): the server half
 * (app/platform/forms.server.ts) makes these, the browser half (app/components/admin/form.tsx)
 * renders them. Types only: nothing here reaches the browser's bundle.
 */

/** What a refused form answers with (Conform's reply: the values sent, the errors by field). */
export type FormReply = SubmissionResult<string[]>;

/**
 * The browser attributes of each field, by name (`homeFaq[].question` for every row's), derived
 * from the form's zod schema on the server (`formConstraint`).
 */
export type FormConstraint = Record<
  string,
  {
    required?: boolean;
    minLength?: number;
    maxLength?: number;
    min?: string | number;
    max?: string | number;
    step?: string | number;
    pattern?: string;
    multiple?: boolean;
  }
>;
