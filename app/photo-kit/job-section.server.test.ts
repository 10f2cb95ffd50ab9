import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { listPresets } from "./presets.server.ts";
import { photoSectionHtml } from "./job-section.server.tsx";

describeEachDatabase("a job page's photo and signature section", (db) => {
  it("links each job to its own photo tool, though jobs naming one preset share its drawing", async () => {
    const presets = new Map((await listPresets(db())).map((p) => [p.key, p]));
    const first = { slug: "clerk-2026", data: { photoPreset: "ssc" } };
    const second = { slug: "o'brien-&-co", data: { photoPreset: "ssc" } };
    const a = await photoSectionHtml(db(), first, "en", presets);
    const b = await photoSectionHtml(db(), second, "en", presets);
    expect(a).toContain('href="/photo-tool?job=clerk-2026"');
    // As React writes an attribute (encodeURIComponent leaves ' alone).
    expect(b).toContain('href="/photo-tool?job=o&#x27;brien-%26-co"');
    expect(b.replace("o&#x27;brien-%26-co", "clerk-2026")).toBe(a);
    expect(a).not.toContain("\0");
    // The same as read without the generation's presets, and again (drawn once).
    expect(await photoSectionHtml(db(), first, "en")).toBe(a);
    expect(await photoSectionHtml(db(), first, "en", presets)).toBe(a);
    const hindi = await photoSectionHtml(db(), first, "hi", presets);
    expect(hindi).toContain('href="/hi/photo-tool?job=clerk-2026"');
    expect(hindi).not.toBe(a.replace("/photo-tool", "/hi/photo-tool"));
  });

  it("shows a job's own rules over its preset's, and nothing for a job without either", async () => {
    const presets = new Map((await listPresets(db())).map((p) => [p.key, p]));
    const own = { photoPreset: "ssc", uploads: [{ slot: "signature", kbMin: 11, kbMax: 37 }] };
    const mine = await photoSectionHtml(db(), { slug: "own", data: own }, "en", presets);
    const preset = await photoSectionHtml(
      db(),
      { slug: "own", data: { photoPreset: "ssc" } },
      "en",
      presets,
    );
    expect(mine).toContain("37");
    expect(mine).not.toBe(preset);
    expect(await photoSectionHtml(db(), { slug: "none", data: {} }, "en", presets)).toBe("");
    expect(
      await photoSectionHtml(
        db(),
        { slug: "gone", data: { photoPreset: "no-such" } },
        "en",
        presets,
      ),
    ).toBe("");
  });
});
