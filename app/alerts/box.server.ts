// The compact "get alerts like these" box on list and job pages (issue 15): a plain link to the
// /alerts form with the page's kind, state, qualification and organization ticked. Written here as
// HTML, sent with the loader's data and placed by the page as-is, so the pages carry no script
// for it (the job page's JavaScript is at its 120 KB budget).
import { catalog } from "~/i18n/catalog.server.ts";
import { localePath, type Locale } from "~/lib/locale.ts";
import { ALERT_KINDS, ALERT_QUALIFICATIONS, ALERT_STATES } from "./topics.ts";
import { emailEnabled } from "./worker.server.ts";
import { packOnce } from "~/lib/packed.ts";

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

export interface AlertsBoxFacets {
  kind?: string | null;
  state?: string | null;
  qualification?: string | null;
  organization?: string | null;
}

/**
 * The box's HTML; values /alerts does not offer (a syllabus, "All India") are left out. Alerts by
 * e-mail when the site has a mail server, else in this browser (shown only where push works).
 */
export function alertsBoxHtml(locale: Locale, facets: AlertsBoxFacets): string {
  const t = catalog(locale).alerts;
  const query = new URLSearchParams();
  const keep = (name: string, value: string | null | undefined, allowed?: readonly string[]) => {
    if (value && (!allowed || allowed.includes(value))) query.set(name, value);
  };
  keep("kind", facets.kind, ALERT_KINDS);
  keep("state", facets.state, ALERT_STATES);
  keep("qualification", facets.qualification, ALERT_QUALIFICATIONS);
  keep("organization", facets.organization?.slice(0, 120));
  const qs = query.toString();
  const href = localePath(locale, "/alerts") + (qs ? `?${qs}` : "");
  // Without a mail server alerts come by web push alone: the box is for browsers that take it
  // (app.css shows `data-needs-push` once the page's script found that it does).
  const email = emailEnabled();
  return (
    `<div${email ? "" : " data-needs-push"} class="mx-auto my-6 flex max-w-4xl flex-wrap items-center justify-between gap-3 rounded-app border border-stone-200 bg-white px-4 py-3 shadow-sm">` +
    `<p class="font-semibold">${escapeHtml(email ? t.boxTitle : t.boxTitlePush)}</p>` +
    `<a href="${escapeHtml(href)}" class="rounded-app bg-primary px-4 py-2.5 font-semibold text-white hover:bg-primary-dark">${escapeHtml(t.boxButton)}</a>` +
    `</div>`
  );
}

/**
 * What the alert choices call each state, qualification and organization on a page in `locale`:
 * the catalogue's names, and on a Hindi page the organizations' Hindi names (issue 29).
 */
export function choiceNames(
  locale: Locale,
  organizations: ReadonlyMap<string, string>,
): Record<string, string> {
  const names = catalog(locale).list.landing.names;
  return locale === "hi" ? { ...Object.fromEntries(organizations), ...names } : names;
}

/** The alerts pages' words for the browser: the mails' words stay on the server. */
export function alertsPageStrings(locale: Locale) {
  const { mail: _mail, ...page } = catalog(locale).alerts;
  return { alerts: page };
}

/** alertsPageStrings packed for a loader's data (see ~/lib/packed.ts), once per language. */
export function packedAlertsPageStrings(locale: Locale) {
  return packOnce(`alerts-page:${locale}`, () => alertsPageStrings(locale));
}
