import { useForm } from "@conform-to/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { data, useActionData } from "react-router";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { EligibilityFinderForm } from "~/components/eligibility-finder-form.tsx";
import {
  fetchRules,
  FORM_NAMES,
  readProfileForm,
  rulesCode,
} from "~/components/eligibility-finder-rules.ts";
import { EligibilityResults } from "~/components/eligibility-results.tsx";
import { PageError } from "~/components/page-error.tsx";
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
import { todayInIndia } from "~/lib/india-date.ts";
import { publicEligibilityRules } from "~/eligibility/rules.repository.server.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { accepted, replyOf } from "~/lib/form-reply.ts";
import { env } from "~/platform/env.server.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { textForm } from "~/content/text-form.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { pageMeta } from "~/seo/seo.server.ts";
import type { Route } from "./+types/eligibility";
import type { RouteHandle } from "~/page-cache/index.ts";
import { warnInBrowser } from "~/lib/browser-log.ts";
import { unpack } from "~/lib/packed.ts";

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

/**
 * The finder's one reply (app/lib/form-contract.ts), from the server without JavaScript and from
 * the same rules in the browser with it: the profile as sent, and either each field's problem or
 * the posts found (`detail`).
 */
type FinderReply = FormReply & { detail?: { findings: FindingsView } };

const PRIVATE = { "Cache-Control": "no-store" };

/**
 * Without JavaScript the form is POSTed here (never a GET: a birth date must not reach URLs,
 * logs or caches) and answered with the same function the browser runs. Nothing is stored.
 */
export async function action({ request }: Route.ActionArgs) {
  // A body that is not a form (JSON, garbage) is the sender's mistake: 400, not 500.
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400, headers: PRIVATE });
  const submission = parseForm(form, textForm(FORM_NAMES, 100));
  const values: ProfileForm = submission.status === "success" ? submission.value : {};
  const today = todayInIndia();
  const locale = requestLocale(request);
  const words = catalog(locale).eligibility.rules;
  const parsed = parseProfile(values, today);
  if (!parsed.ok) {
    return refuse(submission, { fieldErrors: sayErrors(parsed.errors, words), headers: PRIVATE });
  }
  const rules = await publicEligibilityRules(today);
  const findings = viewFindings(findPosts(parsed.profile, rules.jobs, today), locale, words);
  return data(accepted({ findings }, values) satisfies FinderReply, { headers: PRIVATE });
}

/** The answer to a POST carries a birth date: no cache may keep it. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const cacheControl = actionHeaders.get("Cache-Control");
  return cacheControl ? { "Cache-Control": cacheControl } : new Headers();
}

export default function Eligibility({ loaderData }: Route.ComponentProps) {
  const { today, states } = loaderData;
  const t = unpack(loaderData.strings).eligibility;
  const words = t.rules;
  const to = useLocalePath();
  const actionData = useActionData<FinderReply>();
  const [local, setLocal] = useState<FinderReply | null>(null);
  const [remembered, setRemembered] = useState(false);
  const hydrated = useHydrated();
  const [failure, setFailure] = useState<string | null>(null);
  // Bumped to re-create the uncontrolled form with remembered values.
  const [formKey, setFormKey] = useState(0);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const result = local ?? actionData ?? null;
  // Conform holds the form's state: the server's reply without JavaScript, the same rules' reply
  // from the browser with it (`local`), each problem at its field.
  const [form, fields] = useForm({ id: "finder-form", lastResult: result });
  const values = (result?.initialValue ?? {}) as ProfileForm;
  const errors: ProfileMessages = {};
  for (const name of [...FORM_NAMES, "dob"] as const) {
    const error = fields[name].errors?.[0];
    if (error) errors[name] = error;
  }
  const findings = result?.status === "success" ? result.detail?.findings : undefined;

  async function answer(
    values: ProfileForm,
    remember: boolean | null,
    rulesFile?: Promise<RulesFile>,
  ) {
    try {
      const code = await rulesCode();
      const parsed = code.parseProfile(values, today);
      if (!parsed.ok) {
        setLocal(replyOf(values, { fieldErrors: code.sayErrors(parsed.errors, words) }));
        return;
      }
      if (remember) setRemembered(saveProfile(parsed.profile));
      else if (remember === false) {
        forgetProfile();
        setRemembered(false);
      }
      const rules = await (rulesFile ?? fetchRules());
      setFailure(null);
      const found = code.findPosts(parsed.profile, rules.jobs, today);
      setLocal(accepted({ findings: code.viewFindings(found, loaderData.locale, words) }, values));
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
    void answer(readProfileForm(new FormData(form)), remember ?? false);
  }

  function forget() {
    forgetProfile();
    setRemembered(false);
    setLocal(null);
    setFormKey((k) => k + 1);
  }

  return (
    <main className="mx-auto max-w-3xl">
      <h1 className="mb-2 text-2xl font-semibold text-ink">{t.heading}</h1>
      <p className="mb-4 text-muted">{t.intro}</p>

      <EligibilityFinderForm
        id={form.id}
        key={formKey}
        t={t}
        // Without JavaScript the answer is a new page: it opens at the answer, not at the form
        // above it (issue 29). The fragment never reaches the server.
        action={`${to("/eligibility")}#eligible-title`}
        values={values}
        errors={errors}
        states={states}
        onSubmit={onSubmit}
        hydrated={hydrated}
        remembered={remembered}
        onForget={forget}
        failure={failure}
      />

      {findings && (
        <Strings areas={loaderData.strings}>
          <EligibilityResults findings={findings} today={today} headingRef={resultsRef} />
        </Strings>
      )}
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
