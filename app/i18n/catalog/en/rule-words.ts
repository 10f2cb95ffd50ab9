import { DISCIPLINE_LABEL } from "~/content/disciplines.ts";
import { CATEGORY_LABEL, QUALIFICATION_LABEL } from "~/content/eligibility-terms.ts";
import { OPTION_NAMES } from "~/content/options.ts";
import type { RuleWords } from "../../eligibility-words.ts";

/**
 * The eligibility rules' words in English (issue 14): the sentences `sayReason`, `sayFinding` and
 * `sayAge` make of the rules' codes, and the profile form's messages. The catalogue carries them
 * as `eligibility.rules`; the editor's preview and the tests read them from here.
 */
export const ENGLISH_RULE_WORDS: RuleWords = {
  monthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
  date: "{d} {month} {y}",
  categories: CATEGORY_LABEL,
  qualifications: QUALIFICATION_LABEL,
  disciplines: DISCIPLINE_LABEL,
  /** States by key (issue 27): "bihar" → "Bihar". */
  states: OPTION_NAMES,
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
