import { describe, expect, it } from "vitest";
import { ENGLISH_FACT_WORDS } from "~/i18n/catalog/en/glance-words.ts";
import { lastDateFact } from "~/i18n/glance-words.ts";
import { glanceOf as glance } from "../../test/glance-of.ts";
import { daysUntil, glanceFindings, totalPosts } from "./glance.ts";
import { REGISTRY } from "./registry.ts";
import { linkTrust } from "./official-links.ts";

describe("linkTrust", () => {
  it("trusts government suffixes and the organization's own domains, and nothing else", () => {
    expect(linkTrust("https://upsc.gov.in/apply", [])).toEqual({
      host: "upsc.gov.in",
      official: true,
      why: "government",
    });
    expect(linkTrust("https://www.ssc.nic.in/", [])?.official).toBe(true);
    expect(linkTrust("https://ibps.in/crp-po", ["ibps.in"])).toMatchObject({
      official: true,
      why: "organization",
    });
    expect(linkTrust("https://recruit.ibps.in/x", ["www.ibps.in"])?.official).toBe(true);
    // Look-alikes: the suffix must be a whole label, not a tail of the name.
    for (const fake of [
      "https://upsc-gov.in/apply",
      "https://ssc.nic.in.example.com/",
      "https://fakegov.in/",
      "https://ibps.in.co/",
    ])
      expect(linkTrust(fake, ["ibps.in"])?.official, fake).toBe(false);
    expect(linkTrust("javascript:alert(1)", [])).toBeNull();
    expect(linkTrust("not a url", [])).toBeNull();
  });
});

