import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { hi } from "~/i18n/catalog/hi/index.ts";
import { useBrowser } from "./browser.ts";
import { withE2eDb } from "./db.ts";

/**
 * Issue 29: a Hindi page says everything a reader sees in Hindi when the content has Hindi: no
 * Latin-script word outside the brand, addresses, units and abbreviations (SSC, UPSC, PDF). An
 * entry that has no Hindi shows in English, marked as such ("केवल अंग्रेज़ी में") where it appears.
 */

/** Latin words a Hindi page may show: the brand, and abbreviations written in mixed case. */
const ALLOWED = new Set(["govjobs", "PwD", "PwBD", "kg", "cm", "km"]);

/** A token a Hindi reader is not expected to read in Hindi: an address, an abbreviation. */
function allowed(token: string): boolean {
  // Addresses: e-mail, web addresses and host names (upsc.gov.in).
  if (/@|:\/\/|^[\w-]+(\.[\w-]+)+\/?$/.test(token)) return true;
  return token
    .split(/[^A-Za-z]+/)
    .filter(Boolean)
    .every((word) => ALLOWED.has(word) || /^[A-Z]+$/.test(word));
}

/** The Latin words of a text that are not allowed, with a little of their context. */
function latinWords(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split("\n"))
    for (const token of line.split(/[\s()[\]{},;:“”"'‘’·|–—]+/))
      if (/[A-Za-z]/.test(token) && !allowed(token))
        found.push(`${token}  ←  ${line.slice(0, 80)}`);
  return found;
}

describe("Hindi pages in Chromium", () => {
  const browser = useBrowser({ viewport: { width: 1280, height: 900 } });

  it("show no English words where the content has Hindi, and mark what has none", async () => {
    // A job whose every text field has Hindi, and its organization.
    const job = await withE2eDb((db) =>
      db
        .selectFrom("entries")
        .innerJoin("organizations", "organizations.name", "entries.organization")
        .select(["entries.slug", "organizations.slug as org"])
        .where("kind", "=", "job")
        .where("status", "=", "published")
        .where(sql<boolean>`json_extract(data, '$.hi_howTo') is not null`)
        .where("last_date", ">=", new Date().toISOString().slice(0, 10))
        .orderBy("published_at", "desc")
        .executeTakeFirstOrThrow(),
    );
    // Organizations other tests of the suite made have no Hindi name: content without Hindi,
    // which a Hindi page names as written (the issue asks this of content that has Hindi).
    const englishOnly = await withE2eDb((db) =>
      db
        .selectFrom("organizations")
        .select("name")
        .where((eb) => eb.or([eb("hi_name", "is", null), eb("hi_name", "=", "")]))
        .execute(),
    );
    const withoutHindiNames = (text: string) =>
      englishOnly.reduce((rest, { name }) => rest.replaceAll(name, " "), text);
    const page = await browser.page();
    const found: string[] = [];
    for (const path of [
      "/hi",
      "/hi/jobs",
      `/hi/jobs/${job.slug}`,
      `/hi/organizations/${job.org}`,
      "/hi/alerts",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const { text, unmarked } = await page.evaluate((marker) => {
        // What is marked English (an entry without Hindi) is read apart: each must say so.
        // (A language's own name is not an entry: the switch, the alerts' language choice.)
        const english = [...document.querySelectorAll("body [lang='en']")];
        const unmarked = english
          .filter((el) => !el.matches("[hreflang]") && !/^English\b/.test(el.textContent!.trim()))
          .filter((el) => !el.closest("li, section, article, main")?.textContent?.includes(marker))
          .map((el) => (el.textContent ?? "").slice(0, 60));
        for (const el of english) el.setAttribute("data-english", "");
        const clone = document.body.cloneNode(true) as HTMLElement;
        clone.querySelectorAll("[data-english], script, style").forEach((el) => el.remove());
        // innerText of a detached node has no layout: read it in place, hidden from view.
        clone.style.cssText = "position:absolute;left:-99999px;top:0;width:1280px";
        document.body.append(clone);
        const text = clone.innerText;
        clone.remove();
        return { text, unmarked };
      }, hi.common.englishOnly);
      found.push(...latinWords(withoutHindiNames(text)).map((w) => `${path}: ${w}`));
      found.push(...unmarked.map((t) => `${path}: English without the marker: ${t}`));
    }
    expect(found).toEqual([]);
  });
});
