/**
 * What a picture file is, read from its own bytes the way a recruiter's portal reads it: the
 * format from its signature, the pixel size stored in its header (not the size it shows at after
 * a rotation tag), and the EXIF orientation tag. About 100 lines against an EXIF library's
 * thousands: the browser turns pictures upright itself when it decodes them (createImageBitmap's
 * `imageOrientation: "from-image"`), so the tag's value is all this needs. Pure, browser-safe.
 */

export type FileFormat = "jpeg" | "png" | "gif" | "webp" | "pdf" | "heic" | "unknown";

export interface ImageInfo {
  format: FileFormat;
  /** The stored pixel size; undefined when the header could not be read. */
  width?: number;
  height?: number;
  /** EXIF orientation 1–8 when a JPEG carries one. */
  orientation?: number;
  bytes: number;
}

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, at: number, n: number) =>
  String.fromCharCode(...b.subarray(at, at + n));

export function imageInfo(bytes: Uint8Array): ImageInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const base = { bytes: bytes.length };
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { ...base, format: "jpeg", ...jpegHeader(view) };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    if (bytes.length < 24) return { ...base, format: "png" };
    return { ...base, format: "png", width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (ascii(bytes, 0, 4) === "GIF8" && bytes.length >= 10)
    return {
      ...base,
      format: "gif",
      width: view.getUint16(6, true),
      height: view.getUint16(8, true),
    };
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP")
    return { ...base, format: "webp", ...webpSize(bytes, view) };
  if (ascii(bytes, 0, 5) === "%PDF-") return { ...base, format: "pdf" };
  if (ascii(bytes, 4, 4) === "ftyp" && /^(heic|heix|mif1|msf1|hevc)$/.test(ascii(bytes, 8, 4)))
    return { ...base, format: "heic" };
  return { ...base, format: "unknown" };
}

/** The frame header's size and the APP1 Exif orientation, walking the segments before the scan. */
function jpegHeader(view: DataView): { width?: number; height?: number; orientation?: number } {
  const out: { width?: number; height?: number; orientation?: number } = {};
  let at = 2;
  while (at + 4 <= view.byteLength) {
    if (view.getUint8(at) !== 0xff) break;
    const marker = view.getUint8(at + 1);
    // Fill bytes and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = view.getUint16(at + 2);
    if (length < 2 || at + 2 + length > view.byteLength) break;
    // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker) && length >= 7) {
      out.height = view.getUint16(at + 5);
      out.width = view.getUint16(at + 7);
      return out;
    }
    if (marker === 0xe1 && out.orientation === undefined)
      out.orientation = exifOrientation(view, at + 4, length - 2);
    at += 2 + length;
  }
  return out;
}

/** The Orientation tag (0x0112) of IFD0 in an APP1 segment's Exif block, if any. */
function exifOrientation(view: DataView, start: number, length: number): number | undefined {
  if (length < 14) return undefined;
  const b = new Uint8Array(view.buffer, view.byteOffset + start, length);
  if (ascii(b, 0, 6) !== "Exif\0\0") return undefined;
  const tiff = start + 6;
  const little = view.getUint16(tiff) === 0x4949;
  const u16 = (o: number) => view.getUint16(o, little);
  const u32 = (o: number) => view.getUint32(o, little);
  const end = start + length;
  const ifd = tiff + u32(tiff + 4);
  if (ifd + 2 > end) return undefined;
  const count = u16(ifd);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > end) return undefined;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : undefined;
    }
  }
  return undefined;
}

function webpSize(b: Uint8Array, view: DataView): { width?: number; height?: number } {
  const chunk = ascii(b, 12, 4);
  if (chunk === "VP8X" && b.length >= 30)
    return {
      width: 1 + (b[24] | (b[25] << 8) | (b[26] << 16)),
      height: 1 + (b[27] | (b[28] << 8) | (b[29] << 16)),
    };
  if (chunk === "VP8 " && b.length >= 30)
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  if (chunk === "VP8L" && b.length >= 25) {
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  return {};
}

/**
 * A JPEG made `extra` bytes longer (at least 4) with comment segments right after its start marker (and its
 * JFIF header, if any): the picture is unchanged; decoders skip comments.
 */
export function padJpeg(jpeg: Uint8Array, extra: number): Uint8Array {
  if (extra <= 0) return jpeg;
  // Each segment is its marker (2 bytes), its length (2) and up to 65,533 bytes of text.
  const MAX = 0xffff - 2;
  let insertAt = 2;
  if (jpeg[2] === 0xff && jpeg[3] === 0xe0) insertAt = 4 + ((jpeg[4] << 8) | jpeg[5]);
  const parts: Uint8Array[] = [];
  // At least `extra` bytes; a segment is never shorter than its 4 header bytes.
  let left = Math.max(extra, 4);
  while (left > 0) {
    let length = Math.min(left, MAX + 4);
    if (left - length > 0 && left - length < 4) length -= 4;
    const segment = new Uint8Array(length).fill(0x20);
    segment.set([0xff, 0xfe, (length - 2) >> 8, (length - 2) & 0xff]);
    parts.push(segment);
    left -= length;
  }
  const out = new Uint8Array(jpeg.length + parts.reduce((n, p) => n + p.length, 0));
  out.set(jpeg.subarray(0, insertAt));
  let at = insertAt;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  out.set(jpeg.subarray(insertAt), at);
  return out;
}
