import { jobPostRules, type OpenJob, type RulesFile } from "~/content/job-eligibility.ts";
import type { EntryData } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "../platform/db/db.server.ts";
import { isPublic } from "~/platform/db/public-entries.ts";
import { hindiOrganizationNames } from "../organizations/organizations.repository.server.ts";
import { perGeneration } from "~/page-cache/index.ts";

/** Every published job open on `today` (India's date) with the rules of each of its posts. */
export async function openJobRules(db: DB, today: string): Promise<RulesFile> {
  const organizations = await hindiOrganizationNames(db);
  const rows = await db
    .selectFrom("entries")
    .select(["slug", "title", "hi_title", "organization", "last_date", "data"])
    .where("kind", "=", "job")
    .where(isPublic)
    .where("last_date", ">=", today)
    .orderBy("last_date", "asc")
    .orderBy("title", "asc")
    .execute();
  const jobs: OpenJob[] = rows.map((row) => ({
    title: row.title,
    // The Hindi title, only where there is one: Hindi pages show it (viewFindings).
    ...(row.hi_title ? { hiTitle: row.hi_title } : {}),
    href: `${REGISTRY.job.urlPrefix}/${row.slug}`,
    organization: row.organization,
    ...(organizations.has(row.organization)
      ? { hiOrganization: organizations.get(row.organization) }
      : {}),
    lastDate: row.last_date ?? today,
    posts: jobPostRules(readData(row.data)),
  }));
  return { jobs };
}

/**
 * The rules file the finder reads, once per content generation and India's date (a job that
 * closes at midnight leaves it without any write).
 */
export const publicEligibilityRules = (today = todayInIndia()): Promise<RulesFile> =>
  perGeneration(`eligibility:${today}`, (db) => openJobRules(db, today));

/** A row's data; unreadable data (never written by the app) counts as none, not as an outage. */
function readData(json: string): EntryData {
  try {
    return JSON.parse(json) as EntryData;
  } catch {
    return {};
  }
}
