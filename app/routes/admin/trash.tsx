import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import { formatDateTime } from "~/lib/format.ts";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { Pagination } from "~/components/pagination.tsx";
import { REGISTRY } from "~/content/registry.ts";
import { listTrash } from "~/entries/admin.repository.server.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { deleteEntries, restoreEntries } from "~/entries/entries.service.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/trash";

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireStaff(request, "trash");
  const page = z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .catch(1)
    .parse(url.searchParams.get("page") ?? "1");
  const trash = await listTrash(await db(), { page });
  return {
    trash,
    done: url.searchParams.get("done"),
    title: url.searchParams.get("title"),
  };
}

/** Each row's two buttons: restore the entry, or delete it forever. */
const Id = z.string().min(1).max(64);
const TrashForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("restore"), id: Id }),
  z.object({ intent: z.literal("delete"), id: Id }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "trash");
  const submission = parseForm(await request.formData(), TrashForm);
  if (submission.status !== "success")
    return refuse(submission, { formError: "Choose an entry and what to do with it." });
  const { intent, id } = submission.value;
  const database = await db();
  const actor = actorOf(user);
  const changed =
    intent === "restore"
      ? await restoreEntries(database, [id], actor)
      : await deleteEntries(database, [id], actor);
  if (changed.length === 0) {
    return refuse(submission, {
      status: 404,
      formError: "That entry is no longer in the trash: someone may have restored or deleted it.",
    });
  }
  const params = new URLSearchParams({ done: intent, title: changed[0].title });
  return redirect(`/admin/trash?${params}`);
}

export default function Trash({ loaderData, actionData }: Route.ComponentProps) {
  const { trash, done, title } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-5xl">
      <AdminPageHeader title="Trash">
        <a href="/admin/trash/export" className={buttonClass.quiet} download>
          Export CSV
        </a>
      </AdminPageHeader>
      <p className="-mt-2 mb-4 text-sm text-muted">
        Entries in the trash are not on the site. Restore puts one back in the status it had; Delete
        forever removes it with its history and old addresses.
      </p>
      {done === "restore" ? (
        <Banner tone="success">“{title}” was restored.</Banner>
      ) : done === "delete" ? (
        <Banner tone="success">“{title}” was deleted forever.</Banner>
      ) : null}
      {formErrorOf(actionData) ? <Banner tone="error">{formErrorOf(actionData)}</Banner> : null}
      {trash.items.length === 0 ? (
        <p className="rounded-app border border-stone-200 bg-white p-6 text-center text-muted">
          The trash is empty.
        </p>
      ) : (
        <ul className="divide-y divide-stone-100 rounded-app border border-stone-200 bg-white">
          {trash.items.map((e) => {
            const def = REGISTRY[e.kind];
            return (
              <li
                key={e.id}
                className="flex flex-wrap items-start justify-between gap-3 p-3 sm:p-4"
              >
                <div className="min-w-0">
                  <p className="text-xs font-semibold tracking-wide text-secondary uppercase">
                    {def.label}
                  </p>
                  <Link
                    to={`/admin/${def.adminSegment}/edit/${e.id}`}
                    className="font-semibold break-words underline decoration-stone-300"
                  >
                    {e.title}
                  </Link>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
                    <StatusBadge status={e.status} /> Trashed {formatDateTime(e.deletedAt)}
                  </p>
                </div>
                <div className="flex flex-wrap items-start gap-2">
                  <Form method="post">
                    <input type="hidden" name="id" value={e.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="restore"
                      disabled={busy}
                      className={buttonClass.secondary}
                      aria-label={`Restore ${e.title}`}
                    >
                      Restore
                    </button>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="id" value={e.id} />
                    <ConfirmButton
                      label="Delete forever"
                      question={`Delete “${e.title}” forever, with its history? This cannot be undone.`}
                      confirmLabel="Yes, delete forever"
                      value="delete"
                    />
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination path="/admin/trash" params={{}} page={trash.page} pages={trash.pages} />
    </div>
  );
}

export function meta() {
  return [{ title: "Trash | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
