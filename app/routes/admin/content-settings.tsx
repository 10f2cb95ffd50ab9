import { Form, data, redirect, useNavigation } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import {
  SectionCard,
  TextAreaField,
  TextField,
  useFocusFirstError,
} from "~/components/admin/backoffice-ui.tsx";
import { inputClass } from "~/components/admin/field-input.tsx";
import { actorOf, requireAdmin } from "~/server/guard.server.ts";
import { db } from "~/server/services.server.ts";
import { getSettings, type Settings } from "~/server/settings.server.ts";
import { saveContentSettings } from "~/server/write/settings.server.ts";
import type { Route } from "./+types/content-settings";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const settings = await getSettings(await db());
  return { values: toFormValues(settings), done: new URL(request.url).searchParams.get("done") };
}

/** The form's fields, all as text: what the loader shows and what a refused save shows again. */
interface FormValues {
  siteName: string;
  tagline: string;
  contactEmail: string;
  contactPhone: string;
  securityEmail: string;
  sameAs: string;
  "latestBar.count": string;
  "latestBar.rotateMs": string;
  "latestBar.refreshMs": string;
  "bell.perKind": string;
  "bell.max": string;
  homeFaq: { question: string; answer: string }[];
}

function toFormValues(s: Settings): FormValues {
  return {
    siteName: s.siteName,
    tagline: s.tagline,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    securityEmail: s.securityEmail,
    sameAs: s.organization.sameAs.join("\n"),
    "latestBar.count": String(s.latestBar.count),
    "latestBar.rotateMs": String(s.latestBar.rotateMs),
    "latestBar.refreshMs": String(s.latestBar.refreshMs),
    "bell.perKind": String(s.bell.perKind),
    "bell.max": String(s.bell.max),
    homeFaq: s.homeFaq,
  };
}

const MAX_FAQ = 20;

function readForm(form: FormData): FormValues {
  const text = (key: string) => {
    const v = form.get(key);
    return typeof v === "string" ? v : "";
  };
  // FAQ rows arrive as homeFaq.N.question / homeFaq.N.answer; a ticked "remove" drops the row.
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const m = /^homeFaq\.(\d{1,3})\./.exec(key);
    if (m) indexes.add(Number(m[1]));
  }
  const homeFaq = [...indexes]
    .sort((a, b) => a - b)
    .filter((i) => !form.get(`homeFaq.${i}.remove`))
    .map((i) => ({
      question: text(`homeFaq.${i}.question`),
      answer: text(`homeFaq.${i}.answer`),
    }))
    .filter((row) => row.question.trim() !== "" || row.answer.trim() !== "");
  return {
    siteName: text("siteName"),
    tagline: text("tagline"),
    contactEmail: text("contactEmail"),
    contactPhone: text("contactPhone"),
    securityEmail: text("securityEmail"),
    sameAs: text("sameAs"),
    "latestBar.count": text("latestBar.count"),
    "latestBar.rotateMs": text("latestBar.rotateMs"),
    "latestBar.refreshMs": text("latestBar.refreshMs"),
    "bell.perKind": text("bell.perKind"),
    "bell.max": text("bell.max"),
    homeFaq,
  };
}

/** An empty box is "no number", not zero. */
const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await request.formData();
  const values = readForm(form);
  const intent = form.get("intent");

  if (intent === "add-faq") {
    // Without JavaScript a new row needs a round trip; nothing is saved.
    if (values.homeFaq.length < MAX_FAQ) values.homeFaq.push({ question: "", answer: "" });
    return data(
      { values, fieldErrors: {} as Record<string, string>, extraRow: true },
      { status: 200 },
    );
  }
  if (intent !== "save")
    return data(
      {
        values,
        fieldErrors: {
          form: "This button is not known here. Reload the page and try again.",
        } as Record<string, string>,
        extraRow: false,
      },
      { status: 400 },
    );

  const result = await saveContentSettings(
    await db(),
    {
      siteName: values.siteName,
      tagline: values.tagline,
      contactEmail: values.contactEmail,
      contactPhone: values.contactPhone,
      securityEmail: values.securityEmail,
      sameAs: values.sameAs
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
      latestBar: {
        count: num(values["latestBar.count"]),
        rotateMs: num(values["latestBar.rotateMs"]),
        refreshMs: num(values["latestBar.refreshMs"]),
      },
      bell: { perKind: num(values["bell.perKind"]), max: num(values["bell.max"]) },
      homeFaq: values.homeFaq,
    },
    actorOf(user),
  );
  if (!result.ok) {
    const fieldErrors = { ...result.fieldErrors };
    const line = Object.keys(fieldErrors).find((k) => k.startsWith("sameAs."));
    if (line) fieldErrors.sameAs = `Line ${Number(line.split(".")[1]) + 1}: ${fieldErrors[line]}`;
    return data({ values, fieldErrors, extraRow: false }, { status: 400 });
  }
  return redirect("/admin/content-settings?done=saved");
}

