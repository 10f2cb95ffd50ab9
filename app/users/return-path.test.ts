import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OFF_SITE_RETURN_PATHS } from "../../test/return-paths.ts";
import { safeReturnPath } from "./guard.server.ts";

/**
 * The return path after sign-in (`next`), attacked with the pieces browsers and URL parsers treat
 * specially (what broke: test/return-paths.ts).
 */
const SITE = "https://govjobs.example";

/** What a browser does with a Location header: resolve it against the page it came from. */
const followed = (location: string) => new URL(location, `${SITE}/admin/login?next=x`);

/** The rule every answer must keep, whatever came in. */
function expectSameSite(input: string, out: string) {
  const why = JSON.stringify(input);
  expect(out, why).toMatch(/^\/(?![/\\])/);
  // Nothing a browser drops or rewrites before it follows a URL.
  expect(out, why).not.toMatch(/[\\\s\p{Cc}]/u);
  expect(followed(out).origin, why).toBe(SITE);
  // The value checked is the value used: nothing left for a browser to resolve differently.
  const url = followed(out);
  expect(url.pathname + url.search, why).toBe(out);
  expect(safeReturnPath(out), why).toBe(out);
}

const PIECES = [
  "/",
  "//",
  "\\",
  "%2f",
  "%2F",
  "%5c",
  "%5C",
  "%252f",
  ".",
  "..",
  "%2e",
  "%2E",
  "%2e%2e",
  ".%2e",
  "\t",
  "\n",
  "\r",
  " ",
  "\u0000",
  "\u001f",
  "\u007f",
  "\u00a0",
  "\u3002",
  "\uff0f",
  "\uff3c",
  "@",
  ":",
  "evil.example",
  "evil.example:443",
  "admin",
  "messages",
  "?",
  "#",
  "&",
  "=",
  "%",
  "javascript:",
  "https:",
  "data:",
];

const pieced = fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }).map((p) => p.join(""));
const anything = fc.oneof(
  pieced,
  pieced.map((s) => `/${s}`),
  pieced.map((s) => `/admin/${s}`),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: "binary", maxLength: 60 }).map((s) => `/${s}`),
  fc.webUrl(),
);

describe("safeReturnPath", () => {
  it("never answers a path that leaves the site, for the variants of issue 25", () => {
    for (const next of OFF_SITE_RETURN_PATHS) expectSameSite(next, safeReturnPath(next));
  });

  it("keeps the meaning of an ordinary same-site path", () => {
    expect(safeReturnPath("/admin/messages?status=unread")).toBe("/admin/messages?status=unread");
    expect(safeReturnPath("/admin/manage-jobs/edit/abc")).toBe("/admin/manage-jobs/edit/abc");
    expect(safeReturnPath("/admin/./users")).toBe("/admin/users");
    expect(safeReturnPath("/admin//users")).toBe("/admin/users");
    expect(safeReturnPath("/admin/seo-tools/../users")).toBe("/admin/users");
    for (const nothing of [null, undefined, "", "admin", "x".repeat(5000)])
      expect(safeReturnPath(nothing)).toBe("/admin");
  });

  it("answers a same-site path that a browser follows as it was checked, for any input", () => {
    fc.assert(
      fc.property(anything, (next) => expectSameSite(next, safeReturnPath(next))),
      { numRuns: 3000 },
    );
  });
});
