/**
 * The keys of a job's photo and signature rules (issue 31), and their English names: below both
 * the job form's section (./photo-fields.ts) and the rules, the tool and the page that use them
 * (app/photo-kit/). The catalogues name them per language (`photo` area: English from here).
 */

/** The images a form asks for, as stable keys. */
export const SLOTS = ["photo", "signature", "left-thumb", "declaration", "other"] as const;
export type Slot = (typeof SLOTS)[number];

/** How the form takes the image: a file to upload, a photo taken live, or (a job's override) not at all. */
export const MODES = ["upload", "live", "none"] as const;
export type Mode = (typeof MODES)[number];

export const FORMATS = ["jpeg", "png", "jpeg-or-png"] as const;
export type Format = (typeof FORMATS)[number];

/** A preset's stable key: lower-case letters, digits and single hyphens. */
export const PRESET_KEY = /^[a-z0-9]+(?:-[a-z0-9]+){0,5}$/;
export const PRESET_KEY_MAX = 40;

/** The section's title and the names of the images and formats, in English. */
export const PHOTO_SECTION_TITLE = "Photo and signature";
export const SLOT_NAMES: Record<Slot, string> = {
  photo: "Photograph",
  signature: "Signature",
  "left-thumb": "Left thumb impression",
  declaration: "Handwritten declaration",
  other: "Other image",
};
export const FORMAT_NAMES: Record<Format, string> = {
  jpeg: "JPG / JPEG",
  png: "PNG",
  "jpeg-or-png": "JPG or PNG",
};
