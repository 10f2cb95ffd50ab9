import { data, redirect, useActionData } from "react-router";
import { AmIEligibleIsland } from "~/components/am-i-eligible-island.tsx";

import { Breadcrumbs } from "~/components/breadcrumbs.tsx";
import { EntryDetail } from "~/components/entry-detail.tsx";
import type { RelatedEntry } from "~/content/entry-shapes.ts";
import { JsonLd } from "~/components/json-ld.tsx";
import { PageError, errorMeta } from "~/components/page-error.tsx";
import { glance } from "~/i18n/glance-words.ts";
import { jobPostRules, QUICK_FORM_NAMES, quickAnswers } from "~/content/job-eligibility.ts";
import { textForm } from "~/content/text-form.server.ts";
import { kindByUrlPrefix, REGISTRY, type KindDefinition } from "~/content/registry.ts";
import { hasHindi, inHindi } from "~/content/translation.ts";
import { catalog, requestLocale, stringsFor } from "~/i18n/catalog.server.ts";
import type { RegistryWords } from "~/i18n/catalog/en/detail.ts";
import { Strings } from "~/i18n/context.tsx";
import { LOCALE_TAG, localePath, stripLocale, type Locale } from "~/lib/locale.ts";
import { definitionIn } from "~/i18n/registry-words.ts";
import { sayQuick } from "~/i18n/eligibility-words.ts";
import type { QuickReply } from "~/i18n/quick-reply.ts";
import { accepted } from "~/lib/form-reply.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { organizationIn, titleIn } from "~/lib/title.ts";
import {
  changeIn,
  entriesOfJob,
  findPublishedBySlug,
  listEntryChanges,
  getPublishedSummaryById,
} from "~/entries/public.repository.server.ts";
import type { Entry, EntrySummary } from "~/content/entry.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { env } from "~/platform/env.server.ts";
import { recordNotFound } from "~/redirects/not-found-log.repository.server.ts";
import {
  choicesInWords,
  definitionForPage,
  entryPresentation,
} from "~/entries/entry-page.presenter.server.ts";
import {
  breadcrumbJsonLd,
  canonicalUrl,
  entryFaqs,
  faqPageJsonLd,
  pageMeta,
  structuredData,
  webPageJsonLd,
} from "~/seo/seo.server.ts";
import { jobPostingJsonLd } from "~/seo/job-posting.server.ts";
import { pagePath } from "~/lib/page-path.ts";
import { db } from "~/platform/services.server.ts";
import {
  publicOrganizationNames,
  publicSettings,
  publicTrustDirectory,
} from "~/entries/public-data.server.ts";
import type { Route } from "./+types/kind-detail";
import type { RouteHandle } from "~/page-cache/index.ts";
import { alertsBoxHtml } from "~/alerts/box.server.ts";
import { pack, packOnce, unpack } from "~/lib/packed.ts";
import { UPLOADS_SECTION, withoutUploadFields } from "~/content/photo-fields.ts";
import { photoSectionHtml, publicPhotoPresets } from "~/photo-kit/job-section.server.tsx";
import { EntryActions } from "~/my-exams/entry-actions.tsx";
import { entryActions } from "~/my-exams/entry-actions.server.ts";

/** The kind a detail page's address names (its first segment after the language's). */
function kindOf(request: Request): KindDefinition | undefined {
  return kindByUrlPrefix(`/${stripLocale(pagePath(request)).split("/")[1]}`);
}

const NO_REGISTRY_WORDS: RegistryWords = { kinds: {}, sections: {}, fields: {}, options: {} };

/**
 * The page's own words, packed once per language. The registry's words and the glance's choices
 * and buttons are put into `definition` and `glance` by the loader: the page need not carry them
 * again.
 */
function detailStrings(locale: Locale) {
  return packOnce(`detail-page:${locale}`, () => {
    const t = catalog(locale).detail;
    return {
      detail: {
        ...t,
        glance: { ...t.glance, actions: {}, qualifications: {} },
        registry: NO_REGISTRY_WORDS,
        // The change log is put into words by the loader.
        changes: { ...t.changes, labels: {} },
      },
      linkStatus: catalog(locale).linkStatus,
    };
  });
}

/** What the page sends of an entry's data: its Hindi twins (`hi_…`) only as shown, not twice. */
function shownData(data: Entry["data"]): Entry["data"] {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !key.startsWith("hi_")));
}

