// The redirect rules as data (spec §4, pure): the status codes, the paths that never redirect,
// the checks of a rule's source and destination, loop finding, and the admin form's schema. The
// rows are read and written in ./redirects.server.ts; the service is ./write/redirects.server.ts.
import { z } from "zod";
import { KIND_LINES } from "~/content/kinds.ts";

export const REDIRECT_STATUSES = [301, 302, 307, 308, 410] as const;
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

export interface RedirectRule {
  id: string;
  source: string;
  destination: string;
  statusCode: RedirectStatus;
  enabled: boolean;
  hits: number;
  lastHitAt: string | null;
}

/** What the status codes mean, for the admin's status picker. */
export const REDIRECT_STATUS_LABELS: Record<RedirectStatus, string> = {
  301: "301 Moved permanently",
  302: "302 Found (temporary)",
  307: "307 Temporary, keeps the method",
  308: "308 Permanent, keeps the method",
  410: "410 Gone (no destination)",
};

/**
 * Paths that never consult the redirects table (spec §4): the core pages and the admin.
 * Checked before any lookup, so a bad rule can never take the home page or the admin away.
 */
export function isCorePath(path: string): boolean {
  return (
    [
      "/",
      ...KIND_LINES.map((k) => k.urlPrefix),
      "/contact-us",
      "/eligibility",
      "/check-link",
      "/privacy-policy",
    ].includes(path) ||
    path === "/admin" ||
    path.startsWith("/admin/")
  );
}

export const MAX_SOURCE_LENGTH = 500;
export const MAX_DESTINATION_LENGTH = 2000;

export const REDIRECT_MESSAGES = {
  sourceRequired: "Enter the old path, starting with / (for example /old-job-page).",
  sourceNotPath:
    "The old path must start with a single / and name a page on this site, without http:// or a host name.",
  sourceTooLong: `The old path must be at most ${MAX_SOURCE_LENGTH} characters.`,
  sourceWhitespace: "The old path must not contain spaces or line breaks.",
  sourceQuery: "Give the path only, without ? or #: redirects match the path.",
  sourceCore: "This path is a core page and cannot be redirected",
  sourceTaken: "A redirect for this path already exists; edit that one instead.",
  destinationRequired:
    "Enter where this path should go: a path starting with / or a full https:// address.",
  destinationInvalid:
    "The destination must be a path on this site starting with a single / or a full http:// or https:// address.",
  destinationTooLong: `The destination must be at most ${MAX_DESTINATION_LENGTH} characters.`,
  destinationWhitespace: "The destination must not contain spaces or line breaks.",
  destinationSelf: "The destination is the same as the old path: the redirect would loop forever.",
  status: "Choose one of the status codes 301, 302, 307, 308 or 410.",
} as const;

const WHITESPACE = /\s/;

/** Why `source` cannot be the old path of a redirect, or undefined when it can. */
export function sourceProblem(source: string): string | undefined {
  if (source === "") return REDIRECT_MESSAGES.sourceRequired;
  if (source.length > MAX_SOURCE_LENGTH) return REDIRECT_MESSAGES.sourceTooLong;
  if (WHITESPACE.test(source)) return REDIRECT_MESSAGES.sourceWhitespace;
  if (!source.startsWith("/") || source.startsWith("//") || source.includes("\\"))
    return REDIRECT_MESSAGES.sourceNotPath;
  if (source.includes("?") || source.includes("#")) return REDIRECT_MESSAGES.sourceQuery;
  if (isCorePath(source)) return REDIRECT_MESSAGES.sourceCore;
  return undefined;
}

