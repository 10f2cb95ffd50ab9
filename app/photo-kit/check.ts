import type { FileFormat, ImageInfo } from "./image-info.ts";
import type { Format } from "~/content/photo-keys.ts";
import type { UploadRule } from "./rules.ts";

/**
 * "Check my file": what is off about a file the person already has, against one image's rule,
 * as data (`{code, values}`); the catalogue's `photo.findings` words it. Sizes are in KB of
 * 1,024 bytes, as computers show them, to one decimal.
 */
export type Finding =
  | { code: "live"; values?: undefined }
  | { code: "unreadable"; values: { found: FileFormat } }
  | { code: "format"; values: { found: FileFormat; wanted: Format } }
  | { code: "extension"; values: { ext: string; found: FileFormat } }
  | { code: "pixels-exact"; values: { w: number; h: number; wantW: number; wantH: number } }
  | { code: "width-small" | "height-small"; values: { found: number; min: number } }
  | { code: "width-large" | "height-large"; values: { found: number; max: number } }
  | { code: "kb-small"; values: { kb: number; min: number; short: number } }
  | { code: "kb-large"; values: { kb: number; max: number; over: number } }
  /** Within the window by 1,024-byte KB, outside it by 1,000-byte KB. */
  | { code: "kb-edge-max"; values: { kb: number; max: number } }
  | { code: "kb-edge-min"; values: { kb: number; min: number } }
  | { code: "orientation"; values: { orientation: number } }
  | { code: "ok"; values: { kb: number; w: number; h: number } };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const ACCEPTS: Record<Format, readonly FileFormat[]> = {
  jpeg: ["jpeg"],
  png: ["png"],
  "jpeg-or-png": ["jpeg", "png"],
};
const EXTENSIONS: Record<string, FileFormat> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  jfif: "jpeg",
  png: "png",
  gif: "gif",
  webp: "webp",
  pdf: "pdf",
  heic: "heic",
  heif: "heic",
};

export function checkFile(info: ImageInfo, name: string, rule: UploadRule): Finding[] {
  if (rule.mode === "live") return [{ code: "live" }];
  const found: Finding[] = [];
  if (!ACCEPTS[rule.format].includes(info.format)) {
    found.push({ code: "format", values: { found: info.format, wanted: rule.format } });
  }
  const ext = /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1].toLowerCase();
  if (ext && EXTENSIONS[ext] && EXTENSIONS[ext] !== info.format && info.format !== "unknown")
    found.push({ code: "extension", values: { ext, found: info.format } });
  if (info.width === undefined || info.height === undefined) {
    if (!found.some((f) => f.code === "format"))
      found.push({ code: "unreadable", values: { found: info.format } });
  } else {
    found.push(...pixelFindings(info.width, info.height, rule));
  }
  const size = kb(info.bytes);
  if (rule.kbMax !== undefined && info.bytes > rule.kbMax * 1024) {
    found.push({
      code: "kb-large",
      values: { kb: size, max: rule.kbMax, over: kb(info.bytes - rule.kbMax * 1024) },
    });
  } else if (rule.kbMax !== undefined && info.bytes > rule.kbMax * 1000) {
    found.push({ code: "kb-edge-max", values: { kb: size, max: rule.kbMax } });
  }
  if (rule.kbMin !== undefined && info.bytes < rule.kbMin * 1000) {
    found.push({
      code: "kb-small",
      values: { kb: size, min: rule.kbMin, short: kb(rule.kbMin * 1024 - info.bytes) },
    });
  } else if (rule.kbMin !== undefined && info.bytes < rule.kbMin * 1024) {
    found.push({ code: "kb-edge-min", values: { kb: size, min: rule.kbMin } });
  }
  // A phone photo stored sideways with a tag that turns it: portals read the stored size, and
  // some show it sideways.
  if (info.orientation !== undefined && info.orientation !== 1)
    found.push({ code: "orientation", values: { orientation: info.orientation } });
  if (found.length === 0)
    found.push({ code: "ok", values: { kb: size, w: info.width!, h: info.height! } });
  return found;
}

function pixelFindings(w: number, h: number, rule: UploadRule): Finding[] {
  const { widthMin: wl, widthMax: wh, heightMin: hl, heightMax: hh } = rule;
  if (wl !== undefined && wl === wh && hl !== undefined && hl === hh) {
    return w === wl && h === hl
      ? []
      : [{ code: "pixels-exact", values: { w, h, wantW: wl, wantH: hl } }];
  }
  const out: Finding[] = [];
  if (wl !== undefined && w < wl) out.push({ code: "width-small", values: { found: w, min: wl } });
  if (wh !== undefined && w > wh) out.push({ code: "width-large", values: { found: w, max: wh } });
  if (hl !== undefined && h < hl) out.push({ code: "height-small", values: { found: h, min: hl } });
  if (hh !== undefined && h > hh) out.push({ code: "height-large", values: { found: h, max: hh } });
  return out;
}

/** Whether a check found nothing that stops the upload (a caution may remain). */
export function passes(findings: readonly Finding[]): boolean {
  return findings.every((f) =>
    ["ok", "kb-edge-max", "kb-edge-min", "orientation"].includes(f.code),
  );
}
