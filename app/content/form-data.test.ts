import { parse } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import {
  entryToFormTree,
  fieldErrorsFromIssues,
  indiaLocalToIso,
  inputId,
  inputName,
  isoToIndiaLocal,
  parseEntryForm,
  parseName,
  readableForm,
} from "./form-data.ts";
import { entryInputSchema } from "./registry.ts";

function form(pairs: [string, string][]) {
  const fd = new FormData();
  for (const [k, v] of pairs) fd.append(k, v);
  return fd;
}

const validJob: [string, string][] = [
  ["title", "Junior Clerk Recruitment 2026"],
  ["slug", ""],
  ["organization", "Central Staff Selection Agency"],
  ["status", "published"],
  ["publishAt", ""],
  ["data.summary", "Vacancies for junior clerks."],
  ["data.employmentType", "FULL_TIME"],
  ["data.state", "Delhi"],
  ["data.lastDate", "2026-12-31"],
  ["data.qualification", "12th Pass"],
];

describe("entry form parser", () => {
  it("nests dotted and indexed names into the object the schema expects", () => {
    const { value } = parseEntryForm(
      form([
        ...validJob,
        ["data.posts[0].post", "Junior Clerk"],
        ["data.posts[0].total", "120"],
        ["data.posts[1].post", "Typist"],
        ["data.posts[1].total", "30"],
        ["intent", "publish"],
      ]),
    );
    expect(value.title).toBe("Junior Clerk Recruitment 2026");
    expect(value.data).toMatchObject({
      summary: "Vacancies for junior clerks.",
      posts: [
        { post: "Junior Clerk", total: "120" },
        { post: "Typist", total: "30" },
      ],
    });
    const parsed = entryInputSchema("job").parse(value);
    expect(parsed.data.posts).toEqual([
      {
        post: "Junior Clerk",
        total: 120,
        ur: undefined,
        ews: undefined,
        obc: undefined,
        sc: undefined,
        st: undefined,
      },
      {
        post: "Typist",
        total: 30,
        ur: undefined,
        ews: undefined,
        obc: undefined,
        sc: undefined,
        st: undefined,
      },
    ]);
    // The button's intent is not part of the entry: the schema strips it.
    expect(parsed).not.toHaveProperty("intent");
  });

  it("closes gaps in row indexes, keeps the input order and remembers where each row came from", () => {
    const { value, rowOrigins } = parseEntryForm(
      form([
        ["data.posts[7].post", "Third"],
        ["data.posts[0].post", "First"],
        ["data.posts[3].post", "Second"],
      ]),
    );
    expect((value.data as Record<string, unknown>).posts).toEqual([
      { post: "First" },
      { post: "Second" },
      { post: "Third" },
    ]);
    expect(rowOrigins["data.posts"]).toEqual([0, 3, 7]);
  });

  it("drops rows nobody typed into, so error positions match the rows that were kept", () => {
    const { value, rowOrigins } = parseEntryForm(
      form([
        ["data.posts[0].post", " "],
        ["data.posts[0].total", ""],
        ["data.posts[1].post", "Clerk"],
        ["data.posts[1].total", "-5"],
        ["data.posts[2].post", ""],
      ]),
    );
    expect((value.data as Record<string, unknown>).posts).toEqual([{ post: "Clerk", total: "-5" }]);
    expect(rowOrigins["data.posts"]).toEqual([1]);
    const result = entryInputSchema("job").safeParse({ ...value, title: "x" });
    expect(result.success).toBe(false);
    const errors = fieldErrorsFromIssues(result.error!.issues, rowOrigins);
    expect(errors["data.posts[1].total"]).toBe("Total cannot be negative");
    // Without the origins the name is the compacted position, which is what a re-rendered form uses.
    expect(fieldErrorsFromIssues(result.error!.issues)["data.posts[0].total"]).toBe(
      "Total cannot be negative",
    );
  });

  it("ignores hostile and malformed names instead of trusting them", () => {
    const { value } = parseEntryForm(
      form([
        ["__proto__.polluted", "yes"],
        ["data.__proto__.polluted", "yes"],
        ["data.constructor.prototype.polluted", "yes"],
        ["data.posts[0].__proto__", "yes"],
        ["constructor", "x"],
        [".title", "x"],
        ["data..summary", "x"],
        ["data.posts[99999].post", "x"],
        ["data.posts[-1].post", "x"],
        ["[0].post", "x"],
        ["data.posts[0]post", "x"],
        ["title", "Kept"],
      ]),
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(value).toEqual({ title: "Kept" });
  });

  it("keeps the first shape of a name: a value never turns into a container or back", () => {
    const { value } = parseEntryForm(
      form([
        ["data.summary", "text"],
        ["data.summary.inner", "ignored"],
        ["data.posts[0].post", "Clerk"],
        ["data.posts", "ignored"],
        ["data.faqs.question", "kept: faqs becomes an object"],
        ["data.faqs[0].question", "ignored: faqs is already an object"],
      ]),
    );
    expect(value.data).toEqual({
      summary: "text",
      posts: [{ post: "Clerk" }],
      faqs: { question: "kept: faqs becomes an object" },
    });
  });

  it("skips files and lets a repeated name's later value win", () => {
    const fd = form([
      ["title", "First"],
      ["title", "Second"],
    ]);
    fd.append("data.summary", new Blob(["x"]), "x.txt");
    const { value } = parseEntryForm(fd);
    expect(value).toEqual({ title: "Second" });
  });

  it("reads names back from issue paths and makes safe dom ids", () => {
    expect(inputName(["data", "posts", 0, "total"])).toBe("data.posts[0].total");
    expect(inputName(["title"])).toBe("title");
    expect(inputId("data.posts[0].total")).toBe("f-data-posts-0-total");
    expect(parseName("data.posts[12].total")).toEqual([
      { key: "data" },
      { key: "posts" },
      { index: 12 },
      { key: "total" },
    ]);
  });

  it("reads publish times as Indian time and shows saved ones in Indian time", () => {
    expect(indiaLocalToIso("2026-11-22T15:30")).toBe("2026-11-22T10:00:00.000Z");
    expect(isoToIndiaLocal("2026-11-22T10:00:00.000Z")).toBe("2026-11-22T15:30");
    expect(indiaLocalToIso("2026-11-22T10:00:00.000Z")).toBe("2026-11-22T10:00:00.000Z");
    expect(indiaLocalToIso(undefined)).toBeUndefined();
    expect(isoToIndiaLocal(null)).toBe("");
  });

  it("turns a saved entry into the strings its inputs hold", () => {
    const tree = entryToFormTree({
      title: "T",
      slug: "t",
      organization: "O",
      status: "draft",
      publishAt: null,
      jobId: null,
      data: { summary: "S", salaryMin: 100, posts: [{ post: "P", total: 3, ur: undefined }] },
    });
    expect(tree).toEqual({
      title: "T",
      slug: "t",
      organization: "O",
      status: "draft",
      publishAt: "",
      jobId: "",
      data: { summary: "S", salaryMin: "100", posts: [{ post: "P", total: "3" }] },
    });
  });

  it("checks the job's ranges across fields and points at the later field's input", () => {
    const { value, rowOrigins } = parseEntryForm(
      form([
        ...validJob,
        ["data.salaryMin", "50000"],
        ["data.salaryMax", "20000"],
        ["data.ageMin", "30"],
        ["data.ageMax", "18"],
        ["data.applicationStart", "2027-01-10"],
        // Repeats validJob's last date: the later value wins.
        ["data.lastDate", "2027-01-01"],
      ]),
    );
    const result = entryInputSchema("job").safeParse(value);
    expect(result.success).toBe(false);
    const errors = fieldErrorsFromIssues(result.error!.issues, rowOrigins);
    expect(errors).toEqual({
      "data.salaryMax": "Salary up to must not be less than salary from",
      "data.ageMax": "Maximum age must not be less than minimum age",
      "data.lastDate": "Last date to apply must not be before the application start",
    });
    // Reported together with other problems, not only once everything else is right.
    const alongside = parseEntryForm(
      form([
        ...validJob,
        ["title", ""],
        ["data.applyUrl", "www.example"],
        ["data.salaryMin", "50000"],
        ["data.salaryMax", "20000"],
      ]),
    );
    const both = entryInputSchema("job").safeParse(alongside.value);
    expect(Object.keys(fieldErrorsFromIssues(both.error!.issues)).sort()).toEqual([
      "data.applyUrl",
      "data.salaryMax",
      "title",
    ]);
    const fine = parseEntryForm(
      form([...validJob, ["data.salaryMin", "20000"], ["data.salaryMax", "20000"]]),
    );
    expect(entryInputSchema("job").safeParse(fine.value).success).toBe(true);
  });
});

// Conform's parse throws on its own control names when they are not its JSON (a 500, not a 400):
// the entry editor's action hands it only what the editor's reader takes.
describe("the form Conform's parse is given on the server", () => {
  it("holds only the reader's text values: no forged __intent__ or __state__, files or prototypes", () => {
    const sent = form([
      ["title", "A job"],
      ["__intent__", "{not json"],
      ["__state__", "{not json"],
      ["__proto__.polluted", "1"],
      ["data.posts[0].total", "4"],
    ]);
    sent.append("notice", new File(["%PDF"], "notice.pdf"));
    expect(() => parse(sent, { resolve: () => ({ value: {} }) })).toThrow();
    const readable = readableForm(sent);
    expect([...readable.keys()]).toEqual(["title", "data.posts[0].total"]);
    expect(parse(readable, { resolve: () => ({ value: {} }) }).status).toBe("success");
  });
});