export const handle = { cacheScope: ["entry"] } satisfies RouteHandle;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  // One module serves all five kinds: the first path segment says which kind this is.
  const kind = kindOf(request);
  if (!kind) throw data(null, { status: 404 });
  const locale = requestLocale(request);
  const own = (path: string) => localePath(locale, path);
  const conn = await db();
  const lookup = await findPublishedBySlug(conn, kind.kind, params.slug);
  if (lookup.found === "moved") {
    // The slug changed: send people and search engines to the new address for good.
    throw redirect(own(`${kind.urlPrefix}/${lookup.slug}`), 301);
  }
  if (lookup.found === "none") {
    await recordNotFound(conn, pagePath(request), request.headers.get("referer"));
    throw data(null, { status: 404 });
  }
  const entry = lookup.entry;
  const today = todayInIndia();
  const t = stringsFor(locale, "detail").detail;
  // The interface speaks the page's language; the entry's own words stay as its editors wrote
  // them, unless it has Hindi text (then a Hindi page shows that, and is a translation).
  const translated = hasHindi(entry.data);
  const shown = locale === "hi" && translated ? inHindi(kind.sections, entry) : entry;
  const words = definitionIn(kind, t.registry);
  const [settings, organizations, related, changes, presentation, photoSection] = await Promise.all(
    [
      publicSettings(),
      publicOrganizationNames(),
      relatedTo(conn, entry, locale, t.registry),
      listEntryChanges(conn, entry.id),
      publicTrustDirectory().then((d) => entryPresentation(conn, entry, today, d)),
      kind.kind === "job"
        ? publicPhotoPresets().then((p) => photoSectionHtml(conn, shown, locale, p))
        : "",
    ],
  );

  const baseUrl = env().BASE_URL;
  const path = `${kind.urlPrefix}/${entry.slug}`;
  // Structured data describes the text the page shows at the page's canonical address: the English
  // text at the English address, unless this is the Hindi page of an entry with Hindi text (then
  // its Hindi words at its Hindi address; the job's posting stays with the English page, which
  // its hreflang links name, so search engines do not see the same vacancy twice).
  const ownText = locale !== "en" && translated;
  const crumbs = ownText
    ? [
        { name: t.home, path: own("/") },
        { name: words.plural, path: own(kind.urlPrefix) },
        { name: shown.title, path: own(path) },
      ]
    : [
        { name: "Home", path: "/" },
        { name: kind.plural, path: kind.urlPrefix },
        { name: entry.title, path },
      ];
  const jobPosting = ownText ? null : jobPostingJsonLd(entry, { baseUrl, today });
  const faqPage = faqPageJsonLd(entryFaqs(shown.data));
  const inLanguage = ownText ? LOCALE_TAG[locale] : LOCALE_TAG.en;
  const open = entry.kind === "job" && !!entry.lastDate && entry.lastDate >= today;
  const summary = String(shown.data.summary ?? "");
  // Its organization in the page's language (issue 29): a row of its own, worded by the admin.
  const organization = organizationIn(entry.organization, organizations, locale);
  return {
    strings: detailStrings(locale),
    entry: {
      id: entry.id,
      kind: entry.kind,
      slug: entry.slug,
      title: shown.title,
      // A Hindi page of an entry without Hindi says so (issue 29).
      ...(locale !== "en" && !translated ? { lang: "en" as const } : {}),
      organization,
      publishedAt: entry.publishedAt,
      updatedAt: entry.updatedAt,
      lastDate: entry.lastDate,
      data: shownData(choicesInWords(words.sections, shown.data)),
    },
    definition: pack(withoutUploadFields(definitionForPage(words, shown.data))),
    // A job's upload rules (issue 31), drawn here: the page carries no script for them.
    sectionHtml: { [UPLOADS_SECTION]: photoSection },
    related,
    // Job alerts' compact box as HTML: no script for it on this page (issue 15).
    alertsBox: alertsBoxHtml(locale, entry),
    // In the reader's language, from what changed (issue 29).
    changes: changes.map((c) => {
      const { detail, lang } = changeIn(c, locale);
      return { id: c.id, detail, ...(lang && { lang }), createdAt: c.createdAt };
    }),
    // The page gets each link's trust, not the domains it is derived from.
    trusts: presentation.trusts,
    // And what the link monitor last found of each (issue 30).
    links: presentation.links,
    glance:
      locale === "en"
        ? presentation.glance
        : glance(words.sections, shown, today, presentation.officialDomains, t.glance, locale),
    organizationHref: presentation.organizationHref && own(presentation.organizationHref),
    // "Am I eligible?": the rules of each post of an open job, for the browser to apply.
    eligibilityPosts: open ? jobPostRules(entry.data) : null,
    // Its sentences, in Hindi on a Hindi page (the English ones are the code's defaults).
    eligibilityWords: open && locale !== "en" ? catalog(locale).eligibility.rules : null,
    myExams: entryActions(entry, related, locale, today),
    today,
    crumbs: [
      { name: t.home, path: own("/") },
      { name: words.plural, path: own(kind.urlPrefix) },
      { name: shown.title, path: own(path) },
    ],
    jsonLd: structuredData(context, [
      breadcrumbJsonLd(crumbs, baseUrl),
      {
        ...webPageJsonLd({
          url: canonicalUrl(baseUrl, ownText ? own(path) : path),
          name: shown.title,
          datePublished: entry.publishedAt,
          dateModified: entry.updatedAt,
        }),
        inLanguage,
      },
      jobPosting,
      faqPage && { ...faqPage, inLanguage },
    ]),
    meta: pageMeta({
      baseUrl,
      settings,
      title: shown.title,
      description: summary.includes(organization) ? summary : `${organization}: ${summary}`,
      path,
      type: "article",
      locale,
      // Without Hindi text the Hindi address shows the English words: it is canonical to the
      // English page, and neither lists the other as an alternate.
      translated,
    }),
  };
}

