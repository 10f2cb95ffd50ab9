import { Form, data, redirect, useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import {
  SectionCard,
  TextAreaField,
  TextField,
  useFocusFirstError,
} from "~/components/admin/backoffice-ui.tsx";
import { UploadUsage } from "~/components/admin/upload-usage.tsx";
import { useAdminForm } from "~/components/admin/form.tsx";
import { isRefused } from "~/lib/form-reply.ts";
import { refuse, refuseWrite } from "~/platform/forms.server.ts";
import { formConstraint, parseForm } from "~/lib/form-parse.ts";
import { uploadUsage } from "~/files/files.service.server.ts";
import { actorOf, requireAdmin } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import { getSettings } from "~/settings/settings.repository.server.ts";
import { ContentSettingsSchema, saveContentSettings } from "~/settings/settings.service.server.ts";
import { FaqList } from "./content-settings/faq-list.tsx";
import {
  ContentSettingsForm,
  faqRows,
  MAX_FAQ,
  num,
  toFormValues,
} from "./content-settings/form.ts";
import type { Route } from "./+types/content-settings";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  const database = await db();
  const [settings, uploads] = await Promise.all([
    getSettings(database),
    uploadUsage(database, user.id),
  ]);
  return {
    values: toFormValues(settings),
    uploads,
    constraint: formConstraint(ContentSettingsSchema),
    done: new URL(request.url).searchParams.get("done"),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const submission = parseForm(form, ContentSettingsForm);
  if (submission.status !== "success") return refuse(submission);
  const v = submission.value;
  // parseForm reads a missing field as an empty box; a form with no Hindi (or upload) field at all
  // keeps the stored ones rather than emptying them.
  const sent = (prefix: string) => [...form.keys()].some((name) => name.startsWith(prefix));
  if (v.intent === "add-faq") return data(submission.reply(), { status: 200 });

  const result = await saveContentSettings(
    await db(),
    {
      siteName: v.siteName,
      tagline: v.tagline,
      contactEmail: v.contactEmail,
      contactPhone: v.contactPhone,
      securityEmail: v.securityEmail,
      sameAs: v.sameAs
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      latestBar: {
        count: num(v.latestBar.count),
        rotateMs: num(v.latestBar.rotateMs),
        refreshMs: num(v.latestBar.refreshMs),
      },
      bell: { perKind: num(v.bell.perKind), max: num(v.bell.max) },
      homeFaq: faqRows(v.homeFaq),
      hindi: sent("hindi.")
        ? {
            tagline: v.hindi.tagline,
            defaultDescription: v.hindi.defaultDescription,
            homeFaq: faqRows(v.hindi.homeFaq),
          }
        : undefined,
      uploads: sent("uploads.")
        ? {
            perUserFiles: num(v.uploads.perUserFiles),
            perUserMb: num(v.uploads.perUserMb),
            storageMb: num(v.uploads.storageMb),
          }
        : undefined,
    },
    actorOf(user),
  );
  if (!result.ok) {
    const fieldErrors = { ...result.fieldErrors };
    const line = Object.keys(fieldErrors).find((k) => k.startsWith("sameAs."));
    if (line) fieldErrors.sameAs = `Line ${Number(line.split(".")[1]) + 1}: ${fieldErrors[line]}`;
    return refuseWrite(submission, result, { fieldErrors });
  }
  return redirect("/admin/content-settings?done=saved");
}

export default function ContentSettings({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  // After a refused save (or "Add another question") the page shows what was sent.
  const reply = actionData ?? undefined;
  // The settings' rules are the server's (settings.repository.server.ts): no check in the browser.
  const form = useAdminForm({
    id: "content-settings-form",
    reply,
    constraint: loaderData.constraint,
    defaults: loaderData.values,
  });
  const f = form.field;
  const sent = reply?.initialValue as Record<string, unknown> | undefined;
  const faq = faqRows(sent ? sent.homeFaq : loaderData.values.homeFaq);
  const refused = isRefused(reply);
  // Always one empty row to type a new question into (unless the list is full).
  const rows = faq.length >= MAX_FAQ ? faq : [...faq, { question: "", answer: "" }];
  const sentHindi = sent?.hindi as Record<string, unknown> | undefined;
  const hiFaq = faqRows(sent ? sentHindi?.homeFaq : loaderData.values.hindi.homeFaq);
  const hiRows = hiFaq.length >= MAX_FAQ ? hiFaq : [...hiFaq, { question: "", answer: "" }];
  // Inputs are uncontrolled: remount them whenever the values they start from change (a saved
  // form, a removed FAQ row), or React would keep the old text in reused inputs.
  const formKey = hashOf(
    JSON.stringify([rows, hiRows]) +
      JSON.stringify({ ...(sent ?? loaderData.values), homeFaq: null }),
  );
  const faqLimits = (column: "question" | "answer") =>
    loaderData.constraint[`homeFaq[].${column}`]?.maxLength;

  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title="Content settings" />
      {loaderData.done === "saved" && !actionData ? (
        <Banner tone="success">Settings saved. The public site shows them now.</Banner>
      ) : null}
      {refused ? (
        <Banner tone="error">
          {form.formError ?? "The settings were not saved. Correct the fields marked below."}
        </Banner>
      ) : null}
      <Form method="post" {...form.props} noValidate key={formKey}>
        <SectionCard id="site" title="Site">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              {...f("siteName")}
              label="Site name"
              help="Shown in the header of every page."
            />
            <TextField {...f("tagline")} label="Tagline" />
          </div>
        </SectionCard>

        <SectionCard
          id="contact"
          title="Contact details"
          description="Shown on the contact and security policy pages."
        >
          <div className="grid gap-4 md:grid-cols-2">
            <TextField {...f("contactEmail")} label="Contact e-mail" type="email" />
            <TextField {...f("contactPhone")} label="Example phone" type="tel" />
            <TextField {...f("securityEmail")} label="Security contact e-mail" type="email" />
            <TextAreaField
              {...f("sameAs")}
              label="Social links"
              rows={3}
              help="One https:// address per line (at most 10). The same list as the organization's social profiles in SEO tools."
              className="md:col-span-2"
            />
          </div>
        </SectionCard>

        <SectionCard
          id="latest-bar"
          title="Latest bar"
          description="The strip above the header that shows one update at a time."
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              {...f("latestBar.count")}
              label="Number of updates"
              type="number"
              inputMode="numeric"
              help="1 to 20."
            />
            <TextField
              {...f("latestBar.rotateMs")}
              label="Rotate every (ms)"
              type="number"
              inputMode="numeric"
              step={500}
              help="At least 2000 (2 seconds)."
            />
            <TextField
              {...f("latestBar.refreshMs")}
              label="Refresh every (ms)"
              type="number"
              inputMode="numeric"
              step={1000}
              help="At least 60000 (1 minute)."
            />
          </div>
        </SectionCard>

        <SectionCard id="bell" title="Bell" description="The Recent Updates popover in the header.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              {...f("bell.perKind")}
              label="Newest per kind"
              type="number"
              inputMode="numeric"
              help="1 to 20 from each of jobs, results and admit cards."
            />
            <TextField
              {...f("bell.max")}
              label="Most items shown"
              type="number"
              inputMode="numeric"
              help="1 to 50; the badge shows this count."
            />
          </div>
        </SectionCard>

        <SectionCard
          id="faq"
          title="Home page FAQ"
          description="Questions and answers at the foot of the home page (also marked up for search engines). Empty rows are ignored."
        >
          <FaqList prefix="homeFaq" rows={rows} error={form.error} maxLength={faqLimits} />
          {rows.length < MAX_FAQ ? (
            <button
              type="submit"
              name="intent"
              value="add-faq"
              disabled={busy}
              className={`${buttonClass.secondary} mt-3`}
            >
              Add another question
            </button>
          ) : null}
        </SectionCard>

        <SectionCard
          id="hindi"
          title={
            <>
              Hindi (<span lang="hi">हिन्दी</span>)
            </>
          }
          description="What the Hindi pages (/hi/…) show instead of the English. An empty box shows the English; a Hindi FAQ, once it has a question, replaces the English one on the Hindi home page."
        >
          <div className="grid gap-4 md:grid-cols-2">
            <TextField {...f("hindi.tagline")} label="Tagline (Hindi)" lang="hi" />
            <TextAreaField
              {...f("hindi.defaultDescription")}
              label="Default description (Hindi)"
              rows={2}
              lang="hi"
              help="For search engines and link previews of Hindi pages without their own."
              className="md:col-span-2"
            />
          </div>
          <h3 className="mt-4 text-sm font-semibold">Home page FAQ (Hindi)</h3>
          <FaqList
            prefix="hindi.homeFaq"
            rows={hiRows}
            error={form.error}
            maxLength={faqLimits}
            hindi
            className="mt-2"
          />
          <p className="mt-2 text-xs text-muted">
            Need more rows? Save (or press “Add another question”), and a new blank row appears.
          </p>
        </SectionCard>

        <SectionCard
          id="uploads"
          title="Uploads"
          description={`Notification PDFs and images uploaded from the entry forms. A file is public once a published entry links to it; one that nothing links to is removed ${loaderData.uploads.graceDays} days after.`}
        >
          <UploadUsage usage={loaderData.uploads} />
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            <TextField
              {...f("uploads.perUserFiles")}
              label="Files a day per person"
              type="number"
              inputMode="numeric"
              help="Each editor, author and admin, counted by the day in India."
            />
            <TextField
              {...f("uploads.perUserMb")}
              label="Megabytes a day per person"
              type="number"
              inputMode="numeric"
            />
            <TextField
              {...f("uploads.storageMb")}
              label="Space for all files (MB)"
              type="number"
              inputMode="numeric"
              help="Uploads stop when it is full; files nothing links to free space when removed."
            />
          </div>
        </SectionCard>

        <div className="sticky bottom-0 z-10 -mx-4 border-t border-stone-200 bg-white px-4 py-3 shadow-[0_-2px_6px_rgba(0,0,0,0.06)] md:shadow-none md:static md:mx-0 md:border-0 md:bg-transparent md:p-0">
          <button
            type="submit"
            name="intent"
            value="save"
            disabled={busy}
            className={buttonClass.primary}
          >
            {busy ? "Saving..." : "Save settings"}
          </button>
        </div>
      </Form>
    </div>
  );
}

function hashOf(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0;
  return String(h);
}

export function meta() {
  return [{ title: "Content settings | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
