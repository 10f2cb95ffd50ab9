import { renderToStaticMarkup } from "react-dom/server";
import type { EntryData, Row } from "~/content/fields.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { localePath, type Locale } from "~/lib/locale.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { PhotoRules, type RulesSource } from "./photo-rules.tsx";
import { getPreset } from "./presets.server.ts";
import { effectiveRules, presetRulesIn, type RuleRow, type UploadRule } from "./rules.ts";

/**
 * A job's upload rules as its page shows them: the preset's, with the job's own values winning,
 * in the page's language (`data` is the entry as the page shows it, its Hindi already put in).
 * None when the job names no preset (or one that is gone) and has no rules of its own.
 */
export async function jobUploadRules(
  db: DB,
  data: EntryData,
  locale: Locale,
): Promise<{ rules: UploadRule[]; source: RulesSource | null } | null> {
  const key = typeof data.photoPreset === "string" ? data.photoPreset.trim() : "";
  const preset = key ? await getPreset(db, key) : undefined;
  const own = Array.isArray(data.uploads) ? (data.uploads as Row[] as RuleRow[]) : [];
  const rules = effectiveRules(preset && presetRulesIn(preset.rules, locale), own);
  if (rules.length === 0) return null;
  const source = preset
    ? {
        name: (locale === "hi" && preset.nameHi) || preset.name,
        sourceTitle: preset.sourceTitle,
        sourceUrl: preset.sourceUrl,
        checkedOn: preset.checkedOn,
      }
    : null;
  return { rules, source };
}

/** What is wrong with the preset a job's form names, if anything (a forged or stale choice). */
export async function photoPresetProblem(db: DB, data: EntryData): Promise<string | null> {
  const key = typeof data.photoPreset === "string" ? data.photoPreset.trim() : "";
  if (!key || (await getPreset(db, key))) return null;
  return "Choose one of the listed presets, or none";
}

/**
 * The body of the job page's "Photo and signature" section as HTML, placed by the page as it is:
 * the job page's script carries none of it (its JavaScript is at its budget). Empty when the job
 * has no rules: the page then shows no section.
 */
export async function photoSectionHtml(
  db: DB,
  job: { slug: string; data: EntryData },
  locale: Locale,
): Promise<string> {
  const found = await jobUploadRules(db, job.data, locale);
  if (!found) return "";
  const t = catalog(locale).photo;
  const href = localePath(locale, `/photo-tool?job=${encodeURIComponent(job.slug)}`);
  return renderToStaticMarkup(
    <div className="space-y-3">
      <PhotoRules rules={found.rules} source={found.source} t={t} locale={locale} />
      <p>
        <a
          href={href}
          className="inline-block rounded-app bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
        >
          {t.prepareButton}
        </a>
      </p>
      <p className="text-xs text-muted">{t.stayOnPhone}</p>
    </div>,
  );
}
