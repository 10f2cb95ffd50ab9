import type { Page } from "playwright-core";
import { LANDING_FACETS } from "../app/content/landing.ts";
import { KIND_LIST } from "../app/content/registry.ts";
import { waitForHydration } from "./browser.ts";

/**
 * A click-through crawl of the public site, as a visitor with JavaScript on does it: from the home
 * page it follows one link of each kind (where on the page it sits × the route pattern it leads
 * to, in each language) by clicking it, and submits each GET form twice with different values.
 * A GET form a reader can submit has a submit button; one without (the push-only choices on
 * /alerts, which only gather what the "Turn on alerts" button sends by script) is not submitted
 * but listed, so that a form which lost its button shows. Every step is checked: no error
 * boundary, no console error or warning, no failed request and no full page load where React
 * Router was to navigate on the client (its links and forms carry `data-discover`). Plain links
 * (the language switch) may load a document; they must load it without a problem too. Links to
 * files and feeds are fetched, not followed.
 *
 * Deterministic for a given content: links are taken in page order, the first of each kind, and
 * the next step is taken on the page the crawl is on while it offers one.
 */

/** A link or GET form found on a page, in the words the crawl decides with. */
interface Step {
  key: string;
  /** The page (path and query) it was found on. */
  from: string;
  kind: "link" | "form";
  region: string;
  /** The link's href, or the form's action (null: the form has none, it goes to its own page). */
  href: string | null;
  /** Rendered by React Router (`data-discover`): clicking it must not load a document. */
  client: boolean;
  /** For a form: which of its two submissions this is. */
  round?: number;
}

export interface CrawlResult {
  /** One line per step taken: what was clicked, where it led, how. */
  steps: string[];
  /** Everything that went wrong, each with the step it happened in. */
  problems: string[];
  /** Resource links (feeds, files) fetched instead of followed. */
  fetched: string[];
  /** GET forms without a submit button, not submitted: one line per form and language. */
  unsubmittable: string[];
}

export interface CrawlOptions {
  /** Where the crawl starts, e.g. "/" and "/hi". */
  starts: string[];
  /** Words typed into search boxes, one per submission. */
  words: Record<"en" | "hi", [string, string]>;
  /** Stop after this many steps (a bound, not a sample: the crawl ends sooner on our content). */
  maxSteps?: number;
  /** Told each step as it is taken (for following a long crawl). */
  onStep?: (line: string) => void;
}

/** Paths (the query aside) that answer a file, not a page: fetched to see they answer, never clicked. */
const RESOURCE =
  /^\/(?:hi\/)?(?:feeds\/|files\/|sitemaps?\b|robots\.txt|updates\.json|eligibility\/rules\.json)|\.(?:xml|json|txt|pdf|png|jpe?g|webp|svg|ics)$/;

/** Query parameters that make another kind of page (the rest only narrow a list down). */
const PAGE_PARAMS = new Set(["page", "q"]);

/** The five kinds' lists and pages: one module each, so one of them stands for all five. */
const KIND_PREFIXES = new Set(KIND_LIST.map((k) => k.urlPrefix.slice(1)));

/**
 * What a route pattern looks like from its address: `/jobs/:param`, `/jobs/state/:param?page`.
 * With `foldKinds`, the kinds' lists and pages are one pattern (`/{kind}/:param`): the site's
 * navigation leads to each list, everywhere else one kind of list or page stands for the five.
 */
export function routePattern(pathAndQuery: string, foldKinds = false): string {
  const url = new URL(pathAndQuery, "http://x");
  let segments = url.pathname.split("/").filter(Boolean);
  const locale = segments[0] === "hi" ? "hi" : "en";
  if (locale === "hi") segments = segments.slice(1);
  const shape = segments.map((segment, i) => {
    if (i === 0) return foldKinds && KIND_PREFIXES.has(segment) ? "{kind}" : segment;
    if (i === 1 && (LANDING_FACETS as readonly string[]).includes(segment)) return segment;
    return ":param";
  });
  // Of the query, only whether there is one, and the names that make another kind of page.
  const names = [...new Set(url.searchParams.keys())].filter((n) => PAGE_PARAMS.has(n)).sort();
  const query = url.search ? `?${names.join("&")}` : "";
  return `${locale} /${shape.join("/")}${query}`;
}

function localeOf(path: string): "en" | "hi" {
  return /^\/hi(?:\/|$|\?)/.test(path) ? "hi" : "en";
}

/**
 * Runs in the page: the visible same-origin links and GET forms, with where each sits. Given a
 * link's region and href, also marks the first such link (`data-crawl`) for the crawl to click.
 */
