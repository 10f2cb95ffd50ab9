import { entryScope, kindScope, organizationScope, type CacheScope } from "~/cache-scope.ts";
import { REGISTRY, type Kind } from "~/content/registry.ts";
import type { DB } from "../db/db.server.ts";

/** What the cache needs to know of an entry a write touched, before or after the change. */
export interface TouchedEntry {
  id: string;
  kind: Kind;
  slug: string;
  organization: string;
  jobId: string | null;
}

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

  const organizations = [...new Set(entries.map((e) => e.organization))];
  for (const row of await trx
    .selectFrom("organizations")
    .select("slug")
    .where("name", "in", organizations)
    .execute())
    scopes.add(organizationScope(row.slug));

  // The job each entry belongs to (or is), and that job's other entries.
  const jobs = [...new Set(entries.map((e) => (e.kind === "job" ? e.id : e.jobId)))].filter(
    (id) => id !== null,
  );
  if (jobs.length) {
    const related = await trx
      .selectFrom("entries")
      .select(["kind", "slug"])
      .where((eb) => eb.or([eb("id", "in", jobs), eb("job_id", "in", jobs)]))
      .execute();
    for (const r of related) scopes.add(entryScope(listOf(r.kind as Kind), r.slug));
  }
  return [...scopes];
}
