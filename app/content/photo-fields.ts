import type { Section } from "./fields.ts";
import {
  FORMAT_NAMES,
  FORMATS,
  MODES,
  PHOTO_SECTION_TITLE,
  PRESET_KEY_MAX,
  SLOT_NAMES,
  SLOTS,
} from "./photo-keys.ts";

/**
 * The job form's "Photo and signature" section (issue 31): the recruiter's preset, and the job's
 * own rules, which win over the preset's image by image. The job page shows the merged rules
 * (app/photo-kit/job-section.server.tsx) instead of these raw fields; the admin form draws them
 * with its rows editor and the preset picker (app/components/admin/preset-field.tsx). Content,
 * so that the registry imports it; the rules themselves are app/photo-kit/rules.ts.
 */
export const UPLOADS_SECTION = "uploads";

const MODE_LABEL: Record<(typeof MODES)[number], string> = {
  upload: "File upload",
  live: "Live photo in the recruiter's app",
  none: "Not asked in this job",
};

const px = (name: string, label: string) =>
  ({ name, label, type: "number", max: 10_000, summed: false }) as const;

export const uploadsSection: Section = {
  id: UPLOADS_SECTION,
  title: PHOTO_SECTION_TITLE,
  fields: [
    {
      name: "photoPreset",
      label: "Recruiter's usual rules (preset)",
      publicLabel: "Recruiter's rules",
      type: "text",
      code: true,
      max: PRESET_KEY_MAX,
      help: "The preset's rules apply unless a row below gives this job's own values.",
    },
    {
      name: "uploads",
      label: "This job's own upload rules",
      publicLabel: "Upload rules",
      type: "rows",
      maxRows: 8,
      help: "Only where the notification differs from the preset, or with no preset. An empty box keeps the preset's value.",
      lines: [
        ["slot", "label", "mode"],
        ["widthMin", "widthMax", "heightMin", "heightMax"],
        ["widthMm", "heightMm", "kbMin", "kbMax", "format"],
        ["notes", "labelHi", "notesHi"],
      ],
      columns: [
        {
          name: "slot",
          label: "Image",
          type: "select",
          required: true,
          searchable: false,
          options: SLOTS.map((value) => ({ value, label: SLOT_NAMES[value] })),
        },
        { name: "label", label: "Name (for “Other image”)", type: "text", max: 80 },
        {
          name: "mode",
          label: "How it is taken",
          type: "select",
          searchable: false,
          options: MODES.map((value) => ({ value, label: MODE_LABEL[value] })),
        },
        px("widthMin", "Width from (px)"),
        px("widthMax", "Width to (px)"),
        px("heightMin", "Height from (px)"),
        px("heightMax", "Height to (px)"),
        { name: "widthMm", label: "Printed width (mm)", type: "number", max: 500, summed: false },
        { name: "heightMm", label: "Printed height (mm)", type: "number", max: 500, summed: false },
        { name: "kbMin", label: "Size from (KB)", type: "number", max: 20_000, summed: false },
        { name: "kbMax", label: "Size up to (KB)", type: "number", max: 20_000, summed: false },
        {
          name: "format",
          label: "Format",
          type: "select",
          searchable: false,
          options: FORMATS.map((value) => ({ value, label: FORMAT_NAMES[value] })),
        },
        {
          name: "notes",
          label: "Notes (background, ink, date on photo)",
          type: "textarea",
          max: 500,
        },
      ],
    },
  ],
};

/** Each row's ranges the right way round, checked wherever the job's schema is. */
export const uploadsRowChecks = [
  {
    rows: "uploads",
    earlier: "widthMin",
    later: "widthMax",
    message: "Width to must not be less than width from",
  },
  {
    rows: "uploads",
    earlier: "heightMin",
    later: "heightMax",
    message: "Height to must not be less than height from",
  },
  {
    rows: "uploads",
    earlier: "kbMin",
    later: "kbMax",
    message: "Size up to must not be less than size from",
  },
] as const;

/**
 * A kind's definition for its page, without the fields the server draws as HTML instead (the
 * section's body comes from ./job-section.server.tsx): the page neither shows nor carries them.
 */
export function withoutUploadFields<D extends { sections: readonly Section[] }>(definition: D): D {
  return {
    ...definition,
    sections: definition.sections.map((s) => (s.id === UPLOADS_SECTION ? { ...s, fields: [] } : s)),
  };
}
