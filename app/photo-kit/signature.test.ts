import { describe, expect, it } from "vitest";
import { cleanBackground } from "./signature.ts";

/** A signature photographed on grey paper: uneven grey with grain, and a few blue strokes. */
function greyPaper(width: number, height: number) {
  const px = new Uint8ClampedArray(width * height * 4);
  let seed = 7;
  const noise = () => ((seed = (seed * 16807) % 2147483647) % 17) - 8;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink = Math.abs(y - height / 2 - 10 * Math.sin(x / 9)) < 2 && x > 20 && x < width - 20;
      // Uneven light: brighter to the right, a shadow in the lower left corner.
      const shadow = x < width / 3 && y > height / 2 ? -25 : 0;
      const paper = 160 + Math.round((x / width) * 30) + shadow + noise();
      px.set(ink ? [25, 35, 120, 255] : [paper, paper, paper - 6, 255], i);
    }
  return px;
}

describe("signature mode", () => {
  it("turns grey, unevenly lit paper white and keeps the ink dark and blue", () => {
    const px = greyPaper(200, 80);
    cleanBackground(px, 200, 80);
    const at = (x: number, y: number) => [...px.subarray((y * 200 + x) * 4, (y * 200 + x) * 4 + 3)];
    for (const [x, y] of [
      [2, 2],
      [197, 77],
      [100, 5],
      [10, 40],
    ]) {
      for (const channel of at(x, y)) expect(channel).toBeGreaterThanOrEqual(250);
    }
    // A point on the stroke.
    const [r, g, b] = at(100, 40 + Math.round(10 * Math.sin(100 / 9)));
    expect(r).toBeLessThan(40);
    expect(g).toBeLessThan(40);
    expect(b).toBeGreaterThan(r + 60);
  });

  it("leaves a picture without contrast (a blank page) as it is", () => {
    const px = new Uint8ClampedArray(400).fill(180);
    const before = [...px];
    cleanBackground(px, 10, 10);
    expect([...px]).toEqual(before);
  });
});

it("cleans a large declaration (worked out on a grid of blocks), shading and all", () => {
  const px = greyPaper(1600, 800);
  cleanBackground(px, 1600, 800);
  const at = (x: number, y: number) => [...px.subarray((y * 1600 + x) * 4, (y * 1600 + x) * 4 + 3)];
  expect(at(0, 0)).toEqual([255, 255, 255]);
  expect(at(100, 780)).toEqual([255, 255, 255]);
  const [r, , b] = at(800, 400 + Math.round(10 * Math.sin(800 / 9)));
  expect(r).toBeLessThan(40);
  expect(b).toBeGreaterThan(r + 60);
});
