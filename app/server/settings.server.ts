import { z } from "zod";
import type { DB } from "./db/db.server.ts";
import { now } from "./db/dialect.ts";

/** Every setting the site reads, with its type and the value used until an editor sets one. */
export const SettingsSchema = z.object({
  siteName: z.string().trim().min(1).max(80).default("govjobs"),
  tagline: z.string().trim().max(160).default("Government jobs, results and admit cards"),
  contactEmail: z.email().default("help@govjobs.example"),
  contactPhone: z.string().trim().max(40).default("+91 98765 43210"),
  securityEmail: z.email().default("security@govjobs.example"),
  organization: z
    .object({
      name: z.string().trim().max(120).default("govjobs"),
      url: z.string().max(300).default(""),
      logo: z.string().max(300).default("/logo.png"),
      sameAs: z.array(z.string().max(300)).max(10).default([]),
      contactType: z.string().max(60).default("customer service"),
    })
    .prefault({}),
  latestBar: z
    .object({
      count: z.number().int().min(1).max(20).default(5),
      rotateMs: z.number().int().min(2000).max(60_000).default(7000),
      refreshMs: z.number().int().min(60_000).max(3_600_000).default(300_000),
    })
    .prefault({}),
  bell: z
    .object({
      perKind: z.number().int().min(1).max(20).default(5),
      max: z.number().int().min(1).max(50).default(10),
    })
    .prefault({}),
  homeFaq: z
    .array(z.object({ question: z.string().max(300), answer: z.string().max(2000) }))
    .max(20)
    .default([]),
  seo: z
    .object({
      titleTemplate: z.string().max(120).default("%s | govjobs"),
      defaultDescription: z
        .string()
        .max(300)
        .default(
          "Latest government jobs, exam results, admit cards, syllabus and answer keys in India.",
        ),
      robotsTxt: z.string().max(5000).default(""),
    })
    .prefault({}),
});

export type Settings = z.infer<typeof SettingsSchema>;
export type SettingKey = keyof Settings;

export async function getSettings(db: DB): Promise<Settings> {
  const rows = await db.selectFrom("settings").select(["key", "value"]).execute();
  const raw: Record<string, unknown> = {};
  for (const row of rows) {
    try {
      raw[row.key] = JSON.parse(row.value);
    } catch {
      // A corrupt value falls back to the default rather than breaking every page.
    }
  }
  const parsed = SettingsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  // Keep the good keys; a bad one falls back to its default.
  const good: Record<string, unknown> = {};
  for (const key of Object.keys(SettingsSchema.shape) as SettingKey[]) {
    if (SettingsSchema.shape[key].safeParse(raw[key]).success) good[key] = raw[key];
  }
  return SettingsSchema.parse(good);
}

export async function saveSettings(db: DB, values: Partial<Settings>): Promise<void> {
  const at = now();
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(values)) {
      if (value === undefined) continue;
      await trx
        .insertInto("settings")
        .values({ key, value: JSON.stringify(value), updated_at: at })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({ value: JSON.stringify(value), updated_at: at }),
        )
        .execute();
    }
  });
}
