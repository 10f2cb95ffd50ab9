import { Form, data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import {
  SectionCard,
  TextField,
  formatDateTime,
  tableClass,
  tdClass,
  thClass,
  useFocusFirstError,
} from "~/components/admin/backoffice-ui.tsx";
import { FieldShell, describedBy, inputClass } from "~/components/admin/field-input.tsx";
import { MIN_PASSWORD_LENGTH } from "~/server/auth.server.ts";
import { recordAudit } from "~/server/audit.server.ts";
import { requireAdmin } from "~/server/guard.server.ts";
import { services } from "~/server/services.server.ts";
import { clearSignInFailures } from "~/server/sign-in-throttle.server.ts";
import {
  UserActionError,
  createUserAsAdmin,
  listUsersAsAdmin,
  passwordProblem,
  resetPasswordAsAdmin,
  revokeSessionsAsAdmin,
  setRoleAsAdmin,
  setUserDisabledAsAdmin,
  type UserRole,
} from "~/server/users.server.ts";
import { ROLE_LABEL, ROLES } from "~/content/roles.ts";
import type { Route } from "./+types/users";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const { auth } = await services();
  const users = await listUsersAsAdmin(auth, request.headers);
  return {
    users,
    me: user.id,
    done: new URL(request.url).searchParams.get("done"),
    minPasswordLength: MIN_PASSWORD_LENGTH,
  };
}

/** The role choice: a back-office role, or "user" (better-auth's default) for no access. */
const USER_ROLES = [...ROLES, "user"] as const satisfies readonly UserRole[];
const USER_ROLE_LABEL: Record<UserRole, string> = { ...ROLE_LABEL, user: "No access" };

const CHOOSE_ROLE = "Choose a role: Admin, Editor, Author or No access.";

/** What each role may do, in the words of the role choice (app/content/roles.ts decides). */
const ROLE_HELP: Record<UserRole, string> = {
  admin: "everything, including users, settings and the SEO tools",
  editor: "create, edit, publish, schedule and trash any entry and site page",
  author: "write drafts and submit them for review; cannot publish",
  user: "cannot open the back-office",
};

