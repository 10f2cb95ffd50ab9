import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { pack } from "~/lib/packed.ts";
import { describe, expect, it } from "vitest";
import { EntryDetail } from "~/components/entry-detail.tsx";
import { withOptionKeys, type EntryData, type Field } from "~/content/fields.ts";
import { glanceOf as glance } from "../../test/glance-of.ts";
import { REGISTRY } from "~/content/registry.ts";
import { catalog } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import type { Locale } from "~/lib/locale.ts";
import { definitionIn } from "~/i18n/registry-words.ts";
import { jobData } from "../../demo/jobs.ts";
import { choicesInWords, definitionForPage } from "./entry-page.presenter.server.ts";

const today = "2026-11-23";
const demo = jobData(3, new Date(`${today}T06:00:00Z`));
const { title, org } = demo;
// As saved: the demo writes English names ("Bihar"), the write path stores keys (issue 27).
const data = withOptionKeys(REGISTRY.job.sections, demo.data);
const entry = {
  id: "e1",
  kind: "job" as const,
  slug: "a-job",
  title,
  organization: org.name,
  publishedAt: "2026-11-20T10:00:00.000Z",
  updatedAt: "2026-11-20T10:00:00.000Z",
  lastDate: String(data.lastDate),
  data,
};

function page(
  locale: Locale,
  definition: Parameters<typeof EntryDetail>[0]["definition"],
  shown: EntryData = data,
) {
  return renderToStaticMarkup(
    createElement(Strings, {
      locale,
      areas: pack({ detail: catalog(locale).detail }),
      children: createElement(EntryDetail, {
        entry: { ...entry, data: shown },
        definition,
        related: [],
        today,
        glance: glance("job", entry, today, []),
        trusts: {},
      }),
    }),
  );
}

const fields = (d: { sections: readonly { fields: readonly Field[] }[] }) =>
  d.sections.flatMap((s) => s.fields);

describe("the definition a job page sends to the browser", () => {
  for (const locale of ["en", "hi"] as const) {
    it(`renders the same ${locale} page as the whole definition`, () => {
      const whole = definitionIn(REGISTRY.job, catalog(locale).detail.registry);
      const sent = definitionForPage(whole, data);
      expect(page(locale, sent)).toBe(page(locale, whole));
      // Above: a failure means the page reads a property the loader no longer sends.
      expect(JSON.stringify(sent).length).toBeLessThan(JSON.stringify(whole).length * 0.75);
    });
  }

  it("keeps a choice's chosen option only and none of the form's settings", () => {
    const sent = definitionForPage(REGISTRY.job, data);
    const state = fields(sent).find((f) => f.name === "state");
    expect(state).toMatchObject({ type: "select", options: [{ value: data.state }] });
    for (const f of fields(sent)) {
      expect(f).not.toHaveProperty("max");
      expect(f).not.toHaveProperty("required");
      expect(f).not.toHaveProperty("column");
      if (f.type !== "textarea") expect(f).not.toHaveProperty("help");
    }
  });

  it("leaves out the sections the entry has nothing for", () => {
    const sparse: EntryData = { summary: "Short.", lastDate: "2026-12-01" };
    const sent = definitionForPage(REGISTRY.job, sparse);
    expect(sent.sections.map((s) => s.id)).toEqual(
      REGISTRY.job.sections.filter((s) => s.fields.some((f) => f.name in sparse)).map((s) => s.id),
    );
  });

  it("is made once per kind and language, not per page view", () => {
    const words = catalog("hi").detail.registry;
    expect(definitionIn(REGISTRY.job, words)).toBe(definitionIn(REGISTRY.job, words));
  });
});

describe("ticked subjects on a job page (issue 26)", () => {
  const ticked: EntryData = {
    ...data,
    disciplines: ["science", "medicine"],
    alsoRequired: ["education"],
    posts: [
      { post: "Medical Officer", total: 3, disciplines: ["medicine"] },
      { post: "Clerk", total: 1 },
    ],
  };

  it("are said in the page's language, in a field and in a table, as text the page prints", () => {
    const hindi = definitionIn(REGISTRY.job, catalog("hi").detail.registry);
    const said = choicesInWords(hindi.sections, ticked);
    expect(said.disciplines).toBe("विज्ञान (Science), मेडिकल (MBBS)");
    expect(said.alsoRequired).toBe("शिक्षा (B.Ed.)");
    expect(said.posts).toEqual([
      { post: "Medical Officer", total: 3, disciplines: "मेडिकल (MBBS)" },
      { post: "Clerk", total: 1 },
    ]);
    // The stored data is left as it is.
    expect(ticked.disciplines).toEqual(["science", "medicine"]);
    const html = page("hi", definitionForPage(hindi, ticked), said).replaceAll("<!-- -->", "");
    expect(html).toContain("विज्ञान (Science), मेडिकल (MBBS)");
    const english = choicesInWords(REGISTRY.job.sections, ticked);
    expect(english.disciplines).toBe("Science, Medicine (MBBS)");
  });
});
