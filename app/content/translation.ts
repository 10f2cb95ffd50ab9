import {
  allFields,
  HINDI,
  HINDI_CHANGED_AT,
  TEXT_CHANGED_AT,
  type EntryData,
  type Field,
  type Row,
  type Section,
} from "./fields.ts";

/**
 * An entry's Hindi text (issue 14), kept beside the English in its data as `hi_<field>`: what a
 * Hindi page shows, whether the translation is there, and whether the English changed since.
 * Pure: the public pages, the admin and the write path share it.
 */

const filled = (v: unknown) => typeof v === "string" && v.trim() !== "";
const isWords = (f: { type: string; code?: true }) =>
  (f.type === "text" || f.type === "textarea") && !f.code;

/** The English words of an entry (its title and every text field, row by row), for comparison. */
function englishWords(sections: readonly Section[], title: string, data: EntryData) {
  const out: [string, string][] = [["title", title]];
  for (const field of allFields(sections)) wordsOf(field, data[field.name], field.name, out);
  return out;
}

function wordsOf(field: Field, value: unknown, key: string, out: [string, string][]) {
  if (field.type === "rows") {
    const rows = Array.isArray(value) ? (value as Row[]) : [];
    rows.forEach((row, i) => {
      for (const c of field.columns.filter(isWords)) {
        out.push([`${key}.${i}.${c.name}`, String(row?.[c.name] ?? "")]);
      }
    });
  } else if (isWords(field)) {
    out.push([key, typeof value === "string" ? value : ""]);
  }
}

function hindiValue(data: EntryData, path: string): unknown {
  const [name, index, column] = path.split(".");
  const value = data[`${HINDI}${name}`];
  if (index === undefined) return value;
  return (value as Row[] | undefined)?.[Number(index)]?.[column];
}

export type TranslationState = "missing" | "partial" | "complete" | "changed";

/**
 * - missing: no Hindi title (the Hindi page shows the English text, canonical to English);
 * - partial: a Hindi title, but some English text has no Hindi yet;
 * - complete: every English text has its Hindi;
 * - changed: the English words changed after the Hindi ones were last saved.
 */
export function translationState(
  sections: readonly Section[],
  title: string,
  data: EntryData,
): { state: TranslationState; untranslated: string[] } {
  if (!filled(data[`${HINDI}title`])) return { state: "missing", untranslated: ["title"] };
  const untranslated = englishWords(sections, title, data)
    .filter(([path, english]) => filled(english) && !filled(hindiValue(data, path)))
    .map(([path]) => path);
  const textAt = data[TEXT_CHANGED_AT];
  const hindiAt = data[HINDI_CHANGED_AT];
  if (typeof textAt === "string" && typeof hindiAt === "string" && textAt > hindiAt)
    return { state: "changed", untranslated };
  return { state: untranslated.length ? "partial" : "complete", untranslated };
}

/** Whether an entry has Hindi text worth its own Hindi page (its Hindi title at least). */
export function hasHindi(data: EntryData): boolean {
  return filled(data[`${HINDI}title`]);
}

/**
 * The entry as a Hindi page shows it: every English text with a Hindi version replaced by it
 * (tables row by row, column by column); numbers, dates and addresses as they are.
 */
export function inHindi<E extends { title: string; data: EntryData }>(
  sections: readonly Section[],
  entry: E,
): E {
  const data: EntryData = { ...entry.data };
  for (const field of allFields(sections)) {
    const hindi = entry.data[`${HINDI}${field.name}`];
    if (field.type === "rows") {
      const rows = entry.data[field.name];
      if (!Array.isArray(rows) || !Array.isArray(hindi)) continue;
      data[field.name] = (rows as Row[]).map((row, i) => {
        const twin = (hindi as Row[])[i];
        if (!twin) return row;
        const merged: Row = { ...row };
        for (const c of field.columns.filter(isWords)) {
          if (filled(twin[c.name])) merged[c.name] = twin[c.name];
        }
        return merged;
      });
    } else if (isWords(field) && filled(hindi)) {
      data[field.name] = hindi;
    }
  }
  const title = entry.data[`${HINDI}title`];
  return { ...entry, title: filled(title) ? (title as string) : entry.title, data };
}

/**
 * The write path's stamps: when the English words last changed and when the Hindi ones did, so
 * the admin can say "the English changed since the Hindi was written".
 */
export function stampTranslation(
  sections: readonly Section[],
  before: { title: string; data: EntryData } | undefined,
  after: { title: string; data: EntryData },
  at: string,
): EntryData {
  const data: EntryData = { ...after.data };
  const english = (e: { title: string; data: EntryData }) =>
    JSON.stringify(englishWords(sections, e.title, e.data));
  const hindi = (d: EntryData) =>
    JSON.stringify(
      Object.keys(d)
        .filter((k) => k.startsWith(HINDI) && k !== HINDI_CHANGED_AT)
        .sort()
        .map((k) => [k, d[k]]),
    );
  const keep = (key: string) => {
    const old = before?.data[key];
    if (typeof old === "string") data[key] = old;
    else delete data[key];
  };
  if (!before || english(before) !== english(after)) data[TEXT_CHANGED_AT] = at;
  else keep(TEXT_CHANGED_AT);
  if (hindi(after.data) !== hindi(before?.data ?? {}) && hasHindi(after.data))
    data[HINDI_CHANGED_AT] = at;
  else keep(HINDI_CHANGED_AT);
  return data;
}
