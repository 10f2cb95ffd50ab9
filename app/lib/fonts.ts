/**
 * Poppins on public pages only once this browser has it cached (issue 33). A first visit on a
 * slow phone drew its text in the phone's own face anyway (the faces are `font-display:
 * optional`), yet still downloaded the fonts while the page loaded: 16 KB on English pages and
 * 95 KB on Hindi ones, sharing the line with the page's script (a Hindi page hydrated 1.5 s
 * later for fonts it did not use). Now public.css draws in the phone's face until `<html
 * data-fonts>` names the faces that are cached ("latin", or "latin deva" with the Devanagari
 * ones): MARK_FONTS_SCRIPT sets it before the first paint from what an earlier page cached, and
 * cacheFonts, once a page has hydrated, fetches them for the next page without using them on this
 * one (which would move its text).
 */
const FONTS_KEY = "govjobs-fonts";

/** Run before anything is drawn (the site layout's inline script): a string, like MARK_PUSH_SCRIPT. */
export const MARK_FONTS_SCRIPT = `try{var f=localStorage.getItem(${JSON.stringify(FONTS_KEY)});if(f)document.documentElement.dataset.fonts=f}catch(e){}`;

/** A Devanagari letter: what makes the Devanagari faces load (their unicode-range). */
const DEVANAGARI_SAMPLE = "हि";

/**
 * Fetches the faces the next page will use (the Devanagari ones on a Hindi page) into the
 * browser's cache and notes which are there. Nothing on this page changes: it is drawn in the
 * phone's face, or already in Poppins.
 */
export async function cacheFonts(hindi: boolean): Promise<void> {
  if (!("fonts" in document)) return;
  try {
    const wanted = ["400 1em Poppins", "600 1em Poppins"].map((font) => document.fonts.load(font));
    // English pages never ask for the Devanagari faces, and keep what a Hindi page noted.
    if (hindi)
      for (const weight of [400, 600])
        wanted.push(document.fonts.load(`${weight} 1em "Poppins Devanagari"`, DEVANAGARI_SAMPLE));
    const loaded = await Promise.all(wanted);
    const deva = hindi || (localStorage.getItem(FONTS_KEY) ?? "").includes("deva");
    if (loaded.every((faces) => faces.length > 0))
      localStorage.setItem(FONTS_KEY, deva ? "latin deva" : "latin");
  } catch {
    // Offline, or storage refused: the next page is drawn in the phone's face again.
  }
}
