// The search page's snippet, made from an entry's indexed texts in JavaScript, the same on both
// databases. SQLite's FTS5 snippet() re-ran the whole MATCH for each row it was asked about:
// 50 ms for the 20 rows of a page when the word is in 70,000 entries (issue 16), against well
// under 1 ms here; PostgreSQL's ts_headline parsed each row's text again.

/** How many words a snippet shows, as FTS5's snippet(…, 24) did. */
const SNIPPET_WORDS = 24;

/** A word as both indexes compare it: NFC, lower case, Latin accents removed, no ZWJ/ZWNJ. */
function foldWord(word: string): string {
  return word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/gu, "")
    .normalize("NFC")
    .replace(/[\u200c\u200d]/gu, "")
    .toLowerCase();
}

interface Token {
  start: number;
  end: number;
  /** Where the token's sentence (or line) begins, as a token index. */
  sentence: number;
  hit: string | undefined;
}

/**
 * The window of `size` words that holds the most different search words, in the first of
 * `texts` that has it (give the body before the title: a snippet that repeats the title tells
 * nothing), starting at the beginning of a sentence or line where it can, else two words before
 * the first hit, and the earliest such window. Each word that starts with a search word (the
 * search is by prefix) is wrapped in \u0001…\u0002, and "…" marks text left out on either side.
 * Control characters of the text itself are removed, so only the markers are markers.
 */
export function searchSnippet(
  texts: readonly string[],
  words: readonly string[],
  size = SNIPPET_WORDS,
): string {
  const wanted = [...new Set(words.map(foldWord).filter(Boolean))];
  // Without any hit (a word matched through a folding this does not know), the first text's start.
  let best: { text: string; tokens: Token[]; from: number; score: number } | undefined;
  for (const raw of texts) {
    // eslint-disable-next-line no-control-regex -- the snippet's own markers must stay unique
    const text = raw.replace(/[\u0000-\u0008\u000b-\u001f\u007f]/gu, " ");
    const tokens: Token[] = [];
    let sentence = 0;
    for (const m of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
      if (!/[\p{L}\p{N}]/u.test(m[0])) continue;
      const before = text.slice(tokens.at(-1)?.end ?? 0, m.index);
      if (tokens.length === 0 || /[.!?\u0964\n]/u.test(before)) sentence = tokens.length;
      const folded = foldWord(m[0]);
      tokens.push({
        start: m.index,
        end: m.index + m[0].length,
        sentence,
        hit: wanted.find((w) => folded.startsWith(w)),
      });
    }
    if (!best && tokens.length) best = { text, tokens, from: 0, score: -1 };
    const starts = new Set<number>();
    tokens.forEach((t, i) => {
      if (t.hit) starts.add(i - t.sentence < size ? t.sentence : Math.max(0, i - 2));
    });
    for (const from of [...starts].sort((a, b) => a - b)) {
      const window = tokens.slice(from, from + size).filter((t) => t.hit);
      const atSentence = tokens[from].sentence === from ? 100 : 0;
      const score = new Set(window.map((t) => t.hit)).size * 1000 + atSentence;
      if (!best || score > best.score) best = { text, tokens, from, score };
    }
  }
  if (!best) return "";
  const { text, tokens, from } = best;
  const shown = tokens.slice(from, from + size);
  let out = from > 0 ? "…" : "";
  let at = shown[0].start;
  for (const t of shown) {
    out += text.slice(at, t.start);
    const word = text.slice(t.start, t.end);
    out += t.hit ? `\u0001${word}\u0002` : word;
    at = t.end;
  }
  const last = shown.at(-1)!;
  return from + size < tokens.length ? `${out}…` : out + text.slice(last.end).trimEnd();
}
