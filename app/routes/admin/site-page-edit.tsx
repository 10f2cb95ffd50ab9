import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { TextAreaField, TextField, useFocusFirstError } from "~/components/admin/backoffice-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { useAdminForm } from "~/components/admin/form.tsx";
import { RichTextEditor } from "~/components/admin/rich-text-editor.tsx";
import { SITE_PAGE_SLUGS, type SitePageSlug } from "~/content/site-pages.ts";
import { EditingNow } from "~/components/admin/editing-now.tsx";
import { refuse, refuseWrite } from "~/platform/forms.server.ts";
import { formConstraint, parseForm } from "~/lib/form-parse.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { touchPresence } from "~/users/presence.repository.server.ts";
import { savePage } from "~/site-pages/site-pages.service.server.ts";
import { sanitizeRichText } from "~/platform/sanitize.server.ts";
import { db } from "~/platform/services.server.ts";
import { getSitePage, sitePageTranslation } from "~/site-pages/site-pages.repository.server.ts";
import {
  EMPTY_PAGE_TEXT,
  SITE_PAGE_LIMITS,
  SitePageSchema,
  hasText,
} from "~/site-pages/site-page-form.ts";
import { TranslationBadge } from "~/components/admin/hindi-panel.tsx";
import type { Route } from "./+types/site-page-edit";

/** Only the pages the spec names can be edited; any other slug is not found. */
function knownSlug(slug: string | undefined): SitePageSlug {
  if (!slug || !(SITE_PAGE_SLUGS as readonly string[]).includes(slug))
    throw data(null, { status: 404 });
  return slug as SitePageSlug;
}

const titleOf = (slug: string) =>
  slug
    .split("-")
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(" ");

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireStaff(request, "site-pages");
  const slug = knownSlug(params.slug);
  const conn = await db();
  const [page, editingNow] = await Promise.all([
    getSitePage(conn, slug),
    touchPresence(conn, `page:${slug}`, { id: user.id, name: user.name || user.email }),
  ]);
  const status = new URL(request.url).searchParams.get("done");
  return {
    slug,
    exists: !!page,
    title: page?.title ?? titleOf(slug),
    description: page?.description ?? "",
    body: page?.body ?? "",
    hiTitle: page?.hindi?.title ?? "",
    hiDescription: page?.hindi?.description ?? "",
    hiBody: page?.hindi?.body ?? "",
    translation: page
      ? { state: sitePageTranslation(page), changedAt: page.textChangedAt }
      : { state: "missing" as const },
    updatedAt: page?.updatedAt ?? null,
    done: status === "saved" || status === "unchanged" ? status : null,
    constraint: formConstraint(SitePageSchema),
    editingNow,
  };
}

/** Who saved the page while this editor had it open. */
type Stale = { by: string; at: string };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "site-pages");
  const slug = knownSlug(params.slug);
  const form = await request.formData();
  const submission = parseForm(form, SitePageSchema);
  // What is stored is the sanitized HTML; a body that sanitizes to nothing is empty. Only the
  // server can tell, and it says so beside the schema's own refusals (every mistake at once).
  const body = form.get("body");
  const emptyBody =
    typeof body === "string" &&
    body.length <= SITE_PAGE_LIMITS.body &&
    !hasText(sanitizeRichText(body));
  if (submission.status !== "success")
    return refuse(submission, {
      fieldErrors: emptyBody && !submission.error?.body ? { body: EMPTY_PAGE_TEXT } : {},
    });
  const { version, hi_title, hi_description, hi_body, ...fields } = submission.value;
  const english = { ...fields, body: sanitizeRichText(fields.body) };
  if (emptyBody) return refuse(submission, { fieldErrors: { body: EMPTY_PAGE_TEXT } });
  const hiClean = sanitizeRichText(hi_body ?? "");
  const hindi = {
    title: hi_title ?? "",
    description: hi_description ?? "",
    body: hasText(hiClean) ? hiClean : "",
  };
  const page = { ...english, hindi };
  const conn = await db();
  const current = await getSitePage(conn, slug);
  const sameHindi = (stored: typeof current) =>
    (stored?.hindi?.title ?? "") === hindi.title &&
    (stored?.hindi?.description ?? "") === hindi.description &&
    (stored?.hindi?.body ?? "") === hindi.body;
  if (
    current &&
    current.title === page.title &&
    current.description === page.description &&
    current.body === page.body &&
    sameHindi(current)
  )
    return redirect(`/admin/manage-site-pages/edit/${slug}?done=unchanged`);
  const saved = await savePage(
    conn,
    { slug, ...page },
    // A form without a version (an old tab) is not checked.
    { expectedVersion: form.has("version") ? (version ?? "") : undefined, actor: actorOf(user) },
  );
  if (!saved.ok) {
    // Nothing was overwritten; the editor keeps the text and now carries the stored version.
    return refuseWrite<Stale>(submission, saved, {
      values: { version: saved.current.updatedAt },
      detail: { by: saved.by, at: saved.current.updatedAt },
    });
  }
  return redirect(`/admin/manage-site-pages/edit/${slug}?done=saved`);
}

