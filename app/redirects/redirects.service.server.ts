import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import type { DB } from "../platform/db/db.server.ts";
import { deleteNotFoundIn, forgetBufferedNotFound } from "./not-found-log.repository.server.ts";
import {
  createRedirectIn,
  deleteRedirect,
  RedirectNotFoundError,
  setRedirectEnabledIn,
  updateRedirectIn,
} from "./redirects.repository.server.ts";
import {
  parseRedirectForm,
  type RedirectFieldErrors,
  type RedirectRule,
} from "./redirect-rules.ts";
import { EVERYTHING } from "~/page-cache/index.ts";
import { inWrite, type Actor } from "../writes/transaction.server.ts";

export type RedirectWriteResult = WriteResult<
  { rule: RedirectRule },
  /** The rule cannot be saved as given (bad field, path taken, a loop): nothing was written. */
  | Refused<"invalid", { fieldErrors: RedirectFieldErrors }>
  /** The rule was deleted meanwhile. */
  | Refused<"not-found", { message: string }>
>;

/** The redirect form as submitted: strings from a form, or typed values from code. */
export interface RedirectSubmission {
  source: string;
  destination: string;
  statusCode: string | number;
  enabled: string | boolean;
}

const target = (rule: RedirectRule) => `${rule.statusCode} ${rule.destination || "(gone)"}`;

const notFound = (err: RedirectNotFoundError) => refused("not-found", { message: err.message });

/**
 * Add a redirect (no `id`) or change one: validated, checked against the other rules (one rule per
 * path, no loops), written with its audit row and a new content generation in one transaction.
 * The path then has a home, so it leaves the 404 log in the same transaction.
 */
export async function saveRedirect(
  db: DB,
  {
    id,
    input,
    actor,
    ownOrigin,
  }: { id?: string; input: RedirectSubmission; actor: Actor; ownOrigin?: string },
): Promise<RedirectWriteResult> {
  const parsed = parseRedirectForm(input);
  if (!parsed.ok) return refused("invalid", { fieldErrors: parsed.fieldErrors });
  const value = parsed.value;
  // Hits on the path still in memory would bring its 404 row back; this must wait for a write
  // under way, which on SQLite needs the connection the transaction below holds.
  await forgetBufferedNotFound(db, value.source);
  try {
    return await inWrite(
      db,
      actor,
      async (trx, audit): Promise<RedirectWriteResult> => {
        const result = id
          ? await updateRedirectIn(trx, id, value, { ownOrigin })
          : await createRedirectIn(trx, value, { ownOrigin });
        if (!result.ok) return refused("invalid", { fieldErrors: result.fieldErrors });
        const rule = result.rule;
        await audit(
          id ? "redirect.update" : "redirect.create",
          rule.source,
          `${target(rule)}${rule.enabled ? "" : " (disabled)"}`,
        );
        await deleteNotFoundIn(trx, rule.source);
        return { ok: true, rule };
      },
      // Any public path may be a rule's source, and pages keep "no redirect here" per generation.
      (result) => (result.ok ? [EVERYTHING] : []),
    );
  } catch (err) {
    if (err instanceof RedirectNotFoundError) return notFound(err);
    throw err;
  }
}

/**
 * Switch a redirect on or off, with its audit row and a new generation. Switching on checks for
 * loops again, since other rules may have changed meanwhile.
 */
export async function switchRedirect(
  db: DB,
  {
    id,
    enabled,
    actor,
    ownOrigin,
  }: { id: string; enabled: boolean; actor: Actor; ownOrigin?: string },
): Promise<RedirectWriteResult> {
  try {
    return await inWrite(
      db,
      actor,
      async (trx, audit): Promise<RedirectWriteResult> => {
        const result = await setRedirectEnabledIn(trx, id, enabled, { ownOrigin });
        if (!result.ok) return refused("invalid", { fieldErrors: result.fieldErrors });
        await audit(enabled ? "redirect.enable" : "redirect.disable", result.rule.source);
        return { ok: true, rule: result.rule };
      },
      (result) => (result.ok ? [EVERYTHING] : []),
    );
  } catch (err) {
    if (err instanceof RedirectNotFoundError) return notFound(err);
    throw err;
  }
}

/** Delete a redirect, with its audit row and a new generation. */
export async function removeRedirect(
  db: DB,
  { id, actor }: { id: string; actor: Actor },
): Promise<Exclude<RedirectWriteResult, { reason: "invalid" }>> {
  const deleted = await inWrite(
    db,
    actor,
    async (trx, audit) => {
      const rule = await deleteRedirect(trx, id);
      if (rule) await audit("redirect.delete", rule.source, target(rule));
      return rule;
    },
    (rule) => (rule ? [EVERYTHING] : []),
  );
  return deleted ? { ok: true, rule: deleted } : notFound(new RedirectNotFoundError());
}
