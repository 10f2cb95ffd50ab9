import { parse } from "@conform-to/react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkEntry, readEntryForm } from "~/components/admin/entry-form/checks.ts";
import { readableForm } from "~/content/form-data.ts";
import { fieldReader } from "~/components/admin/form.tsx";
import { entryInputSchema } from "~/content/registry.ts";
import { refused, type Refusal } from "~/lib/write-result.ts";
import {
  REFUSAL_STATUS,
  UNKNOWN_BUTTON,
  refuse,
  refuseValues,
  refuseWrite,
} from "./forms.server.ts";
import { formConstraint, parseForm } from "~/lib/form-parse.ts";

const Schema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    title: z
      .string()
      .trim()
      .min(1, "Enter the title")
      .max(10, "The title must be at most 10 characters"),
    note: z.string().max(20, "The note must be at most 20 characters").default("kept"),
    count: z.number("Count must be a number").int().min(1).max(5),
    settings: z.object({ rotateMs: z.number().min(2000) }),
  }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1) }),
]);

const form = (pairs: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of pairs) f.append(k, v);
  return f;
};

/** The body of a refusal: a react-router data() response. */
const body = (result: ReturnType<typeof refuse>) =>
  result as unknown as { data: Record<string, unknown>; init: { status: number } };

describe("the admin form layer", () => {
  it("refuses a too-long value with the schema's message, in Conform's reply, status 400", () => {
    const submission = parseForm(
      form([
        ["intent", "save"],
        ["title", "Far too long a title"],
        ["count", "3"],
        ["settings.rotateMs", "3000"],
      ]),
      Schema,
    );
    expect(submission.status).toBe("error");
    const reply = body(refuse(submission));
    expect(reply.init.status).toBe(400);
    expect(reply.data.error).toMatchObject({ title: ["The title must be at most 10 characters"] });
    // The values sent come back, to show again, cut at the field's limit.
    expect(reply.data.initialValue).toMatchObject({ title: "Far too lo" });
  });

  it("picks the button's branch once and reads numbers, nested names and empty boxes", () => {
    const submission = parseForm(
      form([
        ["intent", "save"],
        ["title", " Clerk "],
        ["count", "2"],
        ["settings.rotateMs", "3000"],
      ]),
      Schema,
    );
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    // A missing field is an empty one, so `.default()` does not fill it in.
    expect(submission.value).toEqual({
      intent: "save",
      title: "Clerk",
      note: "",
      count: 2,
      settings: { rotateMs: 3000 },
    });
    const del = parseForm(form([["intent", "delete"]]), Schema);
    expect(del.status).toBe("error");
    expect(del.reply().error).toHaveProperty("id");
  });

  it("an empty number box is not zero", () => {
    const submission = parseForm(
      form([
        ["intent", "save"],
        ["title", "Clerk"],
        ["count", ""],
        ["settings.rotateMs", "3000"],
      ]),
      Schema,
    );
    expect(submission.reply().error).toMatchObject({ count: ["Count must be a number"] });
  });

  it("takes the first value of a repeated name and ignores hostile names", () => {
    const submission = parseForm(
      form([
        ["intent", "delete"],
        ["id", "a"],
        ["id", "b"],
        ["id[]", "c"],
        ["__proto__.polluted", "x"],
        ["constructor.prototype.polluted", "x"],
      ]),
      Schema,
    );
    expect(submission.status).toBe("success");
    if (submission.status === "success")
      expect(submission.value).toEqual({ intent: "delete", id: "a" });
    expect(Object.getPrototypeOf({})).not.toHaveProperty("polluted");
  });

  it("adds the write path's errors and a form message to the same shape", () => {
    const submission = parseForm(
      form([
        ["intent", "delete"],
        ["id", "x"],
      ]),
      Schema,
    );
    const reply = body(
      refuse(submission, { formError: "This redirect is unknown.", fieldErrors: { id: "Taken" } }),
    );
    expect(reply.data.error).toEqual({ "": ["This redirect is unknown."], id: ["Taken"] });
  });

  it("derives maxLength, min, max and required from the schema for the inputs", () => {
    const constraint = formConstraint(Schema);
    expect(constraint.title).toMatchObject({ required: true, maxLength: 10 });
    // Text that may be empty is not required, whatever Conform says about optionality.
    expect(constraint.note.required).toBeUndefined();
    expect(constraint.note.maxLength).toBe(20);
    expect(constraint.count).toMatchObject({ min: 1, max: 5 });
    expect(constraint["settings.rotateMs"]).toMatchObject({ min: 2000 });

    const fields = fieldReader({ title: "Clerk" }, {}, constraint);
    expect(fields.field("title")).toMatchObject({
      name: "title",
      defaultValue: "Clerk",
      maxLength: 10,
      required: true,
      error: undefined,
    });
  });
});

