import { describe, expect, it } from "vitest";
import { allFields } from "./fields.ts";
import { filterColumns } from "./field-roles.ts";
import { entryInputSchema, KIND_LIST, REGISTRY } from "./registry.ts";
import { slugify } from "./kinds/schema.ts";
import { setClock } from "../lib/india-date.ts";

function validJob() {
  return {
    title: "Junior Clerk Recruitment 2026",
    organization: "Central Staff Selection Agency",
    status: "published",
    data: {
      summary: "Vacancies for junior clerks.",
      employmentType: "FULL_TIME",
      state: "Delhi",
      lastDate: "2026-12-31",
      qualification: "12th Pass",
      posts: [{ post: "Junior Clerk", total: "120", ur: "", ews: "" }],
      fees: [{ category: "", amount: "" }],
    },
  };
}

describe("content registry", () => {
  it("describes the five kinds with the spec's URL prefixes and admin segments", () => {
    expect(KIND_LIST.map((k) => [k.urlPrefix, k.adminSegment])).toEqual([
      ["/jobs", "manage-jobs"],
      ["/results", "manage-results"],
      ["/admit-cards", "manage-admit-cards"],
      ["/syllabus", "manage-syllabi"],
      ["/answer-key", "manage-answer-keys"],
    ]);
  });

  it("gives every field a unique name within its kind", () => {
    for (const kind of KIND_LIST) {
      const names = allFields(kind.sections).map((f) => f.name);
      expect(new Set(names).size, kind.kind).toBe(names.length);
    }
  });

  it("projects the job's state, qualification and last date into columns", () => {
    const columns = allFields(REGISTRY.job.sections).flatMap((f) =>
      f.type !== "rows" && f.column ? [f.column] : [],
    );
    expect(columns.sort()).toEqual(["last_date", "qualification", "state"]);
  });

  it("accepts a valid job, coercing numbers and dropping blank rows", () => {
    const parsed = entryInputSchema("job").parse(validJob());
    expect(parsed.data.posts).toEqual([
      { post: "Junior Clerk", total: 120, ur: undefined, ews: undefined },
    ]);
    expect(parsed.data.fees).toEqual([]);
  });

  it("names each missing or malformed field in words", () => {
    const input = validJob();
    input.title = "";
    input.data.lastDate = "31/12/2026";
    input.data.state = "Atlantis";
    delete (input.data as Record<string, unknown>).summary;
    const result = entryInputSchema("job").safeParse(input);
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error!.issues.map((i) => [i.path.join("."), i.message]),
    );
    expect(messages["title"]).toBe("Title must be at least 3 characters");
    expect(messages["data.lastDate"]).toBe("Last date to apply must be a date (YYYY-MM-DD)");
    expect(messages["data.state"]).toMatch(/Choose one of the listed options/);
    expect(messages["data.summary"]).toBe("Short information is required");
  });

  it("refuses links that are not http(s)", () => {
    const input = validJob();
    (input.data as Record<string, unknown>).applyUrl = "javascript:alert(1)";
    const result = entryInputSchema("job").safeParse(input);
    expect(result.error?.issues[0].message).toBe(
      "Apply online must be a full http:// or https:// address",
    );
  });

  // Links are published for readers to follow: none may lead to this server's own network or
  // carry someone's sign-in (javascript: is refused above by the same check).
  it.each([
    ["http://[::1]/apply", "private"],
    ["http://127.0.0.1:8080/apply", "private"],
    ["http://127.0.0.1:44123/admin", "private"],
    ["http://169.254.169.254/latest/meta-data", "private"],
    ["http://localhost/x", "private"],
    ["http://app.localhost/x", "private"],
    ["http://intranet/", "private"],
    ["http://10.0.0.1/x", "private"],
    ["http://192.168.1.1/", "private"],
    ["http://2130706433/", "private"],
    ["http://[::ffff:127.0.0.1]/", "private"],
    ["http://[fd12:3456::1]/", "private"],
    ["http://[fe80::1]/", "private"],
    ["http://0.0.0.0/", "private"],
    ["http://[::]/", "private"],
    ["http://user:pass@10.0.0.1/x", "credentials"],
    ["https://user@ssc.gov.in/", "credentials"],
  ])("refuses the internal or signed-in link %s in every link field", (url, why) => {
    const message =
      why === "credentials"
        ? "must not contain a user name or password"
        : "must be a public web address, not a private or local one";
    const input = validJob();
    Object.assign(input.data, {
      applyUrl: url,
      notificationUrl: url,
      officialWebsite: url,
      links: [{ label: "Portal", url }],
    });
    const result = entryInputSchema("job").safeParse(input);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
    expect(messages).toEqual({
      "data.applyUrl": `Apply online ${message}`,
      "data.notificationUrl": `Notification PDF ${message}`,
      "data.officialWebsite": `Official website ${message}`,
      "data.links.0.url": `Address ${message}`,
    });
  });

  it("refuses internal links in the other kinds' link fields too", () => {
    for (const kind of KIND_LIST) {
      const fields = allFields(kind.sections).filter((f) => f.type === "url");
      expect(fields.length, kind.kind).toBeGreaterThan(0);
      for (const field of fields) {
        const result = entryInputSchema(kind.kind).safeParse({
          title: "Some entry title",
          organization: "Some agency",
          status: "draft",
          data: { [field.name]: "http://127.0.0.1/x" },
        });
        const issue = result.error?.issues.find((i) => i.path.join(".") === `data.${field.name}`);
        expect(issue?.message, `${kind.kind}.${field.name}`).toBe(
          `${field.label} must be a public web address, not a private or local one`,
        );
      }
    }
  });

  it.each([
    "https://ssc.gov.in",
    "https://example.com/path",
    "http://8.8.8.8/apply",
    "https://[2606:4700::6810:84e5]/x",
    "https://upsc.gov.in./apply?x=1",
  ])("keeps the public link %s", (url) => {
    const input = validJob();
    Object.assign(input.data, {
      applyUrl: url,
      officialWebsite: url,
      links: [{ label: "L", url }],
    });
    const result = entryInputSchema("job").safeParse(input);
    expect(result.error?.issues).toBeUndefined();
  });

  it("requires a publish time for a scheduled entry", () => {
    const result = entryInputSchema("job").safeParse({ ...validJob(), status: "scheduled" });
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["publishAt"]);
  });

  it("refuses a scheduled time already past (India time), and takes the minute being typed", () => {
    setClock("2026-11-28T06:00:30Z"); // 11:30:30 in India
    try {
      const scheduled = (publishAt: string) =>
        entryInputSchema("job").safeParse({ ...validJob(), status: "scheduled", publishAt });
      for (const past of ["2020-01-01T10:00", "2026-11-28T11:29", "2026-11-28T05:59:00.000Z"]) {
        const issues = scheduled(past).error?.issues ?? [];
        expect(
          issues.map((i) => [i.path.join("."), i.message]),
          past,
        ).toEqual([["publishAt", "That time has passed: choose a later one, or publish it now"]]);
      }
      for (const now of ["2026-11-28T11:30", "2026-11-28T11:31", "2027-01-01T09:00"])
        expect(scheduled(now).success, now).toBe(true);
      // Only a schedule is refused: a published entry keeps its past time.
      const published = { ...validJob(), status: "published", publishAt: "2020-01-01T10:00" };
      expect(entryInputSchema("job").safeParse(published).success).toBe(true);
    } finally {
      setClock();
    }
  });

  it("keeps ticked subjects as their keys in the list's order, once each; refuses unknown ones", () => {
    const schema = entryInputSchema("job");
    const input = validJob();
    Object.assign(input.data, {
      disciplines: ["science", "arts", "science", ""],
      alsoRequired: "education",
      posts: [{ post: "TGT", total: "2", disciplines: ["medicine"] }],
    });
    const parsed = schema.parse(input);
    expect(parsed.data.disciplines).toEqual(["arts", "science"]);
    expect(parsed.data.alsoRequired).toEqual(["education"]);
    expect((parsed.data.posts as { disciplines?: string[] }[])[0].disciplines).toEqual([
      "medicine",
    ]);
    // Nothing ticked is no value, as an empty box is.
    Object.assign(input.data, { disciplines: [], alsoRequired: [""] });
    expect(schema.parse(input).data).not.toHaveProperty("disciplines", expect.anything());
    // "Other" names no subject to check a candidate against: posts cannot ask for it.
    for (const wrong of [["other"], ["astrology"], [7], { arts: "on" }]) {
      Object.assign(input.data, { disciplines: wrong });
      const result = schema.safeParse(input);
      expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
        ["data.disciplines", expect.stringMatching(/Subjects accepted/)],
      ]);
    }
  });

  it("refuses a table cell that cannot be read as text, without throwing", () => {
    // A hand-made request's `{ toString: [] }` made the blank-row check throw.
    const input = validJob();
    input.data.posts = [{ post: { toString: [] } as never, total: "1", ur: "", ews: "" }];
    const result = entryInputSchema("job").safeParse(input);
    expect(result.success).toBe(false);
  });

  it("makes readable slugs", () => {
    expect(slugify("SSC CGL Recruitment 2026 – Apply Online (Tier I)")).toBe(
      "ssc-cgl-recruitment-2026-apply-online-tier-i",
    );
    expect(slugify("!!!")).toBe("entry");
  });
});

describe("field roles: filters", () => {
  it("a list filters on the columns its fields with the filter role fill", () => {
    expect(filterColumns(REGISTRY.job.sections)).toEqual(["state", "qualification"]);
    for (const kind of ["result", "admit-card", "syllabus", "answer-key"] as const)
      expect(filterColumns(REGISTRY[kind].sections), kind).toEqual([]);
  });
});
