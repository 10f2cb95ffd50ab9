import { describe, expect, it } from "vitest";
import {
  addDays,
  dateInIndia,
  formatDate,
  formatNumber,
  formatRupees,
  isClosed,
  isNew,
} from "./format.ts";

describe("formatting for India", () => {
  it("prints dates like 22 Nov 2026, reading timestamps in Indian time", () => {
    expect(formatDate("2026-11-22")).toBe("22 Nov 2026");
    expect(formatDate("2027-01-05")).toBe("5 Jan 2027");
    // 20:00 UTC on the 21st is already the 22nd in India.
    expect(formatDate("2026-11-21T20:00:00.000Z")).toBe("22 Nov 2026");
    expect(formatDate(null)).toBe("");
  });

  it("knows the date in India", () => {
    expect(dateInIndia(new Date("2026-11-21T18:29:59Z"))).toBe("2026-11-21");
    expect(dateInIndia(new Date("2026-11-21T18:30:00Z"))).toBe("2026-11-22");
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
    expect(isNew("2026-11-20T12:00:01.000Z", now)).toBe(true);
    expect(isNew("2026-11-19T11:59:59.000Z", now)).toBe(false);
    expect(isNew(null, now)).toBe(false);
  });

  it("adds days across months", () => {
    expect(addDays("2026-11-29", 3)).toBe("2026-12-02");
  });
});
