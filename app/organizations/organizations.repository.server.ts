import { slugify } from "~/content/kinds/schema.ts";
import type { DB } from "../platform/db/db.server.ts";
import { newId, now } from "../platform/db/dialect.ts";

/**
 * Organizations: the recruiters entries belong to, with the official domains their links may lead
 * to. An entry names its organization; saving an entry with a new name adds the organization, so
 * an editor never has to leave the entry form, and an admin fills in its domains once for all of
 * its entries.
 */
export interface Organization {
  id: string;
  slug: string;
  name: string;
  /** The name in Hindi, "" until an admin writes it (Hindi pages show `name` then). */
  hiName: string;
  shortName: string;
  /** Official hosts, e.g. ["upsc.gov.in"]; links to them (and their subdomains) are official. */
  domains: string[];
  state: string;
  updatedAt: string;
}

type Row = {
  id: string;
  slug: string;
  name: string;
  hi_name: string | null;
  short_name: string;
  domains: string;
  state: string;
  updated_at: string;
};

const toOrganization = (r: Row): Organization => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  hiName: r.hi_name ?? "",
  shortName: r.short_name,
  domains: r.domains.split("\n").filter(Boolean),
  state: r.state,
  updatedAt: r.updated_at,
});

/** The organization of this name, added when it is new (inside the entry's own transaction). */
export async function ensureOrganization(db: DB, name: string): Promise<void> {
  const known = await db
    .selectFrom("organizations")
    .select("id")
    .where("name", "=", name)
    .executeTakeFirst();
  if (known) return;
  const base = slugify(name, { fallback: "organization", max: 80 });
  const taken = new Set(
    (
      await db
        .selectFrom("organizations")
        .select("slug")
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .execute()
    ).map((r) => r.slug),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  const at = now();
  await db
    .insertInto("organizations")
    .values({ id: newId(), slug, name, created_at: at, updated_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * The Hindi name of every organization that has one, by its English name (the name entries
 * carry). Public pages read it once per content generation (`publicOrganizationNames`).
 */
export async function hindiOrganizationNames(db: DB): Promise<ReadonlyMap<string, string>> {
  const rows = await db
    .selectFrom("organizations")
    .select(["name", "hi_name"])
    .where("hi_name", "is not", null)
    .where("hi_name", "!=", "")
    .execute();
  return new Map(rows.map((r) => [r.name, r.hi_name!]));
}

export async function listOrganizations(db: DB): Promise<Organization[]> {
  const rows = await db.selectFrom("organizations").selectAll().orderBy("name").execute();
  return rows.map(toOrganization);
}

export async function getOrganizationBySlug(
  db: DB,
  slug: string,
): Promise<Organization | undefined> {
  const row = await db
    .selectFrom("organizations")
    .selectAll()
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row && toOrganization(row);
}

export async function getOrganizationByName(
  db: DB,
  name: string,
): Promise<Organization | undefined> {
  const row = await db
    .selectFrom("organizations")
    .selectAll()
    .where("name", "=", name)
    .executeTakeFirst();
  return row && toOrganization(row);
}

export async function updateOrganization(
  db: DB,
  id: string,
  input: { hiName?: string; shortName: string; domains: string[]; state: string },
): Promise<string | undefined> {
  const row = await db
    .updateTable("organizations")
    .set({
      ...(input.hiName !== undefined && { hi_name: input.hiName || null }),
      short_name: input.shortName,
      domains: input.domains.join("\n"),
      state: input.state,
      updated_at: now(),
    })
    .where("id", "=", id)
    .returning("name")
    .executeTakeFirst();
  return row?.name;
}
