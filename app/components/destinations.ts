import { useRouteLoaderData } from "react-router";
import { NAV_KINDS, type KindLine } from "~/content/kinds.ts";
import { useLocale, useLocalePath, useT } from "~/i18n/context.tsx";
import type { shell } from "~/i18n/catalog/en/shell.ts";

/**
 * Every public place a reader can go to from the site's frame, in order: the header's strip, the
 * phone's menu drawer and the footer all list them from here (issue 29). A new page is one line
 * here and its name in `shell.nav` of each language; the kinds' lists come from the kind catalogue
 * (its `nav`, named by its `menu`). `group` says where it is listed:
 * - `lists`: the header's strip, the drawer, the footer's "Browse";
 * - `tools`: the drawer and the footer's "Tools";
 * - `about`: the drawer and the footer's "About";
 * - `policies`: the footer's "About" only.
 */
export type Destination = {
  path: string;
  group: "lists" | "tools" | "about" | "policies";
} & (
  | {
      /** Its name: a key of the catalogue's `shell.nav`. */
      words: keyof typeof shell.nav;
    }
  | { kind: Pick<KindLine, "menu"> }
);

export const DESTINATIONS: readonly Destination[] = [
  { path: "/", words: "home", group: "lists" },
  ...NAV_KINDS.map((kind) => ({ path: kind.urlPrefix, kind, group: "lists" as const })),
  { path: "/eligibility", words: "eligibility", group: "tools" },
  { path: "/alerts", words: "alerts", group: "tools" },
  { path: "/exam-calendar", words: "examCalendar", group: "tools" },
  { path: "/my", words: "myExams", group: "tools" },
  { path: "/check-link", words: "checkLink", group: "tools" },
  { path: "/about-us", words: "aboutUs", group: "about" },
  { path: "/contact-us", words: "contactUs", group: "about" },
  { path: "/privacy-policy", words: "privacy", group: "policies" },
  { path: "/terms-of-service", words: "terms", group: "policies" },
  { path: "/security-policy", words: "security", group: "policies" },
];

/** The groups the phone's drawer lists (the policies stay in the footer). */
export const DRAWER_GROUPS: readonly Destination["group"][] = ["lists", "tools", "about"];

/**
 * Whether alerts come by web push alone (the site has no mail server): then a link to /alerts is
 * drawn with `data-needs-push`, hidden by app.css unless the browser takes push (issue 26: alerts
 * only through channels that work). The public layout's loader says so, in either language.
 */
export function useAlertsNeedPush(): boolean {
  type LayoutData = { alertsNeedPush?: boolean } | undefined;
  const en = useRouteLoaderData("routes/site/layout") as LayoutData;
  const hi = useRouteLoaderData("site-layout-hi") as LayoutData;
  return !!(en ?? hi)?.alertsNeedPush;
}

/** The attribute app.css hides a push-only link by (see useAlertsNeedPush). */
export const needsPushAttribute = (needsPush: boolean) =>
  needsPush ? { "data-needs-push": "" } : {};

/** The destinations of these groups, in the page's language (DESTINATIONS says which). */
export function useDestinations(groups: readonly Destination["group"][]) {
  const t = useT("shell");
  const locale = useLocale();
  const to = useLocalePath();
  const pushOnly = useAlertsNeedPush();
  return DESTINATIONS.filter((d) => groups.includes(d.group)).map((d) => ({
    to: to(d.path),
    label: "kind" in d ? d.kind.menu[locale] : t.nav[d.words],
    group: d.group,
    needsPush: pushOnly && d.path === "/alerts",
  }));
}

/** Spec §2: the header's strip (home and the five lists), in the page's language. */
export function useNavLinks() {
  return useDestinations(["lists"]);
}
