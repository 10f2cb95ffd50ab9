import { useState, useSyncExternalStore } from "react";
import { data, redirect } from "react-router";
import { PageError } from "~/components/page-error.tsx";
import { REGISTRY } from "~/content/registry.ts";
import { SLUG_PATTERN } from "~/content/kinds/schema.ts";
import { hasHindi, inHindi } from "~/content/translation.ts";
import { catalog, packedStrings, requestLocale } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import { fmt, localePath } from "~/lib/locale.ts";
import { unpack } from "~/lib/packed.ts";
import { jobUploadRules } from "~/photo-kit/job-section.server.tsx";
import { PhotoRules, type RulesSource } from "~/photo-kit/photo-rules.tsx";
import { listPresets } from "~/photo-kit/presets.server.ts";
import { PRESET_KEY } from "~/content/photo-keys.ts";
import { effectiveRules, presetRulesIn, type UploadRule } from "~/photo-kit/rules.ts";
import { PhotoTool } from "~/photo-kit/tool/photo-tool.tsx";
import type { RouteHandle } from "~/page-cache/index.ts";
import { findPublishedBySlug } from "~/entries/public.repository.server.ts";
import { env } from "~/platform/env.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { pageMeta } from "~/seo/seo.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/photo-tool";

/**
 * The photo and signature tool (issue 31): `?job=<slug>` for a job's rules, `?preset=<key>` for a
 * recruiter's, `?preset=custom` for sizes typed in. The page explains the rules without
 * JavaScript; the tool itself runs in the browser and sends nothing anywhere.
 */
export const handle = { queryParams: ["job", "preset"] } satisfies RouteHandle;

const CUSTOM = "custom";
const noChange = () => () => {};

interface RuleSet {
  /** What the chooser sends: a preset's key, "custom", or "" for the job's own. */
  value: string;
  name: string;
  rules: UploadRule[];
  source: RulesSource | null;
}

