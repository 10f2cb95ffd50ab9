import type { Kysely } from "kysely";
import { slugify } from "~/content/kinds/schema.ts";
import type { Kind } from "~/content/kinds.ts";
import type { EntryData } from "~/content/fields.ts";

/**
 * An entry written into a database migrated only part of the way, for tests of a later
 * migration. Today's write path writes today's columns, which an older schema lacks; this writes
 * the first schema's columns only, so it works at any migration.
 */
export async function insertLegacyEntry(
  db: Kysely<any>,
  kind: Kind,
  input: { title: string; organization: string; status: string; data: EntryData },
): Promise<{ id: string; slug: string }> {
  const id = crypto.randomUUID();
  const slug = `${slugify(input.title)}-${id.slice(0, 6)}`;
  const at = new Date().toISOString();
  const text = (v: unknown) => (typeof v === "string" ? v : null);
  await db
    .insertInto("entries")
    .values({
      id,
      kind,
      slug,
      title: input.title,
      organization: input.organization,
      state: text(input.data.state),
      qualification: text(input.data.qualification),
      status: input.status,
      published_at: input.status === "published" ? at : null,
      last_date: text(input.data.lastDate),
      data: JSON.stringify(input.data),
      search_text: [input.title, input.organization, text(input.data.summary) ?? ""].join("\n"),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { id, slug };
}
