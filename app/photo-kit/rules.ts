/**
 * The upload rules of a job's application form (issue 31): for each image the form asks for, its
 * pixel box or range, its size window in KB, its format and notes, or "taken live in the
 * recruiter's app". Pure and browser-safe: the job page, the tool and the admin share it. Rules
 * are data with stable keys; the catalogues (`photo` area) turn them into words.
 */

import { FORMATS, SLOTS, type Format, type Slot } from "~/content/photo-keys.ts";

/** One image's rule, as a job or preset stores it: every value may be missing. */
export interface RuleRow {
  slot?: string;
  /** The image's name, for "other" ("Caste certificate"). */
  label?: string;
  mode?: string;
  widthMin?: number;
  widthMax?: number;
  heightMin?: number;
  heightMax?: number;
  /** The printed size the notification gives, in millimetres (35 × 45). */
  widthMm?: number;
  heightMm?: number;
  kbMin?: number;
  kbMax?: number;
  format?: string;
  notes?: string;
}

/** The numbers of a rule, by name: what the job form's columns and the checks read. */
export const RULE_NUMBERS = [
  "widthMin",
  "widthMax",
  "heightMin",
  "heightMax",
  "widthMm",
  "heightMm",
  "kbMin",
  "kbMax",
] as const satisfies readonly (keyof RuleRow)[];

/** A rule as the page and the tool use it: its slot and mode known, its numbers checked. */
export interface UploadRule extends Pick<
  RuleRow,
  "label" | "notes" | (typeof RULE_NUMBERS)[number]
> {
  slot: Slot;
  mode: "upload" | "live";
  format: Format;
}

/** A preset: a recruiter's usual rules, with the notification they come from. */
export interface Preset {
  key: string;
  name: string;
  nameHi: string;
  sourceTitle: string;
  sourceUrl: string;
  /** YYYY-MM-DD: when someone last compared the rules with the source. */
  checkedOn: string;
  rules: PresetRule[];
  updatedAt: string;
}

/** A preset's rule keeps its words in both languages (a job's Hindi is in its `hi_uploads`). */
export interface PresetRule extends RuleRow {
  labelHi?: string;
  notesHi?: string;
}

const isSlot = (v: unknown): v is Slot => (SLOTS as readonly unknown[]).includes(v);
const isFormat = (v: unknown): v is Format => (FORMATS as readonly unknown[]).includes(v);
const positive = (v: unknown) =>
  typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined;
const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** Where two rows describe the same image: the slot, and for "other" its name too. */
function sameImage(a: RuleRow, b: RuleRow): boolean {
  if (a.slot !== b.slot) return false;
  if (a.slot !== "other") return true;
  return (text(a.label) ?? "").toLowerCase() === (text(b.label) ?? "").toLowerCase();
}

/**
 * The rules a job's page shows and its tool applies: the preset's, each overridden value by value
 * by the job's row for the same image (the job's own values win), then the job's images the
 * preset lacks. A job row with mode "none" removes the image; rows without a known slot are
 * skipped. A range whose ends are the wrong way round is dropped, not guessed.
 */
export function effectiveRules(
  preset: readonly RuleRow[] | null | undefined,
  job: readonly RuleRow[] | null | undefined,
): UploadRule[] {
  const merged: RuleRow[] = (preset ?? []).filter((r) => isSlot(r.slot)).map((r) => ({ ...r }));
  for (const row of job ?? []) {
    if (!isSlot(row.slot)) continue;
    const at = merged.findIndex((r) => sameImage(r, row));
    const own = Object.fromEntries(
      Object.entries(row).filter(([, v]) => v !== undefined && v !== null && v !== ""),
    );
    if (at === -1) merged.push(own);
    else merged[at] = { ...merged[at], ...own };
  }
  return merged.filter((r) => r.mode !== "none").map(toRule);
}

function toRule(row: RuleRow): UploadRule {
  const range = (min: unknown, max: unknown) => {
    const lo = positive(min);
    const hi = positive(max);
    return lo !== undefined && hi !== undefined && lo > hi ? [undefined, undefined] : [lo, hi];
  };
  const [widthMin, widthMax] = range(row.widthMin, row.widthMax);
  const [heightMin, heightMax] = range(row.heightMin, row.heightMax);
  const [kbMin, kbMax] = range(row.kbMin, row.kbMax);
  const rule: UploadRule = {
    slot: row.slot as Slot,
    mode: row.mode === "live" ? "live" : "upload",
    format: isFormat(row.format) ? row.format : "jpeg",
  };
  const set = <K extends keyof UploadRule>(key: K, value: UploadRule[K] | undefined) => {
    if (value !== undefined) rule[key] = value;
  };
  set("label", text(row.label));
  set("widthMin", widthMin);
  set("widthMax", widthMax);
  set("heightMin", heightMin);
  set("heightMax", heightMax);
  set("widthMm", positive(row.widthMm));
  set("heightMm", positive(row.heightMm));
  set("kbMin", kbMin);
  set("kbMax", kbMax);
  set("notes", text(row.notes));
  return rule;
}

/** A preset's rules in one language: its Hindi words where it has them. */
export function presetRulesIn(rules: readonly PresetRule[], locale: "en" | "hi"): RuleRow[] {
  return rules.map(({ labelHi, notesHi, ...row }) =>
    locale === "hi"
      ? { ...row, label: text(labelHi) ?? row.label, notes: text(notesHi) ?? row.notes }
      : row,
  );
}

