import { FORMAT_NAMES, PHOTO_SECTION_TITLE, SLOT_NAMES } from "~/content/photo-keys.ts";

/**
 * The photo and signature kit (issue 31): a job's upload rules, the tool at /photo-tool and its
 * "check my file". Rules and findings are codes (app/photo-kit/); these are their words.
 */
export const photo = {
  sectionTitle: PHOTO_SECTION_TITLE,
  /** The images a form asks for (SLOTS), named where the job form's section names them. */
  slots: SLOT_NAMES,
  formats: FORMAT_NAMES,
  /** What a rule asks (RuleFact codes). {min}–{max} are numbers. */
  facts: {
    live: "Taken live with the camera in the recruiter's own app or form: there is no file to prepare.",
    pixelsExact: "{w} × {h} pixels (width × height)",
    widthRange: "Width {min}–{max} pixels",
    widthMin: "Width at least {min} pixels",
    widthMax: "Width at most {max} pixels",
    heightRange: "Height {min}–{max} pixels",
    heightMin: "Height at least {min} pixels",
    heightMax: "Height at most {max} pixels",
    printSize: "Printed size {w} × {h} mm",
    kbRange: "File size {min}–{max} KB",
    kbMin: "File size at least {min} KB",
    kbMax: "File size at most {max} KB",
    format: "Format: {format}",
  },
  /** {name}: the preset's name; {date}: when it was checked. */
  basedOn: "Based on the usual rules of {name} (source: {source}, checked on {date}).",
  /** After the source's title on a Hindi page: the official notice is English (issue 29). */
  sourceInEnglish: "English only",
  jobWins: "Where this job's notification says otherwise, its values are shown.",
  noRules: "This job has no photo and signature rules on this site yet: read its notification.",
  prepareButton: "Prepare photo and signature for this form",
  stayOnPhone: "The tool works in your browser: your pictures are not uploaded anywhere.",

  // The tool's page.
  metaTitle: "Photo and signature resizer for government job forms",
  metaDescription:
    "Make your photo, signature, thumb impression and declaration the exact pixel size and KB a government job form asks for, on your phone. Nothing is uploaded.",
  heading: "Photo and signature resizer",
  intro:
    "Crop, resize and compress your photo, signature, left thumb impression or handwritten declaration to the exact size a form asks for, or check a file you already have. Everything happens on your phone or computer: your pictures are never sent anywhere.",
  /** {title}: the job's title */
  forJob: "Rules for: {title}",
  backToJob: "Back to the job",
  needsJavaScript:
    "The resizer runs in your browser and needs JavaScript. Turn JavaScript on, or use the rules below with any photo editor.",
  chooseRules: "Whose rules?",
  chooseRulesHelp: "Pick the recruiter whose form you are filling, or type the sizes yourself.",
  customRules: "My own sizes",
  showRules: "Show these rules",
  source: "Source",
  checkedOn: "checked on {date}",
  whichImage: "What are you preparing?",
  modeMake: "Make my file",
  modeCheck: "Check my file",
  liveOnly:
    "{image}: this form takes it live with the camera, in the recruiter's app or form. There is no file to make.",
  pngOnly: "This form asks for PNG files; this tool makes JPG files.",

  custom: {
    legend: "Your sizes",
    width: "Width (pixels)",
    height: "Height (pixels)",
    kbMin: "Smallest file (KB)",
    kbMax: "Largest file (KB)",
    help: "Leave a box empty if the form says nothing about it.",
  },

  make: {
    pick: "Choose or take a picture",
    pickHelp: "A photo from your camera or gallery, or a scan. It stays on this device.",
    opening: "Opening the picture…",
    cantOpen:
      "This file could not be opened as a picture. If it is an iPhone HEIC photo, share it as JPG (or set the camera to “Most compatible”) and try again.",
    frameLabel: "Crop frame: drag it, or use the arrow keys to move it and + or − to resize it",
    frameSize: "Frame size",
    reset: "Reset the frame",
    signatureMode: "Clean the background to white and darken the ink",
    signatureModeHelp: "For a signature, thumb impression or declaration on paper.",
    makeButton: "Make the file",
    working: "Making the file…",
    result: "Your file",
    /** {w}×{h} pixels, {kb} KB, {quality}: JPEG quality in % */
    resultFacts: "{w} × {h} pixels · {kb} KB · JPG, quality {quality}%",
    realSize: "Shown at its real size (100%), as a form shows it.",
    padded:
      "At the best quality the picture is {picture} KB, under the {min} KB the form wants, so the file carries {filler} KB of blank filler. The picture itself is unchanged.",
    download: "Download {name}",
    tooLarge:
      "This cannot be done: even at the smallest size and lowest quality the form allows, the file is {kb} KB, over the {max} KB limit. Crop closer, or check the sizes typed in.",
    again: "Change the crop and make it again",
  },

  check: {
    pick: "Choose the file to check",
    help: "The file is read on this device; nothing is sent.",
    passed: "This file meets the rules for {image}.",
    failed: "This file does not meet the rules for {image}:",
    cautions: "It passes, but note:",
  },

  /** "Check my file" findings (app/photo-kit/check.ts). */
  findings: {
    live: "This form takes this picture live with the camera; no file is uploaded for it.",
    unreadable: "The file's size in pixels could not be read: it may be damaged.",
    /** {found}, {wanted}: format names */
    format: "The file is {found}; the form wants {wanted}.",
    extension:
      "The file's name ends in .{ext} but it is really {found}: save it again as a real JPG, or use “Make my file”.",
    pixelsExact: "It is {w} × {h} pixels; the form wants exactly {wantW} × {wantH}.",
    widthSmall: "It is {found} pixels wide; the form wants at least {min}.",
    widthLarge: "It is {found} pixels wide; the form allows at most {max}.",
    heightSmall: "It is {found} pixels high; the form wants at least {min}.",
    heightLarge: "It is {found} pixels high; the form allows at most {max}.",
    kbSmall: "It is {kb} KB: {short} KB under the {min} KB minimum.",
    kbLarge: "It is {kb} KB: {over} KB over the {max} KB limit.",
    kbEdgeMax:
      "It is {kb} KB: inside {max} KB as computers count (1 KB = 1,024 bytes), but over it for a portal that counts 1 KB as 1,000 bytes.",
    kbEdgeMin:
      "It is {kb} KB: at least {min} KB only for a portal that counts 1 KB as 1,000 bytes, not for one that counts 1,024.",
    orientation:
      "The file is stored sideways with a tag that turns it upright; some portals ignore the tag and show it sideways, and they read its size before turning. “Make my file” stores it upright.",
    ok: "{w} × {h} pixels, {kb} KB.",
  },
  /** Names of file formats as people know them. */
  fileFormats: {
    jpeg: "a JPG",
    png: "a PNG",
    gif: "a GIF",
    webp: "a WebP picture",
    pdf: "a PDF",
    heic: "an iPhone HEIC photo",
    unknown: "not a picture this tool knows",
  },
};
