import { describe, expect, it } from "vitest";
import {
  hindiNotice,
  noticePdf,
  SAMPLE_ORGANIZATION,
  sampleNotice,
  scannedPdf,
} from "../../test/notice-pdf.ts";
import { readNoticeText } from "./pdf-text.server.ts";
import { matchKey } from "~/lib/printed-text.ts";
import { PDF_ERRORS } from "./notice-import.server.ts";
import { NOTICE_KINDS, suggestFromLines, type NoticeReading, type Suggestion } from "./suggest.ts";

/**
 * Issue 32: a notification PDF, made here in the layouts real ones use, read into suggestions.
 * Each expected value comes with the PDF line it was read from; what the PDF does not say is not
 * suggested at all.
 */

const ORGANIZATIONS = [
  { name: "Staff Selection Commission", shortName: "SSC" },
  { name: SAMPLE_ORGANIZATION, shortName: "CRB" },
  { name: "Rajya Lok Seva Aayog", shortName: "" },
];

async function read(pdf: Buffer, kind: Parameters<typeof suggestFromLines>[0] = "job") {
  const text = await readNoticeText(pdf);
  return suggestFromLines(kind, text.lines, {
    pages: text.pages,
    organizations: ORGANIZATIONS,
    fileUrl: "/files/abc.pdf",
  });
}

const byName = (reading: NoticeReading) =>
  Object.fromEntries(reading.suggestions.map((s) => [s.name, s])) as Record<string, Suggestion>;

describe("a job notification read into suggestions", async () => {
  const reading = await read(await sampleNotice());
  const s = byName(reading);
  const scalar = (name: string) => [s[name]?.value, s[name]?.source?.page, s[name]?.source?.text];

  it("suggests the dates of the dates table, in all four printed forms, each with its line", () => {
    expect(reading.scanned).toBe(false);
    expect(scalar("data.applicationStart")).toEqual([
      "2027-01-15",
      1,
      "Online application starts | 15.01.2027",
    ]);
    expect(scalar("data.lastDate")).toEqual([
      "2027-02-14",
      1,
      "Last date for online application | 14/02/2027",
    ]);
    expect(scalar("data.feeLastDate")).toEqual([
      "2027-02-16",
      1,
      "Last date for fee payment | 16 February 2027",
    ]);
    expect(scalar("data.correctionStart")).toEqual([
      "2027-02-18",
      1,
      "Correction window | 18-Feb-2027 to 20-Feb-2027",
    ]);
    expect(scalar("data.correctionEnd")[0]).toBe("2027-02-20");
    expect(scalar("data.examDate")).toEqual([
      "2027-04-12",
      1,
      "Computer Based Examination (tentative) | 12.04.2027",
    ]);
  });

  it("suggests the advertisement number, the organization from the table, and the title", () => {
    expect(scalar("data.advertisementNumber")).toEqual([
      "CRB/02/2027",
      1,
      "Advertisement No. CRB/02/2027",
    ]);
    expect(scalar("organization")).toEqual([
      SAMPLE_ORGANIZATION,
      1,
      SAMPLE_ORGANIZATION.toUpperCase(),
    ]);
    expect(scalar("title")[0]).toBe("Recruitment of Junior Assistant and Stenographer, 2027");
  });

  it("reads the fee table by category", () => {
    expect(s["data.fees"].value).toEqual([
      { category: "General / OBC / EWS", amount: "500" },
      { category: "SC / ST / PwBD / Women", amount: "0" },
    ]);
    expect(s["data.fees"].rowSources).toEqual([
      { page: 1, text: "General / OBC / EWS | Rs. 500/-" },
      { page: 1, text: "SC / ST / PwBD / Women | Nil" },
    ]);
  });

  it("reads the vacancy table by category, checks it against its Total row, and keeps that row out", () => {
    expect(s["data.posts"].value).toEqual([
      { post: "Junior Assistant", ur: "40", ews: "10", obc: "27", sc: "15", st: "8", total: "100" },
      { post: "Stenographer Grade D", ur: "12", ews: "3", obc: "8", sc: "4", st: "3", total: "30" },
    ]);
    expect(s["data.posts"].source).toEqual({
      page: 2,
      text: "Post Name | UR | EWS | OBC | SC | ST | Total",
    });
    expect(s["data.posts"].rowSources?.[1]).toEqual({
      page: 2,
      text: "Stenographer Grade D | 12 | 3 | 8 | 4 | 3 | 30",
    });
    expect(s["data.posts"].note).toBe("The posts add up to the PDF's Total row (130).");
  });

  it("reads the age limits and their date out of a paragraph", () => {
    expect(scalar("data.ageMin").slice(0, 2)).toEqual(["18", 1]);
    expect(scalar("data.ageMax")[0]).toBe("27");
    expect(s["data.ageMin"].source?.text).toContain("between 18 and 27 years");
    expect(scalar("data.ageCutoffDate")[0]).toBe("2027-01-01");
  });

  it("suggests the qualification and the official links, and links the uploaded PDF", () => {
    expect(scalar("data.qualification")).toEqual([
      "graduate",
      2,
      "Bachelor's degree in any discipline from a recognised university.",
    ]);
    expect(scalar("data.applyUrl")[0]).toBe("https://crb.gov.in/apply");
    expect(scalar("data.officialWebsite")).toEqual([
      "https://crb.gov.in/",
      2,
      "Official website: https://crb.gov.in",
    ]);
    expect(s["data.notificationUrl"]).toEqual({
      name: "data.notificationUrl",
      value: "/files/abc.pdf",
      source: null,
    });
  });

  it("invents nothing for what the PDF does not say", () => {
    expect(Object.keys(s).sort()).toEqual(
      [
        "title",
        "organization",
        "data.advertisementNumber",
        "data.applicationStart",
        "data.lastDate",
        "data.feeLastDate",
        "data.correctionStart",
        "data.correctionEnd",
        "data.examDate",
        "data.ageMin",
        "data.ageMax",
        "data.ageCutoffDate",
        "data.qualification",
        "data.applyUrl",
        "data.officialWebsite",
        "data.fees",
        "data.posts",
        "data.notificationUrl",
      ].sort(),
    );
    // No admit card or result date, salary, state or selection process is printed.
    for (const absent of ["data.admitCardDate", "data.resultDate", "data.salaryMin", "data.state"])
      expect(s[absent]).toBeUndefined();
  });

  it("fills an admit card's fields from the same notification only where it has them", async () => {
    const admit = byName(await read(await sampleNotice(), "admit-card"));
    expect(admit["data.examDate"]?.value).toBe("2027-04-12");
    expect(admit["data.releaseDate"]).toBeUndefined();
    expect(admit["data.posts"]).toBeUndefined();
  });
});

