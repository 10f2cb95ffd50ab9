import { z } from "zod";
import type { DB } from "../platform/db/db.server.ts";
import { now } from "../platform/db/dialect.ts";
import { OrganizationSchema, SeoSchema } from "./seo-schemas.ts";

// The SEO tools' schemas live where the browser can check a form with them too.

const email = (label: string) =>
  z
    .string({ error: `Enter the ${label}` })
    .trim()
    .min(1, `Enter the ${label}`)
    .max(254, `The ${label} must be at most 254 characters`)
    .pipe(z.email(`The ${label} must be a valid e-mail address, like name@example.com`));

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const LatestBarSchema = z.object({
  count: whole("Number of updates", 1, 20).default(5),
  rotateMs: whole("Rotate every (ms)", 2000, 60_000).default(7000),
  refreshMs: whole("Refresh every (ms)", 60_000, 3_600_000).default(300_000),
});

export const BellSchema = z.object({
  perKind: whole("Newest per kind", 1, 20).default(5),
  max: whole("Most items shown", 1, 50).default(10),
});

export const FaqItemSchema = z.object({
  question: z
    .string()
    .trim()
    .min(1, "Enter the question, or clear the answer to remove this row")
    .max(300, "A question must be at most 300 characters"),
  answer: z
    .string()
    .trim()
    .min(1, "Enter the answer")
    .max(2000, "An answer must be at most 2000 characters"),
});

/**
 * The Hindi words of the settings an editor writes (issue 14). A Hindi page shows them; one left
 * empty shows the English.
 */
export const HindiSettingsSchema = z.object({
  tagline: z
    .string()
    .trim()
    .max(160, "The Hindi tagline must be at most 160 characters")
    .default("सरकारी नौकरी, रिजल्ट और एडमिट कार्ड"),
  defaultDescription: z
    .string()
    .trim()
    .max(300, "The Hindi description must be at most 300 characters")
    .default("भारत की ताज़ा सरकारी नौकरियां, परीक्षा रिजल्ट, एडमिट कार्ड, सिलेबस और आंसर की।"),
  homeFaq: z
    .array(FaqItemSchema)
    .max(20, "The Hindi FAQ can hold at most 20 questions")
    .default([]),
});

/**
 * What uploads may take (issue 25): each person's uploads in a day (India time), and the space
 * all stored files may fill. Files nothing links to are removed a week after, which frees space.
 */
export const UploadLimitsSchema = z.object({
  perUserFiles: whole("Files a day per person", 1, 10_000).default(30),
  perUserMb: whole("Megabytes a day per person", 1, 100_000).default(100),
  storageMb: whole("Space for all uploaded files (MB)", 1, 10_000_000).default(2048),
});

/** Every setting the site reads, with its type and the value used until an editor sets one. */
export const SettingsSchema = z.object({
  siteName: z
    .string()
    .trim()
    .min(1, "Enter the site name")
    .max(80, "The site name must be at most 80 characters")
    .default("govjobs"),
  tagline: z
    .string()
    .trim()
    .max(160, "The tagline must be at most 160 characters")
    .default("Government jobs, results and admit cards"),
  contactEmail: email("contact e-mail address").default("help@govjobs.example"),
  contactPhone: z
    .string()
    .trim()
    .max(40, "The phone number must be at most 40 characters")
    .regex(/^[+0-9 ()-]*$/, "Use digits, spaces, +, - and brackets only")
    .default("+91 98765 43210"),
  securityEmail: email("security contact address").default("security@govjobs.example"),
  organization: OrganizationSchema.prefault({}),
  latestBar: LatestBarSchema.prefault({}),
  bell: BellSchema.prefault({}),
  homeFaq: z.array(FaqItemSchema).max(20, "The FAQ can hold at most 20 questions").default([]),
  seo: SeoSchema.prefault({}),
  hindi: HindiSettingsSchema.prefault({}),
  uploads: UploadLimitsSchema.prefault({}),
});

export type Settings = z.infer<typeof SettingsSchema>;

/** The settings as a page in `locale` reads them: Hindi words where an editor wrote them. */
export function settingsIn(settings: Settings, locale: "en" | "hi"): Settings {
  if (locale === "en") return settings;
  const hi = settings.hindi;
  return {
    ...settings,
    tagline: hi.tagline || settings.tagline,
    homeFaq: hi.homeFaq.length ? hi.homeFaq : settings.homeFaq,
    seo: {
      ...settings.seo,
      defaultDescription: hi.defaultDescription || settings.seo.defaultDescription,
    },
  };
}
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

/** The given settings stored, in the caller's transaction (app/writes/). */
export async function saveSettingsIn(trx: DB, values: Partial<Settings>): Promise<void> {
  const at = now();
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
}

/** Field errors keyed by the dotted path of the field ("latestBar.rotateMs", "homeFaq.0.answer"). */
export function settingsFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
