import type { DB } from "../platform/db/db.server.ts";
import { nowAfter } from "../platform/db/dialect.ts";
import { sanitizeRichText } from "../platform/sanitize.server.ts";

export interface SitePage {
  slug: string;
  title: string;
  description: string;
  /** Sanitized HTML. */
  body: string;
  updatedAt: string;
  updatedBy: string | null;
  /** The Hindi version (issue 14), null until written; its body is sanitized HTML too. */
  hindi: SitePageHindi | null;
  /** When the English words last changed (the Hindi is "older" if written before). */
  textChangedAt: string | null;
}

export interface SitePageHindi {
  title: string;
  description: string;
  body: string;
  /** When the Hindi words last changed. */
  changedAt: string;
}

type SitePageRow = {
  slug: string;
  title: string;
  description: string;
  body: string;
  updated_at: string;
  updated_by: string | null;
  hindi: string | null;
  text_changed_at: string | null;
};

function toSitePage(row: SitePageRow): SitePage {
  let hindi: SitePageHindi | null = null;
  try {
    hindi = row.hindi ? (JSON.parse(row.hindi) as SitePageHindi) : null;
  } catch {
    hindi = null;
  }
  return {
    slug: row.slug,
    title: row.title,
    description: row.description,
    body: row.body,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    hindi,
    textChangedAt: row.text_changed_at,
  };
}

/** The page as a Hindi reader gets it, and whether it is really in Hindi. */
export function sitePageIn(
  page: SitePage,
  locale: "en" | "hi",
): SitePage & { translated: boolean } {
  if (locale === "en") return { ...page, translated: true };
  const hi = page.hindi;
  if (!hi?.title.trim() || !hi.body.trim()) return { ...page, translated: false };
  return {
    ...page,
    title: hi.title,
    description: hi.description || page.description,
    body: hi.body,
    translated: true,
  };
}

/** "missing", "complete" or "changed" (the English words changed after the Hindi was written). */
export function sitePageTranslation(page: SitePage): "missing" | "complete" | "changed" {
  const hi = page.hindi;
  if (!hi?.title.trim() || !hi.body.trim()) return "missing";
  return page.textChangedAt && page.textChangedAt > hi.changedAt ? "changed" : "complete";
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
  return row && toSitePage(row);
}

export async function listSitePages(db: DB): Promise<SitePage[]> {
  const rows = await db.selectFrom("site_pages").selectAll().orderBy("slug").execute();
  return rows.map(toSitePage);
}

/**
 * What a save writes. `hindi` absent keeps the stored Hindi; null removes it. Bodies are
 * sanitized by the caller.
 */
export interface SitePageInput {
  slug: string;
  title: string;
  description: string;
  body: string;
  hindi?: Omit<SitePageHindi, "changedAt"> | null;
}

/** A save made against an older version of a page than the one stored. */
export class StalePageError extends Error {
  constructor(readonly current: SitePage) {
    super(`The page was saved by someone else at ${current.updatedAt}`);
  }
}

/**
 * The page and its revision, in the caller's transaction (app/writes/). With
 * `expectedVersion` (the `updatedAt` the form was loaded at, "" for a page never saved) a newer
 * stored version throws StalePageError; check and write are one conditional statement.
 */
export async function putSitePage(
  trx: DB,
  page: SitePageInput,
  author: { id: string | null; name: string | null },
  expectedVersion?: string,
): Promise<SitePage> {
  const current = await getSitePage(trx, page.slug);
  const stale = () => getSitePage(trx, page.slug).then((now) => new StalePageError(now!));
  if (expectedVersion !== undefined && (current?.updatedAt ?? "") !== expectedVersion) {
    throw await stale();
  }
  const previous = current?.updatedAt ?? "";
  const at = nowAfter(previous);
  const english = (p: { title: string; description: string; body: string }) =>
    JSON.stringify([p.title, p.description, p.body]);
  const textChangedAt = current && english(current) === english(page) ? current.textChangedAt : at;
  const old = current?.hindi ?? null;
  const given = page.hindi === undefined ? old : page.hindi;
  const hindi: SitePageHindi | null =
    given && (given.title.trim() || given.description.trim() || given.body.trim())
      ? {
          title: given.title,
          description: given.description,
          body: given.body,
          changedAt: old && english(old) === english(given) ? old.changedAt : at,
        }
      : null;
  const changes = {
    title: page.title,
    description: page.description,
    body: page.body,
    updated_at: at,
    updated_by: author.id,
    hindi: hindi ? JSON.stringify(hindi) : null,
    text_changed_at: textChangedAt,
  };
  if (current) {
    const result = await trx
      .updateTable("site_pages")
      .set(changes)
      .where("slug", "=", page.slug)
      .where("updated_at", "=", current.updatedAt)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw await stale();
  } else {
    await trx
      .insertInto("site_pages")
      .values({ slug: page.slug, ...changes })
      .execute();
  }
  const saved: SitePage = {
    slug: page.slug,
    title: page.title,
    description: page.description,
    body: page.body,
    updatedAt: at,
    updatedBy: author.id,
    hindi,
    textChangedAt,
  };
  return saved;
}

