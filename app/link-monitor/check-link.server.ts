// "Is this link official?" (issue 30): a pasted link or domain compared with what the site knows
// of official and fake addresses. The address is never fetched, stored or logged; the answer is
// a code with its values, which the page's catalogue words.
import type { DB } from "~/platform/db/db.server.ts";
import { CHECK_LINK_MAX, identifyHost, parseHostInput } from "./rules.ts";
import { trustDirectory } from "./trust.server.ts";

export type CheckLinkAnswer =
  | { code: "invalid" }
  | { code: "known-fake"; host: string; reportedOn: string; source: string }
  | { code: "organization"; host: string; organization: string; slug: string }
  | {
      code: "vendor";
      host: string;
      organization: string;
      slug: string;
      source: string;
    }
  | { code: "shared-vendor"; host: string; note: string; source: string }
  | { code: "government"; host: string; suffix: string }
  | { code: "unknown"; host: string; tail: string; lookalike: boolean };

export async function checkLink(db: DB, pasted: string): Promise<CheckLinkAnswer> {
  const host = parseHostInput(pasted.slice(0, CHECK_LINK_MAX + 1));
  if (!host) return { code: "invalid" };
  const found = identifyHost(host, await trustDirectory(db));
  switch (found.code) {
    case "known-fake":
      return {
        code: found.code,
        host,
        reportedOn: found.fake.reportedOn,
        source: found.fake.source,
      };
    case "organization":
      return {
        code: found.code,
        host,
        organization: found.organization.name,
        slug: found.organization.slug,
      };
    case "vendor":
      return {
        code: found.code,
        host,
        organization: found.organization.name,
        slug: found.organization.slug,
        source: found.vendor.source,
      };
    case "shared-vendor":
      return { code: found.code, host, note: found.vendor.note, source: found.vendor.source };
    default:
      return found;
  }
}
