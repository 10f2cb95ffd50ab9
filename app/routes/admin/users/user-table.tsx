import { Form } from "react-router";
import { buttonClass } from "~/components/admin/banner.tsx";
import { SectionCard } from "~/components/admin/backoffice-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { AdminTable } from "~/components/admin/admin-table.tsx";
import { inputClass } from "~/components/admin/field-input.tsx";
import type { UserRole } from "~/users/users.service.server.ts";
import { USER_ROLES, USER_ROLE_LABEL } from "./roles.ts";

/** A refused row button: which user and button, and why. */
export interface RowRefusal {
  userId: string | undefined;
  intent: string | undefined;
  error: string;
}

interface UserRow {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  disabled: boolean;
  createdAt: string;
}

/** The Users screen's list: every account, with its role, access and password buttons. */
export function UserTable({
  users,
  me,
  refusal,
  busy,
  minPasswordLength,
  passwordMaxLength,
}: {
  users: UserRow[];
  me: string;
  refusal: RowRefusal | null;
  busy: boolean;
  minPasswordLength: number;
  passwordMaxLength: number | undefined;
}) {
  return (
    <SectionCard
      id="users"
      title={`All users (${users.length})`}
      description="Admins may do everything; editors publish any entry and site page; authors write drafts and submit them for review. No access: the user cannot open the back-office. A disabled user cannot sign in."
    >
      <AdminTable
        caption="Users"
        rows={users}
        rowKey={(u) => u.id}
        rowProps={(u) => ({ "data-email": u.email })}
        columns={[
          {
            key: "email",
            header: "E-mail",
            cellClass: "min-w-48 break-all",
            cell: (u) => (
              <>
                {u.email}
                {u.id === me ? (
                  <span className="ml-1 text-xs break-normal whitespace-nowrap text-muted">
                    (you)
                  </span>
                ) : null}
              </>
            ),
          },
          { key: "name", header: "Name", cell: (u) => u.name },
          {
            key: "role",
            header: "Role",
            cell: (u) => <RoleCell u={u} self={u.id === me} busy={busy} />,
          },
          {
            key: "status",
            header: "Status",
            cell: (u) =>
              u.disabled ? (
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  Disabled
                </span>
              ) : (
                <span className="rounded-full bg-secondary-light px-2 py-0.5 text-xs font-semibold text-secondary">
                  Active
                </span>
              ),
          },
          {
            key: "created",
            header: "Created",
            cellClass: "whitespace-nowrap",
            cell: (u) => formatDateTime(u.createdAt),
          },
          {
            key: "actions",
            header: "Actions",
            hidden: true,
            cell: (u) => (
              <UserActions
                u={u}
                self={u.id === me}
                busy={busy}
                pwError={
                  refusal?.userId === u.id && refusal.intent === "reset-password"
                    ? refusal.error
                    : undefined
                }
                minPasswordLength={minPasswordLength}
                passwordMaxLength={passwordMaxLength}
              />
            ),
          },
        ]}
      />
    </SectionCard>
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

function RoleCell({ u, self, busy }: { u: UserRow; self: boolean; busy: boolean }) {
  return self ? (
    <RoleBadge role={u.role} />
  ) : (
    // Its own form: works without JavaScript; the select starts at the role.
    <Form method="post" key={`${u.id}-${u.role}`} className="flex flex-wrap items-center gap-2">
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
  );
}

/** A user's buttons: access, sessions, sign-in lock, and a new password behind a disclosure. */
function UserActions({
  u,
  self,
  busy,
  pwError,
  minPasswordLength,
  passwordMaxLength,
}: {
  u: UserRow;
  self: boolean;
  busy: boolean;
  pwError: string | undefined;
  minPasswordLength: number;
  passwordMaxLength: number | undefined;
}) {
  const pwId = `pw-${u.id}`;
  return (
    <>
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
            maxLength={passwordMaxLength}
            aria-invalid={pwError ? true : undefined}
            aria-describedby={`${pwId}-help`}
            className={inputClass}
          />
          <p id={`${pwId}-help`} className="mt-1 text-xs text-muted">
            At least {minPasswordLength} characters, not a common password. Signs the user out
            everywhere.
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
    </>
  );
}
