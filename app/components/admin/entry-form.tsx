import { useEffect, useRef, useState, type FocusEvent, type ReactNode } from "react";
import type { FormConstraint } from "~/lib/form-contract.ts";
import { Form, useNavigation } from "react-router";
import { allFields, HINDI } from "~/content/fields.ts";
import {
  alignHindiRows,
  fieldErrorsFromIssues,
  inputId,
  parseEntryForm,
  type FieldErrors,
  type FormTree,
} from "~/content/form-data.ts";
import {
  entryInputSchema,
  REGISTRY,
  slugify,
  STATUSES,
  type Kind,
  type Status,
} from "~/content/registry.ts";
import type { Choice } from "~/content/entry-merge.ts";
import { buttonClass } from "./banner.tsx";
import {
  conflictAnchor,
  EditConflictsContext,
  type ConflictMarkData,
  type EditConflicts,
} from "./edit-conflicts.tsx";
import { ConfirmButton } from "./confirm-button.tsx";
import { EligibilityPreview, jobDataForPreview } from "./eligibility-preview.tsx";
import { JobCombobox } from "./job-combobox.tsx";
import {
  describedBy,
  FieldShell,
  inputBase,
  inputClass,
  ScalarFieldInput,
} from "./field-input.tsx";
import { RowsEditor } from "./rows-editor.tsx";
import {
  HindiFields,
  hindiLabel,
  TranslationBadge,
  type TranslationSummary,
} from "./hindi-panel.tsx";
import { STATUS_LABELS } from "./status-badge.tsx";
import { LeaveDialog, useUnsavedChanges } from "./unsaved-changes.tsx";
import { useHydrated } from "../../lib/use-hydrated.ts";
import { UPLOADS_SECTION } from "~/content/photo-fields.ts";
import { PresetField, type PresetChoice } from "~/components/admin/preset-field.tsx";

export interface JobOption {
  id: string;
  title: string;
  status: Status;
}

export interface EntryFormProps {
  kind: Kind;
  values: FormTree;
  errors: FieldErrors;
  /** The status saved in the database; null while the entry is new. */
  savedStatus: Status | null;
  savedSlug: string | null;
  jobChoices: readonly JobOption[];
  /** The organizations entries already name, offered as the organization field is typed. */
  organizationNames?: readonly string[];
  previewHref: string | null;
  /** The id of the separate form that the trash button submits. */
  trashFormId: string | null;
  /** The stored version (updatedAt) this form edits; a save against a newer one is refused. */
  version?: string;
  /** False for an author: drafts and "submit for review" only (the server refuses the rest). */
  canPublish?: boolean;
  /** What was loaded, when `values` is a rejected submission: unchanged means nothing to lose. */
  baseline?: FormTree;
  /** The inputs' limits, derived on the server from the kind's schema (app/server/form.server.ts). */
  constraint?: FormConstraint;
  /** The saved entry's Hindi state (badge on the Hindi tab); null while the entry is new. */
  translation?: TranslationSummary | null;
  /**
   * For a publisher: how many alert subscribers the stored entry matches (null while it is new)
   * and whether "Notify subscribers" starts ticked. Null: no box (an author cannot publish).
   */
  notify?: { recipients: number | null; checked: boolean } | null;
  /**
   * After a refused save (409): who saved in between and when, the fields both changed (marked in
   * place, each to be decided before the form saves) and those only they changed (taken in).
   */
  conflicts?: {
    by: string;
    at: string;
    marks: readonly ConflictMarkData[];
    adopted: readonly { key: string; was: FormTree[string] | undefined }[];
  } | null;
  /** After a 409: the version both people started from, sent back with the choices. */
  base?: string;
  /** Shown above the form, inside it (the refusal that names the marked fields). */
  notice?: ReactNode;
  /**
   * An author's entry an editor has published: it can only be sent as a suggested change (one
   * button), not saved.
   */
  suggestOnly?: boolean;
  /** A job's photo and signature presets to choose from (issue 31). */
  photoPresets?: readonly PresetChoice[];
}

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** What the person reads for an input in the error summary: its label, with the row if any. */
export function inputLabel(kind: Kind, name: string): string {
  const def = REGISTRY[kind];
  const core: Record<string, string> = {
    title: def.titleLabel,
    slug: "Slug",
    organization: "Organization",
    status: "Status",
    publishAt: "Publish at",
    jobId: "Job",
    notify: "Notify subscribers",
  };
  if (core[name]) return core[name];
  const m = /^data\.([A-Za-z0-9_]+)(?:\[(\d+)\]\.([A-Za-z0-9_]+))?$/.exec(name);
  if (m?.[1] === `${HINDI}title`) return "Title (Hindi)";
  const hindi = m?.[1].startsWith(HINDI) ?? false;
  const fieldName = m && hindi ? m[1].slice(HINDI.length) : m?.[1];
  const field = m && allFields(def.sections).find((f) => f.name === fieldName);
  if (!m || !field) return name;
  const say = (label: string) => (hindi ? hindiLabel(label) : label);
  if (field.type !== "rows" || m[2] === undefined) return say(field.label);
  const column = field.columns.find((c) => c.name === m[3]);
  return `${say(field.label)}, row ${Number(m[2]) + 1}: ${column?.label ?? m[3]}`;
}

