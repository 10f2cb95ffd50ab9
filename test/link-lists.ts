import { insertKnownFake, insertVendorHost } from "~/link-monitor/lists.repository.server.ts";
import type { DB } from "~/server/db/db.server.ts";
import {
  ensureOrganization,
  getOrganizationByName,
  updateOrganization,
} from "~/server/organizations.server.ts";

/** What "Is this link official?" is asked about in the tests (issue 30). */
export const LISTED = {
  organization: "Staff Selection Commission",
  domain: "ssc.gov.in",
  vendor: "sscexams.cbexams.com",
  vendorSource: "Linked from ssc.gov.in",
  fake: "ssc-gov-recruitment.example",
  fakeReportedOn: "2026-10-02",
  fakeSource: "PIB Fact Check",
};

/** SSC with its domain and its vendor host, and one listed fake. */
export async function seedListedHosts(db: DB): Promise<void> {
  const at = new Date().toISOString();
  await ensureOrganization(db, LISTED.organization);
  const ssc = (await getOrganizationByName(db, LISTED.organization))!;
  await updateOrganization(db, ssc.id, { shortName: "SSC", domains: [LISTED.domain], state: "" });
  await insertVendorHost(
    db,
    {
      organizationId: ssc.id,
      pattern: LISTED.vendor,
      note: "",
      source: LISTED.vendorSource,
      createdBy: null,
    },
    at,
  );
  await insertKnownFake(
    db,
    {
      host: LISTED.fake,
      reportedOn: LISTED.fakeReportedOn,
      source: LISTED.fakeSource,
      note: "",
      createdBy: null,
    },
    at,
  );
}
