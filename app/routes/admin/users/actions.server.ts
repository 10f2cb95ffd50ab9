import { redirect } from "react-router";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import type { StaffUser } from "~/users/guard.server.ts";
import { services } from "~/platform/services.server.ts";
import {
  UserActionError,
  createUser,
  resetUserPassword,
  revokeUserSessions,
  setUserDisabled,
  setUserRole,
  unlockUserSignIn,
  type UserChanger,
} from "~/users/users.service.server.ts";
import { NOT_CREATED, UsersForm } from "./form.ts";
import { CHOOSE_ROLE } from "./roles.ts";

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
    if (form.get("intent") === "create")
      return refuse(submission, { formError: NOT_CREATED, hide });
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
