import { renderToStaticMarkup } from "react-dom/server";
import type { EntryData, Row } from "~/content/fields.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { localePath, type Locale } from "~/lib/locale.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { perGeneration } from "~/page-cache/index.ts";
import { PhotoRules, type RulesSource } from "./photo-rules.tsx";
import { getPreset, listPresets } from "./presets.server.ts";
import {
  effectiveRules,
  presetRulesIn,
  type Preset,
  type RuleRow,
  type UploadRule,
} from "./rules.ts";

/** The presets by key, as public pages read them (a preset's save moves the generation on). */
export const publicPhotoPresets = (): Promise<ReadonlyMap<string, Preset>> =>
  perGeneration(
    "photo-presets",
    async (db) => new Map((await listPresets(db)).map((p) => [p.key, p])),
  );

/**
 * A job's upload rules as its page shows them: the preset's, with the job's own values winning,
 * in the page's language (`data` is the entry as the page shows it, its Hindi already put in).
 * None when the job names no preset (or one that is gone) and has no rules of its own. A public
 * page gives the content generation's `presets` by key (a preset's save moves it on).
 */
export async function jobUploadRules(
  db: DB,
  data: EntryData,
  locale: Locale,
  presets?: ReadonlyMap<string, Preset>,
): Promise<{ rules: UploadRule[]; source: RulesSource | null } | null> {
  const key = typeof data.photoPreset === "string" ? data.photoPreset.trim() : "";
  const preset = !key ? undefined : presets ? presets.get(key) : await getPreset(db, key);
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
  presets?: ReadonlyMap<string, Preset>,
): Promise<string> {
  const found = await jobUploadRules(db, job.data, locale, presets);
  if (!found) return "";
  const href = localePath(locale, `/photo-tool?job=${encodeURIComponent(job.slug)}`);
  return sectionMarkup(found, locale).replace(HREF, () => escapeAttribute(href));
}

/** Where the job's own address goes in a section's markup (no rule or word can hold it). */
const HREF = "\u0000photo-tool-href\u0000";
/** Jobs that name the same preset show the same rules: their markup is drawn once, not per page. */
const drawn = new Map<string, string>();
const DRAWN_MAX = 64;

function sectionMarkup(found: { rules: UploadRule[]; source: RulesSource | null }, locale: Locale) {
  const key = `${locale} ${JSON.stringify(found)}`;
  let html = drawn.get(key);
  if (html !== undefined) return html;
  const t = catalog(locale).photo;
  html = renderToStaticMarkup(
    <div className="space-y-3">
      <PhotoRules rules={found.rules} source={found.source} t={t} locale={locale} />
      <p>
        <a
          href={HREF}
          className="inline-block rounded-app bg-primary px-4 py-2 font-semibold text-white hover:bg-primary-dark"
        >
          {t.prepareButton}
        </a>
      </p>
      <p className="text-xs text-muted">{t.stayOnPhone}</p>
    </div>,
  );
  if (drawn.size >= DRAWN_MAX) drawn.clear();
  drawn.set(key, html);
  return html;
}

/** An attribute's value as React writes it. */
const escapeAttribute = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ATTRIBUTE_ESCAPES[c as keyof typeof ATTRIBUTE_ESCAPES]);
const ATTRIBUTE_ESCAPES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