function collect({
  target,
  submitButton,
}: {
  target: { region: string; href: string | null } | null;
  submitButton: string;
}) {
  const region = (el: Element): string => {
    if (el.closest("[data-testid=latest-bar]")) return "latest-bar";
    if (el.closest("[data-testid=bell-list]")) return "bell";
    if (el.tagName === "FORM" && el.closest("header")) return "header-search";
    if (el.hasAttribute("hreflang")) return "language-switch";
    // The header's strip and the footer list the same sections: one kind of link.
    if (el.closest("header, footer")) return "site-nav";
    const nav = el.closest("nav");
    // Breadcrumbs are an ordered list; pagination is the other navigation inside a page.
    if (nav) return nav.querySelector("ol") ? "breadcrumbs" : "pagination";
    const section = el.closest("section[aria-labelledby]")?.getAttribute("aria-labelledby");
    if (section === "section-related") return "related";
    if (section?.startsWith("home-")) return "home-section";
    if (section?.startsWith("org-")) return "organization-section";
    if (section) return `section:${section}`;
    return el.closest("main") ? "main" : "page";
  };
  const here = location.pathname + location.search;
  document.querySelectorAll("[data-crawl]").forEach((e) => e.removeAttribute("data-crawl"));
  const links = [...document.querySelectorAll<HTMLAnchorElement>("a[href]")]
    .filter(
      (a) =>
        a.origin === location.origin &&
        !a.target &&
        !a.hasAttribute("download") &&
        a.checkVisibility() &&
        a.pathname + a.search !== here,
    )
    .map((a) => {
      const found = {
        region: region(a),
        href: a.getAttribute("href")!,
        path: a.pathname + a.search,
        client: a.hasAttribute("data-discover"),
      };
      if (
        target &&
        !document.querySelector("[data-crawl]") &&
        found.region === target.region &&
        (found.href === target.href || target.region === "latest-bar")
      )
        a.setAttribute("data-crawl", "1");
      return found;
    });
  const forms = [...document.querySelectorAll<HTMLFormElement>("form")]
    .filter(
      (f) => (f.getAttribute("method") ?? "get").toLowerCase() === "get" && f.checkVisibility(),
    )
    .map((f) => ({
      region: region(f),
      action: f.getAttribute("action"),
      fields: [...f.elements]
        .map((e) => (e as HTMLInputElement).name)
        .filter(Boolean)
        .sort()
        .join(","),
      client: f.hasAttribute("data-discover"),
      submittable: [...f.elements].some((e) => e.matches(submitButton) && e.checkVisibility()),
    }));
  return { links, forms, marked: !!document.querySelector("[data-crawl]") };
}

/** What a reader submits a form by (the crawl's `submit` clicks the first of them). */
const SUBMIT_BUTTON = "button[type=submit], button:not([type]), input[type=submit]";

/** The page's links and forms; with a target, the link to click is marked too. */
const collected = (page: Page, target: { region: string; href: string | null } | null = null) =>
  page.evaluate(collect, { target, submitButton: SUBMIT_BUTTON });

/** The router's state, as the page's own React Router sees it. */
export interface RouterState {
  key: string;
  idle: boolean;
  errors: boolean;
  path: string;
}

/** What React Router puts on `window` (read inside the page; the type alone crosses over). */
type RouterWindow = Window & {
  __reactRouterDataRouter?: {
    state: {
      initialized: boolean;
      location: { key: string; pathname: string; search: string };
      navigation: { state: string };
      errors: unknown;
    };
  };
};

export async function routerState(page: Page): Promise<RouterState | null> {
  return page.evaluate(() => {
    const router = (window as RouterWindow).__reactRouterDataRouter;
    if (!router?.state.initialized) return null;
    const { location, navigation, errors } = router.state;
    return {
      key: location.key,
      idle: navigation.state === "idle",
      errors: errors != null,
      path: location.pathname + location.search,
    };
  });
}

/**
 * Waits until React Router has rendered a location other than `beforeKey` (its history key; null
 * for a page just loaded) and is idle, and returns its state.
 *
 * "Rendered": the router's state changes first, and React commits the new page to the DOM in a
 * transition after it, so for a moment the state names the new location over the old page's
 * links (a CI run read a job page's links as the home page's, and a 6x slower CPU did it on most
 * steps). The language switch in the header is drawn from the location React rendered, so the
 * page has caught up when it links the router's location in the other language: the same path
 * but for `/hi`, the same query parameters (in its own order: /alerts's switch sorts them).
 */
