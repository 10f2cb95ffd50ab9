import type { PostAnswer } from "~/content/job-eligibility.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { accepted, replyOf } from "~/lib/form-reply.ts";
import type { QuickView } from "./eligibility-words.ts";

/**
 * The check's one reply (app/lib/form-contract.ts), from the job page without JavaScript and from
 * the same rules in the browser with it: the fields as sent, and either each field's problem or
 * the answer for each post (`detail`).
 */
export type QuickReply = FormReply & { detail?: { answers: PostAnswer[] } };

/** `sayQuick`'s view as the reply, with the values it answered. */
export const quickReply = (view: QuickView, values: Record<string, string>): QuickReply =>
  view.ok
    ? accepted({ answers: view.answers }, values)
    : replyOf(values, { fieldErrors: view.errors });
