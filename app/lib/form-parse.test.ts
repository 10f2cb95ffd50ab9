import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "./form-parse.ts";

const Schema = z.object({ email: z.email("Enter a valid e-mail address") });

/** What Conform's "check this field" request carries (a hidden button's name and value). */
const checking = (email: string) => {
  const form = new FormData();
  form.append("email", email);
  form.append("__intent__", JSON.stringify({ type: "validate", payload: { name: "email" } }));
  return form;
};

describe("parseForm and Conform's own requests", () => {
  it("in the browser, a field check stays a check: not a submission to send", () => {
    const submission = parseForm(checking("a@example.com"), Schema, { intents: true });
    // A submission "success" would be sent to the action: one POST per field left.
    if (submission.status === "success") throw new Error("read as a submission to send");
    expect(submission.error).toEqual({});
    const bad = parseForm(checking("bad"), Schema, { intents: true });
    if (bad.status === "success") throw new Error("read as a submission to send");
    expect(bad.error?.email).toEqual(["Enter a valid e-mail address"]);
  });

  it("on the server, the name is not the form's: the submission is read as sent", () => {
    const submission = parseForm(checking("a@example.com"), Schema);
    expect(submission.status).toBe("success");
    expect(submission.payload).not.toHaveProperty("__intent__");
  });
});
