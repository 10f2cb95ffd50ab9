import { addKnownFake, addVendorHost } from "~/link-monitor/admin.server.ts";
import { KnownFakeInput, VendorHostInput } from "~/link-monitor/host-inputs.ts";
import type { DB } from "~/platform/db/db.server.ts";
import {
  ensureOrganization,
  getOrganizationByName,
} from "~/organizations/organizations.repository.server.ts";
import { saveOrganization } from "~/organizations/organizations.service.server.ts";
import { TEST_ACTOR } from "./writes.ts";

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

/**
 * SSC with its domain and its vendor host, and one listed fake, written as the admin's screens
 * write them: through the services (audit rows, the content generation).
 */
export async function seedListedHosts(db: DB): Promise<void> {
  // Organizations come into being with an entry's save; this one has none.
  await ensureOrganization(db, LISTED.organization);
  const ssc = (await getOrganizationByName(db, LISTED.organization))!;
  const saved = await saveOrganization(db, {
    id: ssc.id,
    input: { shortName: "SSC", domains: LISTED.domain, state: "" },
    actor: TEST_ACTOR,
  });
  const vendor = await addVendorHost(
    db,
    VendorHostInput.parse({
      organizationId: ssc.id,
      pattern: LISTED.vendor,
      note: "",
      source: LISTED.vendorSource,
    }),
    TEST_ACTOR,
  );
  const fake = await addKnownFake(
    db,
    KnownFakeInput.parse({
      host: LISTED.fake,
      reportedOn: LISTED.fakeReportedOn,
      source: LISTED.fakeSource,
      note: "",
    }),
    TEST_ACTOR,
  );
  for (const result of [saved, vendor, fake])
    if (!result.ok) throw new Error(`Not listed: ${JSON.stringify(result)}`);
}