describe("glance", () => {
  const job = {
    lastDate: "2026-11-26",
    data: {
      posts: [
        { post: "Clerk", total: 70 },
        { post: "Clerk (backlog)", total: 30 },
      ],
      fees: [
        { category: "General / OBC", amount: 500 },
        { category: "Women", amount: 0 },
        { category: "SC / ST", amount: 250 },
      ],
      ageMin: 18,
      ageMax: 27,
      ageCutoffDate: "2027-01-01",
      qualification: "12th Pass",
      applyUrl: "https://cssa.gov.in/apply",
      notificationUrl: "https://files.example.com/notice.pdf",
    },
  };

  it("says how many days are left, and when a job closed", () => {
    expect(daysUntil("2026-11-26", "2026-11-23")).toBe(3);
    expect(lastDateFact("2026-11-26", "2026-11-23", ENGLISH_FACT_WORDS, "en")).toEqual({
      label: "Last date",
      value: "26 Nov 2026 · Closes in 3 days",
      tone: "urgent",
    });
    expect(lastDateFact("2026-11-23", "2026-11-23", ENGLISH_FACT_WORDS, "en").value).toContain(
      "Closes today",
    );
    expect(lastDateFact("2026-12-30", "2026-11-23", ENGLISH_FACT_WORDS, "en").tone).toBeUndefined();
    expect(lastDateFact("2026-11-22", "2026-11-23", ENGLISH_FACT_WORDS, "en")).toEqual({
      label: "Last date",
      value: "Closed on 22 Nov 2026",
      tone: "closed",
      // A list row prints it without its label, whatever the language's words.
      standalone: true,
    });
  });

  it("names every fee waiver on the fee line, the women's too (issue 29)", () => {
    const fees = [
      { category: "General / OBC / EWS", amount: 100 },
      { category: "SC / ST / PwD", amount: 0 },
      { category: "Women (all categories)", amount: 0 },
    ];
    const fee = glance("job", { lastDate: null, data: { fees } }, "2026-11-20", []).facts;
    expect(fee).toEqual([
      {
        label: "Application fee",
        value: "₹100 (General / OBC / EWS) · No fee (SC / ST / PwD, Women (all categories))",
      },
    ]);
  });

  it("gives a job's decision facts and its two buttons with their trust", () => {
    const g = glance("job", job, "2026-11-20", []);
    expect(g.facts.map((f) => [f.label, f.value])).toEqual([
      ["Last date", "26 Nov 2026 · Closes in 6 days"],
      ["Total posts", "100"],
      ["Qualification", "12th Pass"],
      ["Application fee", "₹500 (General / OBC) · No fee (Women) · ₹250 (SC / ST)"],
      ["Age limit", "18–27 years as on 1 Jan 2027"],
    ]);
    expect(g.actions.map((a) => [a.label, a.trust.host, a.trust.official])).toEqual([
      ["Apply Online", "cssa.gov.in", true],
      ["Download Notification", "files.example.com", false],
    ]);
  });

  it("finds them as codes with values, in the roles' order, with no words (issue 27)", () => {
    const found = glanceFindings(REGISTRY.job.sections, job, "2026-11-20", []);
    expect(found.facts).toEqual([
      {
        field: "lastDate",
        label: "lastDate",
        code: "lastDate",
        values: { date: "2026-11-26", days: 6 },
      },
      { field: "posts", label: "totalPosts", code: "count", values: { n: 100 } },
      {
        field: "qualification",
        label: "qualification",
        code: "option",
        values: { value: "12th Pass" },
      },
      {
        field: "fees",
        label: "applicationFee",
        code: "fee",
        values: {
          groups: [
            { amount: 500, categories: ["General / OBC"] },
            { amount: 0, categories: ["Women"] },
            { amount: 250, categories: ["SC / ST"] },
          ],
        },
      },
      {
        field: "ageMin",
        label: "ageLimit",
        code: "age",
        values: { min: 18, max: 27, asOn: "2027-01-01" },
      },
    ]);
    expect(found.actions.map((a) => a.field)).toEqual(["applyUrl", "notificationUrl"]);
  });

  it("adds no total when a post's count is missing, and leaves out facts nobody entered", () => {
    expect(totalPosts({ posts: [{ post: "A", total: 5 }, { post: "B" }] })).toBeUndefined();
    const g = glance("job", { lastDate: null, data: {} }, "2026-11-20", []);
    expect(g).toEqual({ facts: [], actions: [] });
  });

  it("shows an answer key's objection window as open or closed", () => {
    const key = {
      lastDate: null,
      data: { releaseDate: "2026-11-20", objectionStart: "2026-11-21", objectionEnd: "2026-11-25" },
    };
    const open = glance("answer-key", key, "2026-11-23", []).facts.find(
      (f) => f.label === "Objections",
    );
    expect(open?.value).toBe("21 Nov 2026 to 25 Nov 2026 (open now)");
    const closed = glance("answer-key", key, "2026-11-26", []).facts.find(
      (f) => f.label === "Objections",
    );
    expect(closed).toMatchObject({ tone: "closed", value: "21 Nov 2026 to 25 Nov 2026 (closed)" });
  });

  /** Issue 26: a closed objection window still had a large "Raise Objection" button. */
  it("makes no button of a link whose window is closed or not yet open, and says when", () => {
    const key = {
      lastDate: null,
      data: {
        releaseDate: "2026-11-20",
        objectionStart: "2026-11-21",
        objectionEnd: "2026-11-25",
        answerKeyUrl: "https://cssa.gov.in/key.pdf",
        objectionUrl: "https://cssa.gov.in/objection",
      },
    };
    const actions = (
      kind: "job" | "answer-key",
      entry: Parameters<typeof glance>[1],
      today: string,
    ) => glance(kind, entry, today, []).actions.map((a) => [a.label, a.shut?.text]);
    expect(actions("answer-key", key, "2026-11-20")).toEqual([
      ["Download Answer Key", undefined],
      ["Raise Objection", "Opens on 21 Nov 2026"],
    ]);
    // Open on its first and on its last day.
    for (const today of ["2026-11-21", "2026-11-25"])
      expect(actions("answer-key", key, today)).toEqual([
        ["Download Answer Key", undefined],
        ["Raise Objection", undefined],
      ]);
    expect(actions("answer-key", key, "2026-11-26")).toEqual([
      ["Download Answer Key", undefined],
      ["Raise Objection", "Closed on 25 Nov 2026"],
    ]);
    // Without dates, nothing is known to be closed.
    const undated = { ...key, data: { ...key.data, objectionStart: "", objectionEnd: "" } };
    expect(actions("answer-key", undated, "2027-01-01")).toEqual([
      ["Download Answer Key", undefined],
      ["Raise Objection", undefined],
    ]);
    // A job's application window: from its start to its last date.
    const withStart = {
      ...job,
      data: { ...job.data, applicationStart: "2026-11-10", lastDate: job.lastDate },
    };
    expect(actions("job", withStart, "2026-11-09")[0]).toEqual([
      "Apply Online",
      "Opens on 10 Nov 2026",
    ]);
    expect(actions("job", withStart, "2026-11-26")[0]).toEqual(["Apply Online", undefined]);
    expect(actions("job", withStart, "2026-11-27")).toEqual([
      ["Apply Online", "Closed on 26 Nov 2026"],
      ["Download Notification", undefined],
    ]);
  });
});
