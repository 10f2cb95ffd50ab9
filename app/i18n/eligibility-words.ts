/**
 * The eligibility rules in words (issue 14, issue 27: rules return codes, catalogues make
 * words). The rules (content/eligibility.ts, job-eligibility.ts) return reasons, findings, ages
 * and form errors as codes with values; these describers turn them into sentences with the
 * templates of one language (`RuleWords`, `{placeholders}` filled by `fmt`): the catalogue's
 * `eligibility.rules`, which the pages send in the page's language (English:
 * catalog/en/rule-words.ts). No words here, so the browser's chunk carries neither language.
 */
import type { Discipline } from "~/content/disciplines.ts";
import { STATES, toOptionKey } from "~/content/options.ts";
import type { AgeOn, Reason, RelaxationPart } from "~/content/eligibility-reasons.ts";
import type { Category, QualificationLevel } from "~/content/eligibility-terms.ts";
import type { Eligibility, IsoDate, RuleFinding } from "~/content/eligibility-types.ts";
import type {
  FindingsView,
  FindingView,
  FormError,
  Findings,
  Finding,
  PostAnswer,
  PostVerdict,
  ProfileErrors,
  QuickErrors,
  QuickResult,
} from "~/content/job-eligibility.ts";
import { fmt, type Locale } from "~/lib/locale.ts";
import { titleIn } from "~/lib/title.ts";

export interface RuleWords {
  /** The twelve month names, January first, for "1 Aug 2024". */
  monthNames: string[];
  /** {d}, {month}, {y} */
  date: string;
  categories: Record<Category, string>;
  qualifications: Record<QualificationLevel, string>;
  /** The subjects of a qualification (the profile's choice, a post's list). */
  disciplines: Record<Discipline, string>;
  /** State names in this language, by their English name (missing: as written). */
  states: Record<string, string>;
  /** The verdict ending a rule's sentence. */
  met: string;
  notMet: string;
  /** {n}: 1, then any other number */
  year: string;
  years: string;
  month: string;
  months: string;
  /** {years}, {months}: the two parts above */
  yearsAndMonths: string;
  /** {age}, {date} */
  ageOn: string;
  /** {date} */
  notYetBorn: string;
  /** {category}, {state}, {domicile} */
  domicileElsewhere: string;
  /** {category}, {state} */
  domicileMissing: string;
  /** {years}, {category} */
  partPwbd: string;
  /** {years}, {category} */
  partCategory: string;
  /** {total}, {service}, {plus} */
  partExServicemen: string;
  /** {pwbd}, {years}, {category} */
  pwbdIncludesCategory: string;
  noPwbdRelaxation: string;
  noExServicemenRelaxation: string;
  /** {min}, {max} */
  womenLimits: string;
  /** {max} of womenLimits when there is none */
  noUpperLimit: string;
  /** {date}, {verdict} */
  printedTo: string;
  /** {date}, {verdict} */
  noMinimumAge: string;
  /** {age}, {date}, {to}, {verdict} */
  minimumAge: string;
  /** {age}, {date}: said after minimumAge when it is not met */
  reachesAge: string;
  /** {date}, {verdict} */
  printedFrom: string;
  /** {date}, {relaxation} ("3 (OBC)", "5 + 3 = 8"), {from}, {verdict} */
  printedFromMoved: string;
  /** {limit} ("32 + 3 (OBC) = 35"), {age}, {date}, {from}, {verdict} */
  upperNotAttained: string;
  /** {limit}, {date}, {age}, {next}, {from}, {verdict} */
  upperCompleted: string;
  noUpperAge: string;
  noQualification: string;
  /** {required}, {held}, {verdict} */
  qualification: string;
  /** {required} */
  finalYearCounts: string;
  finalYearNotAccepted: string;
  itiInLieu: string;
  /** {qualification}, {subjects}: "Graduate in Medicine (MBBS)" */
  levelIn: string;
  /** {required}, {also}: a qualification and what else it needs ("…, with Education (B.Ed.)") */
  withAlso: string;
  /** {a}, {b}: the last two of a list of choices ("Arts, Commerce or Science") */
  or: string;
  /** {a}, {b}: the last two of a list that is needed whole */
  and: string;
  /**
   * The sentence of each finding (`RuleFinding`), by its code. {required}: the level with the
   * subjects ("Graduate in Medicine (MBBS)"); {subjects}: the subjects alone; {held}: the
   * candidate's subject; {also}: an additional qualification; {text}: the notification's words;
   * {verdict}: `met` or `notMet`.
   */
  findings: Record<RuleFinding["code"], string>;
  /** The profile form's messages, by their code. */
  errors: Record<FormError, string>;
}

/** "Arts", "Arts or Science", "Arts, Commerce or Science" (with `join` = `words.or`). */
function listOf(items: readonly string[], join: string): string {
  if (items.length < 2) return items[0] ?? "";
  return fmt(join, { a: items.slice(0, -1).join(", "), b: items[items.length - 1] });
}

