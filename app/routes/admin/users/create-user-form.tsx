import { Form } from "react-router";
import { Banner, buttonClass } from "~/components/admin/banner.tsx";
import { SectionCard, TextField } from "~/components/admin/backoffice-ui.tsx";
import { FieldShell, describedBy, inputClass } from "~/components/admin/field-input.tsx";
import { useAdminForm } from "~/components/admin/form.tsx";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import { NOT_CREATED, UsersForm } from "./form.ts";
import { ROLE_HELP, USER_ROLES, USER_ROLE_LABEL } from "./roles.ts";

/** The Users screen's create form: e-mail, name, first password and role. */
export function CreateUserForm({
  reply,
  constraint,
  userCount,
  busy,
  minPasswordLength,
}: {
  /** A refused create (the password is never sent back). */
  reply: FormReply | undefined;
  constraint: FormConstraint;
  /** Starts the form afresh once a user is created. */
  userCount: number;
  busy: boolean;
  minPasswordLength: number;
}) {
  const form = useAdminForm({
    id: "create-user-form",
    reply,
    constraint,
    schema: UsersForm,
    intent: "create",
  });
  const role = form.field("role");
  return (
    <SectionCard id="create-user" title="Create a user">
      <Form
        method="post"
        {...form.props}
        noValidate
        className="grid gap-4 md:grid-cols-2"
        key={reply ? "retry" : userCount}
      >
        {form.refused ? (
          <div className="md:col-span-2">
            <Banner tone="error">{form.formError ?? NOT_CREATED}</Banner>
          </div>
        ) : null}
        <TextField
          {...form.field("email")}
          label="E-mail address"
          type="email"
          autoComplete="off"
        />
        <TextField
          {...form.field("name")}
          label="Name"
          help="Shown in history and the audit log. Empty: the part of the e-mail before @."
        />
        <TextField
          {...form.field("password")}
          defaultValue={undefined}
          label="Password"
          type="password"
          required
          autoComplete="new-password"
          help={`At least ${minPasswordLength} characters, not a common password. Tell it to the user privately.`}
        />
        <FieldShell name="role" label="Role" required error={role.error} help={<RoleHelp />}>
          <select
            {...describedBy("role", { error: role.error, help: true })}
            defaultValue={role.defaultValue}
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
