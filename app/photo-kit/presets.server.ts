import type { DB } from "~/platform/db/db.server.ts";
import type { Preset, PresetRule } from "./rules.ts";

/**
 * The presets' repository (issue 31): SQL only, on SQLite and PostgreSQL alike. The write path
 * (./presets-write.server.ts) calls the writes inside its transaction.
 */

type Row = {
  key: string;
  name: string;
  name_hi: string;
  source_title: string;
  source_url: string;
  checked_on: string;
  rules: string;
  updated_at: string;
};

function toPreset(r: Row): Preset {
  return {
    key: r.key,
    name: r.name,
    nameHi: r.name_hi,
    sourceTitle: r.source_title,
    sourceUrl: r.source_url,
    checkedOn: r.checked_on,
    rules: parseRules(r.rules),
    updatedAt: r.updated_at,
  };
}

/** Stored by the write path, which checked it; a damaged value reads as no rules. */
function parseRules(json: string): PresetRule[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as PresetRule[]) : [];
  } catch {
    return [];
  }
}

const COLUMNS = [
  "key",
  "name",
  "name_hi",
  "source_title",
  "source_url",
  "checked_on",
  "rules",
  "updated_at",
] as const;

export async function listPresets(db: DB): Promise<Preset[]> {
  const rows = await db.selectFrom("photo_presets").select(COLUMNS).orderBy("name").execute();
  return rows.map(toPreset);
}

export async function getPreset(db: DB, key: string): Promise<Preset | undefined> {
  const row = await db
    .selectFrom("photo_presets")
    .select(COLUMNS)
    .where("key", "=", key)
    .executeTakeFirst();
  return row && toPreset(row);
}

/** The presets a job may name, for the job form's choice. */
export async function presetChoices(db: DB): Promise<{ key: string; name: string }[]> {
  return db.selectFrom("photo_presets").select(["key", "name"]).orderBy("name").execute();
}

export type PresetValues = Omit<Preset, "key" | "updatedAt">;

const columnsOf = (v: PresetValues) => ({
  name: v.name,
  name_hi: v.nameHi,
  source_title: v.sourceTitle,
  source_url: v.sourceUrl,
  checked_on: v.checkedOn,
  rules: JSON.stringify(v.rules),
});

/** False when the key is taken. */
export async function insertPreset(
  db: DB,
  key: string,
  values: PresetValues,
  { at, by }: { at: string; by: string | null },
): Promise<boolean> {
  const result = await db
    .insertInto("photo_presets")
    .values({ key, ...columnsOf(values), created_at: at, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column("key").doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Updates only the version the editor loaded; false when it is gone or someone saved since. */
export async function updatePreset(
  db: DB,
  key: string,
  values: PresetValues,
  { at, by, expectedVersion }: { at: string; by: string | null; expectedVersion: string },
): Promise<boolean> {
  const result = await db
    .updateTable("photo_presets")
    .set({ ...columnsOf(values), updated_at: at, updated_by: by })
    .where("key", "=", key)
    .where("updated_at", "=", expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
