import { searchableText, type EntryData } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { slugify } from "~/content/kinds/schema.ts";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "../platform/db/db.server.ts";
import { newId } from "../platform/db/dialect.ts";
import { projectedColumns } from "./entries.repository.server.ts";
import { ensureOrganization } from "../organizations/organizations.repository.server.ts";

export interface GeneratedEntry {
  kind: Kind;
  title: string;
  organization: string;
  publishedAt: string;
  data: EntryData;
}

/**
 * Insert many published entries at once, for benchmarks and load tests (no revisions, no audit).
 * Slugs get the row's sequence number so they are unique without lookups.
 */
export async function insertGeneratedEntries(
  db: DB,
  entries: GeneratedEntry[],
  firstSequence: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const name of new Set(entries.map((e) => e.organization)))
      await ensureOrganization(trx, name);
    for (let offset = 0; offset < entries.length; offset += 200) {
      const chunk = entries.slice(offset, offset + 200);
      await trx
        .insertInto("entries")
        .values(
          chunk.map((e, i) => ({
            id: newId(),
            kind: e.kind,
            slug: `${slugify(e.title).slice(0, 80)}-${firstSequence + offset + i}`,
            title: e.title,
            organization: e.organization,
            ...projectedColumns(e.kind, e.data),
            status: "published",
            publish_at: null,
            published_at: e.publishedAt,
            job_id: null,
            data: JSON.stringify(e.data),
            search_text: searchableText(REGISTRY[e.kind].sections, e.data),
            created_at: e.publishedAt,
            updated_at: e.publishedAt,
            created_by: null,
            updated_by: null,
            deleted_at: null,
          })),
        )
        .execute();
    }
  });
}
