import { refused, type Refused, type WriteResult } from "~/lib/write-result.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { nowAfter } from "~/platform/db/dialect.ts";
import { EVERYTHING } from "~/page-cache/index.ts";
import { inWrite, type Actor } from "~/writes/transaction.server.ts";
import { fieldErrorsFromIssues, type ParsedForm } from "~/content/form-data.ts";
import { PresetFormSchema } from "./preset-form.ts";
import { getPreset, insertPreset, updatePreset, type PresetValues } from "./presets.server.ts";
import type { Preset, PresetRule } from "./rules.ts";

export type PresetSaveResult = WriteResult<
  { preset: Preset },
  /** Field errors by input name ("rules[1].kbMax"); nothing was written. */
  | Refused<"invalid", { fieldErrors: Record<string, string> }>
  | Refused<"not-found">
  /** Someone saved it after this editor loaded it; nothing was overwritten. */
  | Refused<"stale", { current: Preset }>
>;

/**
 * Create a preset (`key` undefined) or change one, checked with the form's own schema, with its
 * audit row and a new content generation in one transaction. Every job page naming a preset shows
 * its rules, so cached pages are drawn again (`*`: presets change rarely).
 */
export async function savePreset(
  db: DB,
  {
    key,
    form,
    expectedVersion,
    actor,
  }: { key?: string; form: ParsedForm; expectedVersion?: string; actor: Actor },
): Promise<PresetSaveResult> {
  const parsed = PresetFormSchema.safeParse(form.value);
  if (!parsed.success)
    return refused("invalid", {
      fieldErrors: fieldErrorsFromIssues(parsed.error.issues, form.rowOrigins),
    });
  const { key: newKey, rules, nameHi, ...rest } = parsed.data;
  const values: PresetValues = { ...rest, nameHi: nameHi ?? "", rules: rules as PresetRule[] };
  // A preset's key is how jobs name it: it never changes once made.
  if (key !== undefined && newKey !== key)
    return refused("invalid", {
      fieldErrors: { key: "The key cannot change: jobs name the preset by it" },
    });
  const outcome = await inWrite(
    db,
    actor,
    async (trx, audit) => {
      const existing = await getPreset(trx, newKey);
      const at = nowAfter(existing?.updatedAt ?? "");
      if (key === undefined) {
        if (existing || !(await insertPreset(trx, newKey, values, { at, by: actor.id })))
          return "taken" as const;
        await audit("photo-preset.create", newKey, values.name);
        return "saved" as const;
      }
      if (!existing) return "not-found" as const;
      const version = expectedVersion ?? existing.updatedAt;
      if (!(await updatePreset(trx, key, values, { at, by: actor.id, expectedVersion: version })))
        return "stale" as const;
      await audit("photo-preset.update", key, values.name);
      return "saved" as const;
    },
    (result) => (result === "saved" ? [EVERYTHING] : []),
  );
  if (outcome === "taken")
    return refused("invalid", { fieldErrors: { key: "A preset with this key exists" } });
  const current = await getPreset(db, newKey);
  if (outcome === "not-found" || !current) return refused("not-found");
  if (outcome === "stale") return refused("stale", { current });
  return { ok: true, preset: current };
}
