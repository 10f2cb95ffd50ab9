import { getFormProps, parse, useForm, type Submission } from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import type { Choice } from "~/content/entry-merge.ts";
import { HINDI } from "~/content/fields.ts";
import { inputId, parseEntryForm, type FormTree } from "~/content/form-data.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { Status } from "~/content/kinds/schema.ts";
import type { FormConstraint, FormReply } from "~/lib/form-contract.ts";
import { fieldErrorsOf } from "~/lib/form-reply.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { ConfirmButton } from "./confirm-button.tsx";
import {
  conflictAnchor,
  EditConflictsContext,
  type ConflictMarkData,
  type EditConflicts,
} from "./edit-conflicts.tsx";
import { jobDataForPreview } from "./eligibility-preview.tsx";
import type { TranslationSummary } from "./hindi-panel.tsx";
import type { PresetChoice } from "./preset-field.tsx";
import { LeaveDialog, useUnsavedChanges } from "./unsaved-changes.tsx";
import { resolveLeftField, sameContent, str, type EntryValue } from "./entry-form/checks.ts";
import { ErrorSummary } from "./entry-form/error-summary.tsx";
import { LanguageTabs, type LanguageTab } from "./entry-form/language-tabs.tsx";
import { PublishingPanel, type JobOption } from "./entry-form/publishing.tsx";
import { SaveBar } from "./entry-form/save-bar.tsx";
import { BasicsSection, card, HindiPanel, KindSections } from "./entry-form/sections.tsx";

// The form's words, read by the edit route, the history and the notice import too.

export interface EntryFormProps {
  kind: Kind;
  values: FormTree;
  /** The action's reply to the last save, when it refused it (its errors by input name). */
  reply?: FormReply | null;
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
  /** The inputs' limits, derived on the server from the kind's schema (app/lib/form-parse.ts). */
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

/**
 * The add/edit form of any kind, generated from the registry: the core fields, then every
 * section of the kind in reading order. Input names encode the path of each value
 * (`data.posts[0].total`); the server parses them back with the same schema.
 */
export function EntryForm({
  kind,
  values,
  reply = null,
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
  const replyErrors = fieldErrorsOf(reply);
  // A rejected save is unsaved work, unless nothing in it differs from what was loaded (an
  // empty form sent by mistake must not ask "leave without saving?").
  const [dirty, setDirty] = useState(
    () =>
      Object.keys(replyErrors).length > 0 &&
      (baseline === undefined || !sameContent(values, baseline)),
  );
  const { blocker, markSubmitting } = useUnsavedChanges(dirty);
  // Conform holds the errors: the server's reply (`lastResult`), then the editor's own check of
  // each field as it is left (`onValidate`: the reader and schema the server uses). A save is
  // not checked here: it goes to the server, which answers with JavaScript as without.
  const [form] = useForm<EntryValue>({
    id: "entry-form",
    lastResult: reply,
    shouldValidate: "onBlur",
    onValidate: ({ formData }): Submission<EntryValue> =>
      parse<EntryValue, string[]>(formData, {
        resolve: (_, intent): ReturnType<typeof resolveLeftField> =>
          resolveLeftField(kind, formData, intent, form.allErrors),
      }),
    onSubmit: () => markSubmitting(true),
  });
  const errors = fieldErrorsOf({ error: form.allErrors });
  const [status, setStatus] = useState(str(values.status) || "published");
  const [title, setTitle] = useState(str(values.title));
  // The tab shown (language-tabs.tsx). Until hydrated nothing depends on it, so the browser may
  // start on the tab its address names.
  const [tab, setTab] = useState<LanguageTab>(() =>
    Object.keys(replyErrors)[0]?.startsWith(`data.${HINDI}`) ||
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
  const data = (values.data ?? {}) as FormTree;
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
  const refused = Object.keys(replyErrors).length > 0;
  useEffect(() => {
    if (refused) summaryRef.current?.focus();
  }, [reply, refused]);

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

  return (
    <EditConflictsContext.Provider value={conflictState}>
      <LeaveDialog blocker={blocker} />
      {notice}
      <ErrorSummary kind={kind} errors={errors} summaryRef={summaryRef} showTab={showTab} />
      <Form
        {...getFormProps(form, { ariaAttributes: false })}
        ref={formRef}
        method="post"
        aria-label={`${def.label} form`}
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
          <LanguageTabs hydrated={hydrated} tab={tab} setTab={setTab} translation={translation} />
          <div
            id="panel-english"
            role={hydrated ? "tabpanel" : undefined}
            aria-labelledby={hydrated ? "tab-english" : undefined}
            hidden={hydrated && tab !== "english"}
            className="space-y-4"
          >
            <BasicsSection
              kind={kind}
              values={values}
              errors={errors}
              constraint={constraint}
              organizationNames={organizationNames}
              savedSlug={savedSlug}
              slug={slug}
              title={title}
              hydrated={hydrated}
            />
            <KindSections
              kind={kind}
              data={data}
              errors={errors}
              photoPresets={photoPresets}
              previewData={previewData}
              onRowsChange={() => {
                setDirty(true);
                schedulePreview();
              }}
            />
          </div>
          <HindiPanel
            kind={kind}
            values={values}
            errors={errors}
            hidden={hydrated && tab !== "hindi"}
            hydrated={hydrated}
            translation={translation}
          />
        </div>

        <aside className="space-y-4 lg:sticky lg:top-4">
          <PublishingPanel
            kind={kind}
            values={values}
            errors={errors}
            status={status}
            savedStatus={savedStatus}
            canPublish={canPublish}
            suggestOnly={suggestOnly}
            notify={notify}
            jobChoices={jobChoices}
            onJobChange={() => {
              setDirty(true);
              // A job chosen or typed again: the server's "No job matches" goes.
              if (form.allErrors.jobId) form.update({ name: "jobId", validated: false });
            }}
          />
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

        <SaveBar
          undecided={undecided}
          blocked={blocked}
          dirty={dirty}
          reveal={reveal}
          previewHref={previewHref}
          suggestOnly={suggestOnly}
          canPublish={canPublish}
          busy={busy}
          savedStatus={savedStatus}
          primaryRef={primaryRef}
        />
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
