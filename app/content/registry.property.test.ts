import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { allFields, type Field } from "./fields.ts";
import { fieldErrorsFromIssues, parseEntryForm } from "./form-data.ts";
import { entryInputSchema, KIND_LIST } from "./registry.ts";

/**
 * Whatever arrives (a form, a hand-made request, JSON), the entry schema answers with a result,
 * never an exception, and every complaint says something a person can read. fast-check picks a
 * new seed each run; a failure prints the seed and the shrunk input to replay it.
 */

/** Text that the schema's rules care about, mixed with anything at all. */
const nastyText = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ maxLength: 4000 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    "",
    " ",
    "\t\n",
    "\u0000",
    "0",
    "-1",
    "1e309",
    "NaN",
    "Infinity",
    "0x10",
    "2024-02-30",
    "9999-99-99",
    "2026-12-31",
    "2026-12-31T10:00",
    "javascript:alert(1)",
    "https://example.com/",
    "published",
    "scheduled",
    "FULL_TIME",
    "__proto__",
    "constructor",
    "<img src=x onerror=alert(1)>",
    "' OR 1=1 --",
  ),
);
const jsonish = fc.jsonValue({ maxDepth: 3 });
const anyValue = fc.oneof(nastyText, jsonish, fc.constant(undefined));

function dataOf(fields: readonly Field[]) {
  const entries = fields.map((f) => {
    if (f.type !== "rows") return [f.name, anyValue] as const;
    const row = fc.record(Object.fromEntries(f.columns.map((c) => [c.name, anyValue])), {
      requiredKeys: [],
    });
    return [
      f.name,
      fc.oneof(fc.array(fc.oneof(row, jsonish), { maxLength: 8 }), anyValue),
    ] as const;
  });
  return fc.record(Object.fromEntries(entries), { requiredKeys: [] });
}

function inputOf(fields: readonly Field[]) {
  return fc.oneof(
    fc.record(
      {
        title: anyValue,
        slug: anyValue,
        organization: anyValue,
        status: anyValue,
        publishAt: anyValue,
        jobId: anyValue,
        data: fc.oneof(dataOf(fields), jsonish),
      },
      { requiredKeys: [] },
    ),
    jsonish,
  );
}

/** Form posts: flat names, some well-formed (`data.posts[3].total`), some hostile. */
function formOf(fields: readonly Field[]) {
  const names = [
    "title",
    "slug",
    "organization",
    "status",
    "publishAt",
    "jobId",
    ...fields.flatMap((f) =>
      f.type === "rows"
        ? f.columns.flatMap((c) => [`data.${f.name}[0].${c.name}`, `data.${f.name}[7].${c.name}`])
        : [`data.${f.name}`],
    ),
    // Ticked boxes send a list (`data.disciplines[3]`).
    ...fields.flatMap((f) =>
      f.type === "choices"
        ? [`data.${f.name}[0]`, `data.${f.name}[3]`]
        : f.type === "rows"
          ? f.columns
              .filter((c) => c.type === "choices")
              .map((c) => `data.${f.name}[1].${c.name}[2]`)
          : [],
    ),
  ];
  const name = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...names) },
    fc.constantFrom(
      "data",
      "data[0]",
      "data.__proto__.polluted",
      "constructor.prototype.polluted",
      "data.posts[99999].post",
      "data.posts.0.post",
      "title[0]",
      ".title",
      "data..summary",
    ),
    fc.string({ maxLength: 30 }),
  );
  return fc.array(fc.tuple(name, nastyText), { maxLength: 30 });
}

function expectReadableIssues(issues: readonly { message: string }[]) {
  for (const issue of issues) {
    expect(typeof issue.message).toBe("string");
    expect(issue.message.trim()).not.toBe("");
  }
}

describe("entry schema under generated input", () => {
  for (const kind of KIND_LIST) {
    const fields = allFields(kind.sections);
    const schema = entryInputSchema(kind.kind);

    it(`${kind.kind}: safeParse never throws on JSON-like input; every issue has a message`, () => {
      fc.assert(
        fc.property(inputOf(fields), (input) => {
          const result = schema.safeParse(input);
          if (!result.success) {
            expect(result.error.issues.length).toBeGreaterThan(0);
            expectReadableIssues(result.error.issues);
          }
        }),
        { numRuns: 400 },
      );
    });

    it(`${kind.kind}: a generated form post parses, and each error names an input`, () => {
      fc.assert(
        fc.property(formOf(fields), (pairs) => {
          const parsed = parseEntryForm(pairs);
          expect(Object.getPrototypeOf({})).not.toHaveProperty("polluted");
          const result = schema.safeParse(parsed.value);
          if (result.success) return;
          expectReadableIssues(result.error.issues);
          const errors = fieldErrorsFromIssues(result.error.issues, parsed.rowOrigins);
          for (const [name, message] of Object.entries(errors)) {
            expect(name).not.toBe("");
            expect(message.trim()).not.toBe("");
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});
