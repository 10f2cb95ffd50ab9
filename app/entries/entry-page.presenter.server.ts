import {
  allFields,
  type EntryData,
  type Field,
  type Option,
  type Row,
  type ScalarField,
  type Section,
} from "~/content/fields.ts";
import { isEmpty } from "~/content/is-empty.ts";
import { choiceLabels } from "~/content/choices.ts";
import type { Glance } from "~/content/glance.ts";
import { ENGLISH_GLANCE_WORDS } from "~/i18n/catalog/en/glance-words.ts";
import { glance } from "~/i18n/glance-words.ts";
import { linkTrust, type LinkTrust } from "~/content/official-links.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { DB } from "../platform/db/db.server.ts";
import type { ReaderLinkStatus } from "~/link-monitor/rules.ts";
import {
  entryTrustContext,
  pageOfficialDomains,
  readerLinks,
  type PageTrustDirectory,
} from "~/link-monitor/trust.server.ts";

export interface EntryPresentation {
  glance: Glance;
  /** The hosts this entry's links may lead to and be called official. */
  officialDomains: string[];
  /** Each link of the entry: its host and whether it is official (null: not a web address). */
  trusts: Record<string, LinkTrust | null>;
  /** The organization's public page, when it has one. */
  organizationHref: string | null;
  /** What the link monitor found for each checked link, by address (issue 30). */
  links: Record<string, ReaderLinkStatus>;
}

/**
 * What an entry's page shows besides its fields, decided on the server (the public page and the
 * admin preview alike), so the browser receives the facts and not the code that derives them.
 * The organization's domains, once an admin has given them, decide which links are official;
 * until then the entry's own official website does; its vendor hosts count too. A public page
 * gives the content generation's `directory` of organizations and vendor hosts.
 */
export async function entryPresentation(
  db: DB,
  entry: { id: string; kind: Kind; organization: string; lastDate: string | null; data: EntryData },
  today: string,
  directory?: PageTrustDirectory,
): Promise<EntryPresentation> {
  const context = await entryTrustContext(db, entry, directory);
  const { organization } = context;
  const officialDomains = pageOfficialDomains(context);
  return {
    glance: glance(
      REGISTRY[entry.kind].sections,
      entry,
      today,
      officialDomains,
      ENGLISH_GLANCE_WORDS,
      "en",
    ),
    officialDomains,
    trusts: linkTrusts(entry.kind, entry.data, officialDomains),
    organizationHref: organization ? `/organizations/${organization.slug}` : null,
    links: await readerLinks(db, entry, context),
  };
}

/** Every web address in an entry's fields and tables, with its trust (the page only looks up). */
export function linkTrusts(
  kind: Kind,
  data: EntryData,
  officialDomains: readonly string[],
): Record<string, LinkTrust | null> {
  const out: Record<string, LinkTrust | null> = {};
  const add = (v: unknown) => {
    if (typeof v === "string" && v.trim() && !(v in out)) out[v] = linkTrust(v, officialDomains);
  };
  for (const field of allFields(REGISTRY[kind].sections)) {
    if (field.type === "url") add(data[field.name]);
    if (field.type !== "rows") continue;
    const urls = field.columns.filter((c) => c.type === "url");
    for (const row of (data[field.name] as Row[] | undefined) ?? [])
      for (const c of urls) add(row?.[c.name]);
  }
  return out;
}

/**
 * Of a kind's definition (in the page's language), what the entry's page reads to show this entry:
 * the sections that have something to show, each field without the form's settings (length
 * limits, defaults, columns, help text other than a long text's), and of its choices the ones
 * the entry made. The page sends this to the browser with its data; the whole definition with
 * every state's name was the biggest part of a job page's data; this is about half its size.
 * A section keeps all its fields (the page leaves out a heading when a field is alone in one).
 */
export function definitionForPage(
  definition: { label: string; sections: readonly Section[] },
  data: EntryData,
): { label: string; sections: Section[] } {
  const chosen = (options: readonly Option[] | undefined, values: unknown[]) =>
    // By key, or by the English name an entry saved before keys holds (issue 27).
    options?.filter((o) => values.includes(o.value) || values.includes(o.label));
  const scalar = (f: ScalarField, values: unknown[]): ScalarField => ({
    name: f.name,
    label: f.label,
    type: f.type,
    ...(f.publicLabel !== undefined && { publicLabel: f.publicLabel }),
    ...(f.glanceOnly && { glanceOnly: f.glanceOnly }),
    ...(f.summed === false && { summed: f.summed }),
    ...(f.type === "textarea" && f.help !== undefined && { help: f.help }),
    // A "choices" value reaches the page in words (`choicesInWords`): no options needed.
    ...(f.options && f.type !== "choices" && { options: chosen(f.options, values) }),
  });
  const field = (f: Field): Field => {
    const value = data[f.name];
    if (f.type !== "rows") return scalar(f, [value]);
    const rows = Array.isArray(value) ? (value as Row[]) : [];
    return {
      name: f.name,
      label: f.label,
      type: f.type,
      ...(f.publicLabel !== undefined && { publicLabel: f.publicLabel }),
      ...(f.totalRow && { totalRow: f.totalRow }),
      columns: f.columns.map((c) =>
        scalar(
          c,
          rows.map((r) => r?.[c.name]),
        ),
      ),
    };
  };
  return {
    label: definition.label,
    sections: definition.sections
      .filter((s) => s.fields.some((f) => !isEmpty(data[f.name])))
      .map((s) => ({ id: s.id, title: s.title, fields: s.fields.map(field) })),
  };
}

/**
 * An entry's data with each "choices" value (a list of keys, in a field or a table column) as the
 * words of its options, joined ("Medicine (MBBS), Law"), in the language of `sections`: the page
 * prints it as any text, so no page carries code to say a list.
 */
export function choicesInWords(sections: readonly Section[], data: EntryData): EntryData {
  const out: EntryData = { ...data };
  const say = (field: ScalarField, value: unknown) => choiceLabels(field, value).join(", ");
  for (const field of allFields(sections)) {
    const value = data[field.name];
    if (field.type === "choices" && Array.isArray(value)) out[field.name] = say(field, value);
    if (field.type !== "rows" || !Array.isArray(value)) continue;
    const lists = field.columns.filter((c) => c.type === "choices");
    if (!lists.length) continue;
    out[field.name] = (value as Row[]).map((row) => {
      const said: Row = { ...row };
      for (const c of lists) if (Array.isArray(row?.[c.name])) said[c.name] = say(c, row[c.name]);
      return said;
    });
  }
  return out;
}