const names = (list: readonly Discipline[] | undefined, words: RuleWords, join = words.or) =>
  listOf(
    (list ?? []).map((d) => words.disciplines[d] ?? d),
    join,
  );

/**
 * What a post asks for, said whole: "Graduate", "Diploma in Engineering/Technology", "Graduate in
 * Arts or Science, with Education (B.Ed.)".
 */
export function requiredText(
  {
    level,
    disciplines,
    alsoRequired,
  }: {
    level: QualificationLevel;
    disciplines?: readonly Discipline[];
    alsoRequired?: readonly Discipline[];
  },
  words: RuleWords,
): string {
  const qualification = words.qualifications[level];
  const subjects = names(disciplines, words);
  const required = subjects ? fmt(words.levelIn, { qualification, subjects }) : qualification;
  return alsoRequired?.length
    ? fmt(words.withAlso, { required, also: names(alsoRequired, words, words.and) })
    : required;
}

/** A finding (`{ code, values }`) as the sentence `words` give its code. */
export function sayFinding(finding: RuleFinding, words: RuleWords): string {
  const values: Record<string, string> = {
    verdict: finding.outcome === "not-met" ? words.notMet : words.met,
  };
  const v = finding.values;
  if ("level" in v) {
    values.subjects = names(v.disciplines, words);
    values.required = requiredText(v, words);
  }
  if ("held" in v) values.held = words.disciplines[v.held];
  if ("discipline" in v) {
    values.also = words.disciplines[v.discipline];
    values.held = values.also;
  }
  if ("text" in v) values.text = v.text;
  return fmt(words.findings[finding.code], values);
}

// ---------------------------------------------------------------------------------------------
// The rules' reasons

/** "2024-08-01" → "1 Aug 2024" (in Hindi "1 अगस्त 2024"). */
function sayDay(date: IsoDate, words: RuleWords): string {
  const [y, m, d] = date.split("-").map(Number);
  return fmt(words.date, { d, month: words.monthNames[m - 1], y });
}

/** Months as years, to two decimals at most: 210 → "17.5". */
const years = (months: number) => String(Number((months / 12).toFixed(2)));

const plural = (n: number, one: string, many: string) => fmt(n === 1 ? one : many, { n });

/** Sentences said one after another. */
const sentences = (...parts: (string | false | undefined)[]) => parts.filter(Boolean).join(" ");

function sayPart(part: RelaxationPart, words: RuleWords): string {
  if (part.code === "partExServicemen") {
    return fmt(words.partExServicemen, {
      total: years(part.serviceMonths + part.plus * 12),
      service: years(part.serviceMonths),
      plus: part.plus,
    });
  }
  return fmt(words[part.code], { years: part.years, category: words.categories[part.category] });
}

/** Whether a reason is a rule not met (the one a "not eligible" names beside the verdict). */
export const failed = (reason: Reason) => "met" in reason.values && reason.values.met === false;

/** A rule's reason as the sentence `words` give its code. */
export function sayReason(reason: Reason, words: RuleWords): string {
  const day = (date: IsoDate) => sayDay(date, words);
  // By key; a state named in English before keys ("Bihar") is the same place.
  const place = (name: string) => {
    const key = toOptionKey(STATES, name);
    return Object.hasOwn(words.states, key) ? words.states[key] : name;
  };
  const category = (c: Category) => words.categories[c];
  const verdict = (met: boolean) => (met ? words.met : words.notMet);
  switch (reason.code) {
    case "domicileElsewhere":
    case "domicileMissing": {
      const v = reason.values;
      return fmt(words[reason.code], {
        category: category(v.category),
        state: place(v.state),
        ...("domicile" in v ? { domicile: place(v.domicile) } : {}),
      });
    }
    case "pwbdIncludesCategory": {
      const v = reason.values;
      return fmt(words.pwbdIncludesCategory, { ...v, category: category(v.category) });
    }
    case "womenLimits":
      return fmt(words.womenLimits, {
        min: reason.values.min,
        max: reason.values.max ?? words.noUpperLimit,
      });
    case "printedTo":
    case "noMinimumAge":
    case "printedFrom":
      return fmt(words[reason.code], {
        date: day(reason.values.date),
        verdict: verdict(reason.values.met),
      });
    case "minimumAge": {
      const v = reason.values;
      const age = years(v.months);
      return sentences(
        fmt(words.minimumAge, { age, date: day(v.date), to: day(v.to), verdict: verdict(v.met) }),
        v.reaches !== undefined && fmt(words.reachesAge, { age, date: day(v.reaches) }),
      );
    }
    case "printedFromMoved": {
      const v = reason.values;
      const total = v.parts.length > 1 ? ` = ${years(v.months)}` : "";
      return fmt(words.printedFromMoved, {
        date: day(v.date),
        relaxation: `${v.parts.map((p) => sayPart(p, words)).join(" + ")}${total}`,
        from: day(v.from),
        verdict: verdict(v.met),
      });
    }
    case "upperNotAttained":
    case "upperCompleted": {
      const v = reason.values;
      const relaxText = v.parts.map((p) => ` + ${sayPart(p, words)}`).join("");
      return fmt(words[reason.code], {
        limit: relaxText ? `${v.maxAge}${relaxText} = ${years(v.months)}` : `${v.maxAge}`,
        age: years(v.months),
        next: years(v.next),
        date: day(v.date),
        from: day(v.from),
        verdict: verdict(v.met),
      });
    }
    case "qualification": {
      const v = reason.values;
      return sentences(
        fmt(words.qualification, {
          required: words.qualifications[v.required],
          held: words.qualifications[v.held],
          verdict: verdict(v.met),
        }),
        v.finalYearRefused && words.finalYearNotAccepted,
        v.itiInLieu && words.itiInLieu,
      );
    }
    case "finalYearCounts":
      return fmt(words.finalYearCounts, { required: words.qualifications[reason.values.required] });
    case "noPwbdRelaxation":
    case "noExServicemenRelaxation":
    case "noUpperAge":
    case "noQualification":
      return words[reason.code];
  }
}

