import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-parse.ts";
import {
  OrganizationFormSchema,
  OrganizationSchema,
  SeoFormSchema,
  SeoSchema,
  sameAsLines,
  sameAsProblem,
} from "./seo-schemas.ts";
import { settingsFieldErrors } from "./settings.repository.server.ts";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
};

/** What the organization action says about the textarea (organization.server.ts). */
function serverSays(sameAs: string) {
  const parsed = OrganizationSchema.safeParse({ name: "govjobs", sameAs: sameAsLines(sameAs) });
  return parsed.success ? undefined : sameAsProblem(settingsFieldErrors(parsed.error));
}

/** What the browser's check says about it, before sending. */
function browserSays(sameAs: string) {
  const submission = parseForm(form({ name: "govjobs", sameAs }), OrganizationFormSchema);
  return submission.status === "success" ? undefined : submission.error?.sameAs?.[0];
}

describe("the SEO tools' forms checked in the browser", () => {
  it("say of the social profiles what the server says, by line", () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `https://x.com/p${i}`).join("\n");
    const cases = {
      "https://x.com/govjobs\r\n\r\n  https://t.me/govjobs  ": undefined,
      "https://x.com/govjobs\nnot an address":
        "Line 2: Each profile must be a full http:// or https:// address",
      [eleven]: "List at most 10 profiles",
      [`${eleven}\nftp://x`]: "List at most 10 profiles",
    };
    for (const [text, message] of Object.entries(cases)) {
      expect(serverSays(text)).toBe(message);
      expect(browserSays(text)).toBe(message);
    }
  });

  it("read robots.txt's line breaks as the action does, so its limit is the same", () => {
    // A textarea sends \r\n; the action stores \n (seo-defaults.server.ts).
    const robotsTxt = Array.from({ length: 200 }, () => "Disallow: /x/".padEnd(24, "y")).join(
      "\r\n",
    );
    expect(robotsTxt.length).toBeGreaterThan(5000);
    const stored = robotsTxt.replace(/\r\n/g, "\n");
    expect(SeoSchema.safeParse({ titleTemplate: "%s | x", robotsTxt: stored }).success).toBe(true);
    const submission = parseForm(form({ titleTemplate: "%s | x", robotsTxt }), SeoFormSchema);
    expect(submission.status).toBe("success");
    const long = parseForm(
      form({ titleTemplate: "%s | x", robotsTxt: `${stored}${"z".repeat(300)}` }),
      SeoFormSchema,
    );
    expect(long.status === "success" ? [] : long.error?.robotsTxt).toEqual([
      "robots.txt must be at most 5000 characters",
    ]);
  });
});
