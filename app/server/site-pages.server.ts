import type { DB } from "./db/db.server.ts";
import { now } from "./db/dialect.ts";
import { recordRevision } from "./revisions.server.ts";

export interface SitePage {
  slug: string;
  title: string;
  description: string;
  /** Sanitized HTML. */
  body: string;
  updatedAt: string;
  updatedBy: string | null;
}

/** The site pages the spec names, in the order the admin lists them. */
export const SITE_PAGE_SLUGS = [
  "about-us",
  "privacy-policy",
  "terms-of-service",
  "security-policy",
] as const;

export async function getSitePage(db: DB, slug: string): Promise<SitePage | undefined> {
  const row = await db
    .selectFrom("site_pages")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirst();
  return (
    row && {
      slug: row.slug,
      title: row.title,
      description: row.description,
      body: row.body,
      updatedAt: row.updated_at,
      updatedBy: row.updated_by,
    }
  );
}

export async function listSitePages(db: DB): Promise<SitePage[]> {
  const rows = await db.selectFrom("site_pages").selectAll().orderBy("slug").execute();
  return rows.map((row) => ({
    slug: row.slug,
    title: row.title,
    description: row.description,
    body: row.body,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  }));
}

/** Create or replace a page; the caller has sanitized `body`. Writes a revision. */
export async function saveSitePage(
  db: DB,
  page: { slug: string; title: string; description: string; body: string },
  author: { id: string | null; name: string | null },
): Promise<SitePage> {
  return db.transaction().execute(async (trx) => {
    const at = now();
    const row = { ...page, updated_at: at, updated_by: author.id };
    await trx
      .insertInto("site_pages")
      .values(row)
      .onConflict((oc) =>
        oc.column("slug").doUpdateSet({
          title: page.title,
          description: page.description,
          body: page.body,
          updated_at: at,
          updated_by: author.id,
        }),
      )
      .execute();
    const saved: SitePage = { ...page, updatedAt: at, updatedBy: author.id };
    await recordRevision(trx, "page", page.slug, saved, author, at);
    return saved;
  });
}