/** A revision of a page as the history screen shows it. */
export interface SitePageRevision {
  id: string;
  title: string;
  description: string;
  body: string;
  authorName: string | null;
  createdAt: string;
}

function toPageRevision(row: {
  id: string;
  snapshot: string;
  author_name: string | null;
  created_at: string;
}): SitePageRevision {
  let snap: Partial<SitePage> = {};
  try {
    snap = JSON.parse(row.snapshot) as Partial<SitePage>;
  } catch {
    // An unreadable snapshot shows as empty rather than breaking the whole history.
  }
  return {
    id: row.id,
    title: String(snap.title ?? ""),
    description: String(snap.description ?? ""),
    body: String(snap.body ?? ""),
    authorName: row.author_name,
    createdAt: row.created_at,
  };
}

/** A page's revisions, newest first. */
export async function listSitePageRevisions(
  db: DB,
  slug: string,
  limit = 100,
): Promise<SitePageRevision[]> {
  const rows = await db
    .selectFrom("revisions")
    .select(["id", "snapshot", "author_name", "created_at"])
    .where("subject_type", "=", "page")
    .where("subject_id", "=", slug)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.map(toPageRevision);
}

export async function getSitePageRevision(
  db: DB,
  slug: string,
  revisionId: string,
): Promise<SitePageRevision | undefined> {
  const row = await db
    .selectFrom("revisions")
    .select(["id", "snapshot", "author_name", "created_at"])
    .where("subject_type", "=", "page")
    .where("subject_id", "=", slug)
    .where("id", "=", revisionId)
    .executeTakeFirst();
  return row && toPageRevision(row);
}

export type DiffLine = { kind: "same" | "added" | "removed"; text: string };

/**
 * A line diff (longest common subsequence) of two texts, for "compare with current". Pages are a
 * few hundred lines at most, so the quadratic table is small.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = before.split("\n");
  const b = after.split("\n");
  if (a.length * b.length > 4_000_000) {
    return [
      ...a.map((text) => ({ kind: "removed" as const, text })),
      ...b.map((text) => ({ kind: "added" as const, text })),
    ];
  }
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () =>
    new Array<number>(b.length + 1).fill(0),
  );
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: "same", text: a[i] });
      i++;
      j++;
    } else if (lcs[i + 1][j] >= lcs[i][j + 1]) out.push({ kind: "removed", text: a[i++] });
    else out.push({ kind: "added", text: b[j++] });
  }
  while (i < a.length) out.push({ kind: "removed", text: a[i++] });
  while (j < b.length) out.push({ kind: "added", text: b[j++] });
  return out;
}

/** HTML as lines of readable text, one block per line, so a diff shows what a reader sees. */
export function htmlToLines(html: string): string {
  return html
    .replace(/<\s*(br|\/p|\/h[1-6]|\/li|\/blockquote|\/tr|hr)[^>]*>/gi, "\n")
    .replace(/<\s*li[^>]*>/gi, "• ")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join("\n");
}

/** Put an old revision back. The body is sanitized again (the allow-list may have tightened since). */
/** The page as a revision had it, in the caller's transaction; undefined if no such revision. */
export async function restoreSitePageIn(
  trx: DB,
  slug: string,
  revisionId: string,
  author: { id: string | null; name: string | null },
): Promise<SitePage | undefined> {
  const revision = await getSitePageRevision(trx, slug, revisionId);
  if (!revision) return undefined;
  return putSitePage(
    trx,
    {
      slug,
      title: revision.title,
      description: revision.description,
      body: sanitizeRichText(revision.body),
    },
    author,
  );
}
