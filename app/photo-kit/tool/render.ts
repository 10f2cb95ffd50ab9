import { fitToWindow, type Encode } from "../fit.ts";
import { imageInfo, padJpeg, type ImageInfo } from "../image-info.ts";
import { byteWindow, sizesToTry, type Size, type UploadRule } from "../rules.ts";
import { cleanBackground } from "../signature.ts";

/**
 * The tool's work in the browser (issue 31), with the browser's own canvas: the picture decoded
 * upright (the browser applies the EXIF orientation), the crop drawn at the size the rule allows,
 * signature mode applied, and JPEG files encoded until one lands in the KB window. Nothing here
 * makes a request: every byte stays in this tab.
 */

/** A rectangle of the upright picture, in its pixels. */
export interface Crop {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Decode a chosen file upright; null when the browser cannot read it as a picture. */
export async function openPicture(file: Blob): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
}

function canvas(width: number, height: number): HTMLCanvasElement {
  const c = document.createElement("canvas");
  c.width = width;
  c.height = height;
  return c;
}

function context(c: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = c.getContext("2d", { willReadFrequently: false });
  if (!ctx) throw new Error("This browser cannot draw pictures (no 2D canvas).");
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = "high";
  return ctx;
}

/**
 * The crop at `size`: halved step by step while it is more than twice as large (each step a good
 * average of four pixels, the same in every browser), then drawn at the size on white (a PNG's
 * transparent parts would turn black in a JPEG).
 */
export function renderCrop(
  picture: CanvasImageSource & { width: number; height: number },
  crop: Crop,
  size: Size,
  signature: boolean,
): HTMLCanvasElement {
  let source: CanvasImageSource = picture;
  let { x, y, w, h } = crop;
  while (w / 2 >= size.width && h / 2 >= size.height) {
    const half = canvas(Math.max(1, Math.round(w / 2)), Math.max(1, Math.round(h / 2)));
    context(half).drawImage(source, x, y, w, h, 0, 0, half.width, half.height);
    source = half;
    [x, y, w, h] = [0, 0, half.width, half.height];
  }
  const out = canvas(size.width, size.height);
  const ctx = context(out);
  ctx.fillStyle = "#fff";
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(source, x, y, w, h, 0, 0, size.width, size.height);
  if (signature) {
    const pixels = ctx.getImageData(0, 0, size.width, size.height);
    cleanBackground(pixels.data, size.width, size.height);
    ctx.putImageData(pixels, 0, 0);
  }
  return out;
}

function jpeg(c: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    c.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error("The browser could not make a JPEG."))),
      "image/jpeg",
      quality / 100,
    ),
  );
}

export type MadeFile =
  | {
      ok: true;
      blob: Blob;
      size: Size;
      quality: number;
      /** The picture's own bytes, before any filler. */
      pictureBytes: number;
      padding: number;
    }
  | { ok: false; reason: "too-large"; bytes: number };

/** The file for `rule` from `crop` of the picture: inside the KB window, or why it cannot be. */
export async function makeFile(
  picture: CanvasImageSource & { width: number; height: number },
  crop: Crop,
  rule: UploadRule,
  signature: boolean,
): Promise<MadeFile> {
  const drawn = new Map<string, HTMLCanvasElement>();
  const encode: Encode = async (size, quality) => {
    const key = `${size.width}x${size.height}`;
    let c = drawn.get(key);
    if (!c) drawn.set(key, (c = renderCrop(picture, crop, size, signature)));
    const blob = await jpeg(c, quality);
    return { file: blob, bytes: blob.size };
  };
  const fit = await fitToWindow(
    sizesToTry(rule, { width: crop.w, height: crop.h }),
    byteWindow(rule),
    encode,
  );
  if (!fit.ok) return fit;
  let blob = fit.encoded.file as Blob;
  if (fit.padding > 0) {
    const padded = padJpeg(new Uint8Array(await blob.arrayBuffer()), fit.padding);
    blob = new Blob([padded as Uint8Array<ArrayBuffer>], { type: "image/jpeg" });
  }
  return {
    ok: true,
    blob,
    size: fit.size,
    quality: fit.quality,
    pictureBytes: fit.encoded.bytes,
    padding: blob.size - fit.encoded.bytes,
  };
}

/**
 * A file's header, read from its first 512 KB (camera headers with colour profiles stay well
 * inside), with its whole size.
 */
export async function readInfo(file: Blob): Promise<ImageInfo> {
  const head = new Uint8Array(await file.slice(0, 512 * 1024).arrayBuffer());
  return { ...imageInfo(head), bytes: file.size };
}
