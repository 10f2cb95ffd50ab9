import { z } from "zod";
import { passwordProblem } from "~/users/password-rules.ts";
import { CHOOSE_ROLE, USER_ROLES } from "./roles.ts";

/**
 * What the Users screen posts (./actions.server.ts reads it), kept free of server modules so the
 * create form checks the same schema in the browser before sending (./create-user-form.tsx).
 */

/** What a refused create says above its fields. */
export const NOT_CREATED = "The user was not created. Correct the fields marked below.";

/** The create form: the account's e-mail, name, first password and role. */
const CreateUserForm = z
  .object({
    intent: z.literal("create"),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, "Enter the e-mail address")
      .max(254, "The e-mail address must be at most 254 characters")
      .pipe(z.email("Enter a valid e-mail address, like name@example.com")),
    name: z.string().trim().max(80, "The name must be at most 80 characters"),
    // Not trimmed: spaces are part of a passphrase.
    password: z.string().max(128, "The password must be at most 128 characters"),
    role: z.enum(USER_ROLES, { message: CHOOSE_ROLE }),
  })
  .superRefine(
    ({ password, email }, ctx) => {
      const problem = passwordProblem(password, email);
      if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    },
    // Every mistake at once: a weak password is said too, not only after the rest is fixed.
    { when: ({ value }) => typeof (value as { password?: unknown })?.password === "string" },
  );

/** The buttons of a user's row, each about that user. */
const UserId = z.string().trim().min(1).max(100);
const onUser = <const I extends string>(intent: I) =>
  z.object({ intent: z.literal(intent), userId: UserId });

/** Every button of the Users screen, by its `intent`. */
export const UsersForm = z.discriminatedUnion("intent", [
  CreateUserForm,
  onUser("set-role").extend({ role: z.enum(USER_ROLES) }),
  onUser("disable"),
  onUser("enable"),
  // The new password's strength and length are resetUserPassword's to judge.
  onUser("reset-password").extend({ password: z.string() }),
  onUser("revoke-sessions"),
  onUser("unlock-sign-in"),
]);
