import { describe, expect, it } from "vitest";
import { searchSnippet } from "./snippet.ts";

/** The words a snippet marks, in order. */
const marked = (s: string) =>
  s
    .split("\u0001")
    .slice(1)
    .map((part) => part.split("\u0002")[0]);

describe("searchSnippet", () => {
  it("marks every word that starts with a search word, in any case or accent", () => {
    const s = searchSnippet(
      ["The Lighthouse keepers of Goa; a lighthouse Café."],
      ["LIGHTHOU", "cafe"],
    );
    expect(marked(s)).toEqual(["Lighthouse", "lighthouse", "Café"]);
    expect(s).toBe(
      "The \u0001Lighthouse\u0002 keepers of Goa; a \u0001lighthouse\u0002 \u0001Café\u0002.",
    );
  });

  it("does not mark a word that only contains a search word, nor a Hindi word's stem", () => {
    const s = searchSnippet(["Unclerked clerks; भर्ती और भरना"], ["clerk", "भर्ती"]);
    expect(marked(s)).toEqual(["clerks", "भर्ती"]);
  });

  it("shows the window with the most different words, from its sentence's start, with ellipses", () => {
    const filler = Array.from({ length: 40 }, (_, i) => `w${i}`).join(" ");
    const text = `Forest work. ${filler}. The junior forest guard posts are open. ${filler}`;
    const s = searchSnippet([text], ["forest", "guard"], 10);
    expect(s).toBe("…The junior \u0001forest\u0002 \u0001guard\u0002 posts are open. w0 w1 w2…");
  });

  it("starts two words before the hit when its sentence began too far back", () => {
    const words = Array.from({ length: 30 }, (_, i) => `w${i}`);
    words[20] = "clerk";
    const s = searchSnippet([words.join(" ")], ["clerk"], 6);
    expect(s).toBe("…w18 w19 \u0001clerk\u0002 w21 w22 w23…");
  });

  it("prefers an earlier text on a tie (the body before the title) and a later one with more words", () => {
    expect(searchSnippet(["Posts of junior clerk.", "Junior Clerk 2026"], ["clerk"])).toBe(
      "Posts of junior \u0001clerk\u0002.",
    );
    expect(searchSnippet(["Posts of junior clerk.", "Junior Clerk 2026"], ["clerk", "2026"])).toBe(
      "Junior \u0001Clerk\u0002 \u00012026\u0002",
    );
  });

  it("falls back to the first text's start without a hit, and removes the marker characters", () => {
    expect(searchSnippet(["", "a\u0001b\u0002c d"], ["zzz"], 2)).toBe("a b…");
    expect(searchSnippet([""], ["x"])).toBe("");
  });
});