export async function settled(page: Page, beforeKey: string | null): Promise<RouterState> {
  await page.waitForFunction(
    (before) => {
      const router = (window as RouterWindow).__reactRouterDataRouter;
      const state = router?.state;
      if (
        !state?.initialized ||
        state.navigation.state !== "idle" ||
        state.location.key === before ||
        document.readyState !== "complete"
      )
        return false;
      const link = document.querySelector("header a[hreflang]");
      // No header (the root's error page draws none): nothing more to wait for.
      if (!link) return true;
      const shown = new URL(link.getAttribute("href")!, location.origin);
      const bare = (path: string) => path.replace(/^\/hi(?=\/|$)/, "") || "/";
      const query = (search: string) => [...new URLSearchParams(search)].sort().join("&");
      return (
        bare(shown.pathname) === bare(new URL(state.location.pathname, location.origin).pathname) &&
        query(shown.search) === query(state.location.search)
      );
    },
    beforeKey,
    { timeout: 15_000 },
  );
  return (await routerState(page))!;
}

export async function crawl(page: Page, options: CrawlOptions): Promise<CrawlResult> {
  const steps: string[] = [];
  const problems: string[] = [];
  const fetched: string[] = [];
  const unsubmittable: string[] = [];
  let current = "start";
  let documents: string[] = [];

  page.on("console", (msg) => {
    if (msg.type() === "error" || msg.type() === "warning")
      problems.push(`${current}: console ${msg.type()}: ${msg.text().slice(0, 300)}`);
  });
  page.on("pageerror", (err) => problems.push(`${current}: page error: ${err.message}`));
  // A request the browser itself cancelled (leaving a page, React Router replacing a navigation
  // that redirected) is no failure; one the network or the server failed is.
  page.on("requestfailed", (request) => {
    const error = request.failure()?.errorText;
    if (error !== "net::ERR_ABORTED")
      problems.push(`${current}: request failed: ${request.method()} ${request.url()} (${error})`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400)
      problems.push(
        `${current}: ${response.status()} for ${response.request().method()} ${response.url()}`,
      );
  });
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      documents.push(request.url());
  });

  const taken = new Set<string>();
  const queue: Step[] = [];
  const fetchedKeys = new Set<string>();

  /** The languages whose bell has been read: it lists the same updates on every page. */
  const bellRead = new Set<string>();
  const look = async (from: string) => {
    // The page is read once it has hydrated (its links and forms as a reader's clicks meet them).
    await waitForHydration(page, 15_000);
    const { links, forms } = await collected(page);
    // The bell's links are in a popover: opened to be read, closed again for the next click.
    if (!bellRead.has(localeOf(from)) && (await openBell(page))) {
      bellRead.add(localeOf(from));
      links.push(...(await collected(page)).links.filter((l) => l.region === "bell"));
      await closeBell(page);
    }
    const locale = localeOf(from);
    for (const link of links) {
      if (RESOURCE.test(new URL(link.path, "http://x").pathname)) {
        const key = `resource ${routePattern(link.path)}`;
        if (fetchedKeys.has(key)) continue;
        fetchedKeys.add(key);
        const res = await page.request.get(link.path);
        fetched.push(`${res.status()} ${link.path}`);
        if (res.status() !== 200)
          problems.push(`${from}: resource link ${link.path} answered ${res.status()}`);
        continue;
      }
      if (link.path.startsWith("/admin")) continue;
      // The latest bar rotates: one of its links per language, whichever shows when clicked. The
      // language switch is on every page: once each way, with and without a query.
      const target =
        link.region === "latest-bar"
          ? `${locale} entry`
          : link.region === "language-switch"
            ? `${localeOf(link.path)}${link.path.includes("?") ? " with a query" : ""}`
            : routePattern(link.path, link.region !== "site-nav");
      const key = `link ${link.region} → ${target}`;
      if (taken.has(key)) continue;
      taken.add(key);
      queue.push({ key, from, kind: "link", ...link, href: link.href });
    }
    for (const form of forms) {
      // One of each form per language: the lists' filters are one form whatever the kind.
      const key = `form ${form.region} ${locale} (${form.fields})`;
      if (taken.has(key)) continue;
      taken.add(key);
      if (!form.submittable) {
        // One line per page and language (the photo tool's form has a hidden `job` when a job's
        // page links to it, so it is two forms by its fields).
        const line = `form ${form.region} ${locale} on ${new URL(from, "http://x").pathname}`;
        if (!unsubmittable.includes(line)) unsubmittable.push(line);
        continue;
      }
      for (const round of [0, 1])
        queue.push({
          key: `${key} #${round + 1}`,
          from,
          kind: "form",
          region: form.region,
          href: form.action,
          client: form.client,
          round,
        });
    }
  };

  const open = async (path: string) => {
    current = `open ${path}`;
    documents = [];
    const response = await page.goto(path);
    if (!response || response.status() !== 200)
      problems.push(`${current}: answered ${response?.status()}`);
    const state = await settled(page, null);
    if (state.errors) problems.push(`${current}: error boundary shown`);
    await look(state.path);
    return state;
  };

  let state = await open(options.starts[0]);
  const starts = options.starts.slice(1);
  const maxSteps = options.maxSteps ?? 400;
  while (steps.length < maxSteps) {
    // The next step on the page the crawl is on, else the first left from another page.
    let index = queue.findIndex((s) => s.from === state.path);
    if (index < 0) {
      if (queue.length === 0) {
        const next = starts.shift();
        if (!next) break;
        state = await open(next);
        continue;
      }
      index = 0;
      state = await open(queue[0].from);
    }
    const [step] = queue.splice(index, 1);
    current = `${step.key} (from ${step.from})`;
    documents = [];
    const before = state.key;
    try {
      if (step.region === "bell") await openBell(page);
      else await closeBell(page);
      if (step.kind === "link")
        await page.locator(await mark(page, step)).click({ timeout: 10_000 });
      else await submit(page, step, options.words[localeOf(step.from)][step.round!]);
      state = await settled(page, before);
    } catch (err) {
      // A step that cannot be taken or never ends is a problem too; the crawl goes on elsewhere.
      const message = (err as Error).message;
      const blocked = /[^\n]*intercepts pointer events/.exec(message)?.[0].trim() ?? "";
      problems.push(`${current}: ${message.split("\n")[0]} ${blocked} (at ${page.url()})`);
      state = await open(state.path);
      continue;
    }
    const how = documents.length ? `document load ${documents.join(", ")}` : "client-side";
    steps.push(`${current} → ${state.path} (${how})`);
    options.onStep?.(steps[steps.length - 1]);
    if (step.client && documents.length)
      problems.push(
        `${current}: full page load instead of a client-side navigation (${documents.join(", ")})`,
      );
    if (!step.client && documents.length !== 1)
      problems.push(`${current}: expected one document load, saw ${documents.length}`);
    if (state.errors) problems.push(`${current}: error boundary shown at ${state.path}`);
    await look(state.path);
  }
  // Discovery requests the last page started, and their warnings, come in before the end.
  current = "end";
  await page.waitForLoadState("networkidle");
  return { steps, problems, fetched, unsubmittable };
}

