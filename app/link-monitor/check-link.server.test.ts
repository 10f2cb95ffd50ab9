import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import type { DB } from "~/server/db/db.server.ts";
import {
  ensureOrganization,
  getOrganizationByName,
  updateOrganization,
} from "~/server/organizations.server.ts";
import { checkLink } from "./check-link.server.ts";
import { insertKnownFake, insertVendorHost } from "./lists.repository.server.ts";

// Issue 30: "Is this link official?" answers from the site's lists and never visits the address.

let connections = 0;
const listener = net.createServer((socket) => {
  connections++;
  socket.destroy();
});
beforeAll(async () => {
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
});

describeEachDatabase("/check-link's answers", (get) => {
  let db: DB;
  beforeAll(async () => {
    db = get();
    const at = new Date().toISOString();
    await ensureOrganization(db, "Staff Selection Commission");
    const ssc = (await getOrganizationByName(db, "Staff Selection Commission"))!;
    await updateOrganization(db, ssc.id, { shortName: "SSC", domains: ["ssc.gov.in"], state: "" });
    await insertVendorHost(
      db,
      {
        organizationId: ssc.id,
        pattern: "sscexams.cbexams.com",
        note: "",
        source: "Linked from ssc.gov.in",
        createdBy: null,
      },
      at,
    );
    await insertKnownFake(
      db,
      {
        host: "ssc-gov-recruitment.example",
        reportedOn: "2026-10-02",
        source: "PIB Fact Check",
        note: "",
        createdBy: null,
      },
      at,
    );
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
    const port = (listener.address() as AddressInfo).port;
    expect(await checkLink(db, `http://127.0.0.1:${port}/`)).toMatchObject({ code: "unknown" });
    expect(await checkLink(db, `http://localhost:${port}/`)).toEqual({ code: "invalid" });
    expect(connections).toBe(0);
  });
});
