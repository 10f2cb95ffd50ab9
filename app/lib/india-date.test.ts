import { afterEach, describe, expect, it } from "vitest";
import { clock, dateInIndia, indiaWallClock, setClock, todayInIndia } from "./india-date.ts";

describe("India's date", () => {
  afterEach(() => setClock());

  it("turns at midnight in India, 18:30 in UTC", () => {
    expect(dateInIndia(new Date("2026-11-21T18:29:59.999Z"))).toBe("2026-11-21");
    expect(dateInIndia(new Date("2026-11-21T18:30:00Z"))).toBe("2026-11-22");
    expect(indiaWallClock(Date.parse("2026-11-22T10:00:00Z"))).toBe("2026-11-22T15:30:00.000");
  });

  it("reads today from the clock tests set: 00:10 IST on the 24th is the 24th", () => {
    setClock("2026-11-24T00:10:00+05:30");
    expect(clock().toISOString()).toBe("2026-11-23T18:40:00.000Z");
    expect(todayInIndia()).toBe("2026-11-24");
    // The day it remembers does not outlive a clock that moves back or on.
    setClock("2026-11-23T23:59:59+05:30");
    expect(todayInIndia()).toBe("2026-11-23");
    setClock("2026-11-25T00:00:00+05:30");
    expect(todayInIndia()).toBe("2026-11-25");
    expect(todayInIndia(new Date("2026-11-24T18:29:59.999Z"))).toBe("2026-11-24");
  });

  it("goes back to the real clock when the test clock is cleared", () => {
    setClock("2001-01-01T00:00:00Z");
    expect(clock().getUTCFullYear()).toBe(2001);
    setClock();
    expect(clock().getUTCFullYear()).toBeGreaterThan(2001);
  });

  it("refuses an instant it cannot read", () => {
    expect(() => setClock("24 Nov, after midnight")).toThrow(/not an instant/);
  });
});
