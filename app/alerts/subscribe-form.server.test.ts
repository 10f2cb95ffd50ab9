import { describe, expect, it } from "vitest";
import { alerts as en } from "~/i18n/catalog/en/alerts.ts";
import { alerts as hi } from "~/i18n/catalog/hi/alerts.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import {
  manageFormSchema,
  preferencesInput,
  SUBSCRIBE_LISTS,
  subscribeFormSchema,
  subscribeInput,
} from "./subscribe-form.server.ts";

/** The sign-up form as a browser posts it, read as the /alerts action reads it. */
function read(pairs: [string, string][], words = en.errors) {
  const form = new FormData();
  for (const [name, value] of pairs) form.append(name, value);
  return parseForm(form, subscribeFormSchema(words), { multiple: SUBSCRIBE_LISTS });
}

const errorsOf = (submission: ReturnType<typeof read>) =>
  submission.status === "error" ? submission.error : null;

describe("the /alerts sign-up read by parseForm (issue 27)", () => {
  it("takes a sign-up with its choices by key, an old page's English names and the typed organization", () => {
    const submission = read([
      ["email", " Ravi@Example.IN "],
      ["states", "Bihar"],
      ["states", "goa"],
      ["kinds", "job"],
      ["organization", "  SSC  "],
      ["cadence", "daily"],
      ["digestHour", "18"],
    ]);
    expect(submission.status).toBe("success");
    expect(subscribeInput(submission.status === "success" && submission.value)).toMatchObject({
      email: "ravi@example.in",
      states: ["bihar", "goa"],
      kinds: ["job"],
      organizations: ["SSC"],
      cadence: "daily",
      digestHour: 18,
      language: "en",
    });
  });

  it("says a bad address at the address, and any bad choice once at the choices, word for word", () => {
    expect(errorsOf(read([["email", "not-an-address"]]))).toEqual({ email: [en.errors.email] });
    expect(errorsOf(read([["email", ""]], hi.errors))).toEqual({ email: [hi.errors.email] });
    expect(
      errorsOf(
        read([
          ["email", "a@b.in"],
          ["states", "Narnia"],
          ["kinds", "recipe"],
          ["language", "fr"],
        ]),
      ),
    ).toEqual({ topics: [en.errors.topics] });
  });

  it("says too many organizations before any other bad choice, as the page always did", () => {
    const many = Array.from({ length: 21 }, (_, i): [string, string] => ["organizations", `O${i}`]);
    expect(errorsOf(read([["email", "a@b.in"], ["states", "Narnia"], ...many]))).toEqual({
      topics: [en.errors.organizations],
    });
  });

  it("sends back at most what the form allows (issue 25)", async () => {
    const huge = "x".repeat(100_000);
    const submission = read([
      ["email", huge],
      ["organization", huge],
      ["junk", huge],
      ...Array.from({ length: 500 }, (_, i): [string, string] => ["organizations", `${i}${huge}`]),
    ]);
    const reply = refuse(submission).data;
    const sent = reply.initialValue as Record<string, unknown>;
    expect((sent.email as string).length).toBe(254);
    expect((sent.organization as string).length).toBe(120);
    expect(sent.junk).toBeUndefined();
    expect((sent.organizations as string[]).length).toBe(20);
    expect(JSON.stringify(reply).length).toBeLessThan(10_000);
  });

  it("reads the manage page's choices without an address, with the same words", () => {
    const form = new FormData();
    for (const [name, value] of [
      ["token", "t"],
      ["intent", "save"],
      ["qualifications", "12th Pass"],
      ["language", "hi"],
    ])
      form.append(name, value);
    const ok = parseForm(form, manageFormSchema(hi.errors), { multiple: SUBSCRIBE_LISTS });
    expect(ok.status).toBe("success");
    expect(preferencesInput(ok.status === "success" && ok.value)).toMatchObject({
      qualifications: ["12th-pass"],
      language: "hi",
    });
    form.append("states", "Narnia");
    const refused = parseForm(form, manageFormSchema(hi.errors), { multiple: SUBSCRIBE_LISTS });
    expect(refused.status === "error" && refused.error).toEqual({ topics: [hi.errors.topics] });
  });
});
