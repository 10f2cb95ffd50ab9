import { z } from "zod";
import { isoDate } from "~/content/fields.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { parseHostInput } from "./rules.ts";

/**
 * What an admin types to add a vendor host or a known fake (app/routes/admin/link-hosts.tsx;
 * the writes are ./admin.server.ts), free of server modules so the browser checks the same
 * schema before sending.
 */

const text = (max: number, what: string) =>
  z.string().trim().max(max, `${what} must be at most ${max} characters.`);

export const VendorHostInput = z.object({
  organizationId: z.string().max(100),
  pattern: z
    .string()
    .min(1, "Give a host such as ibpsreg.ibps.in.")
    .max(300)
    .transform((v, ctx) => {
      const pattern = parseHostInput(v, { wildcard: true });
      if (!pattern) {
        ctx.addIssue({
          code: "custom",
          message: "Give a host such as ibpsreg.ibps.in, or *.ucanapply.com for its subdomains.",
        });
        return z.NEVER;
      }
      return pattern;
    }),
  note: text(200, "The note"),
  source: text(300, "The source").min(1, "Say where this host is known from (a link or a notice)."),
});

export const KnownFakeInput = z.object({
  host: z
    .string()
    .min(1, "Give the fake site's domain.")
    .max(300)
    .transform((v, ctx) => {
      const host = parseHostInput(v);
      if (!host) {
        ctx.addIssue({
          code: "custom",
          message: "Give the fake site's domain, such as ssc-gov.example.",
        });
        return z.NEVER;
      }
      return host;
    }),
  reportedOn: isoDate("The date reported").refine(
    (d) => d <= todayInIndia(),
    "The date reported cannot be in the future.",
  ),
  source: text(300, "The source").min(1, "Say who reported it (a link or a notice)."),
  note: text(200, "The note"),
});
