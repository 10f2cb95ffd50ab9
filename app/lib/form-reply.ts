import type { FormReply } from "./form-contract.ts";

/**
 * Reading and making the one form reply (app/lib/form-contract.ts) in the browser and on the
 * server alike: every form, public and admin, shows what a reply says with these, whether the
 * reply came from the server (`refuse`, `refuseValues` in app/platform/forms.server.ts) or from the
 * same check run in the browser before sending (`replyOf`).
 */

/** Whether a reply refused the submission (any error, the form's own included). */
export function isRefused(reply: FormReply | undefined | null): boolean {
  return !!reply?.error && Object.values(reply.error).some((e) => !!e?.length);
}

/** The message for the whole form ("This redirect is unknown."), if the reply has one. */
export function formErrorOf(reply: FormReply | undefined | null): string | undefined {
  return reply?.error?.[""]?.[0] ?? undefined;
}

/** The first error of each field (not the form's own), by field name. */
export function fieldErrorsOf(reply: FormReply | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, messages] of Object.entries(reply?.error ?? {}))
    if (name && messages?.length) out[name] = messages[0];
  return out;
}

/** The first error of one field, if any. */
export function errorOf(reply: FormReply | undefined | null, name: string): string | undefined {
  return reply?.error?.[name]?.[0] ?? undefined;
}

/**
 * A reply made from a form's own check: the values as the check read them, a message for the
 * whole form and errors by field name (either may be absent). With no errors at all it is a
 * refusal that says nothing more (`status: "error"`): the screen says its general failure.
 */
export function replyOf(
  values: object | null,
  {
    formError,
    fieldErrors = {},
  }: { formError?: string; fieldErrors?: Record<string, string | undefined> } = {},
): FormReply {
  const error: Record<string, string[]> = {};
  if (formError) error[""] = [formError];
  for (const [name, message] of Object.entries(fieldErrors)) if (message) error[name] ??= [message];
  return {
    status: "error",
    ...(values && { initialValue: values as FormReply["initialValue"] }),
    error,
  };
}

/** What a form answers when it took the submission. */
export const ACCEPTED: FormReply = { status: "success" };

/**
 * A form's answer with what it worked out (`detail`: the posts one may apply for, the address a
 * confirmation went to) and, where the page shows the form again beside it, the values sent.
 */
export const accepted = <Detail>(
  detail: Detail,
  values?: object,
): FormReply & { detail: Detail } => ({
  status: "success",
  ...(values && { initialValue: values as FormReply["initialValue"] }),
  detail,
});
