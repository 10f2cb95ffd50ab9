import type { Row, RowsFact, Source } from "./fact-types.ts";
import { keys, source, test } from "./fact-lines.ts";
import type { Line } from "./lines.ts";
import { cleanText, matchKey } from "~/lib/printed-text.ts";

// The tables of a notification: the fee by category, and the vacancies by post and category.

/** The lines of a section: from its heading, until the next heading of another section. */
const HEADINGS = keys(
  "important date",
  "application fee",
  "examination fee",
  "fee details",
  "age limit",
  "vacanc",
  "qualification",
  "how to apply",
  "selection process",
  "महत्वपूर्ण तिथि",
  "आवेदन शुल्क",
  "आयु सीमा",
  "रिक्ति",
  "योग्यता",
);

function section(lines: readonly Line[], heading: RegExp, max = 15): Line[] {
  const at = lines.findIndex((l) => l.cells.length === 1 && test(heading, l) && l.text.length < 80);
  if (at < 0) return [];
  const out: Line[] = [];
  for (const line of lines.slice(at + 1, at + 1 + max)) {
    if (line.cells.length === 1 && line.text.length < 60 && test(HEADINGS, line)) break;
    out.push(line);
  }
  return out;
}

const FEE_HEADING = keys("application fee", "examination fee", "fee details", "आवेदन शुल्क", "शुल्क");
const CATEGORY = new RegExp(
  `(?:^|[^a-z])(?:general|unreserved|ur|obc|ews|sc|st|pwbd|pwd|ph|female|women|ex-servicem[ae]n|esm|all candidates)(?:[^a-z]|$)|${["सामान्य", "अनारक्षित", "पिछड़ा", "अनुसूचित", "महिला", "दिव्यांग"].map(matchKey).join("|")}`,
  "u",
);
const NO_FEE = keys("nil", "no fee", "exempt", "शून्य", "निःशुल्क", "छूट");
const AMOUNT = /(?:rs\.?|₹|inr)?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\s*\/-)?/i;

export function readFees(lines: readonly Line[]): RowsFact | undefined {
  const heading = lines.find(
    (l) => l.cells.length === 1 && test(FEE_HEADING, l) && l.text.length < 80,
  );
  if (!heading) return undefined;
  const rows: Row[] = [];
  const sources: Source[] = [];
  for (const line of section(lines, FEE_HEADING, 12)) {
    if (line.cells.length < 2 || !test(CATEGORY, { ...line, text: line.cells[0].text })) continue;
    const rest = line.cells
      .slice(1)
      .map((c) => c.text)
      .join(" ");
    const amount = test(NO_FEE, { ...line, text: rest })
      ? "0"
      : AMOUNT.exec(rest)?.[1]?.replace(/,/g, "");
    if (amount === undefined) continue;
    rows.push({ category: cleanText(line.cells[0].text).slice(0, 100), amount });
    sources.push(source(line));
  }
  return rows.length ? { rows, sources, source: source(heading) } : undefined;
}

/** A vacancy table's columns, by the words of its header cells. */
const POST_COLUMNS: [string, RegExp][] = [
  ["total", keys("total", "कुल")],
  ["ews", keys("ews", "ईडब्ल्यूएस")],
  ["obc", keys("obc", "पिछड़ा", "ओबीसी")],
  ["st", /^(?:st|s\.t\.?)$/u],
  ["sc", /^(?:sc|s\.c\.?)$/u],
  ["ur", keys("ur", "gen", "unreserved", "अनारक्षित", "सामान्य")],
  ["post", keys("post", "name of", "पद")],
];

function columnOf(text: string): string | undefined {
  const key = matchKey(text).trim();
  if (key === "अनुसूचित जनजाति" || matchKey("अनुसूचित जनजाति") === key) return "st";
  if (matchKey("अनुसूचित जाति") === key) return "sc";
  return POST_COLUMNS.find(([, re]) => re.test(key))?.[0];
}

const number = (text: string) => {
  const m = /^\s*(\d{1,3}(?:,\d{3})+|\d+)\s*$/.exec(text);
  return m ? m[1].replace(/,/g, "") : undefined;
};

export function readPosts(lines: readonly Line[]): RowsFact | undefined {
  for (let i = 0; i < lines.length; i++) {
    const header = lines[i];
    const columns = header.cells.map((c) => ({ ...c, name: columnOf(c.text) }));
    const categories = columns.filter((c) => c.name && c.name !== "post").length;
    if (categories < 3 || columns[0].name !== "post") continue;
    const rows: Row[] = [];
    const sources: Source[] = [];
    let totalRow: Row | undefined;
    for (const line of lines.slice(i + 1, i + 61)) {
      if (line.page !== header.page || line.cells.length < 2) break;
      const row: Row = {};
      for (const cell of line.cells) {
        const middle = (cell.x + cell.right) / 2;
        const column = columns.reduce((best, c) =>
          Math.abs((c.x + c.right) / 2 - middle) < Math.abs((best.x + best.right) / 2 - middle)
            ? c
            : best,
        );
        if (!column.name || row[column.name] !== undefined) continue;
        const value = column.name === "post" ? cleanText(cell.text) : number(cell.text);
        if (value !== undefined) row[column.name] = value;
      }
      if (!row.post) break;
      if (keys("total", "कुल").test(matchKey(row.post))) {
        totalRow = row;
        sources.push(source(line));
        break;
      }
      if (Object.keys(row).length < 2) break;
      rows.push(row);
      sources.push(source(line));
    }
    if (!rows.length) continue;
    const notes: string[] = [];
    if (!columns.some((c) => c.name === "total")) {
      for (const row of rows) row.total = String(sumOf(row));
      notes.push("The table has no Total column: each post's total is its categories added up.");
    }
    if (totalRow?.total) {
      const sum = rows.reduce((n, r) => n + Number(r.total ?? 0), 0);
      notes.push(
        sum === Number(totalRow.total)
          ? `The posts add up to the PDF's Total row (${sum}).`
          : `The PDF's Total row says ${totalRow.total}, but the posts add up to ${sum}: check the table.`,
      );
    }
    return {
      rows,
      sources: sources.slice(0, rows.length),
      source: source(header),
      ...(notes.length ? { note: notes.join(" ") } : {}),
    };
  }
  return undefined;
}

const sumOf = (row: Row) =>
  ["ur", "ews", "obc", "sc", "st"].reduce((n, k) => n + Number(row[k] ?? 0), 0);