/**
 * The core schema says "Title" whatever the kind; the form calls it "Post name", "Exam name"…
 * Say it the way the label does.
 */
export function withKindWords(kind: Kind, errors: FieldErrors): FieldErrors {
  const title = errors.title;
  if (!title?.startsWith("Title ")) return errors;
  return { ...errors, title: `${REGISTRY[kind].titleLabel}${title.slice(5)}` };
}

/** A form tree without its blanks: "", empty rows and empty lists say nothing was typed. */
function meaningful(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(meaningful).filter((v) => v !== undefined);
    return items.length ? items : undefined;
  }
  if (value && typeof value === "object") {
    const entries = Object.entries(value)
      .map(([k, v]) => [k, meaningful(v)] as const)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => a.localeCompare(b));
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  if (value === "" || value === null || value === undefined) return undefined;
  return String(value);
}

/** The parts of a form tree that are the entry (not the button pressed or the version). */
const CONTENT_KEYS = ["title", "slug", "organization", "status", "publishAt", "jobId", "data"];

function sameContent(a: FormTree, b: FormTree): boolean {
  const content = (t: FormTree) =>
    JSON.stringify(meaningful(Object.fromEntries(CONTENT_KEYS.map((k) => [k, t[k]]))));
  return content(a) === content(b);
}

function primaryLabel(status: string, saved: Status | null): string {
  if (status === "published") {
    return saved === "published"
      ? "Update"
      : saved === "pending"
        ? "Approve and publish"
        : "Publish";
  }
  if (status === "pending") return "Submit for review";
  if (status === "scheduled") return "Schedule";
  if (status === "draft") return "Save draft";
  return "Save";
}

/**
 * The add/edit form of any kind, generated from the registry: the core fields, then every
 * section of the kind in reading order. Input names encode the path of each value
 * (`data.posts[0].total`); the server parses them back with the same schema.
 */
