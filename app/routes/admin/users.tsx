import { useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner } from "~/components/admin/banner.tsx";
import { useFocusFirstError } from "~/components/admin/backoffice-ui.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import { MIN_PASSWORD_LENGTH } from "~/lib/passwords.ts";
import { formConstraint } from "~/lib/form-parse.ts";
import { requireAdmin } from "~/users/guard.server.ts";
import { services } from "~/platform/services.server.ts";
import { listUsersAsAdmin } from "~/users/users.service.server.ts";
import { usersAction } from "./users/actions.server.ts";
import { UsersForm } from "./users/form.ts";
import { CreateUserForm } from "./users/create-user-form.tsx";
import { UserTable } from "./users/user-table.tsx";
import type { Route } from "./+types/users";

/**
 * Users: the list of accounts with each one's buttons (./users/user-table.tsx) and the create
 * form (./users/create-user-form.tsx). Every button posts here with an `intent`
 * (./users/actions.server.ts) and comes back to /admin/users?done=….
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const { auth } = await services();
  const users = await listUsersAsAdmin(auth, request.headers);
  return {
    users,
    me: user.id,
    done: new URL(request.url).searchParams.get("done"),
    minPasswordLength: MIN_PASSWORD_LENGTH,
    constraint: formConstraint(UsersForm),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  return usersAction(request, user);
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
  const sent = actionData?.initialValue;
  const intent = typeof sent?.intent === "string" ? sent.intent : undefined;
  const createReply = intent === "create" ? actionData : undefined;
  const rowError = actionData && intent !== "create" ? formErrorOf(actionData) : undefined;
  const rowRefusal = rowError
    ? {
        userId: typeof sent?.userId === "string" ? sent.userId : undefined,
        intent,
        error: rowError,
      }
    : null;

  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Users" />
      {d.done && DONE[d.done] && !actionData ? (
        <Banner tone="success">{DONE[d.done]}</Banner>
      ) : null}
      {rowRefusal ? <Banner tone="error">{rowRefusal.error}</Banner> : null}
      <UserTable
        users={d.users}
        me={d.me}
        refusal={rowRefusal}
        busy={busy}
        minPasswordLength={d.minPasswordLength}
        passwordMaxLength={d.constraint.password?.maxLength}
      />
      <CreateUserForm
        reply={createReply}
        constraint={d.constraint}
        userCount={d.users.length}
        busy={busy}
        minPasswordLength={d.minPasswordLength}
      />
    </div>
  );
}

export function meta() {
  return [{ title: "Users | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
