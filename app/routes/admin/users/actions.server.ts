import { redirect } from "react-router";
import { z } from "zod";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import type { StaffUser } from "~/users/guard.server.ts";
import { services } from "~/platform/services.server.ts";
import {
  UserActionError,
  createUser,
  passwordProblem,
  resetUserPassword,
  revokeUserSessions,
  setUserDisabled,
  setUserRole,
  unlockUserSignIn,
  type UserChanger,
} from "~/users/users.service.server.ts";
import { CHOOSE_ROLE, USER_ROLES } from "./roles.ts";

/** The create form: the account's e-mail, name, first password and role. */
const CreateUserForm = z.object({
  intent: z.literal("create"),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Enter the e-mail address")
    .max(254, "The e-mail address must be at most 254 characters")
    .pipe(z.email("Enter a valid e-mail address, like name@example.com")),
  name: z.string().trim().max(80, "The name must be at most 80 characters"),
  // Not trimmed: spaces are part of a passphrase. Strength is checked by passwordProblem().
  password: z.string().max(128, "The password must be at most 128 characters"),
  role: z.enum(USER_ROLES, { message: CHOOSE_ROLE }),
});

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

const NOT_CREATED = "The user was not created. Correct the fields marked below.";
/** A password is never sent back to the page, logged or audited. */
const hide = ["password"];

/**
 * Parse the form and hand the change to the users service, which checks who may change whom and
 * records the audit line (app/users/users.service.server.ts); its refusals come back as words.
 */
export async function usersAction(request: Request, user: StaffUser) {
  const { auth, db } = await services();
  const form = await request.formData();
  const submission = parseForm(form, UsersForm);
  const by: UserChanger = { db, auth, headers: request.headers, actor: user };

  if (submission.status !== "success") {
    const error = submission.error ?? {};
    if (form.get("intent") === "create") {
      // Every mistake at once: a weak password is said too, not only after the rest is fixed.
      const password = String(form.get("password") ?? "");
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const weak = error.password ? undefined : passwordProblem(password, email);
      return refuse(submission, { formError: NOT_CREATED, fieldErrors: { password: weak }, hide });
    }
    const formError = error.intent
      ? undefined
      : error.userId
        ? "Choose a user first."
        : error.role
          ? CHOOSE_ROLE
          : undefined;
    return refuse(submission, { formError, hide });
  }

  const value = submission.value;
  try {
    switch (value.intent) {
      case "create": {
        const { intent: _, ...input } = value;
        await createUser(by, input);
        return redirect(`/admin/users?done=created`);
      }
      case "set-role":
        await setUserRole(by, value.userId, value.role);
        return redirect(`/admin/users?done=role-${value.role}`);
      case "disable":
      case "enable":
        await setUserDisabled(by, value.userId, value.intent === "disable");
        break;
      case "reset-password":
        await resetUserPassword(by, value.userId, value.password);
        break;
      case "revoke-sessions":
        await revokeUserSessions(by, value.userId);
        break;
      case "unlock-sign-in":
        await unlockUserSignIn(by, value.userId);
        break;
    }
    return redirect(`/admin/users?done=${value.intent}`);
  } catch (err) {
    if (!(err instanceof UserActionError)) throw err;
    if (value.intent === "create")
      return refuse(submission, {
        formError: NOT_CREATED,
        fieldErrors: { [err.field ?? "email"]: err.message },
        hide,
      });
    return refuse(submission, {
      formError: err.message,
      fieldErrors: err.field ? { [err.field]: err.message } : {},
      hide,
    });
  }
}
