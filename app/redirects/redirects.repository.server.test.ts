import { describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import {
  deleteRedirect,
  getRedirect,
  listRedirects,
  matchRedirect,
} from "./redirects.repository.server.ts";
import {
  REDIRECT_MESSAGES,
  describeLoop,
  destinationProblem,
  findRedirectLoop,
  parseRedirectForm,
  sourceProblem,
  type RedirectInput,
} from "./redirect-rules.ts";
import { saveRedirect, switchRedirect } from "./redirects.service.server.ts";
import { TEST_ACTOR } from "../../test/writes.ts";

const form = (over: Record<string, string> = {}) => ({
  source: "/old",
  destination: "/new",
  statusCode: "301",
  enabled: "on",
  ...over,
});

describe("redirect source rules", () => {
  it("accepts a plain path", () => {
    expect(sourceProblem("/old-job-page")).toBeUndefined();
    expect(sourceProblem("/jobs/old-slug")).toBeUndefined();
  });
  it("refuses an empty source", () => {
    expect(sourceProblem("")).toBe(REDIRECT_MESSAGES.sourceRequired);
  });
  it("refuses a scheme, a host or a missing leading slash", () => {
    for (const bad of ["http://evil.example/x", "old", "//evil.example/x", "/\\evil.example"])
      expect(sourceProblem(bad), bad).toBe(REDIRECT_MESSAGES.sourceNotPath);
  });
  it("refuses whitespace", () => {
    expect(sourceProblem("/old page")).toBe(REDIRECT_MESSAGES.sourceWhitespace);
    expect(sourceProblem("/old\tpage")).toBe(REDIRECT_MESSAGES.sourceWhitespace);
  });
  it("refuses more than 500 characters", () => {
    expect(sourceProblem(`/${"a".repeat(499)}`)).toBeUndefined();
    expect(sourceProblem(`/${"a".repeat(500)}`)).toBe(REDIRECT_MESSAGES.sourceTooLong);
  });
  it("refuses a query or fragment", () => {
    expect(sourceProblem("/old?x=1")).toBe(REDIRECT_MESSAGES.sourceQuery);
  });
  it("refuses every core page and the admin", () => {
    for (const core of ["/", "/jobs", "/contact-us", "/privacy-policy", "/admin", "/admin/users"])
      expect(sourceProblem(core), core).toBe("This path is a core page and cannot be redirected");
  });
});

describe("redirect destination rules", () => {
  it("accepts an internal path and http(s) addresses", () => {
    for (const ok of ["/new", "/jobs/x?ref=1", "https://example.gov.in/a", "http://example.in"])
      expect(destinationProblem(ok), ok).toBeUndefined();
  });
  it("refuses dangerous or ambiguous targets", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "//evil.example/x",
      "/\\evil.example",
      "ftp://example.in/file",
      "new-page",
      "https://",
    ])
      expect(destinationProblem(bad), bad).toBe(REDIRECT_MESSAGES.destinationInvalid);
  });
  it("refuses more than 2000 characters and whitespace", () => {
    expect(destinationProblem(`https://e.in/${"a".repeat(2000)}`)).toBe(
      REDIRECT_MESSAGES.destinationTooLong,
    );
    expect(destinationProblem("/a b")).toBe(REDIRECT_MESSAGES.destinationWhitespace);
  });
});

describe("the redirect form", () => {
  it("parses a valid submission", () => {
    expect(parseRedirectForm(form())).toEqual({
      ok: true,
      value: { source: "/old", destination: "/new", statusCode: 301, enabled: true },
    });
  });
  it("needs a destination unless the status is 410, which stores none", () => {
    expect(parseRedirectForm(form({ destination: "" }))).toEqual({
      ok: false,
      fieldErrors: { destination: REDIRECT_MESSAGES.destinationRequired },
    });
    expect(parseRedirectForm(form({ destination: "", statusCode: "410" }))).toEqual({
      ok: true,
      value: { source: "/old", destination: "", statusCode: 410, enabled: true },
    });
  });
  it("refuses a status outside 301/302/307/308/410", () => {
    const r = parseRedirectForm(form({ statusCode: "303" }));
    expect(r).toEqual({ ok: false, fieldErrors: { statusCode: REDIRECT_MESSAGES.status } });
  });
  it("refuses a destination equal to the source", () => {
    const r = parseRedirectForm(form({ source: "/same", destination: "/same?x=1" }));
    expect(r).toEqual({
      ok: false,
      fieldErrors: { destination: REDIRECT_MESSAGES.destinationSelf },
    });
  });
  it("reports the source and destination problems together", () => {
    const r = parseRedirectForm(form({ source: "/jobs", destination: "javascript:alert(1)" }));
    expect(r).toEqual({
      ok: false,
      fieldErrors: {
        source: REDIRECT_MESSAGES.sourceCore,
        destination: REDIRECT_MESSAGES.destinationInvalid,
      },
    });
  });
  it("treats a missing checkbox as disabled", () => {
    const r = parseRedirectForm({ source: "/a", destination: "/b", statusCode: "302" });
    expect(r.ok && r.value.enabled).toBe(false);
  });
});