/** Why `destination` cannot be a redirect target, or undefined when it can. */
export function destinationProblem(destination: string): string | undefined {
  if (destination === "") return REDIRECT_MESSAGES.destinationRequired;
  if (destination.length > MAX_DESTINATION_LENGTH) return REDIRECT_MESSAGES.destinationTooLong;
  if (WHITESPACE.test(destination)) return REDIRECT_MESSAGES.destinationWhitespace;
  if (destination.startsWith("/")) {
    // "//host" and "/\host" are read by browsers as another site: an open redirect.
    if (destination.startsWith("//") || destination.startsWith("/\\"))
      return REDIRECT_MESSAGES.destinationInvalid;
    return undefined;
  }
  // Only http(s) addresses: javascript:, data: and the like are refused.
  if (!/^https?:\/\//i.test(destination)) return REDIRECT_MESSAGES.destinationInvalid;
  try {
    const url = new URL(destination);
    if ((url.protocol !== "http:" && url.protocol !== "https:") || !url.hostname)
      return REDIRECT_MESSAGES.destinationInvalid;
  } catch {
    return REDIRECT_MESSAGES.destinationInvalid;
  }
  return undefined;
}

/**
 * The path a destination leads to on this site, or undefined when it leaves the site. An absolute
 * address on our own origin counts as internal, so it cannot hide a loop.
 */
export function internalPathOf(destination: string, ownOrigin?: string): string | undefined {
  if (destination.startsWith("/") && !destination.startsWith("//")) {
    return destination.split(/[?#]/, 1)[0];
  }
  if (!ownOrigin) return undefined;
  try {
    const url = new URL(destination);
    if (url.origin === new URL(ownOrigin).origin) return url.pathname;
  } catch {
    // not a URL: not internal
  }
  return undefined;
}

/**
 * The chain of paths that would lead from `source` back to itself if a rule source → destination
 * were saved next to `rules` (the other enabled rules), or undefined when there is no loop.
 * Core paths never redirect, so a chain stops there.
 */
export function findRedirectLoop(
  source: string,
  destination: string,
  rules: readonly { source: string; destination: string; statusCode: number }[],
  ownOrigin?: string,
): string[] | undefined {
  const bySource = new Map<string, string>();
  for (const rule of rules) {
    if (rule.statusCode === 410) continue;
    bySource.set(rule.source, rule.destination);
  }
  const chain = [source];
  let next = internalPathOf(destination, ownOrigin);
  const seen = new Set<string>([source]);
  while (next !== undefined) {
    chain.push(next);
    if (next === source) return chain;
    if (seen.has(next) || isCorePath(next)) return undefined;
    seen.add(next);
    const target = bySource.get(next);
    if (target === undefined) return undefined;
    next = internalPathOf(target, ownOrigin);
  }
  return undefined;
}

export function describeLoop(chain: readonly string[]): string {
  if (chain.length <= 2) return REDIRECT_MESSAGES.destinationSelf;
  return `This would make a redirect loop: ${chain.join(" → ")}. Change the destination or the other redirect.`;
}

/** Trimmed text; far too long input stops here, the exact limit is checked with a clearer message. */
const formText = (max: number, tooLong: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v === undefined || v === null ? "" : v),
    z.string().max(max * 4, tooLong),
  );

/** The redirect form, as submitted (strings from a form, or typed values from code). */
export const RedirectFormSchema = z
  .object({
    source: formText(MAX_SOURCE_LENGTH, REDIRECT_MESSAGES.sourceTooLong).superRefine((v, ctx) => {
      const problem = sourceProblem(v as string);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    destination: formText(MAX_DESTINATION_LENGTH, REDIRECT_MESSAGES.destinationTooLong).superRefine(
      (v, ctx) => {
        // Emptiness depends on the status (a 410 needs none): checked below, with the whole form.
        const problem = v === "" ? undefined : destinationProblem(v as string);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      },
    ),
    statusCode: z.coerce
      .number({ message: REDIRECT_MESSAGES.status })
      .refine((v): v is RedirectStatus => (REDIRECT_STATUSES as readonly number[]).includes(v), {
        message: REDIRECT_MESSAGES.status,
      }),
    enabled: z.preprocess(
      (v) => v === true || v === "on" || v === "1" || v === "true",
      z.boolean(),
    ),
  })
  .superRefine((value, ctx) => {
    if (value.statusCode === 410) return;
    if (value.destination === "")
      ctx.addIssue({
        code: "custom",
        path: ["destination"],
        message: REDIRECT_MESSAGES.destinationRequired,
      });
    else if (internalPathOf(value.destination) === value.source)
      ctx.addIssue({
        code: "custom",
        path: ["destination"],
        message: REDIRECT_MESSAGES.destinationSelf,
      });
  })
  .transform((value) => ({
    source: value.source,
    // A 410 says the page is gone for good: it goes nowhere.
    destination: value.statusCode === 410 ? "" : value.destination,
    statusCode: value.statusCode as RedirectStatus,
    enabled: value.enabled,
  }));

export type RedirectInput = z.output<typeof RedirectFormSchema>;
export type RedirectFieldErrors = Partial<Record<"source" | "destination" | "statusCode", string>>;

export type RedirectResult =
  { ok: true; rule: RedirectRule } | { ok: false; fieldErrors: RedirectFieldErrors };

/** Parse a submitted form: the clean input, or the first error of each field. */
export function parseRedirectForm(
  raw: unknown,
): { ok: true; value: RedirectInput } | { ok: false; fieldErrors: RedirectFieldErrors } {
  const parsed = RedirectFormSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const fieldErrors: RedirectFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof RedirectFieldErrors;
    if (key && !fieldErrors[key]) fieldErrors[key] = issue.message;
  }
  return { ok: false, fieldErrors };
}
