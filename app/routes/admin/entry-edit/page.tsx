import { Form, Link } from "react-router";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { EditingNow } from "~/components/admin/editing-now.tsx";
import { EntryForm } from "~/components/admin/entry-form.tsx";
import { EntryLinksPanel } from "~/components/admin/entry-links-panel.tsx";
import { NoticeStart } from "~/components/admin/notice-suggestions.tsx";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import type { FormTree } from "~/content/form-data.ts";
import { REGISTRY } from "~/content/registry.ts";
import { Strings } from "~/i18n/context.tsx";
import { fieldErrorsOf, formErrorOf } from "~/lib/form-reply.ts";
import type { Route } from "../+types/entry-edit";
import {
  SavedBanner,
  StaleNotice,
  SuggestionsList,
  TakenNotice,
  WaitingSuggestions,
  whoTook,
} from "./notices.tsx";

/** The entry editor's page: its header, what the last save said, and the form. */
export function EntryEdit({ loaderData, actionData }: Route.ComponentProps) {
  const def = REGISTRY[loaderData.kind];
  const { entry } = loaderData;
  const base = `/admin/${def.adminSegment}`;
  const publicHref = entry ? `${def.urlPrefix}/${entry.slug}` : "";
  const rejected = actionData?.detail ? { ...actionData.detail, reply: actionData } : null;
  // A refusal draws the form anew once; reading the entry again after it (a 409) does not.
  const formKey = `${entry?.id ?? "new"}-${rejected?.nonce ?? entry?.updatedAt ?? ""}`;
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
              {loaderData.access === "read" ? "Your" : "Edit"} {def.label.toLowerCase()}{" "}
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
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value="duplicate"
                className={buttonClass.secondary}
              >
                Duplicate
              </button>
            </Form>
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

      {loaderData.suggested && !rejected ? (
        <Banner tone="success">
          Sent to the editors as a suggested change. They apply it or decline it; this page says
          which.
        </Banner>
      ) : null}
      {entry && loaderData.access === "read" && !rejected?.taken ? (
        <Banner tone="info">
          {whoTook(loaderData.taken, entry.status, def.label.toLowerCase())}. It is no longer yours
          to change directly: what you wrote is below. To change something, edit it here and press{" "}
          <strong>Send as a suggested change</strong>; an editor applies it or declines it.
          <SuggestionsList suggestions={loaderData.suggestions} />
        </Banner>
      ) : null}
      {rejected?.gone ? <Banner tone="error">{rejected.gone}</Banner> : null}
      {rejected && !rejected.stale && !rejected.taken && !rejected.gone ? (
        <RefusedWhole reply={rejected.reply} />
      ) : null}
      {loaderData.canPublish ? (
        <WaitingSuggestions suggestions={loaderData.suggestions} />
      ) : loaderData.access !== "read" ? (
        <SuggestionsList suggestions={loaderData.suggestions} />
      ) : null}
      {entry ? <EditingNow subject={`entry:${entry.id}`} initial={loaderData.editingNow} /> : null}
      <Strings areas={loaderData.linkStrings}>
        <EntryLinksPanel
          links={loaderData.links}
          published={entry?.status === "published" && !entry.deletedAt}
        />
      </Strings>
      {loaderData.notice ? (
        <NoticeStart
          kind={loaderData.kind}
          notice={loaderData.notice.view}
          uploadError={loaderData.notice.uploadError}
          checkFields={loaderData.notice.checkFields}
        />
      ) : null}
      <EntryForm
        key={formKey}
        notice={
          rejected?.stale ? (
            <StaleNotice stale={rejected.stale} kind={loaderData.kind} />
          ) : rejected?.taken ? (
            <TakenNotice taken={rejected.taken} label={def.label.toLowerCase()} />
          ) : null
        }
        suggestOnly={loaderData.access === "read" || !!rejected?.taken}
        conflicts={
          rejected?.stale
            ? {
                by: rejected.stale.by,
                at: rejected.stale.at,
                marks: rejected.stale.conflicts,
                adopted: rejected.stale.adopted,
              }
            : null
        }
        base={rejected?.base ?? ""}
        version={rejected?.version ?? entry?.updatedAt ?? ""}
        canPublish={loaderData.canPublish}
        notify={loaderData.notify && { ...loaderData.notify, checked: rejected?.notify ?? true }}
        kind={loaderData.kind}
        values={(rejected?.reply.initialValue as FormTree | undefined) ?? loaderData.values}
        baseline={rejected ? loaderData.values : undefined}
        reply={rejected?.reply}
        constraint={loaderData.constraint}
        translation={loaderData.translation}
        savedStatus={entry?.status ?? null}
        savedSlug={entry?.slug ?? null}
        jobChoices={loaderData.jobChoices}
        organizationNames={loaderData.organizationNames}
        previewHref={entry ? `${base}/preview/${entry.id}` : null}
        photoPresets={loaderData.photoPresets}
        trashFormId={entry && !entry.deletedAt && loaderData.canPublish ? "trash-form" : null}
      />
      {entry ? <Form method="post" id="trash-form" /> : null}
    </div>
  );
}

/**
 * A refusal with nothing to show at a field (a message for the whole form, or none: a role
 * changed between the page and the save) must not leave the editor looking at an unchanged form.
 */
function RefusedWhole({ reply }: { reply: Parameters<typeof formErrorOf>[0] }) {
  if (Object.keys(fieldErrorsOf(reply)).length > 0) return null;
  return (
    <Banner tone="error">
      {formErrorOf(reply) ?? "Nothing was saved. Reload the page to see the entry as it is now."}
    </Banner>
  );
}
