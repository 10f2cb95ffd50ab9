import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/form-parse.ts";
import { UsersForm } from "./form.ts";
import { CHOOSE_ROLE } from "./roles.ts";

const create = (fields: Record<string, string>) => {
  const form = new FormData();
  form.set("intent", "create");
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return parseForm(form, UsersForm);
};
/** A refused submission's errors by field; none for a taken one. */
const errorsOf = (submission: ReturnType<typeof create>) =>
  submission.status === "success" ? {} : (submission.error ?? {});

// The create form's schema is checked in the browser as well as by the action (issue 27), so it
// must say every mistake at once, the password's strength included.
describe("the Users screen's create form", () => {
  it("says a weak password together with the other mistakes", () => {
    const submission = create({ email: "new@example.test", name: "", password: "password" });
    expect(submission.status).toBe("error");
    expect(errorsOf(submission).password).toEqual([
      "Password must be at least 12 characters long.",
    ]);
    expect(errorsOf(submission).role).toEqual([CHOOSE_ROLE]);
  });

  it("refuses a password containing the e-mail's name, and takes a good one", () => {
    const weak = create({
      email: "Priyanka@Example.test",
      name: "",
      password: "priyanka-Harbour-64",
      role: "author",
    });
    expect(errorsOf(weak).password).toEqual(["Password must not contain your e-mail name."]);
    const good = create({
      email: "priyanka@example.test",
      name: "",
      password: "first-Pelican-meadow-38",
      role: "author",
    });
    expect(good.status).toBe("success");
  });

  it("says only the length of a password longer than the form allows", () => {
    const submission = create({ email: "a@example.test", name: "", password: "x".repeat(129) });
    expect(errorsOf(submission).password?.[0]).toBe("The password must be at most 128 characters");
  });
});
