// A search's words, and the kind it names in English or Hindi.
import { KINDS, type Kind } from "~/content/kinds.ts";
import { catalog } from "~/i18n/catalog.server.ts";

/**
 * The words of a search, at most 8: letters, digits and combining marks, so a Hindi word keeps
 * its vowel signs, virama and nukta ("भर्ती", not "भ", "र", "त"), as both indexes keep them.
 * NFC, as the Hindi in `search_text` is (a nukta letter typed as one code point or two matches
 * either way); ZWJ/ZWNJ are dropped on both sides; a "word" of marks only (an emoji's variation
 * selector) is no word.
 */
export function searchWords(query: string): string[] {
  return query
    .normalize("NFC")
    .replace(/[\u200c\u200d]/gu, "")
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
    .slice(0, 8);
}

/**
 * Every name a search may give a kind, as search words, longest first: the kind's names in each
 * language (`list.kinds`) and the catalogue's other words for it (`search.kindWords`).
 */
let kindNames: { kind: Kind; words: string[] }[] | undefined;
function namesOfKinds() {
  kindNames ??= (["en", "hi"] as const)
    .flatMap((locale) => {
      const { list, search } = catalog(locale);
      return KINDS.flatMap((kind) =>
        [list.kinds[kind].label, list.kinds[kind].plural, ...search.kindWords[kind]].map(
          (name) => ({ kind, words: searchWords(name) }),
        ),
      );
    })
    .sort((a, b) => b.words.length - a.words.length);
  return kindNames;
}

/**
 * The kind a search names ("result", "admit cards", "परिणाम", "आंसर की"), whole words only, and
 * its other words. Of two kinds named, the first counts; the second stays a word.
 */
export function namedKind(words: string[]): { kind?: Kind; rest: string[] } {
  for (let i = 0; i < words.length; i++) {
    for (const name of namesOfKinds()) {
      if (name.words.every((w, j) => words[i + j] === w))
        return {
          kind: name.kind,
          rest: [...words.slice(0, i), ...words.slice(i + name.words.length)],
        };
    }
  }
  return { kind: undefined, rest: words };
}
