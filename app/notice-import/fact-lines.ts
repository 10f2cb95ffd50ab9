import type { Source } from "./fact-types.ts";
import type { Line } from "./lines.ts";
import { matchKey } from "~/lib/printed-text.ts";

/** Where a fact was read: the line's page and (the start of) its text. */
export const source = (line: Line): Source => ({ page: line.page, text: line.text.slice(0, 300) });
/** Whether a line says one of the words of `re` (see keys). */
export const test = (re: RegExp, line: Line) => re.test(matchKey(line.text));
/** Keywords are written as people type them; matchKey makes them compare with the PDF's text. */
export const keys = (...words: string[]) =>
  new RegExp(words.map((w) => matchKey(w)).join("|"), "u");