/** "You are 27 years 2 months on 1 Aug 2024". */
export function sayAge({ months, date }: AgeOn, words: RuleWords): string {
  const on = sayDay(date, words);
  if (months < 0) return fmt(words.notYetBorn, { date: on });
  const whole = plural(Math.floor(months / 12), words.year, words.years);
  const rest = months % 12;
  const age = rest
    ? fmt(words.yearsAndMonths, { years: whole, months: plural(rest, words.month, words.months) })
    : whole;
  return fmt(words.ageOn, { age, date: on });
}

/** The finder's form errors in words, by field. */
export type ProfileMessages = Partial<Record<keyof ProfileErrors, string>>;

/** Form errors (a code per field) as the messages `words` give them. */
export function sayErrors<F extends string>(
  errors: Partial<Record<F, FormError>>,
  words: RuleWords,
): Partial<Record<F, string>> {
  const said: Partial<Record<F, string>> = {};
  for (const [field, code] of Object.entries(errors) as [F, FormError | undefined][]) {
    if (code) said[field] = words.errors[code];
  }
  return said;
}

/**
 * A result's sentences: the rules' own, then its findings worded; those to check first; and for
 * a "not eligible", the first rule not met (said beside the verdict, not only under "why").
 */
export function explain(
  result: Pick<Eligibility, "reasons" | "findings" | "verdict">,
  words: RuleWords,
): { reasons: string[]; checks: string[]; missed?: string } {
  const rules = result.reasons.map((reason) => sayReason(reason, words));
  const said = result.findings.map((finding) => sayFinding(finding, words));
  const notMet = [
    ...result.reasons.map(failed),
    ...result.findings.map((finding) => finding.outcome === "not-met"),
  ];
  const reasons = [...rules, ...said];
  const missed = result.verdict === "not-eligible" ? reasons[notMet.indexOf(true)] : undefined;
  return {
    reasons,
    checks: said.filter((_, i) => result.findings[i].outcome === "check"),
    ...(missed ? { missed } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// What the finder and the job page show

/**
 * What the finder shows, the jobs' titles in `locale` (Hindi where the job has it) and the
 * findings worded in `words`' language.
 */
export function viewFindings(found: Findings, locale: Locale, words: RuleWords): FindingsView {
  const view = ({ job, post, result }: Finding): FindingView => ({
    ...titleIn(job, locale),
    href: job.href,
    organization: (locale === "hi" && job.hiOrganization) || job.organization,
    lastDate: job.lastDate,
    post,
    ageText: sayAge(result.age, words),
    ...explain(result, words),
  });
  return {
    eligible: found.eligible.map(view),
    check: found.check.map(view),
    close: found.close.map(view),
    undecided: found.undecided.map(({ job, post }) => ({
      ...titleIn(job, locale),
      href: job.href,
      post,
      lastDate: job.lastDate,
    })),
  };
}

/** A job's posts answered ("Am I eligible?"), in `words`' language. */
export function sayAnswers(answers: readonly PostVerdict[], words: RuleWords): PostAnswer[] {
  return answers.map(({ post, result }) =>
    result
      ? {
          post,
          verdict: result.verdict,
          ageText: sayAge(result.age, words),
          ...explain(result, words),
        }
      : { post, verdict: null, reasons: [], checks: [] },
  );
}

/** The job page's answer as it shows it: the posts' answers, or the form's messages. */
export type QuickView =
  | { ok: true; answers: PostAnswer[] }
  | { ok: false; errors: Partial<Record<keyof QuickErrors, string>> };

/** `quickAnswers`' result in `words`' language. */
export const sayQuick = (result: QuickResult, words: RuleWords): QuickView =>
  result.ok
    ? { ok: true, answers: sayAnswers(result.answers, words) }
    : { ok: false, errors: sayErrors(result.errors, words) };
