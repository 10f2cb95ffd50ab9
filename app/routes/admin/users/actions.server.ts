import { redirect } from "react-router";
import { z } from "zod";
import { recordAudit } from "~/writes/audit.repository.server.ts";
import { parseForm, refuse } from "~/platform/forms.server.ts";
import type { AdminUser } from "~/users/guard.server.ts";
import { services } from "~/platform/services.server.ts";
import { clearSignInFailures } from "~/users/sign-in-throttle.server.ts";
import {
  UserActionError,
  createUserAsAdmin,
  listUsersAsAdmin,
  passwordProblem,
  resetPasswordAsAdmin,
  revokeSessionsAsAdmin,
  setRoleAsAdmin,
  setUserDisabledAsAdmin,
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
  // The new password's strength and length are resetPasswordAsAdmin's to judge.
  onUser("reset-password").extend({ password: z.string() }),
  onUser("revoke-sessions"),
  onUser("unlock-sign-in"),
]);

const NOT_CREATED = "The user was not created. Correct the fields marked below.";
/** A password is never sent back to the page, logged or audited. */
const hide = ["password"];

export async function usersAction(request: Request, user: AdminUser) {
  const actor = { id: user.id, email: user.email };
  const { auth, db } = await services();
  const form = await request.formData();
  const submission = parseForm(form, UsersForm);
  const headers = request.headers;

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
  if (value.intent === "create") {
    const { intent: _, ...input } = value;
    try {
      const created = await createUserAsAdmin(auth, headers, input);
      await recordAudit(db, actor, "user.create", created.email, `role ${input.role}`);
      return redirect(`/admin/users?done=created`);
    } catch (err) {
      if (err instanceof UserActionError)
        return refuse(submission, {
          formError: NOT_CREATED,
          fieldErrors: { [err.field ?? "email"]: err.message },
          hide,
        });
      throw err;
    }
  }

  const target = (await listUsersAsAdmin(auth, headers)).find((u) => u.id === value.userId);
  if (!target) return refuse(submission, { formError: "This user no longer exists.", hide });

  try {
    switch (value.intent) {
      case "set-role": {
        await setRoleAsAdmin(auth, headers, user.id, target.id, value.role);
        await recordAudit(db, actor, "user.set-role", target.email, value.role);
        return redirect(`/admin/users?done=role-${value.role}`);
      }
      case "disable":
      case "enable": {
        const disabled = value.intent === "disable";
        await setUserDisabledAsAdmin(auth, headers, user.id, target.id, disabled);
        await recordAudit(db, actor, disabled ? "user.disable" : "user.enable", target.email);
        return redirect(`/admin/users?done=${value.intent}`);
      }
      case "reset-password": {
        await resetPasswordAsAdmin(auth, headers, target, value.password);
        await recordAudit(db, actor, "user.reset-password", target.email, "sessions revoked");
        return redirect(`/admin/users?done=${value.intent}`);
      }
      case "revoke-sessions": {
        await revokeSessionsAsAdmin(auth, headers, target.id);
        await recordAudit(db, actor, "user.revoke-sessions", target.email);
        return redirect(`/admin/users?done=${value.intent}`);
      }
      case "unlock-sign-in": {
        // Clears the failed-sign-in counter, so a locked-out editor can try again at once.
        await clearSignInFailures(db, target.email);
        await recordAudit(db, actor, "user.unlock-sign-in", target.email);
        return redirect(`/admin/users?done=${value.intent}`);
      }
    }
  } catch (err) {
    if (err instanceof UserActionError)
      return refuse(submission, {
        formError: err.message,
        fieldErrors: err.field ? { [err.field]: err.message } : {},
        hide,
      });
    throw err;
  }
}
