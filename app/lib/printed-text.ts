/**
 * Text as a notification PDF's text layer gives it, made comparable. Browser-safe and pure.
 *
 * Devanagari in a text layer often comes in visual order: the short-i sign (ि, U+093F) is drawn
 * before its consonant, so "तिथि" reads back as "ितिथ". `repairVisualOrder` puts such a sign back
 * after its consonant cluster for display; `matchKey` drops the sign altogether, so a keyword
 * matches whichever order the PDF used.
 */

const DEVANAGARI_DIGITS = /[\u0966-\u096F]/g;
const I_SIGN = "\u093F";
const CONSONANT = /[\u0915-\u0939\u0958-\u095F\u0978-\u097F]/;
const NUKTA = "\u093C";
const VIRAMA = "\u094D";

/** "१५.०१.२०२७" → "15.01.2027": Devanagari digits as ASCII ones. */
export function asciiDigits(text: string): string {
  return text.replace(DEVANAGARI_DIGITS, (d) => String(d.charCodeAt(0) - 0x966));
}

/** NFC, one space between words, no zero-width joiners or control characters. */
export function cleanText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u200b-\u200d\u2060\ufeff]/g, "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** A space a text layer put before a Devanagari sign that cannot start a word ("संख्य ा"). */
const SPACE_BEFORE_SIGN = / (?=[\u0900-\u0903\u093a-\u094f\u0955-\u0957\u0962\u0963])/g;

/** A line of a PDF as the editor is shown it: cleaned, and Devanagari back in logical order. */
export function displayText(text: string): string {
  return repairReph(repairVisualOrder(cleanText(text).replace(SPACE_BEFORE_SIGN, "")));
}

/**
 * A reph (half-ra, "र्") always joins the consonant after it; one that a text layer gives after
 * its syllable instead ("माचर्" for "मार्च") goes back before that syllable.
 */
const MISPLACED_REPH =
  /([\u0915-\u0939\u0958-\u095f](?:\u093c)?(?:\u094d[\u0915-\u0939])*[\u093e-\u094c\u0962\u0963]*)\u0930\u094d(?![\u0915-\u0939\u0958-\u095f])/g;
export function repairReph(text: string): string {
  return text.replace(MISPLACED_REPH, "\u0930\u094d$1");
}

/**
 * A short-i sign that stands where logical order never puts it (at a word's start, or after a
 * sign rather than a consonant) is moved after the consonant cluster that follows it. Text in
 * logical order is left as it is.
 */
export function repairVisualOrder(text: string): string {
  const chars = [...text];
  const out: string[] = [];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    const prev = out[out.length - 1] ?? "";
    const afterConsonant = CONSONANT.test(prev) || prev === NUKTA;
    if (c !== I_SIGN || afterConsonant || !CONSONANT.test(chars[i + 1] ?? "")) {
      out.push(c);
      continue;
    }
    // The cluster: a consonant (with nukta), then any number of virama + consonant.
    let j = i + 1;
    const cluster: string[] = [];
    for (;;) {
      cluster.push(chars[j++]);
      if (chars[j] === NUKTA) cluster.push(chars[j++]);
      if (chars[j] === VIRAMA && CONSONANT.test(chars[j + 1] ?? "")) {
        cluster.push(chars[j++]);
        continue;
      }
      break;
    }
    out.push(...cluster, I_SIGN);
    i = j - 1;
  }
  return out.join("");
}

/**
 * What keywords and dates are matched on: lower case, ASCII digits, and Devanagari reduced to a
 * skeleton that reads the same in visual and logical order: no short-i sign, no nukta, no
 * half-ra (a reph comes back after its syllable: "मार्च" as "माचर्"), and no spaces inside a run of
 * Devanagari (text layers split words at glyph joins: "प्र ारं भ").
 */
export function matchKey(text: string): string {
  return asciiDigits(cleanText(text))
    .toLowerCase()
    .replace(/\u0930\u094d/g, "")
    .replace(/[\u093f\u093c]/g, "")
    .replace(/([\u0900-\u097f]) (?=[\u0900-\u097f])/g, "$1");
}
