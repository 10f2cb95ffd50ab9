import { findDates } from "~/lib/printed-dates.ts";
import { keys, source, test } from "./fact-lines.ts";
import { readFees, readPosts } from "./fact-tables.ts";
import type { DateFact, Fact, LinkFact, NoticeFacts } from "./fact-types.ts";
import type { Line } from "./lines.ts";
import { cleanText, matchKey } from "~/lib/printed-text.ts";

// Each fact of a notification but its tables (fact-tables.ts), read from its lines; readFacts
// gathers them (the model: fact-types.ts).

const AGE_LINE = keys("age limit", "age as on", "years of age", "आयु सीमा", "आयु");
const AS_ON = /\bas on\b|\bas of\b/;

/** A date line's label → the fact(s) its dates are; first rule that matches wins. */
const DATE_RULES: { re: RegExp; one?: DateFact; range?: [DateFact, DateFact] }[] = [
  {
    re: keys("correction", "edit window", "modification", "सुधार", "संशोधन"),
    range: ["correctionStart", "correctionEnd"],
  },
  { re: keys("objection", "आपत्ति"), range: ["objectionStart", "objectionEnd"] },
  { re: keys("admit card", "hall ticket", "call letter", "प्रवेश पत्र"), one: "admitCardDate" },
  { re: keys("answer key", "उत्तर कुंजी"), one: "answerKeyDate" },
  { re: keys("result", "परिणाम"), one: "resultDate" },
  { re: keys(" fee", "fee ", "payment", "शुल्क", "भुगतान"), one: "feeLastDate" },
  { re: keys("exam", "test", "cbt", "परीक्षा"), one: "examDate" },
  {
    re: keys("appl", "registration", "apply", "आवेदन", "पंजीकरण", "last date", "अंतिम तिथि"),
    range: ["applicationStart", "applicationEnd"],
  },
];
const ENDS = keys("last", "clos", "end", "till", "upto", "up to", "अंतिम");
const STARTS = keys("start", "commence", "open", "begin", "from", "प्रारंभ", "शुरू", "आरंभ");

function readDates(lines: readonly Line[], out: NoticeFacts["dates"]) {
  for (const line of lines) {
    const dates = findDates(line.text);
    if (dates.length === 0) continue;
    const key = matchKey(line.text);
    if (AGE_LINE.test(key) && AS_ON.test(key)) continue;
    // The label is what comes before the first date (a table's first cell, "Last date:").
    const label = key.slice(0, dates[0].at) || key;
    const rule = DATE_RULES.find((r) => r.re.test(label));
    if (!rule) continue;
    const put = (fact: DateFact, iso: string) => {
      out[fact] ??= { value: iso, source: source(line) };
    };
    if (rule.one) {
      // A fee window "from … to …" ends on its last date; anything else is its first.
      put(rule.one, rule.one === "feeLastDate" ? dates[dates.length - 1].iso : dates[0].iso);
    } else if (rule.range) {
      const [start, end] = rule.range;
      if (dates.length >= 2) {
        put(start, dates[0].iso);
        put(end, dates[1].iso);
      } else if (ENDS.test(label)) put(end, dates[0].iso);
      else if (STARTS.test(label)) put(start, dates[0].iso);
    }
  }
}

const ADVT =
  /(?:advt\.?|advertisement|notification|notice|विज्ञापन)\s*(?:no\.?|number|संख्या|सं\.)\s*[:.\-–]?\s*([A-Za-z0-9][A-Za-z0-9/.()-]*(?:\s?[/-]\s?[A-Za-z0-9()]+)*)/iu;

function readAdvertisementNumber(lines: readonly Line[]): Fact<string> | undefined {
  for (const line of lines) {
    const m = ADVT.exec(cleanText(line.text));
    if (m && /\d/.test(m[1])) return { value: m[1].replace(/[.,]$/, ""), source: source(line) };
  }
  return undefined;
}

