import type { Section } from "~/content/fields.ts";
import {
  glanceFindings,
  lastDateFinding,
  listFinding,
  type ActionFinding,
  type EntryFacts,
  type Glance,
  type GlanceAction,
  type GlanceFact,
  type GlanceFinding,
} from "~/content/glance.ts";
import type { GlanceLabel } from "~/content/field-roles.ts";
import { nameIn, QUALIFICATIONS, toOptionKey } from "~/content/options.ts";
import { formatDate, formatNumber, formatRupees } from "~/lib/format.ts";
import { fmt, type Locale } from "~/lib/locale.ts";

/**
 * The first screen's facts and buttons, and a list row's date, in a language's words (issue 27):
 * content/glance.ts finds them as codes with values, the catalogue (`detail.glance`,
 * `list.facts`) words them here. The English words are catalog/en/glance-words.ts.
 */

/** The words of the date facts list rows and search hits show (and the glance's last date). */
export interface FactWords {
  lastDate: string;
  /** {date} */
  closedOn: string;
  closesToday: string;
  closesTomorrow: string;
  /** {n}: two or more */
  closesInDays: string;
  resultDeclared: string;
  examDate: string;
  objections: string;
  /** {from}, {to} */
  span: string;
  /** {value}: the span */
  spanClosed: string;
  spanOpen: string;
}

/** The words of an entry page's first screen (`detail.glance`). */
export interface GlanceWords extends FactWords {
  totalPosts: string;
  qualification: string;
  applicationFee: string;
  noFee: string;
  ageLimit: string;
  /** {min}, {max} */
  ageRange: string;
  /** {min} */
  ageAtLeast: string;
  /** {max} */
  ageUpTo: string;
  /** {range}, {date} */
  ageAsOn: string;
  admitCardOut: string;
  answerKeyReleased: string;
  objectionFee: string;
  /** {fee} */
  perQuestion: string;
  /** The buttons, by the field holding their address (missing: the field's public label). */
  actions: Record<string, string>;
  /** {date}: an action whose window has not opened yet (`closedOn` once it has closed). */
  opensOn: string;
  /** The job form's qualification choices in this language, by value (missing: as written). */
  qualifications: Record<string, string>;
}

/** The label a fact or button has when the catalogue has no word for it: its field's, as shown. */
function fieldLabels(sections: readonly Section[]): Record<string, string> {
  return Object.fromEntries(
    sections.flatMap((s) => s.fields).map((f) => [f.name, f.publicLabel ?? f.label]),
  );
}

/** One fact in words; `t` may be the list's fact words when the fact is a date (a list row). */
export function sayFact(
  fact: GlanceFinding,
  t: FactWords & Partial<GlanceWords>,
  locale: Locale,
  labels: Record<string, string> = {},
): GlanceFact {
  const date = (d: string) => formatDate(d, locale);
  const label = fact.label
    ? ((t as Partial<Record<GlanceLabel, string>>)[fact.label] ?? fact.label)
    : (labels[fact.field] ?? fact.field);
  const tone = fact.tone && { tone: fact.tone };
  const standalone = fact.standalone && { standalone: fact.standalone };
  let value: string;
  switch (fact.code) {
    case "lastDate": {
      const { days } = fact.values;
      if (days < 0)
        return {
          label,
          value: fmt(t.closedOn, { date: date(fact.values.date) }),
          ...tone,
          ...standalone,
        };
      const when =
        days === 0
          ? t.closesToday
          : days === 1
            ? t.closesTomorrow
            : fmt(t.closesInDays, { n: days });
      value = `${date(fact.values.date)} · ${when}`;
      break;
    }
    case "count":
      value = formatNumber(fact.values.n);
      break;
    case "option":
      value = t.qualifications
        ? nameIn(t.qualifications, toOptionKey(QUALIFICATIONS, fact.values.value))
        : fact.values.value;
      break;
    case "fee": {
      const amount = (n: number) => (n === 0 ? (t.noFee ?? "") : formatRupees(n));
      value = fact.values.groups
        .map((g) => `${amount(g.amount)} (${g.categories.join(", ")})`)
        .join(" · ");
      break;
    }
    case "age": {
      const { min, max, asOn } = fact.values;
      const range =
        min !== undefined && max !== undefined
          ? fmt(t.ageRange ?? "", { min, max })
          : min !== undefined
            ? fmt(t.ageAtLeast ?? "", { min })
            : fmt(t.ageUpTo ?? "", { max: max! });
      value = asOn ? fmt(t.ageAsOn ?? "", { range, date: date(asOn) }) : range;
      break;
    }
    case "date":
      value = date(fact.values.date);
      break;
    case "span": {
      const { from, to, state } = fact.values;
      const span =
        from && to ? fmt(t.span, { from: date(from), to: date(to) }) : date((from ?? to)!);
      value =
        state === "closed"
          ? fmt(t.spanClosed, { value: span })
          : state === "open"
            ? fmt(t.spanOpen, { value: span })
            : span;
      break;
    }
    case "perQuestion":
      value = fmt(t.perQuestion ?? "", { fee: formatRupees(fact.values.fee) });
      break;
  }
  return { label, value, ...tone, ...standalone };
}

function sayAction(
  action: ActionFinding,
  t: GlanceWords,
  locale: Locale,
  labels: Record<string, string>,
): GlanceAction {
  const { field, shut, ...rest } = action;
  const label = t.actions[field] ?? labels[field] ?? field;
  if (!shut) return { label, ...rest };
  const words = shut.code === "closedOn" ? t.closedOn : t.opensOn;
  const text = fmt(words, { date: formatDate(shut.date, locale) });
  return { label, ...rest, shut: { text, closed: shut.code === "closedOn" } };
}

/**
 * The facts and buttons for an entry's first screen, in words: `sections` are its kind's, in the
 * page's language (a fact or button without words of its own takes its field's label there).
 */
export function glance(
  sections: readonly Section[],
  entry: EntryFacts,
  today: string,
  officialDomains: readonly string[],
  t: GlanceWords,
  locale: Locale,
): Glance {
  const found = glanceFindings(sections, entry, today, officialDomains);
  const labels = fieldLabels(sections);
  return {
    facts: found.facts.map((f) => sayFact(f, t, locale, labels)),
    actions: found.actions.map((a) => sayAction(a, t, locale, labels)),
  };
}

/** The one date a list row shows, in `locale` with the catalogue's `t` (`list.facts`). */
export function listFact(
  sections: readonly Section[],
  entry: EntryFacts,
  today: string,
  t: FactWords,
  locale: Locale,
): GlanceFact | undefined {
  const fact = listFinding(sections, entry, today);
  return fact && sayFact(fact, t, locale, fieldLabels(sections));
}

/** "Closes today", "Closes in 3 days", "Closed on 24 Nov 2026" (in `locale`, with `t`'s words). */
export function lastDateFact(
  lastDate: string,
  today: string,
  t: FactWords,
  locale: Locale,
): GlanceFact {
  return sayFact(lastDateFinding(lastDate, today), t, locale);
}
