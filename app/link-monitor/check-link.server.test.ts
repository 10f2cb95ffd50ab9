import { afterAll, beforeAll, expect, it } from "vitest";
import { countingListener } from "../../test/counting-listener.ts";
import { describeEachDatabase } from "../../test/databases.ts";
import { seedListedHosts } from "../../test/link-lists.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { checkLink } from "./check-link.server.ts";

// Issue 30: "Is this link official?" answers from the site's lists and never visits the address.

const listener = countingListener();
beforeAll(listener.listen);
afterAll(listener.close);

describeEachDatabase("/check-link's answers", (get) => {
  let db: DB;
  beforeAll(async () => {
    db = get();
    await seedListedHosts(db);
  });

  it("names the organization of a government domain", async () => {
    for (const pasted of ["https://ssc.gov.in/login?next=/apply", "SSC.GOV.IN", "www.ssc.gov.in"])
      expect(await checkLink(db, pasted), pasted).toEqual({
        code: "organization",
        host: "ssc.gov.in",
        organization: "Staff Selection Commission",
        slug: "staff-selection-commission",
      });
    expect(await checkLink(db, "upsc.gov.in")).toEqual({
      code: "government",
      host: "upsc.gov.in",
      suffix: "gov.in",
    });
  });

  it("names the organization of its vendor host, and a shared platform with its source", async () => {
    expect(await checkLink(db, "https://sscexams.cbexams.com/reg")).toMatchObject({
      code: "vendor",
      organization: "Staff Selection Commission",
      source: "Linked from ssc.gov.in",
    });
    // Pre-filled by the migration for every organization.
    expect(await checkLink(db, "https://wbpsc.ucanapply.com/")).toMatchObject({
      code: "shared-vendor",
      host: "wbpsc.ucanapply.com",
      source: expect.stringContaining("psc.wb.gov.in"),
    });
  });

  it("says a look-alike is not on the list, and where it really ends", async () => {
    expect(await checkLink(db, "https://ssc-gov.in.example.com/apply")).toEqual({
      code: "unknown",
      host: "ssc-gov.in.example.com",
      tail: "example.com",
      lookalike: true,
    });
  });

  it("says a listed fake is one, with its date and source", async () => {
    expect(await checkLink(db, "http://apply.ssc-gov-recruitment.example/pay")).toEqual({
      code: "known-fake",
      host: "apply.ssc-gov-recruitment.example",
      reportedOn: "2026-10-02",
      source: "PIB Fact Check",
    });
  });

  it("refuses what is not a web address, and never connects to what is pasted", async () => {
    for (const pasted of ["", "hello", "javascript:alert(1)", "x".repeat(5000)])
      expect(await checkLink(db, pasted), pasted.slice(0, 20)).toEqual({ code: "invalid" });
    const port = listener.port();
    expect(await checkLink(db, `http://127.0.0.1:${port}/`)).toMatchObject({ code: "unknown" });
    expect(await checkLink(db, `http://localhost:${port}/`)).toEqual({ code: "invalid" });
    expect(listener.connections()).toBe(0);
  });
});