describe("a notification in Hindi", async () => {
  const reading = await read(await hindiNotice());
  const s = byName(reading);

  it("reads Hindi dates (month names and Devanagari digits) with their Hindi lines", () => {
    expect(s["data.applicationStart"]?.value).toBe("2027-03-01");
    // The text layer splits and joins Devanagari at glyph boundaries ("प्रारं भ"): the line is the
    // PDF's line, compared as the reader compares text.
    expect(s["data.applicationStart"]?.source?.page).toBe(1);
    expect(matchKey(s["data.applicationStart"]!.source!.text)).toBe(
      matchKey("ऑनलाइन आवेदन प्रारंभ | 1 मार्च 2027"),
    );
    expect(s["data.lastDate"]?.value).toBe("2027-03-31");
    expect(matchKey(s["data.lastDate"]!.source!.text)).toBe(
      matchKey("आवेदन की अंतिम तिथि | ३१.०३.२०२७"),
    );
    expect(s["data.feeLastDate"]?.value).toBe("2027-04-02");
    expect(s["data.examDate"]?.value).toBe("2027-09-15");
  });

  it("reads the Hindi advertisement number and age limits", () => {
    expect(s["data.advertisementNumber"]?.value).toBe("07/2027");
    expect(s["data.ageMin"]?.value).toBe("21");
    expect(s["data.ageMax"]?.value).toBe("40");
    expect(s["data.ageCutoffDate"]?.value).toBe("2027-01-01");
  });

  it("suggests no organization it cannot find in the table", () => {
    expect(s.organization).toBeUndefined();
  });
});

describe("a scanned notification", () => {
  it("says it is a scan without text, and suggests nothing", async () => {
    const reading = await read(await scannedPdf());
    expect(reading).toEqual({ pages: 1, scanned: true, suggestions: [] });
  });

  it("an empty page is no different", async () => {
    const reading = await read(await noticePdf([[]]));
    expect(reading.scanned).toBe(true);
  });
});

describe("the kinds a notification starts", () => {
  it("are those a notification gives a date of, named in the refusal", () => {
    expect([...NOTICE_KINDS].sort()).toEqual(["admit-card", "answer-key", "job", "result"]);
    expect(PDF_ERRORS.kind).toBe("PDFs can start a job, result, admit card or answer key.");
  });
});