/** A fact of a rule, as data; the catalogue's `photo.facts` turns it into words. */
export type RuleFact =
  | { code: "live" }
  | { code: "pixels-exact"; values: { w: number; h: number } }
  | { code: "width" | "height"; values: { min?: number; max?: number } }
  | { code: "print-size"; values: { w: number; h: number } }
  | { code: "kb"; values: { min?: number; max?: number } }
  | { code: "format"; values: { format: Format } };

/** What a rule asks, in reading order. */
export function ruleFacts(rule: UploadRule): RuleFact[] {
  if (rule.mode === "live") return [{ code: "live" }];
  const facts: RuleFact[] = [];
  const { widthMin: wl, widthMax: wh, heightMin: hl, heightMax: hh } = rule;
  if (wl !== undefined && wl === wh && hl !== undefined && hl === hh) {
    facts.push({ code: "pixels-exact", values: { w: wl, h: hl } });
  } else {
    if (wl !== undefined || wh !== undefined)
      facts.push({ code: "width", values: { min: wl, max: wh } });
    if (hl !== undefined || hh !== undefined)
      facts.push({ code: "height", values: { min: hl, max: hh } });
  }
  if (rule.widthMm && rule.heightMm)
    facts.push({ code: "print-size", values: { w: rule.widthMm, h: rule.heightMm } });
  if (rule.kbMin !== undefined || rule.kbMax !== undefined)
    facts.push({ code: "kb", values: { min: rule.kbMin, max: rule.kbMax } });
  facts.push({ code: "format", values: { format: rule.format } });
  return facts;
}

/**
 * The bytes a made file aims for: at least the minimum counted as 1,024 bytes a KB and at most
 * the maximum counted as 1,000, so it passes whichever way a portal counts a kilobyte (when that
 * leaves no room, the 1,024-byte reading of the maximum).
 */
export function byteWindow(rule: Pick<UploadRule, "kbMin" | "kbMax">): { lo: number; hi: number } {
  const lo = (rule.kbMin ?? 0) * 1024;
  if (rule.kbMax === undefined) return { lo, hi: Number.POSITIVE_INFINITY };
  const safe = rule.kbMax * 1000;
  return { lo, hi: safe >= lo ? safe : rule.kbMax * 1024 };
}

/** The shape a slot's frame takes when the rule gives neither a pixel box nor a printed size. */
const USUAL_SHAPE: Record<Slot, number | null> = {
  // A passport photo, 35 × 45 mm.
  photo: 35 / 45,
  // The box most forms print for a signature, 140 × 60.
  signature: 140 / 60,
  "left-thumb": 1,
  declaration: 2,
  // The picture's own shape.
  other: null,
};

/**
 * The width ÷ height the crop frame keeps: the exact pixel box, else the printed size, else the
 * slot's usual shape held inside what the pixel ranges allow, else the picture's own.
 */
export function frameAspect(rule: UploadRule, picture: { width: number; height: number }): number {
  const { widthMin: wl, widthMax: wh, heightMin: hl, heightMax: hh } = rule;
  if (wl !== undefined && wl === wh && hl !== undefined && hl === hh) return wl / hl;
  const wanted =
    rule.widthMm && rule.heightMm
      ? rule.widthMm / rule.heightMm
      : (USUAL_SHAPE[rule.slot] ?? picture.width / picture.height);
  // The widest and narrowest shapes the ranges allow.
  const widest = (wh ?? Number.POSITIVE_INFINITY) / (hl ?? 1);
  const narrowest = (wl ?? 1) / (hh ?? Number.POSITIVE_INFINITY);
  return Math.min(Math.max(wanted, narrowest), widest);
}

export interface Size {
  width: number;
  height: number;
}

/**
 * The pixel sizes to try for a crop of `crop` pixels with the frame's shape, best first: the exact
 * box; or the largest size the ranges allow without enlarging the crop (enlarged only as far as a
 * minimum needs), then smaller ones down to the smallest allowed, for when the file is too big.
 */
export function sizesToTry(rule: UploadRule, crop: Size, steps = 6): Size[] {
  const { widthMin: wl, widthMax: wh, heightMin: hl, heightMax: hh } = rule;
  if (wl !== undefined && wl === wh && hl !== undefined && hl === hh)
    return [{ width: wl, height: hl }];
  const aspect = crop.width / crop.height;
  // The scale of the crop's width: what each bound allows.
  const most = Math.min(crop.width, wh ?? Infinity, (hh ?? Infinity) * aspect);
  const least = Math.max(1, wl ?? 1, (hl ?? 1) * aspect);
  const top = Math.max(most, least);
  const out: Size[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < steps; i++) {
    const w = steps === 1 ? top : top * Math.pow(least / top, i / (steps - 1));
    const size = fitInside(rule, { width: Math.round(w), height: Math.round(w / aspect) });
    const key = `${size.width}x${size.height}`;
    if (!seen.has(key)) out.push(size);
    seen.add(key);
  }
  return out;
}

/** Rounding must not push a side past its bound. */
function fitInside(rule: UploadRule, size: Size): Size {
  const clamp = (v: number, lo = 1, hi = Infinity) => Math.min(Math.max(v, lo), hi);
  return {
    width: clamp(size.width, rule.widthMin, rule.widthMax),
    height: clamp(size.height, rule.heightMin, rule.heightMax),
  };
}
