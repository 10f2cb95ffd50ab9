import { data, Form, Link, redirect } from "react-router";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { EntryForm, withKindWords } from "~/components/admin/entry-form.tsx";
import { formatDateTime } from "~/components/admin/format.ts";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { defaultData, type EntryData } from "~/content/fields.ts";
import {
  entryToFormTree,
  fieldErrorsFromIssues,
  indiaLocalToIso,
  parseEntryForm,
  type FieldErrors,
  type FormTree,
} from "~/content/form-data.ts";
import { entryInputSchema, REGISTRY } from "~/content/registry.ts";
import {
  getAdminEntry,
  kindFromUrl,
  listJobChoices,
  moveToTrash,
  restoreFromTrash,
} from "~/server/admin-entries.server.ts";
import { recordAudit } from "~/server/audit.server.ts";
import { contentChanged } from "~/server/content-events.server.ts";
import {
  createEntry,
  EntryConflictError,
  updateEntry,
  type EntryWrite,
} from "~/server/entries.server.ts";
import { authorOf, requireAdmin } from "~/server/guard.server.ts";
import { db } from "~/server/services.server.ts";
import { listOrganizations } from "~/server/organizations.server.ts";
import type { Route } from "./+types/entry-edit";

export async function loader({ request, url, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const kind = kindFromUrl(url);
  const id = (params as { id?: string }).id;
  const database = await db();
  const entry = id ? await getAdminEntry(database, kind.kind, id) : undefined;
  if (id && !entry) throw data(null, { status: 404 });
  const [jobChoices, organizations] = await Promise.all([
    kind.linksToJob ? listJobChoices(database, entry?.jobId) : [],
    listOrganizations(database),
  ]);
  const values: FormTree = entry
    ? entryToFormTree(entry)
    : entryToFormTree({
        title: "",
        slug: "",
        organization: "",
        status: "published",
        publishAt: null,
        jobId: null,
        data: defaultData(kind.sections),
      });
  return {
    kind: kind.kind,
    entry: entry
      ? {
          id: entry.id,
          slug: entry.slug,
          title: entry.title,
          status: entry.status,
          publishAt: entry.publishAt,
          updatedAt: entry.updatedAt,
          deletedAt: entry.deletedAt,
        }
      : null,
    values,
    jobChoices,
    organizationNames: organizations.map((o) => o.name),
    saved: url.searchParams.get("saved"),
  };
}

const INTENTS = ["save", "draft", "publish", "trash", "restore"] as const;

export async function action({ request, url, params }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const kind = kindFromUrl(url);
  const id = (params as { id?: string }).id;
  const database = await db();
  const existing = id ? await getAdminEntry(database, kind.kind, id) : undefined;
  if (id && !existing) throw data(null, { status: 404 });
  const form = await request.formData();
  const intent = INTENTS.find((i) => i === form.get("intent")) ?? "save";
  const actor = { id: user.id, email: user.email };
  const base = `/admin/${kind.adminSegment}`;

  if (intent === "trash" || intent === "restore") {
    if (!existing) throw data(null, { status: 404 });
    const changed =
      intent === "trash"
        ? await moveToTrash(database, kind.kind, [existing.id])
        : await restoreFromTrash(database, [existing.id]);
    for (const e of changed) {
      await recordAudit(
        database,
        actor,
        `entry.${intent}`,
        `${kind.kind}:${e.title}`,
        `id ${e.id}`,
      );
    }
    if (changed.length) await contentChanged(database);
    return redirect(
      intent === "trash"
        ? `${base}?trashed=${encodeURIComponent(existing.title)}`
        : `${base}/edit/${existing.id}?saved=restored`,
    );
  }

  const { value } = parseEntryForm(form);
  // The two shortcut buttons decide the status themselves, whatever the select says.
  if (intent === "draft") value.status = "draft";
  if (intent === "publish") value.status = "published";
  const parsed = entryInputSchema(kind.kind).safeParse(value);
  // A nonce per rejection: the browser redraws the form from exactly what the server saw.
  const reject = (errors: FieldErrors) =>
    data({ values: value, errors, nonce: crypto.randomUUID() }, { status: 400 });
  if (!parsed.success) {
    return reject(withKindWords(kind.kind, fieldErrorsFromIssues(parsed.error.issues)));
  }

  const write: EntryWrite = {
    ...parsed.data,
    publishAt: indiaLocalToIso(parsed.data.publishAt),
    data: parsed.data.data as EntryData,
  };
  let saved;
  try {
    saved = existing
      ? await updateEntry(database, existing.id, write, authorOf(user))
      : await createEntry(database, kind.kind, write, authorOf(user));
  } catch (err) {
    if (err instanceof EntryConflictError) return reject({ [err.field]: err.message });
    throw err;
  }
  await recordAudit(
    database,
    actor,
    existing ? "entry.update" : "entry.create",
    `${kind.kind}:${saved.title}`,
    `id ${saved.id}; status ${saved.status}${existing && existing.slug !== saved.slug ? `; slug ${existing.slug} → ${saved.slug}` : ""}`,
  );
  await contentChanged(database);
  return redirect(`${base}/edit/${saved.id}?saved=1`);
}

function SavedBanner({
  saved,
  status,
  publicHref,
  publishAt,
  label,
}: {
  saved: string;
  status: string;
  publicHref: string;
  publishAt: string | null;
  label: string;
}) {
  if (saved === "restored") {
    return <Banner tone="success">Restored from the trash.</Banner>;
  }
  return (
    <Banner tone="success">
      {status === "published" ? (
        <>
          Saved and published.{" "}
          <a href={publicHref} className="font-semibold underline">
            View the {label.toLowerCase()} on the site
          </a>
        </>
      ) : status === "scheduled" ? (
        <>
          Saved. It goes public on{" "}
          {publishAt ? `${formatDateTime(publishAt)} (India time)` : "its publish time"}.
        </>
      ) : status === "draft" ? (
        "Draft saved. It is not on the site."
      ) : (
        "Saved as archived. It is not on the site."
      )}
    </Banner>
  );
}

export default function EntryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const { entry } = loaderData;
  const base = `/admin/${def.adminSegment}`;
  const publicHref = entry ? `${def.urlPrefix}/${entry.slug}` : "";
  const rejected = actionData && "errors" in actionData ? actionData : null;
  const formKey = `${entry?.id ?? "new"}-${entry?.updatedAt ?? ""}-${rejected?.nonce ?? ""}`;
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader
        crumbs={
          <Link to={base} className="text-accent underline">
            {def.plural}
          </Link>
        }
        title={
          entry ? (
            <span className="flex flex-wrap items-center gap-2">
              Edit {def.label.toLowerCase()}{" "}
              <StatusBadge status={entry.deletedAt ? "trash" : entry.status} />
            </span>
          ) : (
            `Add ${def.label.toLowerCase()}`
          )
        }
      >
        {entry ? (
          <>
            <Link to={`${base}/history/${entry.id}`} className={buttonClass.quiet}>
              History
            </Link>
            {entry.status === "published" && !entry.deletedAt ? (
              <a href={publicHref} className={buttonClass.quiet}>
                View on site
              </a>
            ) : null}
            <Link to={`${base}/add`} className={buttonClass.secondary}>
              Add another
            </Link>
          </>
        ) : null}
      </AdminPageHeader>

      {entry?.deletedAt ? (
        <Banner tone="warning">
          This {def.label.toLowerCase()} is in the trash and not on the site.{" "}
          <button
            type="submit"
            form="trash-form"
            name="intent"
            value="restore"
            className="font-semibold underline"
          >
            Restore it
          </button>
        </Banner>
      ) : null}
      {loaderData.saved && entry && !rejected ? (
        <SavedBanner
          saved={loaderData.saved}
          status={entry.status}
          publicHref={publicHref}
          publishAt={entry.publishAt}
          label={def.label}
        />
      ) : null}

      <EntryForm
        key={formKey}
        kind={loaderData.kind}
        values={rejected?.values ?? loaderData.values}
        errors={rejected?.errors ?? {}}
        savedStatus={entry?.status ?? null}
        savedSlug={entry?.slug ?? null}
        jobChoices={loaderData.jobChoices}
        organizationNames={loaderData.organizationNames}
        previewHref={entry ? `${base}/preview/${entry.id}` : null}
        trashFormId={entry && !entry.deletedAt ? "trash-form" : null}
      />
      {entry ? <Form method="post" id="trash-form" /> : null}
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const def = loaderData ? REGISTRY[loaderData.kind] : null;
  const what = def ? def.label.toLowerCase() : "entry";
  return [
    {
      title: loaderData?.entry
        ? `Edit ${what}: ${loaderData.entry.title} | govjobs admin`
        : `Add ${what} | govjobs admin`,
    },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
