import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, useActionData } from "react-router";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { DateOfBirthFields } from "~/components/date-of-birth-fields.tsx";
import { EligibilityResults } from "~/components/eligibility-results.tsx";
import { PageError } from "~/components/page-error.tsx";
import { CATEGORIES, LEVELS } from "~/content/eligibility-terms.ts";
import {
  findPosts,
  parseProfile,
  type FindingsView,
  type ProfileForm,
  type RulesFile,
} from "~/content/job-eligibility.ts";
import { DOMICILE_STATES } from "~/content/options.ts";
import { forgetProfile, loadProfile, saveProfile } from "~/content/profile-storage.ts";
import { catalog, requestLocale, packedStrings, stringsFor } from "~/i18n/catalog.server.ts";
import { Strings, useLocalePath } from "~/i18n/context.tsx";
import { sayErrors, viewFindings, type ProfileMessages } from "~/i18n/eligibility-words.ts";
import { fmt } from "~/lib/locale.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { publicEligibilityRules } from "~/server/eligibility.server.ts";
import { env } from "~/server/env.server.ts";
import { publicSettings } from "~/server/public-data.server.ts";
import { pageMeta } from "~/server/seo.server.ts";
import type { Route } from "./+types/eligibility";
import type { RouteHandle } from "~/page-cache/index.ts";
import { warnInBrowser } from "~/lib/browser-log.ts";
import { unpack } from "~/packed.ts";

/** Only the settings and fixed lists: the rules themselves come from /eligibility/rules.json. */
export const handle = { cacheScope: [] } satisfies RouteHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  // The page's words and the rules' sentences, in the page's language: the rules code (loaded
  // when the form is used) takes them as a parameter, so its script carries neither language.
  const strings = stringsFor(locale, "eligibility");
  const settings = await publicSettings();
  return {
    strings: packedStrings(locale, "eligibility"),
    locale,
    today: todayInIndia(),
    // From the loader, not the bundle: the page's script stays free of the option lists.
    states: DOMICILE_STATES,
    meta: pageMeta({
      baseUrl: env().BASE_URL,
      settings,
      title: strings.eligibility.metaTitle,
      description: strings.eligibility.metaDescription,
      path: "/eligibility",
      locale,
    }),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

type FinderResult =
  | { status: "found"; values: ProfileForm; findings: FindingsView }
  | { status: "invalid"; values: ProfileForm; errors: ProfileMessages };

const PRIVATE = { "Cache-Control": "no-store" };

/**
 * Without JavaScript the form is POSTed here (never a GET: a birth date must not reach URLs,
 * logs or caches) and answered with the same function the browser runs. Nothing is stored.
 */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (JSON, garbage) is the sender's mistake: 400, not 500.
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400, headers: PRIVATE });
  const values: ProfileForm = {};
  for (const name of FORM_NAMES) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 100);
  }
  const today = todayInIndia();
  const locale = requestLocale(request);
  const words = catalog(locale).eligibility.rules;
  const parsed = parseProfile(values, today);
  if (!parsed.ok) {
    const errors = sayErrors(parsed.errors, words);
    return data({ status: "invalid", values, errors } satisfies FinderResult, {
      status: 400,
      headers: PRIVATE,
    });
  }
  const rules = await publicEligibilityRules(today);
  const findings = viewFindings(findPosts(parsed.profile, rules.jobs, today), locale, words);
  return data({ status: "found", values, findings } satisfies FinderResult, { headers: PRIVATE });
}

/** The answer to a POST carries a birth date: no cache may keep it. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
}

const GENDERS = ["female", "male", "other"] as const;

const FORM_NAMES = [
  "dobDay",
  "dobMonth",
  "dobYear",
  "gender",
  "category",
  "pwbd",
  "exServiceman",
  "serviceYears",
  "domicileState",
  "qualification",
  "discipline",
  "finalYear",
] as const satisfies readonly (keyof ProfileForm)[];

/**
 * The rules code (and its checks) is fetched when the form is first touched, not with the page:
 * the page itself stays as light as any other.
 */
