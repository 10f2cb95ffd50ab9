/**
 * The words the eligibility rules speak (issue 14): the sentences of `eligibility()` and the
 * profile form's messages, as templates with `{placeholders}` (filled by `fmt`). The pages send
 * them from the catalogue (`eligibility.rules`) in the page's language and the pure functions
 * take them as a parameter; the English ones are the default, so code without a catalogue at hand
 * (the editor's preview, the tests) reads exactly what it read before.
 */
import { fmt } from "~/lib/locale.ts";
import type { RuleFinding } from "./eligibility.ts";
import { DISCIPLINE_LABEL, type Discipline } from "./disciplines.ts";
import type { Category, QualificationLevel } from "./eligibility-terms.ts";

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
  /** The profile form's messages, by field. */
  errors: {
    dobMissing: string;
    dobPartial: string;
    dobNumbers: string;
    dobNotReal: string;
    dobFuture: string;
    dobYear: string;
    gender: string;
    category: string;
    qualification: string;
    discipline: string;
    serviceYears: string;
    domicileState: string;
  };
}

export const ENGLISH_RULE_WORDS: RuleWords = {
  monthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  date: "{d} {month} {y}",
  categories: { general: "General", ews: "EWS", obc: "OBC", sc: "SC", st: "ST" },
  qualifications: {
    "10th": "10th pass",
    "12th": "12th pass",
    iti: "ITI",
    diploma: "Diploma",
    graduate: "Graduate",
    postgraduate: "Postgraduate",
  },
  disciplines: DISCIPLINE_LABEL,
  states: {},
  met: "met.",
  notMet: "not met.",
  year: "{n} year",
  years: "{n} years",
  month: "{n} month",
  months: "{n} months",
  yearsAndMonths: "{years} {months}",
  ageOn: "You are {age} on {date}",
  notYetBorn: "You are not yet born on {date}",
  domicileElsewhere:
    "Age relaxation for {category} is only for candidates domiciled in {state}; with domicile in {domicile} your age is judged as General.",
  domicileMissing:
    "Age relaxation for {category} is only for candidates domiciled in {state}; add your domicile state to use it. Until then your age is judged as General.",
  partPwbd: "{years} (PwBD, {category})",
  partCategory: "{years} ({category})",
  partExServicemen: "{total} (ex-servicemen: {service} years' service + {plus})",
  pwbdIncludesCategory:
    "The PwBD relaxation of {pwbd} years already includes the {years} years for {category}; they are not added twice.",
  noPwbdRelaxation: "This notification gives no age relaxation for PwBD.",
  noExServicemenRelaxation: "This notification gives no age relaxation for ex-servicemen.",
  womenLimits: "Women's limits apply: {min}–{max} years.",
  noUpperLimit: "no upper limit",
  printedTo: "Born on or before {date}, as the notification prints: {verdict}",
  noMinimumAge: "No minimum age; born on or before {date}: {verdict}",
  minimumAge: "Minimum age {age} on {date} means born on or before {to}: {verdict}",
  reachesAge: "You reach {age} on {date}.",
  printedFrom: "Born on or after {date} as the notification prints: {verdict}",
  printedFromMoved:
    "Born on or after {date} as the notification prints, moved back {relaxation} years to {from}: {verdict}",
  upperNotAttained:
    "Upper limit {limit}: you must not have turned {age} by {date}, so born on or after {from}: {verdict}",
  upperCompleted:
    "Upper limit {limit}: counted in completed years on {date}, you may be {age} but not {next}, so born on or after {from}: {verdict}",
  noUpperAge: "No upper age limit.",
  noQualification: "No minimum qualification.",
  qualification: "Qualification: {required} required; yours is {held}: {verdict}",
  finalYearCounts:
    "Qualification: {required} required; final-year students may apply, so your final year counts if you pass by the date the notification sets.",
  finalYearNotAccepted: "This notification does not accept final-year students.",
  itiInLieu: "A diploma or degree counts only where the notification accepts it in lieu of ITI.",
  levelIn: "{qualification} in {subjects}",
  withAlso: "{required}, with {also}",
  or: "{a} or {b}",
  and: "{a} and {b}",
  findings: {
    "subject-met": "Subject: {required} required; yours is {held}: {verdict}",
    "subject-differs": "Subject: {required} required; yours is {held}: {verdict}",
    "subject-maybe":
      "Check: needs {required}; your highest qualification is in {held}. If you also hold one in {subjects}, you may apply.",
    "subject-not-given":
      "Check: needs {required}. Choose the subject of your qualification to check it.",
    "subject-other":
      "Check: needs {required}; your subject is not on our list, so compare it with the notification.",
    "subjects-named":
      "Check: the notification asks for these subjects: {text}. Compare them with yours.",
    "also-met": "Also required: {also}; yours is {held}: {verdict}",
    "also-unknown": "Check: also needs {also}, which your details do not show.",
    "qualification-unchecked":
      "Check: needs {required}. Choose your qualification below to check it too, or use the eligibility finder.",
  },
  errors: {
    dobMissing: "Enter your date of birth",
    dobPartial: "Enter your date of birth as day, month and year, e.g. 15 8 2001",
    dobNumbers: "Enter your date of birth in numbers, with a four-digit year",
    dobNotReal: "Your date of birth is not a real date",
    dobFuture: "Your date of birth cannot be in the future",
    dobYear: "Check the year of your date of birth",
    gender: "Choose your gender",
    category: "Choose your category",
    qualification: "Choose your highest qualification",
    discipline: "Choose the subject from the list, or leave it not given",
    serviceYears: "Enter your years of military service, from 0 to 40",
    domicileState: "Choose your state of domicile from the list",
  },
};

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
