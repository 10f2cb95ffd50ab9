import {
  type RouteConfig,
  type RouteConfigEntry,
  index,
  layout,
  prefix,
  route,
} from "@react-router/dev/routes";
import { LANDING_FACETS } from "./content/landing.ts";
import { KIND_LIST } from "./content/registry.ts";
import { SITE_PAGE_SLUGS } from "./content/site-pages.ts";

/**
 * Mirrors the spec's route list (§2), so the two can be read side by side. The five kinds share
 * one list, one detail, and one set of admin modules; the content registry says which kind a
 * URL is.
 */
export default [
  // Resources: no HTML shell.
  route("healthz", "routes/resources/healthz.ts"),
  route("updates.json", "routes/resources/updates.ts"),
  route("hi/updates.json", "routes/resources/updates.ts", { id: "updates-hi" }),
  route("robots.txt", "routes/resources/robots.ts"),
  route("sitemap.xml", "routes/resources/sitemap-index.ts"),
  route("sitemaps/:file", "routes/resources/sitemap.ts"),
  route("feeds/:file", "routes/resources/feed.ts"),
  route("hi/feeds/:file", "routes/resources/feed.ts", { id: "feed-hi" }),
  route("api/auth/*", "routes/resources/auth.ts"),
  route("eligibility/rules.json", "routes/resources/eligibility-rules.ts"),
  route("files/:name", "routes/resources/file.ts"),
  // Job alerts' signed links that answer no HTML (issue 15): RFC 8058 one-click unsubscribe (a
  // cross-site POST without cookies) and the subscriber's data as JSON.
  route("alerts/unsubscribe/one-click", "routes/resources/alerts-one-click.ts"),
  route("alerts/export", "routes/resources/alerts-export.ts"),
  // Web-push subscriptions: the VAPID key (GET), subscribe (POST) and unsubscribe (DELETE).
  route("alerts/push", "routes/resources/alerts-push.ts"),
  // My exams (issue 28): the one service worker, the app manifest, saved entries' public data,
  // the server copies for reminders and a calendar feed, calendar files and the exam calendar's
  // feeds.
  route("sw.js", "routes/resources/service-worker.ts"),
  route("manifest.webmanifest", "routes/resources/web-manifest.ts"),
  route("hi/manifest.webmanifest", "routes/resources/web-manifest.ts", { id: "web-manifest-hi" }),
  route("my/entries.json", "routes/resources/my-entries.ts"),
  route("my/reminders", "routes/resources/my-lists.ts"),
  route("my/calendar", "routes/resources/my-lists.ts", { id: "my-calendar-list" }),
  route("my/calendar/:file", "routes/resources/my-calendar-feed.ts"),
  route("calendar/:file", "routes/resources/entry-calendar.ts"),
  route("hi/calendar/:file", "routes/resources/entry-calendar.ts", { id: "entry-calendar-hi" }),
  route("exam-calendar/feed.xml", "routes/resources/exam-calendar-feed.ts"),
  route("exam-calendar/calendar.ics", "routes/resources/exam-calendar-feed.ts", {
    id: "exam-calendar-ics",
  }),
  route("hi/exam-calendar/feed.xml", "routes/resources/exam-calendar-feed.ts", {
    id: "exam-calendar-feed-hi",
  }),
  route("hi/exam-calendar/calendar.ics", "routes/resources/exam-calendar-feed.ts", {
    id: "exam-calendar-ics-hi",
  }),

  // Public site, inside the shell: English at the root, Hindi under /hi/ (issue 14). The same
  // modules serve both; a Hindi route's id ends in "-hi" and its loader reads the language from
  // the path.
  layout("routes/site/layout.tsx", publicSite("en")),
  ...prefix("hi", [layout("routes/site/layout.tsx", { id: "site-layout-hi" }, publicSite("hi"))]),

  // Back-office. Login and logout sit outside the guarded layout.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.ts"),
  // Uploads answer JSON, outside the layout's HTML; guarded like every admin action.
  route("admin/files", "routes/admin/file-upload.ts"),
  route("admin/presence", "routes/admin/presence.ts"),
  // A notification PDF starts an add form (issue 32): multipart, read by the route itself.
  route("admin/notice-import", "routes/admin/notice-import.ts"),
  ...prefix("admin", [
    route("job-search", "routes/admin/job-search.ts"),
    // CSV out and in (issue 32): a file answered, and an upload that reads its own body.
    route("trash/export", "routes/admin/trash-export.ts"),
    ...KIND_LIST.flatMap((k) => [
      route(`${k.adminSegment}/export`, "routes/admin/csv-export.ts", {
        id: `admin-export-${k.kind}`,
      }),
      route(`${k.adminSegment}/import/upload`, "routes/admin/csv-import-upload.ts", {
        id: `admin-import-upload-${k.kind}`,
      }),
    ]),
    layout("routes/admin/layout.tsx", [
      index("routes/admin/dashboard.tsx"),
      ...KIND_LIST.flatMap((k) => [
        route(k.adminSegment, "routes/admin/entry-list.tsx", { id: `admin-list-${k.kind}` }),
        route(`${k.adminSegment}/add`, "routes/admin/entry-edit.tsx", {
          id: `admin-add-${k.kind}`,
        }),
        route(`${k.adminSegment}/edit/:id`, "routes/admin/entry-edit.tsx", {
          id: `admin-edit-${k.kind}`,
        }),
        route(`${k.adminSegment}/history/:id`, "routes/admin/entry-history.tsx", {
          id: `admin-history-${k.kind}`,
        }),
        route(`${k.adminSegment}/preview/:id`, "routes/admin/entry-preview.tsx", {
          id: `admin-preview-${k.kind}`,
        }),
        route(`${k.adminSegment}/import`, "routes/admin/csv-import.tsx", {
          id: `admin-import-${k.kind}`,
        }),
      ]),
      route("trash", "routes/admin/trash.tsx"),
      route("seo-tools", "routes/admin/seo-tools.tsx"),
      route("content-settings", "routes/admin/content-settings.tsx"),
      route("manage-site-pages", "routes/admin/site-pages.tsx"),
      route("manage-site-pages/edit/:slug", "routes/admin/site-page-edit.tsx"),
      route("manage-site-pages/history/:slug", "routes/admin/site-page-history.tsx"),
      route("organizations", "routes/admin/organizations.tsx"),
      route("photo-presets", "routes/admin/photo-presets.tsx"),
      route("photo-presets/new", "routes/admin/photo-preset-edit.tsx", { id: "photo-preset-new" }),
      route("photo-presets/edit/:key", "routes/admin/photo-preset-edit.tsx"),
      route("messages", "routes/admin/messages.tsx"),
      route("alerts", "routes/admin/alerts.tsx"),
      route("links", "routes/admin/links.tsx"),
      route("links/hosts", "routes/admin/link-hosts.tsx"),
      route("users", "routes/admin/users.tsx"),
      route("*", "routes/admin/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;

function publicSite(locale: "en" | "hi"): RouteConfigEntry[] {
  const id = (name: string) => (locale === "en" ? name : `${name}-hi`);
  const page = (path: string, file: string, name: string) => route(path, file, { id: id(name) });
  return [
    index("routes/site/home.tsx", { id: id("home") }),
    // Landing pages of the job list: /jobs/state/bihar, /jobs/qualification/12th-pass.
    ...LANDING_FACETS.map((facet) =>
      page(`jobs/${facet}/:value`, "routes/site/kind-list.tsx", `list-job-${facet}`),
    ),
    ...KIND_LIST.flatMap((k) => [
      page(k.urlPrefix.slice(1), "routes/site/kind-list.tsx", `list-${k.kind}`),
      page(`${k.urlPrefix.slice(1)}/:slug`, "routes/site/kind-detail.tsx", `detail-${k.kind}`),
    ]),
    ...SITE_PAGE_SLUGS.map((slug) => page(slug, "routes/site/site-page.tsx", `page-${slug}`)),
    page("organizations/:slug", "routes/site/organization.tsx", "organization"),
    page("contact-us", "routes/site/contact.tsx", "contact"),
    page("search", "routes/site/search.tsx", "search"),
    page("eligibility", "routes/site/eligibility.tsx", "eligibility"),
    page("photo-tool", "routes/site/photo-tool.tsx", "photo-tool"),
    page("my", "routes/site/my.tsx", "my"),
    page("exam-calendar", "routes/site/exam-calendar.tsx", "exam-calendar"),
    page("alerts", "routes/site/alerts.tsx", "alerts"),
    page("alerts/confirm", "routes/site/alerts-confirm.tsx", "alerts-confirm"),
    page("alerts/manage", "routes/site/alerts-manage.tsx", "alerts-manage"),
    page("alerts/unsubscribe", "routes/site/alerts-unsubscribe.tsx", "alerts-unsubscribe"),
    page("check-link", "routes/site/check-link.tsx", "check-link"),
    page("*", "routes/site/not-found.tsx", "not-found"),
  ];
}
