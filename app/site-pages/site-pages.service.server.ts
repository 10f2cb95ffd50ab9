import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import { sitePageScope, type CacheScope } from "~/page-cache/index.ts";
import type { DB } from "../platform/db/db.server.ts";
import { recordFileLinks } from "../files/file-references.repository.server.ts";
import { recordRevision } from "../writes/revisions.repository.server.ts";
import {
  putSitePage,
  restoreSitePageIn,
  StalePageError,
  type SitePage,
  type SitePageInput,
} from "./site-pages.repository.server.ts";
import { authorOf, inWrite, type Actor } from "../writes/transaction.server.ts";

/**
 * A site page shows on its own page (both languages) and in the sitemap; the header and footer
 * name the pages by fixed words, not by their titles, so no other page changes.
 */
const pageScopes = (slug: string): CacheScope[] => [sitePageScope(slug), "sitemaps"];

export type PageSaveResult = WriteResult<
  { page: SitePage },
  Refused<"stale", { current: SitePage; by: string }>
>;

/**
 * A site page saved with its revision, audit row and content generation in one transaction.
 * `expectedVersion` is the `updatedAt` the form was loaded at ("" for a page never saved).
 */
export async function savePage(
  db: DB,
  page: SitePageInput,
  { expectedVersion, actor }: { expectedVersion?: string; actor: Actor },
): Promise<PageSaveResult> {
  try {
    const saved = await inWrite(
      db,
      actor,
      async (trx, audit) => {
        const result = await putSitePage(trx, page, authorOf(actor), expectedVersion);
        await recordPage(trx, result, actor);
        await audit("site-page.update", page.slug);
        return result;
      },
      () => pageScopes(page.slug),
    );
    return { ok: true, page: saved };
  } catch (err) {
    if (!(err instanceof StalePageError)) throw err;
    const latest = await db
      .selectFrom("revisions")
      .select("author_name")
      .where("subject_type", "=", "page")
      .where("subject_id", "=", page.slug)
      .where("created_at", "=", err.current.updatedAt)
      .executeTakeFirst();
    return refused("stale", { current: err.current, by: latest?.author_name ?? "another editor" });
  }
}

/** A page put back as one of its revisions had it; undefined when there is no such revision. */
export function restorePage(db: DB, slug: string, revisionId: string, actor: Actor) {
  return inWrite(
    db,
    actor,
    async (trx, audit) => {
      const restored = await restoreSitePageIn(trx, slug, revisionId, authorOf(actor));
      if (restored) await recordPage(trx, restored, actor);
      if (restored) await audit("site-page.restore", slug, `revision ${revisionId}`);
      return restored;
    },
    (restored) => (restored ? pageScopes(slug) : []),
  );
}

/** A page as saved: its revision and the files its text links to (English and Hindi). */
async function recordPage(trx: DB, saved: SitePage, actor: Actor) {
  await recordRevision(trx, "page", saved.slug, saved, authorOf(actor), saved.updatedAt);
  await recordFileLinks(trx, "page", saved.slug, saved.body, saved.hindi?.body);
}