describe("redirect loops", () => {
  const rules = [
    { source: "/b", destination: "/c", statusCode: 301 },
    { source: "/c", destination: "https://govjobs.example/a", statusCode: 301 },
    { source: "/x", destination: "/a", statusCode: 410 },
  ];
  it("finds a chain that leads back to the source, through our own origin", () => {
    expect(findRedirectLoop("/a", "/b", rules, "https://govjobs.example")).toEqual([
      "/a",
      "/b",
      "/c",
      "/a",
    ]);
    expect(describeLoop(["/a", "/b", "/c", "/a"])).toContain("/a → /b → /c → /a");
  });
  it("sees no loop when the chain leaves the site or stops", () => {
    expect(findRedirectLoop("/a", "/b", rules)).toBeUndefined();
    expect(findRedirectLoop("/a", "/x", rules, "https://govjobs.example")).toBeUndefined();
    expect(findRedirectLoop("/a", "https://other.example/a", rules)).toBeUndefined();
  });
  it("stops on an existing cycle that does not involve the source", () => {
    const cycle = [
      { source: "/p", destination: "/q", statusCode: 301 },
      { source: "/q", destination: "/p", statusCode: 301 },
    ];
    expect(findRedirectLoop("/a", "/p", cycle)).toBeUndefined();
  });
});

describeEachDatabase("redirects repository", (db) => {
  const input = (over: Partial<RedirectInput> = {}): RedirectInput => ({
    source: "/r-old",
    destination: "/r-new",
    statusCode: 301,
    enabled: true,
    ...over,
  });

  it("creates, lists, edits, disables and deletes a rule", async () => {
    const created = await saveRedirect(db(), { input: input(), actor: TEST_ACTOR });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const { rules, total } = await listRedirects(db());
    expect(total).toBe(1);
    expect(rules[0]).toMatchObject({ source: "/r-old", destination: "/r-new", hits: 0 });

    const edited = await saveRedirect(db(), {
      id: created.rule.id,
      input: input({ destination: "https://example.gov.in/x", statusCode: 308 }),
      actor: TEST_ACTOR,
    });
    expect(edited.ok).toBe(true);
    expect(await getRedirect(db(), created.rule.id)).toMatchObject({
      destination: "https://example.gov.in/x",
      statusCode: 308,
      enabled: true,
    });
    expect((await matchRedirect(db(), "/r-old"))?.hits).toBe(1);

    await switchRedirect(db(), { id: created.rule.id, enabled: false, actor: TEST_ACTOR });
    expect(await matchRedirect(db(), "/r-old")).toBeUndefined();

    expect((await deleteRedirect(db(), created.rule.id))?.source).toBe("/r-old");
    expect(await getRedirect(db(), created.rule.id)).toBeUndefined();
    expect((await listRedirects(db())).total).toBe(0);
  });

  it("refuses a second rule for the same path and writes nothing", async () => {
    const first = await saveRedirect(db(), { input: input({ source: "/dup" }), actor: TEST_ACTOR });
    expect(first.ok).toBe(true);
    const second = await saveRedirect(db(), {
      input: input({ source: "/dup", destination: "/other" }),
      actor: TEST_ACTOR,
    });
    expect(second).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { source: REDIRECT_MESSAGES.sourceTaken },
    });
    const { rules } = await listRedirects(db());
    expect(rules.filter((r) => r.source === "/dup")).toHaveLength(1);
    expect(rules.find((r) => r.source === "/dup")?.destination).toBe("/r-new");
  });

  it("refuses a rule that closes a loop, naming the chain, and writes nothing", async () => {
    expect(
      (
        await saveRedirect(db(), {
          input: input({ source: "/l1", destination: "/l2" }),
          actor: TEST_ACTOR,
        })
      ).ok,
    ).toBe(true);
    expect(
      (
        await saveRedirect(db(), {
          input: input({ source: "/l2", destination: "/l3" }),
          actor: TEST_ACTOR,
        })
      ).ok,
    ).toBe(true);
    const before = (await listRedirects(db())).total;
    const loop = await saveRedirect(db(), {
      input: input({ source: "/l3", destination: "/l1" }),
      actor: TEST_ACTOR,
    });
    expect(loop).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { destination: describeLoop(["/l3", "/l1", "/l2", "/l3"]) },
    });
    expect((await listRedirects(db())).total).toBe(before);
    // A disabled rule cannot loop; switching it on checks again.
    const off = await saveRedirect(db(), {
      input: input({ source: "/l3", destination: "/l1", enabled: false }),
      actor: TEST_ACTOR,
    });
    expect(off.ok).toBe(true);
    if (!off.ok) return;
    const on = await switchRedirect(db(), { id: off.rule.id, enabled: true, actor: TEST_ACTOR });
    expect(on.ok).toBe(false);
    expect((await getRedirect(db(), off.rule.id))?.enabled).toBe(false);
  });

  it("lets an edit keep its own source but not take another rule's", async () => {
    const a = await saveRedirect(db(), {
      input: input({ source: "/e1", destination: "/z" }),
      actor: TEST_ACTOR,
    });
    await saveRedirect(db(), {
      input: input({ source: "/e2", destination: "/z" }),
      actor: TEST_ACTOR,
    });
    if (!a.ok) throw new Error("setup failed");
    expect(
      (
        await saveRedirect(db(), {
          id: a.rule.id,
          input: input({ source: "/e1", destination: "/y" }),
          actor: TEST_ACTOR,
        })
      ).ok,
    ).toBe(true);
    expect(
      await saveRedirect(db(), {
        id: a.rule.id,
        input: input({ source: "/e2", destination: "/y" }),
        actor: TEST_ACTOR,
      }),
    ).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { source: REDIRECT_MESSAGES.sourceTaken },
    });
    expect((await getRedirect(db(), a.rule.id))?.source).toBe("/e1");
  });
});
