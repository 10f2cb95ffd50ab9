import { describe, expect, it } from "vitest";
import { fitToWindow, type Encode } from "./fit.ts";
import type { Size } from "./rules.ts";

/**
 * A stand-in for the browser's encoder: bytes grow with the pixels and the quality, in steps, as a
 * real JPEG's do. `detail` is how busy the picture is (a plain signature has little).
 */
function fakeEncoder(detail: number) {
  const calls: [Size, number][] = [];
  const encode: Encode = async (size, quality) => {
    calls.push([size, quality]);
    const perPixel = 0.05 + detail * Math.pow(quality / 100, 3);
    return {
      file: `${size.width}x${size.height}@${quality}`,
      bytes: Math.round(size.width * size.height * perPixel),
    };
  };
  return { encode, calls };
}

describe("fitting a JPEG into a size window", () => {
  it("takes the best quality under the maximum, and it lands inside the window", async () => {
    const { encode } = fakeEncoder(1.5);
    const result = await fitToWindow(
      [{ width: 200, height: 230 }],
      { lo: 20_480, hi: 50_000 },
      encode,
    );
    if (!result.ok) throw new Error("no fit");
    expect(result.encoded.bytes).toBeLessThanOrEqual(50_000);
    expect(result.encoded.bytes).toBeGreaterThanOrEqual(20_480);
    expect(result.padding).toBe(0);
    // One step up would be over.
    expect((await encode(result.size, result.quality + 1)).bytes).toBeGreaterThan(50_000);
  });

  it("shrinks a range's size before it drops below a good quality", async () => {
    const { encode } = fakeEncoder(3);
    const sizes = [1000, 800, 600, 400].map((w) => ({ width: w, height: w }));
    const result = await fitToWindow(sizes, { lo: 20_480, hi: 300_000 }, encode);
    if (!result.ok) throw new Error("no fit");
    expect(result.size.width).toBeLessThan(1000);
    expect(result.quality).toBeGreaterThanOrEqual(60);
    expect(result.encoded.bytes).toBeLessThanOrEqual(300_000);
  });

  it("pads a picture too plain for the minimum, and says how much", async () => {
    const { encode } = fakeEncoder(0.2);
    const result = await fitToWindow(
      [{ width: 140, height: 60 }],
      { lo: 10_240, hi: 20_000 },
      encode,
    );
    if (!result.ok) throw new Error("no fit");
    expect(result.quality).toBe(100);
    expect(result.encoded.bytes + result.padding).toBe(10_240);
  });

  it("refuses a window no size and quality can reach, with the smallest file it made", async () => {
    const { encode, calls } = fakeEncoder(1);
    const result = await fitToWindow(
      [{ width: 4000, height: 3000 }],
      { lo: 0, hi: 10_000 },
      encode,
    );
    expect(result).toEqual({
      ok: false,
      reason: "too-large",
      bytes: Math.round(4000 * 3000 * 0.051),
    });
    // Full quality, then the floor: nothing in between is tried when the floor is over.
    expect(calls.map(([, q]) => q)).toEqual([100, 10]);
  });

  it("needs few encodes: a binary search over whole percents", async () => {
    const { encode, calls } = fakeEncoder(1.5);
    await fitToWindow([{ width: 200, height: 230 }], { lo: 20_480, hi: 50_000 }, encode);
    expect(calls.length).toBeLessThanOrEqual(10);
  });
});
