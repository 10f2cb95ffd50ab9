import {
  entryScope,
  facetScope,
  kindScope,
  menusScope,
  organizationScope,
  type CacheScope,
} from "~/page-cache/index.ts";
import { LANDING_FACETS, landingPath, landingSlug, landingValue } from "~/content/landing.ts";
import { filterColumns } from "~/content/field-roles.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "../platform/db/db.server.ts";
import { isPublic } from "~/platform/db/public-entries.ts";

/** What the cache needs to know of an entry a write touched, before or after the change. */
export interface TouchedEntry {
  id: string;
  kind: Kind;
  slug: string;
  organization: string;
  state: string | null;
  qualification: string | null;
  jobId: string | null;
}

/**
 * The columns the job list's filter menus offer (kind-list.tsx reads their distinct values): those
 * of its fields with the `filter` role, and organization.
 */
const MENU_COLUMNS = [...filterColumns(REGISTRY.job.sections), "organization" as const];

/** Every entry write shows in these, whatever the entry: they list or count entries of all kinds. */
const SHARED: readonly CacheScope[] = ["home", "search", "feeds", "sitemaps", "updates"];

/**
 * The pages an entry write changes, given the entries as they were and as they are (a renamed slug
 * or a moved organization names both): each entry's own page, its kind's lists, its
 * organization's page, the home page, search, feeds, sitemaps and the updates feed, and the pages
 * that show it as related (a job's page lists its results, admit cards…; theirs name the job and
 * each other). Two indexed reads in the write's transaction.
 */
export async function entryScopes(
  trx: DB,
  touched: readonly (TouchedEntry | undefined)[],
): Promise<CacheScope[]> {
  const entries = touched.filter((e) => e !== undefined);
  if (entries.length === 0) return [];
  const scopes = new Set<CacheScope>(SHARED);
  const listOf = (kind: Kind) => REGISTRY[kind].urlPrefix as `/${string}`;
  for (const e of entries)
    scopes.add(entryScope(listOf(e.kind), e.slug)).add(kindScope(listOf(e.kind)));

  // The job list's landing pages (/jobs/state/bihar) show one value's jobs: only those of the
  // entry's values change, unless a value came or went in the menus every landing page shows.
  const jobs = entries.filter((e) => e.kind === "job");
  for (const e of jobs)
    for (const facet of LANDING_FACETS) {
      const value = e[facet];
      if (value && landingValue(facet, landingSlug(value)) === value)
        scopes.add(facetScope(landingPath(facet, value) as `/${string}`));
    }
  if (jobs.length && (await menusMayChange(trx, jobs))) scopes.add(menusScope(listOf("job")));

  const organizations = [...new Set(entries.map((e) => e.organization))];
  for (const row of await trx
    .selectFrom("organizations")
    .select("slug")
    .where("name", "in", organizations)
    .execute())
    scopes.add(organizationScope(row.slug));

  // The job each entry belongs to (or is), and that job's other entries.
  const jobIds = [...new Set(entries.map((e) => (e.kind === "job" ? e.id : e.jobId)))].filter(
    (id) => id !== null,
  );
  if (jobIds.length) {
    const related = await trx
      .selectFrom("entries")
      .select(["kind", "slug"])
      .where((eb) => eb.or([eb("id", "in", jobIds), eb("job_id", "in", jobIds)]))
      .execute();
    for (const r of related) scopes.add(entryScope(listOf(r.kind as Kind), r.slug));
  }
  return [...scopes];
}

/**
 * Whether the job list's filter menus may differ after this write: a value of the touched jobs
 * (as they were or are) that no public job has now (it went) or only one has (it may have just
 * come). One indexed read per value, at most two rows each; "may" errs towards redrawing.
 */
async function menusMayChange(trx: DB, jobs: readonly TouchedEntry[]): Promise<boolean> {
  for (const column of MENU_COLUMNS) {
    for (const value of new Set(jobs.map((e) => e[column]))) {
      if (!value) continue;
      const holders = await trx
        .selectFrom("entries")
        .select("id")
        .where("kind", "=", "job")
        .where(isPublic)
        .where(column, "=", value)
        .limit(2)
        .execute();
      if (holders.length < 2) return true;
    }
  }
  return false;
}