/**
 * "Am I eligible?" posted without JavaScript: the date of birth and category (and the
 * qualification and its subject, if given) answered for each post with the same function the
 * browser runs. Nothing is kept, and no cache keeps the answer.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const kind = kindOf(request);
  if (kind?.kind !== "job") throw data(null, { status: 405 });
  const lookup = await findPublishedBySlug(await db(), kind.kind, params.slug);
  if (lookup.found !== "entry") throw data(null, { status: 404 });
  // A body that is not a form (JSON, garbage) is the sender's mistake: 400, not 500.
  const form = await request.formData().catch(() => null);
  if (!form) throw data(null, { status: 400, headers: NO_STORE });
  const submission = parseForm(form, textForm(QUICK_FORM_NAMES, 40));
  const values = submission.status === "success" ? submission.value : {};
  const words = catalog(requestLocale(request)).eligibility.rules;
  const answer = sayQuick(
    quickAnswers(values, jobPostRules(lookup.entry.data), todayInIndia()),
    words,
  );
  if (!answer.ok) return refuse(submission, { fieldErrors: answer.errors, headers: NO_STORE });
  return data(accepted({ answers: answer.answers }, values) satisfies QuickReply, {
    headers: NO_STORE,
  });
}

/** The answer carries a birth date: no cache may keep it. */
const NO_STORE = { "Cache-Control": "no-store" };

/** The answer to a POST carries a birth date: no cache may keep it. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.get("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** A job's own result, admit card and the like; for those, the job and its other entries. */
async function relatedTo(
  conn: Awaited<ReturnType<typeof db>>,
  entry: Entry,
  locale: Locale,
  words: RegistryWords,
): Promise<RelatedEntry[]> {
  const pick = (e: EntrySummary): RelatedEntry => ({
    id: e.id,
    // A Hindi page names an entry by its Hindi title where it has one (else marked English).
    ...titleIn(e, locale),
    href: localePath(locale, `${REGISTRY[e.kind].urlPrefix}/${e.slug}`),
    kindLabel: words.kinds[e.kind]?.label ?? REGISTRY[e.kind].label,
  });
  if (entry.kind === "job") return (await entriesOfJob(conn, entry.id)).map(pick);
  if (!entry.jobId) return [];
  const [job, siblings] = await Promise.all([
    getPublishedSummaryById(conn, entry.jobId),
    entriesOfJob(conn, entry.jobId),
  ]);
  return [...(job ? [job] : []), ...siblings.filter((s) => s.id !== entry.id)].map(pick);
}

export default function KindDetail({ loaderData }: Route.ComponentProps) {
  const posted = useActionData<QuickReply>();
  return (
    <Strings areas={loaderData.strings}>
      <main className="mx-auto max-w-4xl">
        <JsonLd count={loaderData.jsonLd} />
        <Breadcrumbs crumbs={loaderData.crumbs} />
        <EntryDetail
          entry={loaderData.entry}
          definition={unpack(loaderData.definition)}
          related={loaderData.related}
          today={loaderData.today}
          changes={loaderData.changes}
          glance={loaderData.glance}
          trusts={loaderData.trusts}
          organizationHref={loaderData.organizationHref}
          links={loaderData.links}
          sectionHtml={loaderData.sectionHtml}
          afterHeader={<EntryActions {...loaderData.myExams} />}
          afterGlance={
            loaderData.eligibilityPosts && (
              <AmIEligibleIsland
                posts={loaderData.eligibilityPosts}
                today={loaderData.today}
                posted={posted}
                words={loaderData.eligibilityWords ?? undefined}
              />
            )
          }
        />
        <div dangerouslySetInnerHTML={{ __html: loaderData.alertsBox }} />
      </main>
    </Strings>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