export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const url = new URL(request.url);
  const jobSlug = url.searchParams.get("job");
  const asked = url.searchParams.get("preset") ?? "";
  if (asked && asked !== CUSTOM && !PRESET_KEY.test(asked)) throw data(null, { status: 404 });
  const conn = await db();
  const t = catalog(locale).photo;
  const sets: RuleSet[] = (await listPresets(conn)).map((p) => ({
    value: p.key,
    name: (locale === "hi" && p.nameHi) || p.name,
    rules: effectiveRules(presetRulesIn(p.rules, locale), []),
    source: {
      name: (locale === "hi" && p.nameHi) || p.name,
      sourceTitle: p.sourceTitle,
      sourceUrl: p.sourceUrl,
      checkedOn: p.checkedOn,
    },
  }));
  let job: { title: string; href: string; slug: string } | null = null;
  if (jobSlug !== null) {
    if (jobSlug.length > 100 || !SLUG_PATTERN.test(jobSlug)) throw data(null, { status: 404 });
    const lookup = await findPublishedBySlug(conn, "job", jobSlug);
    if (lookup.found === "moved")
      throw redirect(localePath(locale, `/photo-tool?job=${lookup.slug}`), 301);
    if (lookup.found !== "entry") throw data(null, { status: 404 });
    const entry = lookup.entry;
    const shown =
      locale === "hi" && hasHindi(entry.data) ? inHindi(REGISTRY.job.sections, entry) : entry;
    const own = await jobUploadRules(conn, shown.data, locale);
    job = { title: shown.title, href: localePath(locale, `/jobs/${entry.slug}`), slug: entry.slug };
    if (own) sets.unshift({ value: "", name: shown.title, rules: own.rules, source: own.source });
  }
  if (asked && asked !== CUSTOM && !sets.some((s) => s.value === asked))
    throw data(null, { status: 404 });
  const selected = asked || (sets[0]?.value ?? CUSTOM);
  const settings = await publicSettings();
  return {
    strings: packedStrings(locale, "photo"),
    locale,
    job,
    sets,
    selected,
    meta: pageMeta({
      baseUrl: env().BASE_URL,
      settings,
      title: t.metaTitle,
      description: t.metaDescription,
      // Every variant is one page for search engines.
      path: "/photo-tool",
      locale,
    }),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => loaderData?.meta ?? [];

export default function PhotoToolPage({ loaderData }: Route.ComponentProps) {
  const t = unpack(loaderData.strings).photo;
  const { job, sets, locale } = loaderData;
  // The tool needs JavaScript: drawn once React runs (false on the server and while hydrating).
  // Not ~/lib/use-hydrated.ts: the bundler keeps that in the eligibility finder's
  // chunk, which this page would then load whole.
  const hydrated = useSyncExternalStore(
    noChange,
    () => true,
    () => false,
  );
  const [selected, setSelected] = useState(loaderData.selected);
  const set = sets.find((s) => s.value === selected);
  const custom = selected === CUSTOM || !set;
  const fileBase = set?.value || job?.slug.slice(0, 40) || CUSTOM;

  return (
    <Strings areas={loaderData.strings}>
      <main className="mx-auto max-w-3xl space-y-5">
        <header className="space-y-2">
          <h1 className="text-xl leading-tight font-semibold text-ink sm:text-3xl">{t.heading}</h1>
          <p className="text-muted">{t.intro}</p>
          {job && (
            <p className="font-semibold">
              {fmt(t.forJob, { title: job.title })}{" "}
              <a href={job.href} className="font-normal text-accent underline">
                {t.backToJob}
              </a>
            </p>
          )}
        </header>

        {/* A plain GET form: without JavaScript it shows the chosen rules; with it, the choice
            changes the tool in place (no request). */}
        <form
          method="get"
          className="flex flex-wrap items-end gap-2 rounded-app border border-stone-200 bg-white p-3"
          onSubmit={(event) => event.preventDefault()}
        >
          {job && <input type="hidden" name="job" value={job.slug} />}
          <label className="w-full text-sm font-semibold sm:w-auto sm:flex-1">
            {t.chooseRules}
            <span className="block font-normal text-muted">{t.chooseRulesHelp}</span>
            <select
              name="preset"
              value={selected}
              onChange={(event) => {
                setSelected(event.target.value);
                const next = new URL(window.location.href);
                if (event.target.value) next.searchParams.set("preset", event.target.value);
                else next.searchParams.delete("preset");
                // The address says what is shown, for sharing; nothing is fetched.
                window.history.replaceState(window.history.state, "", next);
              }}
              className="mt-1 block w-full rounded-app border border-stone-300 bg-white px-3 py-2 font-normal"
              data-testid="rules-choice"
            >
              {sets.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.name}
                </option>
              ))}
              <option value={CUSTOM}>{t.customRules}</option>
            </select>
          </label>
          <noscript>
            <button
              type="submit"
              className="rounded-app border-2 border-secondary px-4 py-2 font-semibold text-secondary"
            >
              {t.showRules}
            </button>
          </noscript>
        </form>

        <noscript>
          <p className="rounded-app border border-amber-300 bg-amber-50 px-4 py-3">
            {t.needsJavaScript}
          </p>
        </noscript>
        {hydrated && (
          <section className="rounded-app border border-stone-200 bg-white p-3 sm:p-4">
            <PhotoTool rules={set?.rules ?? []} custom={custom} t={t} fileBase={fileBase} />
          </section>
        )}
        {set && !custom && (
          <section aria-labelledby="rules-heading" className="space-y-3">
            <h2 id="rules-heading" className="text-lg font-semibold">
              {t.sectionTitle}: {set.name}
            </h2>
            <PhotoRules rules={set.rules} source={set.source} t={t} locale={locale} />
          </section>
        )}
      </main>
    </Strings>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