/** Opens the bell's popover, so its links are there to be found and clicked. */
async function openBell(page: Page): Promise<boolean> {
  const bell = page.locator("[data-testid=bell]").first();
  if (!(await bell.isVisible())) return false;
  if ((await bell.getAttribute("aria-expanded")) !== "true") await bell.click();
  await page.locator("[data-testid=bell-list] a").first().waitFor({ timeout: 10_000 });
  return true;
}

async function closeBell(page: Page) {
  const list = page.locator("[data-testid=bell-list]");
  if ((await list.count()) === 0) return;
  await page.keyboard.press("Escape");
  await list.waitFor({ state: "detached" });
}

/** Marks the link a step names (the first in its region with its href) and returns a selector. */
async function mark(page: Page, step: Step): Promise<string> {
  // A page drawn on the client may still be putting its last parts in place: look a few times.
  for (let tries = 0; tries < 20; tries++) {
    const { marked } = await collected(page, step);
    if (marked) return "[data-crawl]";
    await page.waitForTimeout(250);
  }
  const { links } = await collected(page);
  const there = links.filter((l) => l.region === step.region).map((l) => l.href);
  throw new Error(
    `the link ${step.href} is no longer in ${step.region} on ${step.from} (there: ${there.join(" ")})`,
  );
}

/** Fills a GET form with the round's values and submits it by its button. */
async function submit(page: Page, step: Step, word: string) {
  const action = step.href === null ? ":not([action])" : `[action="${step.href}"]`;
  const form = page
    .locator(`form${action}${step.region === "header-search" ? "" : ":not(header form)"}`)
    .filter({ visible: true })
    .first();
  const round = step.round ?? 0;
  for (const input of await form.locator("input[type=search], input[type=text]").all())
    await input.fill(word);
  for (const select of await form.locator("select").all()) {
    const values = await select
      .locator("option")
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    // The first submission picks each menu's second choice, the second its last.
    const value = round === 0 ? values[1] : values[values.length - 1];
    if (value !== undefined) await select.selectOption(value);
  }
  for (const box of await form.locator("input[type=checkbox]").all())
    await box.setChecked(round === 1);
  await form.locator(SUBMIT_BUTTON).filter({ visible: true }).first().click({ timeout: 10_000 });
}