export default function SitePageEdit({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const d = loaderData;
  const form = useAdminForm({
    id: "site-page-form",
    reply: actionData,
    constraint: d.constraint,
    schema: SitePageSchema,
    defaults: {
      title: d.title,
      description: d.description,
      body: d.body,
      hi_title: d.hiTitle,
      hi_description: d.hiDescription,
      hi_body: d.hiBody,
      version: d.updatedAt ?? "",
    },
  });
  const hiBodyError = form.field("hi_body").error;
  const hindiRefused =
    !!hiBodyError || !!form.field("hi_title").error || !!form.field("hi_description").error;
  const stale = actionData?.detail;
  const bodyError = form.field("body").error;
  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader
        title={`Edit: ${d.title}`}
        crumbs={
          <Link to="/admin/manage-site-pages" className="text-accent underline">
            Site pages
          </Link>
        }
      >
        <a href={`/${d.slug}`} className={buttonClass.secondary} target="_blank" rel="noreferrer">
          View public page
        </a>
        <Link to={`/admin/manage-site-pages/history/${d.slug}`} className={buttonClass.secondary}>
          History
        </Link>
      </AdminPageHeader>
      {d.done === "saved" && !actionData ? (
        <Banner tone="success">
          Page saved.{" "}
          <a href={`/${d.slug}`} className="underline">
            See it on the site
          </a>
          .
        </Banner>
      ) : null}
      {d.done === "unchanged" && !actionData ? (
        <Banner tone="info">Nothing had changed, so no new revision was written.</Banner>
      ) : null}
      <EditingNow subject={`page:${d.slug}`} initial={d.editingNow} />
      {stale ? (
        <Banner tone="error">
          Not saved: {stale.by} saved this page at {formatDateTime(stale.at)} (India time), after
          you opened it. Nothing was overwritten and your text is still below. Compare with their
          version in the{" "}
          <Link to={`/admin/manage-site-pages/history/${d.slug}`} className="underline">
            History
          </Link>
          ; saving again replaces it with yours.
        </Banner>
      ) : form.refused ? (
        <Banner tone="error">The page was not saved. Correct the fields marked below.</Banner>
      ) : null}
      <Form
        method="post"
        {...form.props}
        noValidate
        key={d.updatedAt ?? "new"}
        className="space-y-4 rounded-app border border-stone-200 bg-white p-4 md:p-5"
      >
        <input type="hidden" name="version" value={form.value("version")} />
        <TextField {...form.field("title")} label="Title" />
        <TextAreaField
          {...form.field("description")}
          label="Description"
          rows={2}
          help={`For search engines and link previews; at most ${form.field("description").maxLength} characters.`}
        />
        <div>
          <label
            id="f-body-label"
            htmlFor="f-body"
            className="block text-sm font-semibold text-ink"
          >
            Page text
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </label>
          <RichTextEditor
            name="body"
            id="f-body"
            labelId="f-body-label"
            defaultValue={form.value("body")}
            invalid={!!bodyError}
            describedBy={bodyError ? "f-body-error f-body-help" : "f-body-help"}
            maxLength={form.field("body").maxLength}
          />
          <p id="f-body-help" className="mt-1 text-xs text-muted">
            Headings, bold, italic, lists and links. Scripts, event handlers, images and other
            unsafe markup are removed when the page is saved.
          </p>
          {bodyError ? (
            <p id="f-body-error" className="mt-1 text-sm font-semibold text-red-700">
              {bodyError}
            </p>
          ) : null}
        </div>
        {/* The Hindi version folds away (a <details>: no JavaScript needed) so the page shows one
            editor at a time; it opens by itself when one of its fields is refused. */}
        <details
          id="hindi"
          open={hindiRefused}
          className="rounded-app border border-stone-200 p-3 md:p-4"
        >
          <summary className="cursor-pointer text-base font-semibold">
            <span className="inline-flex flex-wrap items-center gap-2 align-middle">
              <span>
                Hindi (<span lang="hi">हिन्दी</span>)
              </span>
              <TranslationBadge t={d.translation} />
            </span>
          </summary>
          <div className="mt-3 space-y-4">
            <p className="text-sm text-muted">
              Optional. Shown at /hi/{d.slug} once it has a title and text; until then the Hindi
              address shows the English page.
            </p>
            <TextField {...form.field("hi_title")} label="Title (Hindi)" lang="hi" />
            <TextAreaField
              {...form.field("hi_description")}
              label="Description (Hindi)"
              rows={2}
              lang="hi"
            />
            <div>
              <label
                id="f-hi_body-label"
                htmlFor="f-hi_body"
                className="block text-sm font-semibold text-ink"
              >
                Hindi text of the page
              </label>
              <RichTextEditor
                name="hi_body"
                id="f-hi_body"
                labelId="f-hi_body-label"
                defaultValue={form.value("hi_body")}
                invalid={!!hiBodyError}
                describedBy={hiBodyError ? "f-hi_body-error" : undefined}
                maxLength={form.field("hi_body").maxLength}
                lang="hi"
                toolbarLabel="Hindi text toolbar"
              />
              {hiBodyError ? (
                <p id="f-hi_body-error" className="mt-1 text-sm font-semibold text-red-700">
                  {hiBodyError}
                </p>
              ) : null}
            </div>
          </div>
        </details>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {busy ? "Saving..." : "Save page"}
          </button>
          {d.updatedAt ? (
            <span className="text-sm text-muted">Last saved {formatDateTime(d.updatedAt)}</span>
          ) : (
            <span className="text-sm text-muted">This page has not been written yet.</span>
          )}
        </div>
      </Form>
    </div>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `Edit ${loaderData?.title ?? "page"} | govjobs admin` }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} backTo="/admin/manage-site-pages" />;
}
