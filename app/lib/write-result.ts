/**
 * What every write service answers (issue 27's one form contract): done, with what it wrote, or
 * refused with a reason, and nothing written. Browser-safe (types and two constructors), so a
 * screen may read a refusal it was handed. A route turns a refusal into its form's reply with
 * `refuseWrite` (app/platform/forms.server.ts), whose status each reason decides.
 */

/**
 * Why a write was refused: the input breaks a rule (`invalid`), it collides with another row (a
 * slug in use: `conflict`), someone saved after the form was loaded (`stale`), what the button
 * was for was decided or removed meanwhile (`gone`: a suggestion applied by another editor), the
 * row is not there (`not-found`), or the user may not do it (`forbidden`).
 */
export type Refusal = "invalid" | "conflict" | "stale" | "gone" | "not-found" | "forbidden";

/**
 * A refused write: a message for the whole form and errors by field name (either may be absent),
 * plus what a reason carries for its screen (`Extra`: who saved first, the newer version).
 */
export type Refused<R extends Refusal = Refusal, Extra extends object = object> = Omit<
  { ok: false; reason: R; message?: string; fieldErrors?: Record<string, string | undefined> },
  keyof Extra
> &
  Extra;

/**
 * A write's result: `{ ok: true, …what it wrote }` or one of the refusals it may give
 * (`Refused<"invalid">`, `Refused<"stale", { current: Entry }>`…).
 */
export type WriteResult<Done extends object, Refusals extends Refused = Refused> =
  ({ ok: true } & Done) | Refusals;

/** A refusal with its message, field errors and extras, as given. */
export const refused = <R extends Refusal, Extra extends object = object>(
  reason: R,
  extra: Extra & {
    message?: string;
    fieldErrors?: Record<string, string | undefined>;
  } = {} as Extra,
): Refused<R, Extra> => ({ ok: false, reason, ...extra });
