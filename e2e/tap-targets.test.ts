import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { firstJobPath } from "../bench/lib.ts";
import { baseURL, useBrowser, waitForHydration } from "./browser.ts";

/**
 * Issue 29: on a 360 px phone every interactive element of a public page is at least 24×24 CSS
 * px (WCAG 2.2, 2.5.8) and the primary ones (form controls, buttons, list rows, menu items, the
 * bell, the language switch) at least 44×44; a checkbox or radio counts by its whole label.
 * Links inside a sentence are excepted, as WCAG allows.
 */

interface Target {
  what: string;
  width: number;
  height: number;
  need: 24 | 44;
}

/**
 * Every visible interactive element of the page with the size a thumb meets and the size it
 * needs. Runs in the page.
 */
function measureTargets(root: string): Target[] {
  const out: Target[] = [];
  const selector =
    "a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [tabindex]:not([tabindex='-1'])";
  const describe = (el: Element) => {
    const text = (el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 40);
    const name = el.getAttribute("aria-label") ?? el.getAttribute("name") ?? text;
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}> "${name}"`;
  };
  /** A link in running text: an inline box whose block says more words than the link. */
  const inSentence = (el: Element) => {
    if (el.tagName !== "A" || getComputedStyle(el).display !== "inline") return false;
    let block = el.parentElement;
    while (block && getComputedStyle(block).display === "inline") block = block.parentElement;
    const rest = (block?.textContent ?? "").replace(el.textContent ?? "", "");
    return /\p{L}{2,}/u.test(rest);
  };
  /** Drawn for screen readers only (Tailwind's sr-only: the skip link until it is focused). */
  const srOnly = (el: Element) => getComputedStyle(el).clipPath === "inset(50%)";
  for (const el of document.querySelector(root)!.querySelectorAll(selector)) {
    const input = el instanceof HTMLInputElement ? el : undefined;
    const choice = input && (input.type === "checkbox" || input.type === "radio");
    // A checkbox or radio is hit through its label, which is its target.
    const target = (choice && input.labels?.[0]) || el;
    if (!target.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
    // Out of everyone's reach (the contact form's honeypot).
    if (el.closest("[aria-hidden=true]") && el.getAttribute("tabindex") === "-1") continue;
    // A list row: an item of a list in the page's content (not a nav's) that leads with a link.
    const item = el.matches("main li a") && !el.closest("nav") ? el.closest("li")! : undefined;
    const row =
      !!item &&
      item.querySelector("a") === el &&
      (item.textContent ?? "").trim().startsWith((el.textContent ?? "").trim());
    if (srOnly(target) || (!row && inSentence(el))) continue;
    const r = target.getBoundingClientRect();
    const primary =
      row ||
      el.matches("button, input, select, textarea, summary, [role=button]") ||
      // The site's header (not an article's) and the menu drawer.
      !!el.closest("header:not(main header), [data-testid=nav-drawer]");
    // The Latest bar, breadcrumbs and the footer are secondary; the header's own links are not.
    const secondary = !!el.closest(
      "[data-testid=latest-bar], footer, nav:has(> ol > li > [aria-current=page])",
    );
    out.push({
      what: describe(el),
      width: Math.round(r.width * 10) / 10,
      height: Math.round(r.height * 10) / 10,
      need: primary && !secondary ? 44 : 24,
    });
  }
  return out;
}

async function tooSmall(page: Page, root = "body"): Promise<{ all: Target[]; small: string[] }> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  const all = await page.evaluate(measureTargets, root);
  const small = all
    .filter((t) => t.width < t.need || t.height < t.need)
    .map((t) => `${t.what}: ${t.width}×${t.height} (needs ${t.need}×${t.need})`);
  return { all, small: [...new Set(small)] };
}

describe("tap targets at 360×740", () => {
  const browser = useBrowser({ viewport: { width: 360, height: 740 }, hasTouch: true });

  const pages = async () => {
    const job = await firstJobPath(baseURL());
    return ["/", "/jobs", job, "/eligibility", "/alerts", "/contact-us", "/search?q=clerk"];
  };

  for (const lang of ["", "/hi"] as const) {
    it(`are big enough on every page type${lang ? " in Hindi" : ""}`, async () => {
      const page = await browser.page();
      const found: string[] = [];
      for (const path of await pages()) {
        const url = lang + (path === "/" ? "" : path) || "/";
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(200);
        const { all, small } = await tooSmall(page);
        // A page that measured nothing would pass anything.
        expect(all.length, url).toBeGreaterThan(5);
        found.push(...small.map((s) => `${url}: ${s}`));
      }
      expect(found).toEqual([]);
    });
  }

  it("are big enough in the open menu, and its checkboxes and radios count by their labels", async () => {
    const page = await browser.page();
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByTestId("nav-drawer");
    await drawer.waitFor();
    // The page behind the open dialog is inert: the drawer is what a thumb can reach.
    const { all, small } = await tooSmall(page, "[data-testid=nav-drawer]");
    expect(all.filter((t) => t.need === 44).length).toBeGreaterThan(8);
    expect(small).toEqual([]);
    // The alerts form's checkboxes: the label around each box is what the thumb hits.
    await page.goto("/alerts");
    // The choices show where this browser takes push (marked before the first paint); read once
    // the page has hydrated.
    await waitForHydration(page);
    const labels = await page
      .locator("form input[type=checkbox]")
      .evaluateAll((boxes) =>
        boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.getBoundingClientRect().height ?? 0),
      );
    expect(labels.length).toBeGreaterThan(20);
    expect(labels.filter((h) => h < 44)).toEqual([]);
  });
});