export default function ContentSettings({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const v = actionData?.values ?? loaderData.values;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  const hasErrors = Object.keys(errors).length > 0;
  // Always one empty row to type a new question into (unless the list is full).
  const rows =
    actionData?.extraRow || v.homeFaq.length >= MAX_FAQ
      ? v.homeFaq
      : [...v.homeFaq, { question: "", answer: "" }];
  // Inputs are uncontrolled: remount them whenever the values they start from change (a saved
  // form, a removed FAQ row), or React would keep the old text in reused inputs.
  const formKey = hashOf(JSON.stringify(rows) + JSON.stringify({ ...v, homeFaq: null }));

  return (
    <div className="mx-auto max-w-4xl">
      <AdminPageHeader title="Content settings" />
      {loaderData.done === "saved" && !actionData ? (
        <Banner tone="success">Settings saved. The public site shows them now.</Banner>
      ) : null}
      {hasErrors ? (
        <Banner tone="error">
          {errors.form ?? "The settings were not saved. Correct the fields marked below."}
        </Banner>
      ) : null}
      <Form method="post" noValidate key={formKey}>
        <SectionCard id="site" title="Site">
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              name="siteName"
              label="Site name"
              required
              defaultValue={v.siteName}
              error={errors.siteName}
              maxLength={80}
              help="Shown in the header of every page."
            />
            <TextField
              name="tagline"
              label="Tagline"
              defaultValue={v.tagline}
              error={errors.tagline}
              maxLength={160}
            />
          </div>
        </SectionCard>

        <SectionCard
          id="contact"
          title="Contact details"
          description="Shown on the contact and security policy pages."
        >
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              name="contactEmail"
              label="Contact e-mail"
              type="email"
              required
              defaultValue={v.contactEmail}
              error={errors.contactEmail}
              maxLength={254}
            />
            <TextField
              name="contactPhone"
              label="Example phone"
              type="tel"
              defaultValue={v.contactPhone}
              error={errors.contactPhone}
              maxLength={40}
            />
            <TextField
              name="securityEmail"
              label="Security contact e-mail"
              type="email"
              required
              defaultValue={v.securityEmail}
              error={errors.securityEmail}
              maxLength={254}
            />
            <TextAreaField
              name="sameAs"
              label="Social links"
              rows={3}
              defaultValue={v.sameAs}
              error={errors.sameAs}
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
              name="latestBar.count"
              label="Number of updates"
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={v["latestBar.count"]}
              error={errors["latestBar.count"]}
              help="1 to 20."
            />
            <TextField
              name="latestBar.rotateMs"
              label="Rotate every (ms)"
              type="number"
              inputMode="numeric"
              min={2000}
              step={500}
              defaultValue={v["latestBar.rotateMs"]}
              error={errors["latestBar.rotateMs"]}
              help="At least 2000 (2 seconds)."
            />
            <TextField
              name="latestBar.refreshMs"
              label="Refresh every (ms)"
              type="number"
              inputMode="numeric"
              min={60000}
              step={1000}
              defaultValue={v["latestBar.refreshMs"]}
              error={errors["latestBar.refreshMs"]}
              help="At least 60000 (1 minute)."
            />
          </div>
        </SectionCard>

        <SectionCard id="bell" title="Bell" description="The Recent Updates popover in the header.">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              name="bell.perKind"
              label="Newest per kind"
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={v["bell.perKind"]}
              error={errors["bell.perKind"]}
              help="1 to 20 from each of jobs, results and admit cards."
            />
            <TextField
              name="bell.max"
              label="Most items shown"
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={v["bell.max"]}
              error={errors["bell.max"]}
              help="1 to 50; the badge shows this count."
            />
          </div>
        </SectionCard>

        <SectionCard
          id="faq"
          title="Home page FAQ"
          description="Questions and answers at the foot of the home page (also marked up for search engines). Empty rows are ignored."
        >
          {errors.homeFaq ? (
            <p className="mb-2 text-sm font-semibold text-red-700">{errors.homeFaq}</p>
          ) : null}
          <ol className="space-y-4">
            {rows.map((row, i) => (
              <li key={i} className="rounded-app border border-stone-200 bg-stone-50 p-3">
                <fieldset>
                  <legend className="text-sm font-semibold text-muted">Question {i + 1}</legend>
                  <FaqInput
                    name={`homeFaq.${i}.question`}
                    label="Question"
                    value={row.question}
                    error={errors[`homeFaq.${i}.question`]}
                    maxLength={300}
                  />
                  <FaqInput
                    name={`homeFaq.${i}.answer`}
                    label="Answer"
                    value={row.answer}
                    error={errors[`homeFaq.${i}.answer`]}
                    maxLength={2000}
                    multiline
                  />
                  {row.question || row.answer ? (
                    <label className="mt-2 inline-flex items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        name={`homeFaq.${i}.remove`}
                        className="size-4 accent-primary"
                      />
                      Remove this question when saving
                    </label>
                  ) : null}
                </fieldset>
              </li>
            ))}
          </ol>
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

function FaqInput({
  name,
  label,
  value,
  error,
  maxLength,
  multiline,
}: {
  name: string;
  label: string;
  value: string;
  error?: string;
  maxLength: number;
  multiline?: boolean;
}) {
  const id = `f-${name.replace(/\./g, "-")}`;
  const common = {
    id,
    name,
    defaultValue: value,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
    className: inputClass,
  };
  return (
    <div className="mt-2">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      {multiline ? <textarea rows={3} {...common} /> : <input type="text" {...common} />}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function meta() {
  return [{ title: "Content settings | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