describe("a refused write, as the form's reply", () => {
  const deleting = () =>
    parseForm(
      form([
        ["intent", "delete"],
        ["id", "x"],
      ]),
      Schema,
    );

  it.each<[Refusal, number]>([
    ["invalid", 400],
    ["conflict", 400],
    ["stale", 409],
    ["gone", 409],
    ["not-found", 404],
    ["forbidden", 403],
  ])(
    "answers %s with status %i, its message for the form and its errors at the fields",
    (reason, status) => {
      expect(REFUSAL_STATUS[reason]).toBe(status);
      const reply = body(
        refuseWrite(
          deleting(),
          refused(reason, { message: `Refused: ${reason}.`, fieldErrors: { id: "Not this one" } }),
        ),
      );
      expect(reply.init.status).toBe(status);
      expect(reply.data.status).toBe("error");
      expect(reply.data.error).toEqual({ "": [`Refused: ${reason}.`], id: ["Not this one"] });
      expect(reply.data.initialValue).toEqual({ intent: "delete", id: "x" });
    },
  );

  it("throws the page's 404 for a row that is gone with nothing to say", () => {
    let thrown: unknown;
    try {
      refuseWrite(deleting(), refused("not-found"));
    } catch (err) {
      thrown = err;
    }
    expect(body(thrown as ReturnType<typeof refuse>).init.status).toBe(404);
    expect(body(thrown as ReturnType<typeof refuse>).data).toBeNull();
  });

  it("puts the message at a field when told, and lets the route say it otherwise", () => {
    const atField = body(
      refuseWrite(deleting(), refused("invalid", { message: "Host listed already." }), {
        messageAt: "id",
      }),
    );
    expect(atField.data.error).toEqual({ id: ["Host listed already."] });
    const told = body(
      refuseWrite(deleting(), refused("not-found", { message: "Gone." }), {
        formError: "This redirect no longer exists.",
        status: 400,
      }),
    );
    expect(told.init.status).toBe(400);
    expect(told.data.error).toEqual({ "": ["This redirect no longer exists."] });
  });

  it("answers a form with its own reader in the same shape, with its detail", () => {
    const reply = body(
      refuseWrite(
        { values: { title: "Taken" } },
        refused("conflict", { fieldErrors: { slug: "This slug is in use" } }),
        { detail: { nonce: "n" } },
      ),
    );
    expect(reply.init.status).toBe(400);
    expect(reply.data.error).toEqual({ slug: ["This slug is in use"] });
    expect(reply.data.initialValue).toEqual({ title: "Taken" });
    expect(reply.data.detail).toEqual({ nonce: "n" });
  });
});

// Found moving the entry editor onto refuse (issue 27): its 403 "no longer yours", refused after
// a submission that passed its checks, would have gone back saying "success".
describe("a refusal with nothing more to say", () => {
  it("is still a refusal: status error", () => {
    const passed = parseForm(
      form([
        ["intent", "delete"],
        ["id", "x"],
      ]),
      Schema,
    );
    expect(passed.status).toBe("success");
    const reply = body(refuse(passed, { status: 403, detail: { gone: "Not yours" } }));
    expect(reply.init.status).toBe(403);
    expect(reply.data.status).toBe("error");
  });
});

describe("a button the form does not have", () => {
  it("is refused with one message for the whole form", () => {
    const submission = parseForm(form([["intent", "explode"]]), Schema);
    const reply = body(refuse(submission));
    expect(reply.data.error).toMatchObject({ "": [UNKNOWN_BUTTON] });
  });
});

