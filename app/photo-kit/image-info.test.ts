import { describe, expect, it } from "vitest";
import { imageInfo, padJpeg } from "./image-info.ts";

/** The header of a JPEG as a camera writes it: JFIF, Exif with an orientation, then the frame. */
function jpegHeader(
  width: number,
  height: number,
  { orientation, littleEndian = false }: { orientation?: number; littleEndian?: boolean } = {},
): Uint8Array {
  const u16 = (v: number) => [(v >> 8) & 0xff, v & 0xff];
  const jfif = [0xff, 0xe0, ...u16(16), 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const exif: number[] = [];
  if (orientation !== undefined) {
    const w16 = (v: number) => (littleEndian ? [v & 0xff, v >> 8] : [v >> 8, v & 0xff]);
    const w32 = (v: number) => (littleEndian ? [v, 0, 0, 0] : [0, 0, 0, v]);
    const tiff = [
      ...(littleEndian ? [0x49, 0x49, 0x2a, 0] : [0x4d, 0x4d, 0, 0x2a]),
      ...w32(8),
      ...w16(2),
      // Some other tag first (ImageWidth), then Orientation (SHORT, 1 value).
      ...w16(0x0100),
      ...w16(3),
      ...w32(1),
      ...w16(width),
      0,
      0,
      ...w16(0x0112),
      ...w16(3),
      ...w32(1),
      ...w16(orientation),
      0,
      0,
      ...w32(0),
    ];
    const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    exif.push(0xff, 0xe1, ...u16(body.length + 2), ...body);
  }
  const sof = [
    0xff,
    0xc0,
    ...u16(17),
    8,
    ...u16(height),
    ...u16(width),
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return new Uint8Array([0xff, 0xd8, ...jfif, ...exif, ...sof, 0xff, 0xda, 0, 2, 0xff, 0xd9]);
}

describe("reading a picture file's header", () => {
  it("reads a JPEG's stored size and its EXIF orientation, in either byte order", () => {
    expect(imageInfo(jpegHeader(4000, 3000, { orientation: 6 }))).toMatchObject({
      format: "jpeg",
      width: 4000,
      height: 3000,
      orientation: 6,
    });
    expect(
      imageInfo(jpegHeader(4000, 3000, { orientation: 8, littleEndian: true })).orientation,
    ).toBe(8);
    expect(imageInfo(jpegHeader(200, 230))).toMatchObject({ width: 200, height: 230 });
    expect(imageInfo(jpegHeader(200, 230)).orientation).toBeUndefined();
  });

  it("knows PNG, GIF, WebP, PDF and HEIC by their signatures, and says unknown otherwise", () => {
    const png = new Uint8Array(24);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 1280);
    new DataView(png.buffer).setUint32(20, 720);
    expect(imageInfo(png)).toMatchObject({ format: "png", width: 1280, height: 720 });
    const text = (s: string) => new TextEncoder().encode(s);
    expect(imageInfo(text("GIF89a\x10\x00\x20\x00")).format).toBe("gif");
    expect(imageInfo(text("%PDF-1.7\n")).format).toBe("pdf");
    expect(imageInfo(text("\0\0\0\x18ftypheic")).format).toBe("heic");
    expect(imageInfo(text("hello")).format).toBe("unknown");
  });

  it("survives truncated and hostile headers", () => {
    const whole = jpegHeader(640, 480, { orientation: 3 });
    for (let n = 0; n < whole.length; n++)
      expect(() => imageInfo(whole.subarray(0, n))).not.toThrow();
    // A segment claiming to run past the end of the file.
    expect(
      imageInfo(new Uint8Array([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 0x45])).width,
    ).toBeUndefined();
  });
});

describe("padding a JPEG", () => {
  it("adds exactly the bytes asked, as comments after the JFIF header, leaving the picture readable", () => {
    const jpeg = jpegHeader(140, 60, { orientation: 1 });
    for (const extra of [4, 5, 1000, 65_537, 65_539, 200_000]) {
      const padded = padJpeg(jpeg, extra);
      expect(padded.length, `extra ${extra}`).toBe(jpeg.length + extra);
      expect(imageInfo(padded)).toMatchObject({
        format: "jpeg",
        width: 140,
        height: 60,
        orientation: 1,
      });
      expect([...padded.subarray(20, 22)]).toEqual([0xff, 0xfe]);
      expect([...padded.subarray(-jpeg.length + 20)]).toEqual([...jpeg.subarray(20)]);
    }
    // Fewer than a comment's 4 header bytes: 4.
    expect(padJpeg(jpeg, 1).length).toBe(jpeg.length + 4);
    expect(padJpeg(jpeg, 0)).toBe(jpeg);
  });
});
