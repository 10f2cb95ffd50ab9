import type { Kysely } from "kysely";

/**
 * Organizations as rows of their own: the name entries carry, a short name, the official domains
 * their links may lead to, and a state. Filled from the names entries already use, so every entry
 * has its organization from the start.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("slug", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("short_name", "text", (c) => c.notNull().defaultTo(""))
    // Hosts, one per line (e.g. "upsc.gov.in"); links to them are labelled "Official site".
    .addColumn("domains", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("state", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  const names = await db.selectFrom("entries").select("organization").distinct().execute();
  const taken = new Set<string>();
  const at = new Date().toISOString();
  for (const { organization } of names as { organization: string }[]) {
    const base = organizationSlug(organization);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    await db
      .insertInto("organizations")
      .values({ id: crypto.randomUUID(), slug, name: organization, created_at: at, updated_at: at })
      .execute();
  }
}

/** Frozen here: a migration must not change when the app's slug rules do. */
function organizationSlug(name: string): string {
  return (
    name
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 80) || "organization"
  );
}
