import type { FormEvent } from "react";
import { DateOfBirthFields } from "~/components/date-of-birth-fields.tsx";
import { preloadRulesCode } from "~/components/eligibility-finder-rules.ts";
import { CATEGORIES, LEVELS } from "~/content/eligibility-terms.ts";
import type { ProfileForm } from "~/content/job-eligibility.ts";
import type { Catalog } from "~/i18n/catalog/types.ts";
import type { ProfileMessages } from "~/i18n/eligibility-words.ts";
import { fmt } from "~/lib/locale.ts";

const GENDERS = ["female", "male", "other"] as const;

/**
 * The finder's form (routes/site/eligibility.tsx): the profile's fields with what was sent and
 * each field's error beside it. Without JavaScript it is POSTed to the page; with it `onSubmit`
 * answers in the browser.
 */
export function EligibilityFinderForm({
  id,
  t,
  action,
  values,
  errors,
  states,
  onSubmit,
  hydrated,
  remembered,
  onForget,
  failure,
}: {
  /** The form's id, by which Conform's state (routes/site/eligibility.tsx) knows it. */
  id: string;
  t: Catalog["eligibility"];
  action: string;
  values: ProfileForm;
  errors: ProfileMessages;
  /** The states one may be domiciled in (from the loader: the script carries no list). */
  states: readonly string[];
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  hydrated: boolean;
  remembered: boolean;
  onForget: () => void;
  failure: string | null;
}) {
  const words = t.rules;
  const field = "mt-1 block w-full rounded-app border border-stone-300 bg-white px-3 py-2";
  const errorText = (name: keyof ProfileMessages) =>
    errors[name] ? (
      <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-red-700">
        {errors[name]}
      </p>
    ) : null;
  const invalid = (name: keyof ProfileMessages) =>
    errors[name]
      ? { "aria-invalid": true as const, "aria-describedby": `${name}-error` }
      : undefined;
  const errorCount = Object.keys(errors).length;
  /** A drop-down: its label, the choices after a first empty one, a hint and its error. */
  const choice = (
    name: "qualification" | "discipline" | "domicileState",
    label: string,
    first: string,
    options: [string, string][],
    hint?: string,
  ) => (
    <div>
      <label className="block">
        <span className="font-semibold text-ink">
          {label}
          {name === "qualification" && (
            <>
              {" "}
              <Required word={t.required} />
            </>
          )}
        </span>
        <select
          name={name}
          required={name === "qualification"}
          defaultValue={values[name] ?? ""}
          aria-invalid={errors[name] ? true : undefined}
          // An id that is not on the page (no hint, no error) is ignored.
          aria-describedby={`${name}-hint ${name}-error`}
          className={field}
        >
          <option value="">{first}</option>
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      {hint && (
        <p id={`${name}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
      )}
      {errorText(name)}
    </div>
  );

  return (
    <form
      id={id}
      method="post"
      action={action}
      onSubmit={onSubmit}
      onFocus={preloadRulesCode}
      onPointerDown={preloadRulesCode}
      noValidate
      aria-label={t.formLabel}
      className="space-y-4 rounded-app border border-stone-200 bg-white p-4"
    >
      {errorCount > 0 && (
        <div role="alert" className="rounded-app bg-red-50 px-3 py-2 text-sm text-red-900">
          {errorCount === 1 ? t.checkOne : fmt(t.checkMany, { n: errorCount })}
        </div>
      )}
      <fieldset {...invalid("dob")}>
        <legend className="font-semibold text-ink">
          {t.dob} <Required word={t.required} />
        </legend>
        <p id="dob-hint" className="text-sm text-muted">
          {t.dobHint}
        </p>
        <DateOfBirthFields
          labels={t.dobParts}
          values={values}
          invalid={!!errors.dob}
          describedBy={errors.dob ? "dob-hint dob-error" : "dob-hint"}
        />
        {errorText("dob")}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <RadioGroup
          name="gender"
          legend={t.gender}
          options={GENDERS.map((value) => ({ value, label: t.genders[value] }))}
          value={values.gender}
          error={errors.gender}
          required={t.required}
        />
        <RadioGroup
          name="category"
          legend={t.category}
          options={CATEGORIES.map((value) => ({ value, label: words.categories[value] }))}
          value={values.category}
          error={errors.category}
          required={t.required}
        />

        {choice(
          "qualification",
          t.qualification,
          t.choose,
          LEVELS.map((level) => [level, words.qualifications[level]]),
        )}
        {/* The catalogue lists every subject: the page's script carries no list of its own. */}
        {choice(
          "discipline",
          t.discipline,
          t.notGiven,
          Object.entries(words.disciplines),
          t.disciplineHint,
        )}
        {choice(
          "domicileState",
          t.domicile,
          t.notGiven,
          states.map((state) => [state, words.states[state] ?? state]),
        )}
      </div>

      <div className="space-y-2">
        <Tick name="finalYear" label={t.finalYear} values={values} />
        <Tick name="pwbd" label={t.pwbd} values={values} />
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Tick name="exServiceman" label={t.exServiceman} values={values} />
          <label className="flex items-center gap-2 text-sm">
            {t.serviceYears}
            <input
              name="serviceYears"
              inputMode="decimal"
              maxLength={4}
              defaultValue={values.serviceYears ?? ""}
              {...invalid("serviceYears")}
              className="block w-20 rounded-app border border-stone-300 bg-white px-3 py-2"
            />
          </label>
        </div>
        {errorText("serviceYears")}
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="submit"
          className="rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark"
        >
          {t.submit}
        </button>
        {/* Only with JavaScript: without it there is nowhere on the phone to keep anything. */}
        {hydrated && (
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="remember"
              defaultChecked={remembered}
              className="h-5 w-5"
            />
            {t.remember}
          </label>
        )}
        {hydrated && remembered && (
          <button type="button" onClick={onForget} className="text-sm text-accent underline">
            {t.forget}
          </button>
        )}
      </div>
      {failure && (
        <p role="alert" className="rounded-app bg-red-50 px-3 py-2 text-sm text-red-900">
          {failure}
        </p>
      )}
    </form>
  );
}

function Tick({
  name,
  label,
  values,
}: {
  name: "finalYear" | "pwbd" | "exServiceman";
  label: string;
  values: ProfileForm;
}) {
  return (
    <label className="flex items-start gap-2">
      <input
        type="checkbox"
        name={name}
        defaultChecked={values[name] === "on"}
        className="mt-0.5 h-5 w-5 shrink-0"
      />
      <span>{label}</span>
    </label>
  );
}

/** "(required)" after a field's name: the reader knows before sending (the form says why after). */
function Required({ word }: { word: string }) {
  return <span className="text-sm font-normal text-muted">({word})</span>;
}

function RadioGroup({
  name,
  legend,
  options,
  value,
  error,
  required,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  value: string | undefined;
  error: string | undefined;
  /** The word "required", for a choice the form cannot do without. */
  required?: string;
}) {
  return (
    <fieldset
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${name}-error` : undefined}
    >
      <legend className="font-semibold text-ink">
        {legend}
        {required && (
          <>
            {" "}
            <Required word={required} />
          </>
        )}
      </legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-center gap-2 py-1">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={value === option.value}
              required={!!required}
              className="h-5 w-5"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className="mt-1 text-sm font-semibold text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
