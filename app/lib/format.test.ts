import { describe, expect, it } from "vitest";
import { todayInIndia } from "./india-date.ts";
import { addDays, formatDate, formatNumber, formatRupees, isClosed, isNew } from "./format.ts";

describe("formatting for India", () => {
  it("prints dates like 22 Nov 2026, reading timestamps in Indian time", () => {
    expect(formatDate("2026-11-22")).toBe("22 Nov 2026");
    expect(formatDate("2027-01-05")).toBe("5 Jan 2027");
    // 20:00 UTC on the 21st is already the 22nd in India.
    expect(formatDate("2026-11-21T20:00:00.000Z")).toBe("22 Nov 2026");
    expect(formatDate(null)).toBe("");
  });

  it("groups numbers the Indian way and prints rupees", () => {
    expect(formatNumber(1234567)).toBe("12,34,567");
    expect(formatRupees(19900)).toBe("₹19,900");
    expect(formatRupees(0)).toBe("₹0");
  });

  it("closes a job the day after its last date", () => {
    expect(isClosed("2026-11-21", "2026-11-22")).toBe(true);
    expect(isClosed("2026-11-22", "2026-11-22")).toBe(false);
    expect(isClosed(null, "2026-11-22")).toBe(false);
  });

  it("marks entries of the last three days as new", () => {
    const now = "2026-11-22T12:00:00.000Z";
    const today = "2026-11-22";
    expect(isNew({ publishedAt: "2026-11-20T12:00:01.000Z" }, now, today)).toBe(true);
    expect(isNew({ publishedAt: "2026-11-19T11:59:59.000Z" }, now, today)).toBe(false);
    expect(isNew({ publishedAt: null }, now, today)).toBe(false);
  });

  it("never marks a closed job as new, judged by India's date at 00:10 IST", () => {
    // 00:10 on 24 Nov in India is still 23 Nov in UTC: a job of the 23rd has closed all the same.
    const now = new Date("2026-11-24T00:10:00+05:30");
    expect(now.toISOString()).toBe("2026-11-23T18:40:00.000Z");
    const today = todayInIndia(now);
    const publishedAt = "2026-11-22T10:00:00.000Z";
    expect(isClosed("2026-11-23", today)).toBe(true);
    expect(isNew({ publishedAt, lastDate: "2026-11-23" }, now.toISOString(), today)).toBe(false);
    expect(isClosed("2026-11-24", today)).toBe(false);
    expect(isNew({ publishedAt, lastDate: "2026-11-24" }, now.toISOString(), today)).toBe(true);
  });

  it("adds days across months", () => {
    expect(addDays("2026-11-29", 3)).toBe("2026-12-02");
  });
});
