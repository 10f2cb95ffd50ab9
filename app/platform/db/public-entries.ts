import { sql } from "kysely";

/**
 * What "public" means for an entry row, written as literals so both databases use the partial
 * indexes that carry the same condition (see the initial migration). It sits with the schema
 * (issue 27): entries, My exams (below entries), the sitemaps and the finder all read it.
 */
export const isPublic = sql<boolean>`status = 'published' and deleted_at is null`;