/** The first matching organization of the table, named on the first page. */
function readOrganization(
  lines: readonly Line[],
  organizations: readonly { name: string; shortName?: string }[],
): Fact<string> | undefined {
  const firstPage = lines.filter((l) => l.page === 1).slice(0, 40);
  const known = organizations
    .map((o) => ({ name: o.name, full: matchKey(o.name), short: matchKey(o.shortName ?? "") }))
    .filter((o) => o.full.length >= 3);
  for (const line of firstPage) {
    const key = matchKey(line.text);
    const hit =
      known.find((o) => key.includes(o.full)) ??
      known.find(
        (o) =>
          o.short.length >= 3 &&
          new RegExp(`(^|[^\\p{L}])${escape(o.short)}([^\\p{L}]|$)`, "u").test(key),
      );
    if (hit) return { value: hit.name, source: source(line) };
  }
  return undefined;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const TITLE = keys("recruitment", "examination", "notification for", "भर्ती", "परीक्षा");

/** The first line naming a recruitment or exam on page 1, other than the organization's own. */
function readTitle(lines: readonly Line[], organization?: Fact<string>): Fact<string> | undefined {
  for (const line of lines.filter((l) => l.page === 1).slice(0, 15)) {
    if (line.cells.length > 1 || findDates(line.text).length || ADVT.test(line.text)) continue;
    if (organization && line.text === organization.source.text) continue;
    const text = cleanText(line.text);
    if (text.length >= 10 && text.length <= 200 && test(TITLE, line))
      return { value: text, source: source(line) };
  }
  return undefined;
}

const AGE_RANGE = /(\d{2})\s*(?:to|-|–|and|से)\s*(\d{2})\s*(?:years|yrs|वष)/u;
const AGE_MIN = new RegExp(
  `(?:${matchKey("minimum age")}|${matchKey("न्यूनतम आयु")})\\D{0,30}?(\\d{2})`,
  "u",
);
const AGE_MAX = new RegExp(
  `(?:${matchKey("maximum age")}|${matchKey("अधिकतम आयु")})\\D{0,30}?(\\d{2})`,
  "u",
);

/** Age limits, usually a paragraph: read across the lines after the age heading or mention. */
function readAges(lines: readonly Line[], facts: NoticeFacts) {
  const start = lines.findIndex((l) => test(AGE_LINE, l));
  if (start < 0) return;
  const window = lines.slice(start, start + 6).filter((l) => l.page === lines[start].page);
  // One text with each line's place in it, to say which line a match starts on.
  let text = "";
  const starts: number[] = [];
  for (const line of window) {
    starts.push(text.length);
    text += `${matchKey(line.text)} `;
  }
  const lineAt = (index: number) => window[starts.findLastIndex((s) => s <= index)];
  const range = AGE_RANGE.exec(text);
  const min = AGE_MIN.exec(text);
  const max = AGE_MAX.exec(text);
  if (range && Number(range[1]) < Number(range[2])) {
    facts.ageMin = { value: String(Number(range[1])), source: source(lineAt(range.index)) };
    facts.ageMax = { value: String(Number(range[2])), source: source(lineAt(range.index)) };
  }
  if (min && !facts.ageMin)
    facts.ageMin = { value: String(Number(min[1])), source: source(lineAt(min.index)) };
  if (max && !facts.ageMax)
    facts.ageMax = { value: String(Number(max[1])), source: source(lineAt(max.index)) };
  // "as on 01.01.2027", or in Hindi "01.01.2027 को" / "01.01.2027 के अनुसार".
  const asOn = /\bas (?:on|of)\b/.exec(text);
  for (const line of window) {
    const dates = findDates(line.text);
    if (!dates.length) continue;
    const at = starts[window.indexOf(line)];
    const after = asOn ? dates.find((d) => at + d.at > asOn.index) : undefined;
    const hindi = /को|अनुसार/u.test(matchKey(line.text)) ? dates[0] : undefined;
    const date = after ?? hindi;
    if (date) {
      facts.ageCutoffDate = { value: date.iso, source: source(line) };
      break;
    }
  }
}

/** Qualification words → the registry's options, lowest level a line names first. */
const QUALIFICATION_WORDS: [string, RegExp][] = [
  [
    "Post Graduate",
    keys("post graduat", "post-graduat", "master's degree", "masters degree", "स्नातकोत्तर"),
  ],
  ["Engineering", /\bb\.? ?tech\b|\bb\.e\.|engineering degree|degree in engineering/u],
  ["Medical", /\bmbbs\b|nursing/u],
  ["Law", /\bllb\b|law degree|degree in law/u],
  ["Graduate", keys("bachelor", "graduat", "degree in any discipline", "स्नातक")],
  ["Diploma", keys("diploma", "डिप्लोमा")],
  ["ITI", /\biti\b|आईटीआई/u],
  [
    "12th Pass",
    keys(
      "12th",
      "intermediate",
      "higher secondary",
      "10+2",
      "senior secondary",
      "इंटरमीडिएट",
      "12वीं",
    ),
  ],
  ["10th Pass", keys("10th", "matricul", "high school", "हाईस्कूल", "10वीं")],
];
const QUALIFICATION_HEADING = keys("qualification", "शैक्षिक योग्यता", "योग्यता");

function readQualification(lines: readonly Line[]): Fact<string> | undefined {
  const heading = lines.findIndex((l) => test(QUALIFICATION_HEADING, l));
  if (heading < 0) return undefined;
  for (const line of lines.slice(heading, heading + 6)) {
    const key = matchKey(line.text);
    const found = QUALIFICATION_WORDS.map(([value, re]) => ({ value, at: key.search(re) }))
      .filter((q) => q.at >= 0)
      .sort((a, b) => a.at - b.at)[0];
    if (found) return { value: found.value, source: source(line) };
  }
  return undefined;
}

const URL_IN_TEXT = /\bhttps?:\/\/[^\s|,;()<>"]+|\bwww\.[^\s|,;()<>"]+/giu;
const LINK_RULES: [LinkFact, RegExp][] = [
  ["admitCard", keys("admit card", "hall ticket", "प्रवेश पत्र")],
  ["answerKey", keys("answer key", "उत्तर कुंजी")],
  ["result", keys("result", "परिणाम")],
  ["apply", keys("apply", "application", "registration", "आवेदन")],
  ["website", keys("website", "वेबसाइट")],
];

function readLinks(lines: readonly Line[], out: NoticeFacts["links"]) {
  for (const line of lines) {
    const found = line.text.match(URL_IN_TEXT);
    if (!found) continue;
    const rule = LINK_RULES.find(([, re]) => test(re, line));
    if (!rule) continue;
    const raw = found[0].replace(/[.:]+$/, "");
    try {
      const url = new URL(raw.startsWith("http") ? raw : `https://${raw}`);
      out[rule[0]] ??= { value: url.toString(), source: source(line) };
    } catch {
      // Not an address after all.
    }
  }
}

export function readFacts(
  lines: readonly Line[],
  organizations: readonly { name: string; shortName?: string }[],
): NoticeFacts {
  const facts: NoticeFacts = { dates: {}, links: {} };
  facts.organization = readOrganization(lines, organizations);
  facts.title = readTitle(lines, facts.organization);
  facts.advertisementNumber = readAdvertisementNumber(lines);
  readDates(lines, facts.dates);
  facts.fees = readFees(lines);
  facts.posts = readPosts(lines);
  readAges(lines, facts);
  facts.qualification = readQualification(lines);
  readLinks(lines, facts.links);
  return facts;
}