describe("forms with their own reader (the entry editor, a photo preset)", () => {
  it("refuses in the same shape as every other form", () => {
    const own = body(
      refuseValues(
        { title: "" },
        { fieldErrors: { title: "Enter the title" }, detail: { nonce: "n" } },
      ),
    );
    const conform = body(
      refuse(
        parseForm(
          form([
            ["intent", "delete"],
            ["id", "x"],
          ]),
          Schema,
        ),
        {
          fieldErrors: { id: "Taken" },
        },
      ),
    );
    expect(own.init.status).toBe(conform.init.status);
    expect(Object.keys(own.data).sort()).toEqual(
      expect.arrayContaining(["error", "initialValue", "status"]),
    );
    expect(own.data.status).toBe(conform.data.status);
    expect(own.data.error).toEqual({ title: ["Enter the title"] });
    expect(own.data.detail).toEqual({ nonce: "n" });
  });

  it("takes the core fields' limits from the registry's schema", () => {
    const constraint = formConstraint(entryInputSchema("job"));
    expect(constraint.title).toMatchObject({ maxLength: 200, required: true });
    expect(constraint.slug?.maxLength).toBe(100);
    expect(constraint.organization?.maxLength).toBe(200);
  });

  // What broke (issue 25): a refusal sent back every value as it came, so a 1 MB form post was
  // answered with 2 MB (the page and its data), and a 700 KB entry with 8 MB.
  it("echoes each value at most to its field's limit, and no field the form does not have", () => {
    const mb = "x".repeat(1_000_000);
    const reply = body(
      refuse(
        parseForm(
          form([
            ["intent", "save"],
            ["title", mb],
            ["note", mb],
            ["count", mb],
            ["settings.rotateMs", mb],
            ["junk", mb],
            ["settings.junk", mb],
            ...Array.from({ length: 2000 }, (_, i): [string, string] => [`extra${i}`, "y"]),
          ]),
          Schema,
        ),
      ),
    );
    const echoed = JSON.stringify(reply.data);
    expect(echoed.length).toBeLessThan(5_000);
    expect(reply.data.initialValue).toEqual({
      intent: "save",
      title: "x".repeat(10),
      note: "x".repeat(20),
      count: expect.stringMatching(/^x{1,64}$/),
      settings: { rotateMs: expect.stringMatching(/^x{1,64}$/) },
    });
  });

  it("keeps a record's rows (the settings' FAQ) in the echo, each value within its limit", () => {
    const Rows = z.object({
      faq: z.record(z.string(), z.object({ question: z.string().max(5), answer: z.string() })),
    });
    const reply = body(
      refuse(
        parseForm(
          form([
            ["faq.0.question", "Is it free?"],
            ["faq.1.answer", "x".repeat(5000)],
            ["faq.1.junk", "y"],
          ]),
          Rows,
        ),
        { fieldErrors: { "faq.1.question": "Enter the question" } },
      ),
    );
    expect(reply.data.initialValue).toEqual({
      faq: { "0": { question: "Is it" }, "1": { answer: "x".repeat(2000) } },
    });
    expect(reply.data.fields).toEqual(["faq.0.question", "faq.1.answer"]);
  });

  it("caps the entry editor's echo at the registry's limits, rows included", () => {
    const big = "y".repeat(300_000);
    // As the editor's action refuses: Conform's submission of the form, the tree as read echoed.
    const sent = form(
      [
        "title",
        "organization",
        "junk",
        "data.summary",
        "data.notAField",
        "data.faqs[0].question",
        "data.faqs[0].answer",
        "data.faqs[0].x",
      ].map((name): [string, string] => [name, big]),
    );
    const { value } = readEntryForm(sent);
    const submission = parse(readableForm(sent), { resolve: () => checkEntry("job", value) });
    const reply = body(
      refuse(submission, { schema: entryInputSchema("job"), values: value, formError: "No" }),
    );
    expect(JSON.stringify(reply.data).length).toBeLessThan(40_000);
    const values = reply.data.initialValue as Record<string, unknown>;
    expect(values.title).toBe("y".repeat(200));
    expect(values).not.toHaveProperty("junk");
    expect(values.data).not.toHaveProperty("notAField");
  });
});