const rulesCode = () => import("~/i18n/eligibility-code.ts");
const preloadRulesCode = () => void rulesCode().catch(() => {});

/** The request carries nothing of the profile: the same file for everyone, from the cache. */
async function fetchRules(): Promise<RulesFile> {
  const response = await fetch("/eligibility/rules.json");
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as RulesFile;
}

function readForm(form: HTMLFormElement): ProfileForm {
  const formData = new FormData(form);
  const values: ProfileForm = {};
  for (const name of FORM_NAMES) {
    const value = formData.get(name);
    if (typeof value === "string") values[name] = value;
  }
  return values;
}

export default function Eligibility({ loaderData }: Route.ComponentProps) {
  const { today, states } = loaderData;
  const t = unpack(loaderData.strings).eligibility;
  const words = t.rules;
  const to = useLocalePath();
  const actionData = useActionData<FinderResult>();
  const [local, setLocal] = useState<FinderResult | null>(null);
  const [remembered, setRemembered] = useState(false);
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  // Bumped to re-create the uncontrolled form with remembered values.
  const [formKey, setFormKey] = useState(0);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const result = local ?? actionData ?? null;
  const values = result?.values ?? {};
  const errors = result?.status === "invalid" ? result.errors : {};

  async function answer(
    values: ProfileForm,
    remember: boolean | null,
    rulesFile?: Promise<RulesFile>,
  ) {
    try {
      const code = await rulesCode();
      const parsed = code.parseProfile(values, today);
      if (!parsed.ok) {
        setLocal({ status: "invalid", values, errors: code.sayErrors(parsed.errors, words) });
        return;
      }
      if (remember) setRemembered(saveProfile(parsed.profile));
      else if (remember === false) {
        forgetProfile();
        setRemembered(false);
      }
      const rules = await (rulesFile ?? fetchRules());
      setFailure(null);
      setLocal({
        status: "found",
        values,
        findings: code.viewFindings(
          code.findPosts(parsed.profile, rules.jobs, today),
          loaderData.locale,
          words,
        ),
      });
    } catch (err) {
      warnInBrowser("The eligibility rules could not be loaded.", err);
      setFailure(t.loadFailed);
    }
  }

  // A profile remembered on this device answers at once.
  useEffect(() => {
    const saved = loadProfile();
    if (!saved) return;
    // The code and the open jobs travel together: the answer comes one round trip sooner.
    const rulesFile = fetchRules();
    rulesFile.catch(() => {});
    void rulesCode().then(({ rememberedProfile, profileForm }) => {
      const profile = rememberedProfile(saved, today);
      if (!profile) return forgetProfile();
      setRemembered(true);
      setFormKey((k) => k + 1);
      void answer(profileForm(profile), null, rulesFile);
    });
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (result) resultsRef.current?.focus();
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // With JavaScript the answer is worked out here: the form is never sent.
    event.preventDefault();
    const form = event.currentTarget;
    const remember = (form.elements.namedItem("remember") as HTMLInputElement | null)?.checked;
    void answer(readForm(form), remember ?? false);
  }

  function forget() {
    forgetProfile();
    setRemembered(false);
    setLocal(null);
    setFormKey((k) => k + 1);
  }

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
    <main className="mx-auto max-w-3xl">
      <h1 className="mb-2 text-2xl font-semibold text-ink">{t.heading}</h1>
      <p className="mb-4 text-muted">{t.intro}</p>

      <form
        key={formKey}
        method="post"
        // Without JavaScript the answer is a new page: it opens at the answer, not at the form
        // above it (issue 29). The fragment never reaches the server.
        action={`${to("/eligibility")}#eligible-title`}
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
            <button type="button" onClick={forget} className="text-sm text-accent underline">
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

      {result?.status === "found" && (
        <Strings areas={loaderData.strings}>
          <EligibilityResults findings={result.findings} today={today} headingRef={resultsRef} />
        </Strings>
      )}
    </main>
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
