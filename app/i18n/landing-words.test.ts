import { describe, expect, it } from "vitest";
import { landingHeading } from "~/content/landing.ts";
import { en } from "./catalog/en/index.ts";
import { hi } from "./catalog/hi/index.ts";
import { landingTitle } from "./landing-words.ts";

describe("landing titles: a code from content, words from the catalogue", () => {
  it("content says what the title is about, in no language", () => {
    expect(landingHeading("state", "Bihar")).toEqual({ code: "state", values: { value: "Bihar" } });
    expect(landingHeading("state", "All India")).toEqual({ code: "allIndia", values: {} });
    expect(landingHeading("qualification", "12th Pass")).toEqual({
      code: "qualification",
      values: { value: "12th Pass" },
    });
  });

  it("the English and Hindi catalogues word it", () => {
    expect(landingTitle("state", "Bihar", en.list.landing)).toBe("Government Jobs in Bihar");
    expect(landingTitle("state", "All India", en.list.landing)).toBe("All India Government Jobs");
    expect(landingTitle("qualification", "12th Pass", en.list.landing)).toBe(
      "Government Jobs for 12th Pass",
    );
    expect(landingTitle("qualification", "12th Pass", hi.list.landing)).toBe(
      "12वीं पास के लिए सरकारी नौकरियां",
    );
    expect(landingTitle("state", "All India", hi.list.landing)).toBe("ऑल इंडिया सरकारी नौकरियां");
  });
});
