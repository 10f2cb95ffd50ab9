import { z } from "zod";
import { dataSchema, httpUrl, isoDate, type RowsField } from "~/content/fields.ts";
import { uploadsRowChecks, uploadsSection } from "~/content/photo-fields.ts";
import { PRESET_KEY, PRESET_KEY_MAX } from "~/content/photo-keys.ts";

/**
 * The admin's preset form (issue 31): the same rule columns as a job's upload rules (one
 * description, app/content/photo-fields.ts), plus each rule's Hindi words; a preset has no
 * "not asked" rows. Browser-safe, so the editor checks as it is typed what the server checks.
 */
const jobRules = uploadsSection.fields.find((f) => f.name === "uploads") as RowsField;

export const presetRulesField: RowsField = {
  ...jobRules,
  name: "rules",
  label: "Rules",
  help: "One row per image the form asks for. An empty box means the notification says nothing about it.",
  columns: [
    ...jobRules.columns.map((c) =>
      c.name === "mode" ? { ...c, options: c.options?.filter((o) => o.value !== "none") } : c,
    ),
    { name: "labelHi", label: "Image's name in Hindi", type: "text", max: 80 },
    { name: "notesHi", label: "Notes in Hindi", type: "textarea", max: 500 },
  ],
};

const rules = dataSchema([{ id: "preset", title: "", fields: [presetRulesField] }]).shape.rules;

export const PresetFormSchema = z
  .object({
    key: z
      .string({ message: "The key is required" })
      .trim()
      .min(2, "The key is required: a short name in lower-case letters, like “ibps”")
      .max(PRESET_KEY_MAX, `The key must be at most ${PRESET_KEY_MAX} characters`)
      .regex(PRESET_KEY, "The key may contain only lower-case letters, digits and single hyphens"),
    name: z
      .string({ message: "The name is required" })
      .trim()
      .min(2, "The name is required")
      .max(120, "The name must be at most 120 characters"),
    nameHi: z.string().trim().max(120, "The Hindi name must be at most 120 characters").optional(),
    sourceTitle: z
      .string({ message: "Name the notification the rules come from" })
      .trim()
      .min(3, "Name the notification the rules come from")
      .max(300, "The source must be at most 300 characters"),
    sourceUrl: httpUrl("The source's address"),
    checkedOn: isoDate("Checked on"),
    rules,
  })
  .superRefine((v, ctx) => {
    const rows = (Array.isArray(v.rules) ? v.rules : []) as Record<string, unknown>[];
    if (rows.length === 0)
      ctx.addIssue({ code: "custom", path: ["rules"], message: "Give at least one image's rule" });
    rows.forEach((row, i) => {
      for (const check of uploadsRowChecks) {
        const a = row[check.earlier];
        const b = row[check.later];
        if (typeof a === "number" && typeof b === "number" && b < a)
          ctx.addIssue({ code: "custom", path: ["rules", i, check.later], message: check.message });
      }
      const same = rows.findIndex(
        (r) => r.slot === row.slot && (row.slot !== "other" || r.label === row.label),
      );
      if (same !== i)
        ctx.addIssue({
          code: "custom",
          path: ["rules", i, "slot"],
          message: "This image has a row already: one row per image",
        });
    });
  });

export type PresetFormInput = z.input<typeof PresetFormSchema>;