const CreateUserSchema = z.object({
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

const UserIdSchema = z.string().trim().min(1).max(100);
const RoleSchema = z.enum(USER_ROLES);

type Intent =
  | "create"
  | "set-role"
  | "disable"
  | "enable"
  | "reset-password"
  | "revoke-sessions"
  | "unlock-sign-in";

function refused(
  intent: Intent,
  error: string,
  extra: {
    userId?: string;
    fieldErrors?: Record<string, string>;
    values?: Record<string, string>;
  } = {},
) {
  return data(
    {
      intent,
      error,
      userId: extra.userId ?? null,
      fieldErrors: extra.fieldErrors ?? {},
      values: extra.values ?? {},
    },
    { status: 400 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const actor = { id: user.id, email: user.email };
  const { auth, db } = await services();
  const form = await request.formData();
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  const intent = text("intent") as Intent;
  const headers = request.headers;

  if (intent === "create") {
    // The password is never sent back to the page, logged or audited.
    const values = {
      email: text("email"),
      name: text("name"),
      role: text("role"),
    };
    const parsed = CreateUserSchema.safeParse({ ...values, password: text("password") });
    if (!parsed.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      // Every mistake at once: a weak password is said too, not only after the rest is fixed.
      const weak = passwordProblem(text("password"), values.email.trim().toLowerCase());
      if (weak) fieldErrors.password ??= weak;
      return refused("create", "The user was not created. Correct the fields marked below.", {
        fieldErrors,
        values,
      });
    }
    try {
      const created = await createUserAsAdmin(auth, headers, parsed.data);
      await recordAudit(db, actor, "user.create", created.email, `role ${parsed.data.role}`);
      return redirect(`/admin/users?done=created`);
    } catch (err) {
      if (err instanceof UserActionError)
        return refused("create", "The user was not created. Correct the fields marked below.", {
          fieldErrors: { [err.field ?? "email"]: err.message },
          values,
        });
      throw err;
    }
  }

  const userId = UserIdSchema.safeParse(text("userId"));
  if (!userId.success) return refused(intent, "Choose a user first.");
  const target = (await listUsersAsAdmin(auth, headers)).find((u) => u.id === userId.data);
  if (!target) return refused(intent, "This user no longer exists.", { userId: userId.data });

  try {
    switch (intent) {
      case "set-role": {
        const role = RoleSchema.safeParse(text("role"));
        if (!role.success) return refused(intent, CHOOSE_ROLE, { userId: target.id });
        await setRoleAsAdmin(auth, headers, user.id, target.id, role.data);
        await recordAudit(db, actor, "user.set-role", target.email, role.data);
        return redirect(`/admin/users?done=role-${role.data}`);
      }
      case "disable":
      case "enable": {
        const disabled = intent === "disable";
        await setUserDisabledAsAdmin(auth, headers, user.id, target.id, disabled);
        await recordAudit(db, actor, disabled ? "user.disable" : "user.enable", target.email);
        return redirect(`/admin/users?done=${intent}`);
      }
      case "reset-password": {
        await resetPasswordAsAdmin(auth, headers, target, text("password"));
        await recordAudit(db, actor, "user.reset-password", target.email, "sessions revoked");
        return redirect(`/admin/users?done=${intent}`);
      }
      case "revoke-sessions": {
        await revokeSessionsAsAdmin(auth, headers, target.id);
        await recordAudit(db, actor, "user.revoke-sessions", target.email);
        return redirect(`/admin/users?done=${intent}`);
      }
      case "unlock-sign-in": {
        // Clears the failed-sign-in counter, so a locked-out editor can try again at once.
        await clearSignInFailures(db, target.email);
        await recordAudit(db, actor, "user.unlock-sign-in", target.email);
        return redirect(`/admin/users?done=${intent}`);
      }
      default:
        return refused(intent, "This button is not known here. Reload the page and try again.");
    }
  } catch (err) {
    if (err instanceof UserActionError)
      return refused(intent, err.message, {
        userId: target.id,
        fieldErrors: err.field ? { [err.field]: err.message } : {},
      });
    throw err;
  }
}

const DONE: Record<string, string> = {
  created: "User created. They can sign in now.",
  "role-admin": "Role changed to Admin.",
  "role-editor": "Role changed to Editor.",
  "role-author": "Role changed to Author.",
  "role-user": "Role changed to No access: the user can no longer open the back-office.",
  disable: "User disabled and signed out everywhere.",
  enable: "User enabled. They can sign in again.",
  "reset-password": "Password reset. The user was signed out everywhere.",
  "revoke-sessions": "The user was signed out everywhere.",
  "unlock-sign-in": "Sign-in unlocked. The user can try their password again now.",
};

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const d = loaderData;
  const createErrors: Record<string, string | undefined> =
    actionData?.intent === "create" ? actionData.fieldErrors : {};
  const createValues: Record<string, string | undefined> =
    actionData?.intent === "create" ? actionData.values : {};
  const rowError = actionData && actionData.intent !== "create" ? actionData : null;

  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Users" />
      {d.done && DONE[d.done] && !actionData ? (
        <Banner tone="success">{DONE[d.done]}</Banner>
      ) : null}
      {rowError ? <Banner tone="error">{rowError.error}</Banner> : null}

      <SectionCard
        id="users"
        title={`All users (${d.users.length})`}
        description="Admins may do everything; editors publish any entry and site page; authors write drafts and submit them for review. No access: the user cannot open the back-office. A disabled user cannot sign in."
      >
        <div className="relative overflow-x-auto">
          <table className={tableClass}>
            <caption className="sr-only">Users</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  E-mail
                </th>
                <th scope="col" className={thClass}>
                  Name
                </th>
                <th scope="col" className={thClass}>
                  Role
                </th>
                <th scope="col" className={thClass}>
                  Status
                </th>
                <th scope="col" className={thClass}>
                  Created
                </th>
                <th scope="col" className={thClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {d.users.map((u) => {
                const self = u.id === d.me;
                const pwId = `pw-${u.id}`;
                const pwError =
                  rowError?.userId === u.id && rowError.intent === "reset-password"
                    ? rowError.error
                    : undefined;
                return (
                  <tr key={u.id} data-email={u.email}>
                    <td className={`${tdClass} min-w-48 break-all`}>
                      {u.email}
                      {self ? <span className="ml-1 text-xs text-muted">(you)</span> : null}
                    </td>
                    <td className={tdClass}>{u.name}</td>
                    <td className={tdClass}>
                      {self ? (
                        <RoleBadge role={u.role} />
                      ) : (
                        // Its own form: works without JavaScript; the select starts at the role.
                        <Form
                          method="post"
                          key={`${u.id}-${u.role}`}
                          className="flex flex-wrap items-center gap-2"
                        >
                          <input type="hidden" name="userId" value={u.id} />
                          <RoleBadge role={u.role} />
                          <select
                            name="role"
                            defaultValue={u.role}
                            aria-label={`New role for ${u.email}`}
                            className={`${inputClass} w-auto min-w-32`}
                          >
                            {USER_ROLES.map((r) => (
                              <option key={r} value={r}>
                                {USER_ROLE_LABEL[r]}
                              </option>
                            ))}
                          </select>
                          <button
                            type="submit"
                            name="intent"
                            value="set-role"
                            disabled={busy}
                            className={buttonClass.secondary}
                            aria-label={`Change the role of ${u.email}`}
                          >
                            Change role
                          </button>
                        </Form>
                      )}
                    </td>
                    <td className={tdClass}>
                      {u.disabled ? (
                        <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                          Disabled
                        </span>
                      ) : (
                        <span className="rounded-full bg-secondary-light px-2 py-0.5 text-xs font-semibold text-secondary">
                          Active
                        </span>
                      )}
                    </td>
                    <td className={`${tdClass} whitespace-nowrap`}>
                      {formatDateTime(u.createdAt)}
                    </td>
                    <td className={tdClass}>
                      <Form method="post" className="flex flex-wrap justify-end gap-2">
                        <input type="hidden" name="userId" value={u.id} />
                        {self ? (
                          <span className="max-w-56 text-xs text-muted">
                            Your own role and access can only be changed by another admin.
                          </span>
                        ) : (
                          <>
                            <button
                              type="submit"
                              name="intent"
                              value={u.disabled ? "enable" : "disable"}
                              disabled={busy}
                              className={buttonClass.secondary}
                              aria-label={`${u.disabled ? "Enable" : "Disable"} ${u.email}`}
                            >
                              {u.disabled ? "Enable" : "Disable"}
                            </button>
                          </>
                        )}
                        <button
                          type="submit"
                          name="intent"
                          value="revoke-sessions"
                          disabled={busy}
                          className={buttonClass.secondary}
                          aria-label={`Sign out ${u.email} everywhere`}
                        >
                          Sign out everywhere
                        </button>
                        <button
                          type="submit"
                          name="intent"
                          value="unlock-sign-in"
                          disabled={busy}
                          className={buttonClass.secondary}
                          aria-label={`Unlock sign-in for ${u.email}`}
                        >
                          Unlock sign-in
                        </button>
                      </Form>
                      <details className="mt-2 text-right" open={!!pwError}>
                        <summary className="cursor-pointer text-sm font-semibold text-accent underline">
                          Reset password
                        </summary>
                        <Form method="post" className="mt-2 text-left" noValidate>
                          <input type="hidden" name="userId" value={u.id} />
                          <label htmlFor={pwId} className="block text-sm font-semibold">
                            New password for {u.email}
                          </label>
                          <input
                            id={pwId}
                            name="password"
                            type="password"
                            autoComplete="new-password"
                            maxLength={128}
                            aria-invalid={pwError ? true : undefined}
                            aria-describedby={`${pwId}-help`}
                            className={inputClass}
                          />
                          <p id={`${pwId}-help`} className="mt-1 text-xs text-muted">
                            At least {d.minPasswordLength} characters, not a common password. Signs
                            the user out everywhere.
                          </p>
                          <button
                            type="submit"
                            name="intent"
                            value="reset-password"
                            disabled={busy}
                            className={`${buttonClass.primary} mt-2`}
                          >
                            Set new password
                          </button>
                        </Form>
                      </details>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </SectionCard>

      <SectionCard id="create-user" title="Create a user">
        <Form
          method="post"
          noValidate
          className="grid gap-4 md:grid-cols-2"
          key={actionData?.intent === "create" ? "retry" : d.users.length}
        >
          {actionData?.intent === "create" ? (
            <div className="md:col-span-2">
              <Banner tone="error">{actionData.error}</Banner>
            </div>
          ) : null}
          <TextField
            name="email"
            label="E-mail address"
            type="email"
            required
            autoComplete="off"
            defaultValue={createValues.email}
            error={createErrors.email}
            maxLength={254}
          />
          <TextField
            name="name"
            label="Name"
            defaultValue={createValues.name}
            error={createErrors.name}
            maxLength={80}
            help="Shown in history and the audit log. Empty: the part of the e-mail before @."
          />
          <TextField
            name="password"
            label="Password"
            type="password"
            required
            autoComplete="new-password"
            error={createErrors.password}
            maxLength={128}
            help={`At least ${d.minPasswordLength} characters, not a common password. Tell it to the user privately.`}
          />
          <FieldShell
            name="role"
            label="Role"
            required
            error={createErrors.role}
            help={<RoleHelp />}
          >
            <select
              {...describedBy("role", { error: createErrors.role, help: true })}
              defaultValue={createValues.role ?? ""}
              className={inputClass}
            >
              <option value="">Choose a role</option>
              {USER_ROLES.map((r) => (
                <option key={r} value={r}>
                  {USER_ROLE_LABEL[r]}
                </option>
              ))}
            </select>
          </FieldShell>
          <div className="md:col-span-2">
            <button
              type="submit"
              name="intent"
              value="create"
              disabled={busy}
              className={buttonClass.primary}
            >
              Create user
            </button>
          </div>
        </Form>
      </SectionCard>
    </div>
  );
}

function RoleBadge({ role }: { role: UserRole }) {
  const tone =
    role === "admin"
      ? "bg-primary-light text-primary-dark"
      : role === "user"
        ? "bg-stone-200 text-stone-700"
        : "bg-accent-light text-accent";
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>
      {USER_ROLE_LABEL[role]}
    </span>
  );
}

function RoleHelp() {
  return (
    <span className="block">
      {USER_ROLES.map((r) => (
        <span key={r} className="block">
          <strong>{USER_ROLE_LABEL[r]}</strong>: {ROLE_HELP[r]}.
        </span>
      ))}
    </span>
  );
}

export function meta() {
  return [{ title: "Users | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
