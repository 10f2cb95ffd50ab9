import type { Size } from "./rules.ts";

/**
 * Finding a JPEG that lands inside a size window (issue 31). The browser's encoder gives the size
 * of a quality (`canvas.toBlob(…, "image/jpeg", q)`); the size grows with the quality, so for each
 * pixel size, largest first, a binary search over the whole-percent qualities finds the best one
 * under the maximum. A picture too plain to reach the minimum even at full quality gets filler
 * bytes (a JPEG comment, the picture unchanged, and the person told so); one that stays over the
 * maximum at the smallest size allowed is refused with the sizes it reached. Pure: the encoder is
 * passed in, so the search is tested without a browser.
 */

export interface Encoded {
  /** The file, whatever the caller's encoder returns (a Blob in the browser). */
  file: unknown;
  bytes: number;
}

/** Encode the picture drawn at `size` with JPEG quality `quality` (1–100). */
export type Encode = (size: Size, quality: number) => Promise<Encoded>;

export type FitResult =
  | {
      ok: true;
      size: Size;
      quality: number;
      encoded: Encoded;
      /** Filler bytes the file needs to reach the minimum (0: none). */
      padding: number;
    }
  | {
      ok: false;
      /** Even the lowest quality at the smallest size allowed is over the maximum. */
      reason: "too-large";
      /** The smallest file reached, in bytes. */
      bytes: number;
    };

/** Below this, a range of sizes is tried smaller first; an exact box goes down to FLOOR. */
const GOOD_QUALITY = 60;
const FLOOR = 10;

export async function fitToWindow(
  sizes: readonly Size[],
  window: { lo: number; hi: number },
  encode: Encode,
): Promise<FitResult> {
  let smallest = Number.POSITIVE_INFINITY;
  // A range of sizes: first look for a good quality at any size, largest first; an exact box
  // (one size) or the smallest size of a range may go as low as the floor.
  const passes: [Size, number][] = [
    ...sizes.map((s): [Size, number] => [s, sizes.length > 1 ? GOOD_QUALITY : FLOOR]),
    ...(sizes.length > 1 ? [[sizes.at(-1)!, FLOOR] as [Size, number]] : []),
  ];
  for (const [size, floor] of passes) {
    const found = await bestUnder(size, floor, window.hi, encode);
    if (found.ok) {
      const padding = Math.max(0, window.lo - found.encoded.bytes);
      return { ok: true, size, quality: found.quality, encoded: found.encoded, padding };
    }
    smallest = Math.min(smallest, found.bytes);
  }
  return { ok: false, reason: "too-large", bytes: smallest };
}

/** The highest whole-percent quality in floor…100 whose file is at most `hi` bytes. */
async function bestUnder(
  size: Size,
  floor: number,
  hi: number,
  encode: Encode,
): Promise<{ ok: true; quality: number; encoded: Encoded } | { ok: false; bytes: number }> {
  const cache = new Map<number, Encoded>();
  const at = async (q: number) => {
    let e = cache.get(q);
    if (!e) cache.set(q, (e = await encode(size, q)));
    return e;
  };
  const top = await at(100);
  if (top.bytes <= hi) return { ok: true, quality: 100, encoded: top };
  const bottom = await at(floor);
  if (bottom.bytes > hi) return { ok: false, bytes: bottom.bytes };
  // Invariant: at(lo) fits, at(up) does not.
  let lo = floor;
  let up = 100;
  while (up - lo > 1) {
    const mid = Math.floor((lo + up) / 2);
    if ((await at(mid)).bytes <= hi) lo = mid;
    else up = mid;
  }
  return { ok: true, quality: lo, encoded: await at(lo) };
}
