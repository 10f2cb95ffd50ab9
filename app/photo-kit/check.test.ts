import { describe, expect, it } from "vitest";
import { checkFile, passes } from "./check.ts";
import type { ImageInfo } from "./image-info.ts";
import { effectiveRules } from "./rules.ts";

const [photo, upsc, live] = effectiveRules(
  [
    {
      slot: "photo",
      widthMin: 200,
      widthMax: 200,
      heightMin: 230,
      heightMax: 230,
      kbMin: 20,
      kbMax: 50,
    },
    {
      slot: "signature",
      widthMin: 350,
      widthMax: 1000,
      heightMin: 350,
      heightMax: 1000,
      kbMin: 20,
      kbMax: 300,
    },
    { slot: "left-thumb", mode: "live" },
  ],
  [],
);
const jpeg = (
  width: number,
  height: number,
  bytes: number,
  extra: Partial<ImageInfo> = {},
): ImageInfo => ({
  format: "jpeg",
  width,
  height,
  bytes,
  ...extra,
});

describe("check my file", () => {
  it("passes a file inside every rule", () => {
    const found = checkFile(jpeg(200, 230, 35_000), "photo.jpg", photo);
    expect(found).toEqual([{ code: "ok", values: { kb: 34.2, w: 200, h: 230 } }]);
    expect(passes(found)).toBe(true);
  });

  it("says by how much a file is over the maximum (2 KB over 50 KB)", () => {
    const found = checkFile(jpeg(200, 230, 50 * 1024 + 2048), "photo.jpg", photo);
    expect(found).toEqual([{ code: "kb-large", values: { kb: 52, max: 50, over: 2 } }]);
    expect(passes(found)).toBe(false);
  });

  it("warns, without failing, when the size is inside only by one way of counting a KB", () => {
    const high = checkFile(jpeg(200, 230, 50_500), "p.jpg", photo);
    expect(high.map((f) => f.code)).toEqual(["kb-edge-max"]);
    expect(passes(high)).toBe(true);
    expect(checkFile(jpeg(200, 230, 20_100), "p.jpg", photo).map((f) => f.code)).toEqual([
      "kb-edge-min",
    ]);
    expect(checkFile(jpeg(200, 230, 9_000), "p.jpg", photo)[0]).toEqual({
      code: "kb-small",
      values: { kb: 8.8, min: 20, short: 11.2 },
    });
  });

  it("names each thing that is off: the pixels, the format, a misleading name, a rotation tag", () => {
    const png = checkFile(
      { format: "png", width: 1280, height: 720, bytes: 400_000 },
      "screen.jpg",
      photo,
    );
    expect(png.map((f) => f.code)).toEqual(["format", "extension", "pixels-exact", "kb-large"]);
    expect(png[0]).toEqual({ code: "format", values: { found: "png", wanted: "jpeg" } });
    const sideways = checkFile(jpeg(4000, 3000, 200_000, { orientation: 6 }), "IMG_1.JPG", upsc);
    expect(sideways).toEqual([
      { code: "width-large", values: { found: 4000, max: 1000 } },
      { code: "height-large", values: { found: 3000, max: 1000 } },
      { code: "orientation", values: { orientation: 6 } },
    ]);
    expect(checkFile(jpeg(300, 300, 25_000), "s.jpeg", upsc).map((f) => f.code)).toEqual([
      "width-small",
      "height-small",
    ]);
    expect(checkFile({ format: "unknown", bytes: 10 }, "x.bin", photo).map((f) => f.code)).toEqual([
      "format",
      "kb-small",
    ]);
  });

  it("has nothing to check for a photo taken live", () => {
    expect(checkFile(jpeg(200, 230, 35_000), "p.jpg", live)).toEqual([{ code: "live" }]);
  });
});
