import { describe, expect, it } from "vitest";
import { findDates, parseDateCell } from "./printed-dates.ts";
import { displayText, matchKey, repairVisualOrder } from "./printed-text.ts";

describe("dates as notifications print them", () => {
  it.each([
    ["Last date: 15.01.2027", "2027-01-15"],
    ["Last date: 15/01/2027", "2027-01-15"],
    ["Last date: 15-01-2027", "2027-01-15"],
    ["Last date 15 January 2027", "2027-01-15"],
    ["Last date 15th January, 2027", "2027-01-15"],
    ["Last date 15-Jan-2027", "2027-01-15"],
    ["Last date 15 Sept. 2027", "2027-09-15"],
    ["Last date January 15, 2027", "2027-01-15"],
    ["अंतिम तिथि 15 जनवरी 2027", "2027-01-15"],
    ["अंतिम तिथि १५.०१.२०२७", "2027-01-15"],
    // What a text layer gives for Devanagari: visual order, a reph after its syllable.
    ["अंितम ितिथ 02 माचर् 2027", "2027-03-02"],
    ["ितिथ 9 िसतं बर 2027", "2027-09-09"],
  ])("%s → %s", (text, iso) => {
    expect(findDates(text).map((d) => d.iso)).toEqual([iso]);
  });

  it("finds both ends of a range, in order", () => {
    expect(findDates("20.01.2027 to 22-Jan-2027").map((d) => d.iso)).toEqual([
      "2027-01-20",
      "2027-01-22",
    ]);
  });

  it("invents nothing: impossible dates, bare numbers and versions are not dates", () => {
    expect(findDates("31.02.2027 and 45/13/2027")).toEqual([]);
    expect(findDates("Advt. No. 05/2027, 120 posts, version 1.2.3")).toEqual([]);
    expect(findDates("Pay Level-4 (25500-81100)")).toEqual([]);
  });

  it("reads a spreadsheet cell only when the whole cell is one real date", () => {
    expect(parseDateCell("2027-01-15")).toBe("2027-01-15");
    expect(parseDateCell("15/01/2027")).toBe("2027-01-15");
    expect(parseDateCell("15-Jan-2027")).toBe("2027-01-15");
    expect(parseDateCell("2027-02-30")).toBeNull();
    expect(parseDateCell("15.01.2027 (tentative)")).toBeNull();
    expect(parseDateCell("soon")).toBeNull();
  });
});

describe("Devanagari from a text layer", () => {
  it("puts a short-i sign drawn before its consonant back after it", () => {
    expect(repairVisualOrder("अंितम ितिथ")).toBe("अंतिम तिथि");
    expect(repairVisualOrder("िवज्ञापन")).toBe("विज्ञापन");
    // Logical order is left alone.
    expect(repairVisualOrder("अंतिम तिथि समिति")).toBe("अंतिम तिथि समिति");
  });

  it("puts a reph given after its syllable back before it", () => {
    expect(displayText("माचर् वषर् भतीर्")).toBe("मार्च वर्ष भर्ती");
    expect(displayText("मार्च वर्ष")).toBe("मार्च वर्ष");
  });

  it("matches a keyword whichever order the PDF used", () => {
    expect(matchKey("अंितम ितिथ")).toBe(matchKey("अंतिम तिथि"));
    expect(matchKey("वषर्")).toBe(matchKey("वर्ष"));
    expect(matchKey("प्र ारं भ")).toBe(matchKey("प्रारंभ"));
  });
});
