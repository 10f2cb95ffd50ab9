import type { photo } from "~/i18n/catalog/en/photo.ts";
import { fmt } from "~/lib/locale.ts";
import type { Finding } from "./check.ts";
import type { RuleFact, UploadRule } from "./rules.ts";

/** The `photo` area of a language's catalogue. */
export type PhotoWords = typeof photo;

/** A range in the catalogue's words: both ends, or the one given. */
function range(
  t: Record<"range" | "min" | "max", string>,
  { min, max }: { min?: number; max?: number },
): string {
  const values = { min: min ?? "", max: max ?? "" };
  if (min !== undefined && max !== undefined) return fmt(t.range, values);
  return fmt(min !== undefined ? t.min : t.max, values);
}

export function sayFact(fact: RuleFact, t: PhotoWords): string {
  const f = t.facts;
  switch (fact.code) {
    case "live":
      return f.live;
    case "pixels-exact":
      return fmt(f.pixelsExact, fact.values);
    case "width":
      return range({ range: f.widthRange, min: f.widthMin, max: f.widthMax }, fact.values);
    case "height":
      return range({ range: f.heightRange, min: f.heightMin, max: f.heightMax }, fact.values);
    case "print-size":
      return fmt(f.printSize, fact.values);
    case "kb":
      return range({ range: f.kbRange, min: f.kbMin, max: f.kbMax }, fact.values);
    case "format":
      return fmt(f.format, { format: t.formats[fact.values.format] });
  }
}

/** What a rule's image is called: its own name for "other", else the slot's. */
export function imageName(rule: Pick<UploadRule, "slot" | "label">, t: PhotoWords): string {
  return rule.slot === "other" && rule.label ? rule.label : t.slots[rule.slot];
}

const FINDING_KEY = {
  live: "live",
  unreadable: "unreadable",
  format: "format",
  extension: "extension",
  "pixels-exact": "pixelsExact",
  "width-small": "widthSmall",
  "width-large": "widthLarge",
  "height-small": "heightSmall",
  "height-large": "heightLarge",
  "kb-small": "kbSmall",
  "kb-large": "kbLarge",
  "kb-edge-max": "kbEdgeMax",
  "kb-edge-min": "kbEdgeMin",
  orientation: "orientation",
  ok: "ok",
} as const satisfies Record<Finding["code"], keyof PhotoWords["findings"]>;

export function sayFinding(finding: Finding, t: PhotoWords): string {
  const template = t.findings[FINDING_KEY[finding.code]];
  const values: Record<string, string | number> = { ...finding.values };
  if (finding.code === "format") {
    values.found = t.fileFormats[finding.values.found];
    values.wanted = t.formats[finding.values.wanted];
  }
  if (finding.code === "extension" || finding.code === "unreadable")
    values.found = t.fileFormats[finding.values.found];
  return fmt(template, values);
}
