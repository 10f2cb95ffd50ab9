import { expect, it } from "vitest";
import { describeEachDatabase } from "../../test/databases.ts";
import { parseEntryForm } from "~/content/form-data.ts";
import { readContentGeneration } from "~/page-cache/index.ts";
import type { Actor } from "~/writes/transaction.server.ts";
import { getPreset, listPresets } from "./presets.server.ts";
import { savePreset } from "./presets-write.server.ts";
import { effectiveRules, presetRulesIn } from "./rules.ts";

const EDITOR: Actor = { id: "user-meera", email: "meera@govjobs.test", name: "Meera" };
const form = (fields: Record<string, string>) => parseEntryForm(new URLSearchParams(fields));
const TNPSC = {
  key: "tnpsc",
  name: "TNPSC",
  nameHi: "TNPSC (तमिलनाडु लोक सेवा आयोग)",
  sourceTitle: "TNPSC one-time registration: photograph and signature",
  sourceUrl: "https://www.tnpsc.gov.in/",
  checkedOn: "2026-11-20",
  "rules[0].slot": "photo",
  "rules[0].kbMin": "20",
  "rules[0].kbMax": "50",
  "rules[0].notesHi": "हल्का बैकग्राउंड",
  // A blank spare row, as the form sends it, is no rule.
  "rules[1].slot": "",
  "rules[1].kbMax": "",
  "rules[3].slot": "signature",
  "rules[3].kbMax": "20",
};

describeEachDatabase("photo presets", (db) => {
  it("are seeded with their sources, and the demo's recruiters are among them", async () => {
    const presets = await listPresets(db());
    expect(presets.map((p) => p.key).sort()).toEqual(["bpsc", "ibps", "rrb", "ssc", "upsc"]);
    for (const p of presets) {
      expect(p.sourceUrl).toMatch(/^https:\/\//);
      expect(p.checkedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(p.nameHi).toMatch(/[\u0900-\u097F]/);
      expect(p.rules.length).toBeGreaterThan(0);
    }
    const ibps = effectiveRules(presetRulesIn((await getPreset(db(), "ibps"))!.rules, "en"), []);
    expect(ibps.map((r) => r.slot)).toEqual(["photo", "signature", "left-thumb", "declaration"]);
    expect(ibps[0]).toMatchObject({ widthMin: 200, heightMin: 230, kbMin: 20, kbMax: 50 });
    const ssc = effectiveRules((await getPreset(db(), "ssc"))!.rules, []);
    expect(ssc[0]).toMatchObject({ slot: "photo", mode: "live" });
  });

  it("creates one with an audit row and a new generation; a taken key is refused", async () => {
    const generation = await readContentGeneration(db());
    const made = await savePreset(db(), { form: form(TNPSC), actor: EDITOR });
    if (!made.ok) throw new Error(JSON.stringify(made));
    expect(made.preset.rules).toEqual([
      { slot: "photo", kbMin: 20, kbMax: 50, notesHi: "हल्का बैकग्राउंड" },
      { slot: "signature", kbMax: 20 },
    ]);
    expect(await readContentGeneration(db())).toBe(generation + 1);
    const again = await savePreset(db(), { form: form(TNPSC), actor: EDITOR });
    expect(again).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: { key: "A preset with this key exists" },
    });
    const audit = await db()
      .selectFrom("audit_log")
      .select(["action", "actor_email"])
      .where("subject", "=", "tnpsc")
      .execute();
    expect(audit).toEqual([{ action: "photo-preset.create", actor_email: EDITOR.email }]);
  });

  it("refuses what its schema refuses, naming the input, and writes nothing", async () => {
    const generation = await readContentGeneration(db());
    const bad = await savePreset(db(), {
      form: form({
        ...TNPSC,
        key: "TN PSC",
        sourceUrl: "javascript:alert(1)",
        checkedOn: "2026-02-30",
        "rules[3].kbMin": "30",
        "rules[4].slot": "photo",
      }),
      actor: EDITOR,
    });
    if (bad.ok) throw new Error("saved");
    expect(bad.reason).toBe("invalid");
    if (bad.reason !== "invalid") return;
    expect(Object.keys(bad.fieldErrors).sort()).toEqual([
      "checkedOn",
      "key",
      "rules[3].kbMax",
      "rules[4].slot",
      "sourceUrl",
    ]);
    expect(bad.fieldErrors["rules[4].slot"]).toMatch(/one row per image/);
    expect(await readContentGeneration(db())).toBe(generation);
  });

  it("changes one only from the version the editor loaded, and never its key", async () => {
    const before = (await getPreset(db(), "tnpsc"))!;
    const changed = await savePreset(db(), {
      key: "tnpsc",
      form: form({ ...TNPSC, "rules[0].kbMax": "40" }),
      expectedVersion: before.updatedAt,
      actor: EDITOR,
    });
    if (!changed.ok) throw new Error(JSON.stringify(changed));
    expect(changed.preset.rules[0].kbMax).toBe(40);
    const stale = await savePreset(db(), {
      key: "tnpsc",
      form: form({ ...TNPSC, "rules[0].kbMax": "45" }),
      expectedVersion: before.updatedAt,
      actor: EDITOR,
    });
    expect(stale).toMatchObject({ ok: false, reason: "stale", current: { key: "tnpsc" } });
    expect((await getPreset(db(), "tnpsc"))!.rules[0].kbMax).toBe(40);
    const renamed = await savePreset(db(), {
      key: "tnpsc",
      form: form({ ...TNPSC, key: "tamil-nadu" }),
      actor: EDITOR,
    });
    expect(renamed).toMatchObject({
      ok: false,
      reason: "invalid",
      fieldErrors: { key: expect.any(String) },
    });
    expect(
      await savePreset(db(), { key: "nope", form: form({ ...TNPSC, key: "nope" }), actor: EDITOR }),
    ).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("lets one of many simultaneous saves through: one create of a key, one change of a version", async () => {
    const key = "race-psc";
    const creates = await Promise.all(
      Array.from({ length: 20 }, () =>
        savePreset(db(), { form: form({ ...TNPSC, key }), actor: EDITOR }),
      ),
    );
    expect(creates.filter((r) => r.ok)).toHaveLength(1);
    const version = (await getPreset(db(), key))!.updatedAt;
    const changes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        savePreset(db(), {
          key,
          form: form({ ...TNPSC, key, "rules[0].kbMax": String(60 + i) }),
          expectedVersion: version,
          actor: EDITOR,
        }),
      ),
    );
    expect(changes.filter((r) => r.ok)).toHaveLength(1);
    expect(changes.filter((r) => !r.ok && r.reason === "stale")).toHaveLength(19);
    const audit = await db()
      .selectFrom("audit_log")
      .select("action")
      .where("subject", "=", key)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      "photo-preset.create",
      "photo-preset.update",
    ]);
  });

  it("reads hostile form names as nothing, and refuses without throwing", async () => {
    const hostile = parseEntryForm(
      new URLSearchParams([
        ["__proto__.polluted", "1"],
        ["rules[0].__proto__", "x"],
        ["rules[99999].slot", "photo"],
        ["rules.0.slot", "photo"],
        ["key", "x".repeat(5000)],
      ]),
    );
    const result = await savePreset(db(), { form: hostile, actor: EDITOR });
    expect(result).toMatchObject({ ok: false, reason: "invalid" });
    expect(Object.getPrototypeOf({})).not.toHaveProperty("polluted");
  });
});
