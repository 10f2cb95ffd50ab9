import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import { z } from "zod";
import type { DB } from "../platform/db/db.server.ts";
import {
  getSettings,
  HindiSettingsSchema,
  saveSettingsIn,
  SettingsSchema,
  settingsFieldErrors,
  UploadLimitsSchema,
  type Settings,
} from "./settings.repository.server.ts";
import { OrganizationSchema, SeoSchema } from "./seo-schemas.ts";
import { EVERY_PAGE, inWrite, type Actor } from "../writes/transaction.server.ts";

/** Refused with field errors keyed by the dotted path of the field ("latestBar.count", "sameAs.2"). */
export type SettingsSaveResult = WriteResult<{ settings: Partial<Settings> }, Refused<"invalid">>;

/**
 * What Content settings edits, checked with the settings' own rules. Social links are the
 * organization record's `sameAs` (one list shared with SEO tools), given here on their own.
 */
export const ContentSettingsSchema = SettingsSchema.pick({
  siteName: true,
  tagline: true,
  contactEmail: true,
  contactPhone: true,
  securityEmail: true,
  latestBar: true,
  bell: true,
  homeFaq: true,
}).extend({
  sameAs: SettingsSchema.shape.organization.unwrap().shape.sameAs,
  // Absent (a form from before the Hindi section, a script): the stored Hindi stays as it is.
  hindi: HindiSettingsSchema.optional(),
  // The same for the upload limits (issue 25).
  uploads: UploadLimitsSchema.optional(),
});

export type ContentSettingsInput = z.input<typeof ContentSettingsSchema>;

/** Validate, then store the values with one audit row and a new generation, in one transaction. */
async function writeSettings<S extends z.ZodType>(
  db: DB,
  schema: S,
  input: z.input<S>,
  {
    actor,
    subject,
    detail,
    values,
  }: {
    actor: Actor;
    subject: string;
    detail?: (parsed: z.output<S>) => string;
    /** The settings to store, from the parsed input and the settings as they are in `trx`. */
    values: (parsed: z.output<S>, trx: DB) => Promise<Partial<Settings>>;
  },
): Promise<SettingsSaveResult> {
  const parsed = schema.safeParse(input);
  if (!parsed.success)
    return refused("invalid", { fieldErrors: settingsFieldErrors(parsed.error) });
  // Settings show on every page (site name, footer, latest bar, structured data).
  const saved = await inWrite(
    db,
    actor,
    async (trx, audit) => {
      const changes = await values(parsed.data, trx);
      await saveSettingsIn(trx, changes);
      await audit("settings.update", subject, detail?.(parsed.data));
      return changes;
    },
    EVERY_PAGE,
  );
  return { ok: true, settings: saved };
}

/** The Content settings screen: site, contact, latest bar, bell, home FAQ, social links, uploads. */
export function saveContentSettings(db: DB, input: ContentSettingsInput, actor: Actor) {
  return writeSettings(db, ContentSettingsSchema, input, {
    actor,
    subject: "content settings",
    detail: (parsed) =>
      Object.entries(parsed)
        .filter(([, value]) => value !== undefined)
        .map(([key]) => key)
        .join(", "),
    values: async ({ sameAs, ...rest }, trx) => {
      // The rest of the organization record is SEO tools' to edit: keep it as it is now, read
      // inside the transaction.
      const current = await getSettings(trx);
      return { ...rest, organization: { ...current.organization, sameAs } };
    },
  });
}

/** SEO tools' defaults: title template, default description, robots.txt. */
export function saveSeoDefaults(db: DB, input: z.input<typeof SeoSchema>, actor: Actor) {
  return writeSettings(db, SeoSchema, input, {
    actor,
    subject: "seo",
    values: async (seo) => ({ seo }),
  });
}

/** The Organization record search engines read (structured data), social profiles included. */
export function saveOrganizationRecord(
  db: DB,
  input: z.input<typeof OrganizationSchema>,
  actor: Actor,
) {
  return writeSettings(db, OrganizationSchema, input, {
    actor,
    subject: "organization",
    values: async (organization) => ({ organization }),
  });
}
