import { Form, Link, data, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import {
  TextAreaField,
  TextField,
  formatDateTime,
  useFocusFirstError,
} from "~/components/admin/backoffice-ui.tsx";
import { RichTextEditor } from "~/components/admin/rich-text-editor.tsx";
import { SITE_PAGE_SLUGS, type SitePageSlug } from "~/content/site-pages.ts";
import { EditingNow } from "~/components/admin/editing-now.tsx";
import { actorOf, requireStaff } from "~/server/guard.server.ts";
import { touchPresence } from "~/server/presence.server.ts";
import { savePage } from "~/server/write/site-pages.server.ts";
import { sanitizeRichText } from "~/server/sanitize.server.ts";
import { db } from "~/server/services.server.ts";
import { SITE_PAGE_LIMITS, getSitePage } from "~/server/site-pages.server.ts";
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
    updatedAt: page?.updatedAt ?? null,
    done: status === "saved" || status === "unchanged" ? status : null,
    limits: SITE_PAGE_LIMITS,
    editingNow,
  };
}

const SitePageSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Enter the page title")
    .max(SITE_PAGE_LIMITS.title, `The title must be at most ${SITE_PAGE_LIMITS.title} characters`),
  description: z
    .string()
    .trim()
    .max(
      SITE_PAGE_LIMITS.description,
      `The description must be at most ${SITE_PAGE_LIMITS.description} characters`,
    ),
  body: z
    .string()
    .max(
      SITE_PAGE_LIMITS.body,
      `The page text must be at most ${SITE_PAGE_LIMITS.body} characters of HTML`,
    )
    // What is stored is the sanitized HTML; a body that sanitizes to nothing is empty.
    .transform((html) => sanitizeRichText(html))
    .refine((html) => html.replace(/<[^>]*>/g, "").trim() !== "", "Write the page's text"),
});

/** Who saved the page while this editor had it open. */
type Stale = { by: string; at: string };

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "site-pages");
  const slug = knownSlug(params.slug);
  const form = await request.formData();
  const values = {
    title: String(form.get("title") ?? ""),
    description: String(form.get("description") ?? ""),
    body: String(form.get("body") ?? ""),
    // Goes back as it came: a rejected form must not adopt a newer save unseen.
    version: String(form.get("version") ?? ""),
  };
  const parsed = SitePageSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0]);
      fieldErrors[key] ??= issue.message;
    }
    return data({ fieldErrors, values, stale: null as Stale | null }, { status: 400 });
  }
  const conn = await db();
  const current = await getSitePage(conn, slug);
  if (
    current &&
    current.title === parsed.data.title &&
    current.description === parsed.data.description &&
    current.body === parsed.data.body
  )
    return redirect(`/admin/manage-site-pages/edit/${slug}?done=unchanged`);
  const saved = await savePage(
    conn,
    { slug, ...parsed.data },
    // A form without a version (an old tab) is not checked.
    { expectedVersion: form.has("version") ? values.version : undefined, actor: actorOf(user) },
  );
  if (!saved.ok) {
    // Nothing was overwritten; the editor keeps the text and now carries the stored version.
    return data(
      {
        fieldErrors: {} as Record<string, string>,
        values: { ...values, version: saved.current.updatedAt },
        stale: { by: saved.by, at: saved.current.updatedAt } as Stale | null,
      },
      { status: 409 },
    );
  }
  return redirect(`/admin/manage-site-pages/edit/${slug}?done=saved`);
}

export default function SitePageEdit({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const d = loaderData;
  const v = actionData?.values ?? d;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const bodyError = errors.body;
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
      {actionData?.stale ? (
        <Banner tone="error">
          Not saved: {actionData.stale.by} saved this page at {formatDateTime(actionData.stale.at)}{" "}
          (India time), after you opened it. Nothing was overwritten and your text is still below.
          Compare with their version in the{" "}
          <Link to={`/admin/manage-site-pages/history/${d.slug}`} className="underline">
            History
          </Link>
          ; saving again replaces it with yours.
        </Banner>
      ) : actionData ? (
        <Banner tone="error">The page was not saved. Correct the fields marked below.</Banner>
      ) : null}
      <Form
        method="post"
        noValidate
        key={d.updatedAt ?? "new"}
        className="space-y-4 rounded-app border border-stone-200 bg-white p-4 md:p-5"
      >
        <input
          type="hidden"
          name="version"
          value={actionData ? actionData.values.version : (d.updatedAt ?? "")}
        />
        <TextField
          name="title"
          label="Title"
          required
          defaultValue={v.title}
          error={errors.title}
          maxLength={d.limits.title}
        />
        <TextAreaField
          name="description"
          label="Description"
          rows={2}
          defaultValue={v.description}
          error={errors.description}
          maxLength={d.limits.description}
          help={`For search engines and link previews; at most ${d.limits.description} characters.`}
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
            defaultValue={v.body}
            invalid={!!bodyError}
            describedBy={bodyError ? "f-body-error f-body-help" : "f-body-help"}
            maxLength={d.limits.body}
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