export function EntryForm({
  kind,
  values,
  errors: initialErrors,
  savedStatus,
  savedSlug,
  jobChoices,
  organizationNames = [],
  previewHref,
  trashFormId,
  version = "",
  canPublish = true,
  baseline,
  constraint = {},
  translation = null,
  notify = null,
  conflicts = null,
  base = "",
  notice = null,
  suggestOnly = false,
  photoPresets = [],
}: EntryFormProps) {
  const def = REGISTRY[kind];
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const [errors, setErrors] = useState<FieldErrors>(initialErrors);
  // A rejected save is unsaved work, unless nothing in it differs from what was loaded (an
  // empty form sent by mistake must not ask "leave without saving?").
  const [dirty, setDirty] = useState(
    () =>
      Object.keys(initialErrors).length > 0 &&
      (baseline === undefined || !sameContent(values, baseline)),
  );
  const [status, setStatus] = useState(str(values.status) || "published");
  const [title, setTitle] = useState(str(values.title));
  // The English and Hindi tabs. Without JavaScript both panels show, one after the other, and
  // the tab bar is two in-page links; with it, a tablist showing one panel (inputs of the hidden
  // one are still in the form and saved with it).
  // Until hydrated nothing depends on it, so the browser may start on the tab its address names.
  const [tab, setTab] = useState<"english" | "hindi">(() =>
    Object.keys(initialErrors)[0]?.startsWith(`data.${HINDI}`) ||
    (typeof window !== "undefined" && window.location.hash === "#hindi")
      ? "hindi"
      : "english",
  );
  const showTab = (name: string) => {
    const next = name.startsWith(`data.${HINDI}`) ? "hindi" : "english";
    setTab(next);
    setTimeout(() => document.getElementById(inputId(name))?.focus(), 0);
  };
  const [slug, setSlug] = useState(str(values.slug));
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const marks = Object.fromEntries((conflicts?.marks ?? []).map((m) => [m.key, m]));
  const undecided = (conflicts?.marks ?? []).filter((m) => !choices[m.key]);
  // Without JavaScript the buttons stay usable: the server refuses a save left undecided.
  const blocked = hydrated && undecided.length > 0;
  const reveal = (key: string) => {
    showTab(key);
    setTimeout(() => {
      const mark = document.getElementById(conflictAnchor(key));
      mark?.scrollIntoView({ block: "center" });
      (document.getElementById(inputId(key)) ?? mark)?.focus();
    }, 0);
  };
  const conflictState: EditConflicts | null = conflicts && {
    kind,
    by: conflicts.by,
    at: conflicts.at,
    marks,
    adopted: Object.fromEntries(conflicts.adopted.map((a) => [a.key, a.was])),
    choices,
    reveal,
    choose(key, choice) {
      setChoices((prev) => ({ ...prev, [key]: choice }));
      setDirty(true);
      // A single value goes into its input at once; a table is taken whole when saved.
      const value = choice === "theirs" ? marks[key]?.theirs : marks[key]?.mine;
      if (typeof value !== "object") setInputValue(key, value ?? "");
    },
  };
  const formRef = useRef<HTMLFormElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const { blocker, markSubmitting } = useUnsavedChanges(dirty);
  const data = (values.data ?? {}) as FormTree;
  const errorCount = Object.keys(errors).length;
  // The job's birth-date preview follows the form as it is typed; the server renders it from the
  // values it was given, so it is there without JavaScript too.
  const [previewData, setPreviewData] = useState(() =>
    kind === "job" ? jobDataForPreview(data) : null,
  );
  const previewTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const schedulePreview = () => {
    if (kind !== "job") return;
    clearTimeout(previewTimer.current);
    // After the current render too: a removed row leaves the DOM only then.
    previewTimer.current = setTimeout(() => {
      if (!formRef.current) return;
      const { value } = parseEntryForm(new FormData(formRef.current));
      setPreviewData(jobDataForPreview(value.data as FormTree | undefined));
    }, 200);
  };
  useEffect(() => () => clearTimeout(previewTimer.current), []);

  useEffect(() => {
    if (navigation.state === "idle") markSubmitting(false);
  }, [navigation.state, markSubmitting]);

  // A rejected save: show the person what to fix first.
  useEffect(() => {
    if (Object.keys(initialErrors).length > 0) summaryRef.current?.focus();
  }, [initialErrors]);

  // While a marked field is undecided, Ctrl+S goes to it instead of saving.
  const blockedRef = useRef<(() => void) | null>(null);
  const firstUndecided = undecided[0]?.key;
  useEffect(() => {
    blockedRef.current = blocked && firstUndecided ? () => reveal(firstUndecided) : null;
  });

  // Ctrl+S / ⌘S saves, as in every editor people already know.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        if (blockedRef.current) blockedRef.current();
        else formRef.current?.requestSubmit(primaryRef.current ?? undefined);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // Instant feedback: when a field loses focus, check it with the same schema as the server.
  const checkField = (event: FocusEvent<HTMLFormElement>) => {
    const target = event.target as unknown as HTMLInputElement;
    if (!target.name || !formRef.current) return;
    const { value, rowOrigins } = alignHindiRows(parseEntryForm(new FormData(formRef.current)));
    const result = entryInputSchema(kind).safeParse(value);
    const found = result.success
      ? {}
      : withKindWords(kind, fieldErrorsFromIssues(result.error.issues, rowOrigins));
    setErrors((prev) => {
      if (prev[target.name] === found[target.name]) return prev;
      const next = { ...prev };
      if (found[target.name]) next[target.name] = found[target.name];
      else delete next[target.name];
      return next;
    });
  };

  const jobSelected = str(values.jobId);
  const publicPrefix = `${def.urlPrefix}/`;
  const slugChanged = savedSlug !== null && slug !== "" && slug !== savedSlug;
  const card = "rounded-app border border-stone-200 bg-white p-4 sm:p-5";

  return (
    <EditConflictsContext.Provider value={conflictState}>
      <LeaveDialog blocker={blocker} />
      {notice}
      {errorCount > 0 ? (
        <div
          ref={summaryRef}
          tabIndex={-1}
          role="alert"
          aria-labelledby="error-summary-title"
          className="mb-4 rounded-app border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          <h2 id="error-summary-title" className="font-semibold">
            {errorCount === 1 ? "1 field needs" : `${errorCount} fields need`} your attention.
            Nothing was saved.
          </h2>
          <ul className="mt-1 list-disc pl-5">
            {Object.entries(errors).map(([name, message]) => (
              <li key={name}>
                <a
                  href={`#${inputId(name)}`}
                  className="underline"
                  onClick={(event) => {
                    event.preventDefault();
                    showTab(name);
                  }}
                >
                  {inputLabel(kind, name)}
                </a>
                : {message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form
        ref={formRef}
        method="post"
        noValidate
        id="entry-form"
        aria-label={`${def.label} form`}
        onBlur={checkField}
        onChange={(event) => {
          setDirty(true);
          schedulePreview();
          const target = event.target as unknown as HTMLInputElement;
          // Typing over their value in a marked field is keeping one's own.
          const mark = marks[target.name];
          if (mark && choices[target.name] === "theirs" && target.value !== mark.theirs)
            setChoices((prev) => ({ ...prev, [target.name]: "mine" }));
          if (target.name === "status") setStatus(target.value);
          if (target.name === "title") setTitle(target.value);
          if (target.name === "slug") setSlug(target.value);
        }}
        onSubmit={() => markSubmitting(true)}
        className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start"
      >
        <input type="hidden" name="version" value={version} />
        {base ? <input type="hidden" name="base" value={base} /> : null}
        {/* Enter in a text field presses the first submit button: make that the primary one. */}
        <button
          type="submit"
          name="intent"
          value="save"
          tabIndex={-1}
          aria-hidden="true"
          className="absolute h-0 w-0 overflow-hidden opacity-0"
        />
        <div className="min-w-0 space-y-4">
          <div
            role={hydrated ? "tablist" : undefined}
            aria-label="Language"
            className="flex flex-wrap gap-1 border-b border-stone-300"
          >
            {(["english", "hindi"] as const).map((t) => {
              const label = t === "english" ? "English" : "Hindi (हिन्दी)";
              const tabClass = `-mb-px inline-flex items-center gap-2 rounded-t-app border px-3 py-2 text-sm font-semibold ${
                hydrated && tab === t
                  ? "border-stone-300 border-b-white bg-white text-ink"
                  : "border-transparent text-accent"
              }`;
              const extra =
                t === "hindi" && translation ? <TranslationBadge t={translation} /> : null;
              return hydrated ? (
                <button
                  key={t}
                  type="button"
                  role="tab"
                  id={`tab-${t}`}
                  aria-selected={tab === t}
                  aria-controls={`panel-${t}`}
                  tabIndex={tab === t ? 0 : -1}
                  onClick={() => setTab(t)}
                  onKeyDown={(event) => {
                    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
                      const other = t === "english" ? "hindi" : "english";
                      setTab(other);
                      document.getElementById(`tab-${other}`)?.focus();
                    }
                  }}
                  className={tabClass}
                >
                  {label}
                  {extra}
                </button>
              ) : (
                <a
                  key={t}
                  href={t === "english" ? "#panel-english" : "#hindi"}
                  className={tabClass}
                >
                  {label}
                  {extra}
                </a>
              );
            })}
          </div>
          <div
            id="panel-english"
            role={hydrated ? "tabpanel" : undefined}
            aria-labelledby={hydrated ? "tab-english" : undefined}
            hidden={hydrated && tab !== "english"}
            className="space-y-4"
          >
            <section className={card} aria-label="Basics">
              <div className="grid gap-4 sm:grid-cols-2">
                <FieldShell
                  name="title"
                  label={def.titleLabel}
                  required
                  error={errors.title}
                  className="sm:col-span-2"
                >
                  <input
                    {...describedBy("title", { error: errors.title })}
                    type="text"
                    defaultValue={str(values.title)}
                    required
                    maxLength={constraint.title?.maxLength}
                    className={`${inputClass} text-base font-semibold`}
                  />
                </FieldShell>
                <FieldShell
                  name="organization"
                  label="Organization"
                  required
                  error={errors.organization}
                >
                  <input
                    {...describedBy("organization", { error: errors.organization })}
                    type="text"
                    defaultValue={str(values.organization)}
                    required
                    maxLength={constraint.organization?.maxLength}
                    list="organization-names"
                    autoComplete="off"
                    className={inputClass}
                  />
                  {/* Picking a known name keeps the entry with its organization's page and domains. */}
                  <datalist id="organization-names">
                    {organizationNames.map((name) => (
                      <option key={name} value={name} />
                    ))}
                  </datalist>
                </FieldShell>
                <FieldShell
                  name="slug"
                  label="Slug (web address)"
                  error={errors.slug}
                  help={
                    slugChanged ? (
                      <strong className="text-amber-800">
                        The old address will redirect here.
                      </strong>
                    ) : savedSlug === null ? (
                      "Leave blank to make it from the title."
                    ) : (
                      "If you change it, the old address will redirect here."
                    )
                  }
                >
                  <div className="mt-1 flex min-w-0 items-stretch">
                    <span className="flex items-center rounded-l-app border border-r-0 border-stone-300 bg-stone-100 px-2 text-xs text-muted">
                      {publicPrefix}
                    </span>
                    <input
                      {...describedBy("slug", { error: errors.slug, help: true })}
                      type="text"
                      defaultValue={str(values.slug)}
                      placeholder={hydrated && title ? slugify(title) : "made-from-the-title"}
                      maxLength={constraint.slug?.maxLength}
                      autoCapitalize="none"
                      spellCheck={false}
                      className={`${inputBase} rounded-l-none`}
                    />
                  </div>
                </FieldShell>
              </div>
            </section>

            {def.sections.map((section) => (
              <section
                key={section.id}
                className={card}
                aria-labelledby={`form-section-${section.id}`}
              >
                <h2
                  id={`form-section-${section.id}`}
                  className="mb-3 border-l-4 border-primary pl-2 text-base font-semibold"
                >
                  {section.title}
                </h2>
                <div className="grid gap-4 sm:grid-cols-2">
                  {section.fields.map((field) => {
                    const name = `data.${field.name}`;
                    if (section.id === UPLOADS_SECTION && field.type !== "rows") {
                      return (
                        <PresetField
                          key={field.name}
                          field={field}
                          value={str(data[field.name])}
                          error={errors[name]}
                          presets={photoPresets}
                        />
                      );
                    }
                    if (field.type === "rows") {
                      const rows = Array.isArray(data[field.name])
                        ? (data[field.name] as FormTree[])
                        : [];
                      return (
                        <RowsEditor
                          key={field.name}
                          field={field}
                          name={name}
                          rows={rows}
                          errors={errors}
                          onChange={() => {
                            setDirty(true);
                            schedulePreview();
                          }}
                        />
                      );
                    }
                    return (
                      <ScalarFieldInput
                        key={field.name}
                        field={field}
                        name={name}
                        value={
                          Array.isArray(data[field.name])
                            ? (data[field.name] as string[])
                            : str(data[field.name])
                        }
                        error={errors[name]}
                      />
                    );
                  })}
                </div>
                {section.id === "age" && previewData ? (
                  <EligibilityPreview data={previewData} />
                ) : null}
              </section>
            ))}
          </div>
          <div
            id="panel-hindi"
            role={hydrated ? "tabpanel" : undefined}
            aria-labelledby={hydrated ? "tab-hindi" : "hindi"}
            hidden={hydrated && tab !== "hindi"}
            className="space-y-4"
          >
            <div className={card}>
              <h2 id="hindi" className="flex flex-wrap items-center gap-2 text-base font-semibold">
                <span>
                  Hindi (<span lang="hi">हिन्दी</span>)
                </span>
                {translation ? <TranslationBadge t={translation} /> : null}
              </h2>
              <p className="mt-1 text-sm text-muted">
                Optional. Each box translates the English shown above it; leave one empty and the
                Hindi page shows the English. Numbers, dates, links and the slug are shared.
              </p>
            </div>
            <HindiFields sections={def.sections} values={values} errors={errors} card={card} />
          </div>
        </div>

        <aside className="space-y-4 lg:sticky lg:top-4">
          <section className={card} aria-labelledby="publish-title">
            <h2 id="publish-title" className="mb-3 text-base font-semibold">
              Publishing
            </h2>
            <div className="publishing space-y-4">
              {canPublish ? (
                <FieldShell name="status" label="Status" required error={errors.status}>
                  <select
                    {...describedBy("status", { error: errors.status })}
                    defaultValue={status}
                    className={inputClass}
                  >
                    {STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {STATUS_LABELS[s]}
                      </option>
                    ))}
                  </select>
                </FieldShell>
              ) : (
                <>
                  <input type="hidden" name="status" value={status} />
                  <p className="text-sm">
                    Status: <strong>{STATUS_LABELS[status as Status] ?? status}</strong>
                    {errors.status ? (
                      <span className="block font-semibold text-red-700">{errors.status}</span>
                    ) : null}
                    <span className="block text-xs text-muted">
                      {suggestOnly
                        ? "Only an editor changes it now: what you edit here goes to the editors as a suggested change."
                        : "Save a draft as often as you like; submit it when it is ready, and an editor publishes it."}
                    </span>
                  </p>
                </>
              )}
              {/* Shown by CSS only while "Scheduled" is chosen (app.css): the server's HTML has the
                  final layout, so nothing moves when the page hydrates. A saved time stays shown. */}
              <div className={str(values.publishAt) ? undefined : "publish-at-when-scheduled"}>
                <FieldShell
                  name="publishAt"
                  label="Publish at (India time)"
                  error={errors.publishAt}
                  help="Needed when the status is Scheduled."
                >
                  <input
                    {...describedBy("publishAt", { error: errors.publishAt, help: true })}
                    type="datetime-local"
                    defaultValue={str(values.publishAt)}
                    className={inputClass}
                  />
                </FieldShell>
              </div>
              {notify ? (
                <NotifyNotice
                  notify={notify}
                  published={savedStatus === "published"}
                  error={errors.notify}
                />
              ) : null}
              {def.linksToJob ? (
                <FieldShell
                  name="jobId"
                  label="Job it belongs to"
                  error={errors.jobId}
                  help="Type part of its title and choose it, or type its full title or id. The job page links here, and this page links to the job."
                >
                  {/* jobChoices holds only the job linked when the form opened; after a refused
                      save the text comes back as it was sent (jobQuery). */}
                  <JobCombobox
                    {...describedBy("jobId", { error: errors.jobId, help: true })}
                    queryName="jobQuery"
                    jobId={jobSelected}
                    text={
                      typeof values.jobQuery === "string"
                        ? values.jobQuery
                        : (jobChoices.find((j) => j.id === jobSelected)?.title ?? jobSelected)
                    }
                    status={jobChoices.find((j) => j.id === jobSelected)?.status}
                    onChange={() => {
                      setDirty(true);
                      setErrors((prev) => {
                        if (!prev.jobId) return prev;
                        const next = { ...prev };
                        delete next.jobId;
                        return next;
                      });
                    }}
                  />
                </FieldShell>
              ) : null}
            </div>
          </section>
          {trashFormId ? (
            <section className={card} aria-label="Remove">
              <ConfirmButton
                label="Move to trash"
                question={`Move this ${def.label.toLowerCase()} to the trash? It leaves the site at once; you can restore it from the Trash.`}
                confirmLabel="Yes, move to trash"
                value="trash"
                form={trashFormId}
              />
            </section>
          ) : null}
        </aside>

        <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-end gap-2 border-t border-stone-200 bg-white/95 px-4 py-3 backdrop-blur md:-mx-6 md:px-6 lg:col-span-2">
          {blocked ? (
            <span className="mr-auto text-xs font-semibold text-amber-900" role="status">
              Choose &ldquo;use theirs&rdquo; or &ldquo;keep mine&rdquo; for{" "}
              <a
                href={`#${conflictAnchor(undecided[0].key)}`}
                className="underline"
                onClick={(event) => {
                  event.preventDefault();
                  reveal(undecided[0].key);
                }}
              >
                {undecided.length === 1
                  ? "the marked field"
                  : `the ${undecided.length} marked fields`}
              </a>{" "}
              first.
            </span>
          ) : dirty ? (
            <span className="mr-auto text-xs text-muted" role="status">
              Unsaved changes
            </span>
          ) : null}
          {previewHref ? (
            <a href={previewHref} target="_blank" rel="noopener" className={buttonClass.quiet}>
              Preview<span className="sr-only"> (opens in a new tab)</span> ↗
            </a>
          ) : (
            <span className="hidden text-xs text-muted sm:inline">Save once to preview.</span>
          )}
          {suggestOnly ? (
            <button
              type="submit"
              name="intent"
              value="suggest"
              disabled={busy}
              className={buttonClass.primary}
            >
              {busy ? "Sending..." : "Send as a suggested change"}
            </button>
          ) : canPublish ? (
            // One control decides: the Status select. The button says what it will do with the
            // chosen status (app.css shows the matching label, with or without JavaScript).
            <button
              ref={primaryRef}
              type="submit"
              name="intent"
              value="save"
              disabled={busy || blocked}
              className={`entry-primary ${buttonClass.primary}`}
            >
              {busy
                ? "Saving..."
                : STATUSES.map((s) => (
                    <span key={s} className={`when-${s}`}>
                      {primaryLabel(s, savedStatus)}
                    </span>
                  ))}
            </button>
          ) : (
            // An author's two choices are the two buttons; there is no status to pick.
            <>
              <button
                type="submit"
                name="intent"
                value="draft"
                disabled={busy || blocked}
                className={buttonClass.secondary}
              >
                Save draft
              </button>
              <button
                type="submit"
                name="intent"
                value="submit"
                disabled={busy || blocked}
                className={buttonClass.primary}
              >
                {busy ? "Saving..." : "Submit for review"}
              </button>
            </>
          )}
        </div>
      </Form>
    </EditConflictsContext.Provider>
  );
}

/**
 * Put a value into a form control past React (it tracks the value it last saw), so the form's
 * change handler hears of it as if typed.
 */
function setInputValue(name: string, value: string) {
  const target = document.getElementById(inputId(name));
  if (
    !(target instanceof HTMLInputElement) &&
    !(target instanceof HTMLTextAreaElement) &&
    !(target instanceof HTMLSelectElement)
  )
    return;
  const proto = Object.getPrototypeOf(target) as object;
  Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(target, value);
  target.dispatchEvent(new Event("input", { bubbles: true }));
  target.dispatchEvent(new Event("change", { bubbles: true }));
}

/**
 * "This will notify N subscribers", with the box that turns it off for this save. Shown by CSS
 * only while "Published" is chosen (app.css), so it is right without JavaScript. The count is the
 * stored entry's: a change of state or qualification in the form is counted once saved.
 */
function NotifyNotice({
  notify,
  published,
  error,
}: {
  notify: { recipients: number | null; checked: boolean };
  published: boolean;
  error: string | undefined;
}) {
  const who =
    notify.recipients === null
      ? "the alert subscribers it matches"
      : `${notify.recipients.toLocaleString("en-IN")} ${notify.recipients === 1 ? "subscriber" : "subscribers"}`;
  return (
    <div
      className="notify-when-published rounded-app border border-amber-300 bg-amber-50 p-3 text-sm"
      data-testid="notify-notice"
    >
      <p id="notify-help">
        {published
          ? `If this save changes a key fact (last date, result, admit card), it will notify ${who}.`
          : `This will notify ${who}.`}
      </p>
      <input type="hidden" name="notifyAsked" value="1" />
      <label className="mt-2 flex items-center gap-2 font-semibold">
        <input
          type="checkbox"
          name="notify"
          id={inputId("notify")}
          defaultChecked={notify.checked}
          aria-describedby="notify-help"
          aria-invalid={error ? true : undefined}
        />
        Notify subscribers
      </label>
      {error ? <p className="mt-1 font-semibold text-red-700">{error}</p> : null}
    </div>
  );
}
