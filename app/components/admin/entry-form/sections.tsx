import type { EntryData } from "~/content/fields.ts";
import type { FieldErrors, FormTree } from "~/content/form-data.ts";
import { UPLOADS_SECTION } from "~/content/photo-fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import { slugify } from "~/content/kinds/schema.ts";
import type { Kind } from "~/content/kinds.ts";
import type { FormConstraint } from "~/lib/form-contract.ts";
import { EligibilityPreview } from "../eligibility-preview.tsx";
import {
  describedBy,
  FieldShell,
  inputBase,
  inputClass,
  ScalarFieldInput,
} from "../field-input.tsx";
import { HindiFields, TranslationBadge, type TranslationSummary } from "../hindi-panel.tsx";
import { PresetField, type PresetChoice } from "../preset-field.tsx";
import { RowsEditor } from "../rows-editor.tsx";
import { str } from "./checks.ts";

/** The frame of each of the form's cards. */
export const card = "rounded-app border border-stone-200 bg-white p-4 sm:p-5";

/** Title, organization and slug: the core fields every kind has. */
export function BasicsSection({
  kind,
  values,
  errors,
  constraint,
  organizationNames,
  savedSlug,
  slug,
  title,
  hydrated,
}: {
  kind: Kind;
  values: FormTree;
  errors: FieldErrors;
  constraint: FormConstraint;
  organizationNames: readonly string[];
  savedSlug: string | null;
  /** The slug and title as typed now. */
  slug: string;
  title: string;
  hydrated: boolean;
}) {
  const def = REGISTRY[kind];
  const publicPrefix = `${def.urlPrefix}/`;
  const slugChanged = savedSlug !== null && slug !== "" && slug !== savedSlug;
  return (
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
        <FieldShell name="organization" label="Organization" required error={errors.organization}>
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
              <strong className="text-amber-800">The old address will redirect here.</strong>
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
  );
}

/** Every section of the kind, in reading order, each field as its type says. */
export function KindSections({
  kind,
  data,
  errors,
  photoPresets,
  previewData,
  onRowsChange,
}: {
  kind: Kind;
  data: FormTree;
  errors: FieldErrors;
  photoPresets: readonly PresetChoice[];
  /** The job's birth-date preview, shown under the age section; null for other kinds. */
  previewData: EntryData | null;
  onRowsChange: () => void;
}) {
  return REGISTRY[kind].sections.map((section) => (
    <section key={section.id} className={card} aria-labelledby={`form-section-${section.id}`}>
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
            const rows = Array.isArray(data[field.name]) ? (data[field.name] as FormTree[]) : [];
            return (
              <RowsEditor
                key={field.name}
                field={field}
                name={name}
                rows={rows}
                errors={errors}
                onChange={onRowsChange}
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
      {section.id === "age" && previewData ? <EligibilityPreview data={previewData} /> : null}
    </section>
  ));
}

/** The Hindi tab's panel: a word on what it is for, then the Hindi box of each text field. */
export function HindiPanel({
  kind,
  values,
  errors,
  hidden,
  hydrated,
  translation,
}: {
  kind: Kind;
  values: FormTree;
  errors: FieldErrors;
  hidden: boolean;
  hydrated: boolean;
  translation: TranslationSummary | null;
}) {
  return (
    <div
      id="panel-hindi"
      role={hydrated ? "tabpanel" : undefined}
      aria-labelledby={hydrated ? "tab-hindi" : "hindi"}
      hidden={hidden}
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
          Optional. Each box translates the English shown above it; leave one empty and the Hindi
          page shows the English. Numbers, dates, links and the slug are shared.
        </p>
      </div>
      <HindiFields sections={REGISTRY[kind].sections} values={values} errors={errors} card={card} />
    </div>
  );
}
