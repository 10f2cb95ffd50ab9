/**
 * Signature mode (issue 31): a signature, thumb impression or declaration photographed on grey,
 * yellowed or unevenly lit paper gets a white background and darker ink. Each pixel is divided by
 * the paper's brightness around it (the brightest values nearby, smoothed: ink is thinner than
 * the neighbourhood), so shadows and gradients go too; then whatever is close to the paper turns
 * white and the ink is stretched darker, every channel alike, so blue ink stays blue. Works in
 * place on canvas pixels (RGBA). Pure, browser-safe.
 */

/** Within this share of the paper's own brightness, a pixel is paper. */
const PAPER = 0.85;
/** Below this spread between ink and paper there is nothing to clean (a blank page). */
const MIN_SPREAD = 0.12;

export function cleanBackground(
  rgba: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): { ink: number } {
  const n = width * height;
  const luma = new Float32Array(n);
  for (let p = 0, i = 0; p < n; p++, i += 4)
    luma[p] = (rgba[i] * 77 + rgba[i + 1] * 150 + rgba[i + 2] * 29) / 256;
  const paper = paperBrightness(luma, width, height);
  const ratio = new Float32Array(n);
  for (let p = 0; p < n; p++) ratio[p] = luma[p] / Math.max(paper[p], 1);
  // The ink: the darkest few (a signature covers a few per cent of its picture, at least).
  const ink = percentile(ratio, 0.002);
  if (PAPER - ink < MIN_SPREAD) return { ink };
  const curve = (v: number) => {
    const t = Math.min(Math.max((v - ink) / (PAPER - ink), 0), 1);
    // A gentle curve: the ink's mid-tones darker, so thin strokes stay visible when scaled down.
    return Math.round(Math.pow(t, 1.4) * 255);
  };
  for (let p = 0, i = 0; p < n; p++, i += 4) {
    const bg = Math.max(paper[p], 1);
    rgba[i] = curve(rgba[i] / bg);
    rgba[i + 1] = curve(rgba[i + 1] / bg);
    rgba[i + 2] = curve(rgba[i + 2] / bg);
    rgba[i + 3] = 255;
  }
  return { ink };
}

/**
 * The paper's brightness at each pixel: the brightest values within an eighth of the picture's
 * shorter side, smoothed. Worked out on a grid of blocks at most 160 across (the largest value of
 * each block), then spread back over the pixels, so a large declaration costs no more than a
 * small signature.
 */
function paperBrightness(luma: Float32Array, w: number, h: number): Float32Array {
  const block = Math.max(1, Math.ceil(Math.min(w, h) / 160));
  const gw = Math.ceil(w / block);
  const gh = Math.ceil(h / block);
  const grid = new Float32Array(gw * gh);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const g = Math.floor(y / block) * gw + Math.floor(x / block);
      if (luma[y * w + x] > grid[g]) grid[g] = luma[y * w + x];
    }
  const r = Math.max(2, Math.round(Math.min(gw, gh) / 8));
  const smooth = boxBlur(maxFilter(grid, gw, gh, r), gw, gh, r);
  if (block === 1) return smooth;
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / block - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < w; x++) {
      const gx = Math.min(gw - 1, Math.max(0, (x + 0.5) / block - 0.5));
      const x0 = Math.floor(gx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const fx = gx - x0;
      const top = smooth[y0 * gw + x0] * (1 - fx) + smooth[y0 * gw + x1] * fx;
      const bottom = smooth[y1 * gw + x0] * (1 - fx) + smooth[y1 * gw + x1] * fx;
      out[y * w + x] = top * (1 - fy) + bottom * fy;
    }
  }
  return out;
}

/**
 * A filter applied along every row, then along every column: `line` gets one line's values and
 * writes its results into `out`.
 */
function separable(
  src: Float32Array,
  w: number,
  h: number,
  line: (values: Float32Array, out: Float32Array) => void,
): Float32Array {
  let data = src;
  for (const [lines, length, step, stride] of [
    [h, w, 1, w],
    [w, h, w, 1],
  ]) {
    const next = new Float32Array(data.length);
    const values = new Float32Array(length);
    const out = new Float32Array(length);
    for (let l = 0; l < lines; l++) {
      for (let k = 0; k < length; k++) values[k] = data[l * stride + k * step];
      line(values, out);
      for (let k = 0; k < length; k++) next[l * stride + k * step] = out[k];
    }
    data = next;
  }
  return data;
}

/** The largest value within `r` of each pixel (a square). */
function maxFilter(src: Float32Array, w: number, h: number, r: number): Float32Array {
  return separable(src, w, h, (values, out) => {
    for (let k = 0; k < values.length; k++) {
      let m = 0;
      for (let j = Math.max(0, k - r); j <= Math.min(values.length - 1, k + r); j++)
        if (values[j] > m) m = values[j];
      out[k] = m;
    }
  });
}

/** The mean within `r` of each pixel (a square), from running sums. */
function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  return separable(src, w, h, (values, out) => {
    const sums = new Float64Array(values.length + 1);
    for (let k = 0; k < values.length; k++) sums[k + 1] = sums[k] + values[k];
    for (let k = 0; k < values.length; k++) {
      const lo = Math.max(0, k - r);
      const hi = Math.min(values.length, k + r + 1);
      out[k] = (sums[hi] - sums[lo]) / (hi - lo);
    }
  });
}

/** The value below which `share` of the values lie, to a thousandth (a histogram, not a sort). */
function percentile(values: Float32Array, share: number): number {
  const BINS = 2000;
  const counts = new Uint32Array(BINS);
  for (const v of values) counts[Math.min(BINS - 1, Math.max(0, Math.floor(v * 1000)))]++;
  let seen = 0;
  for (let b = 0; b < BINS; b++) {
    seen += counts[b];
    if (seen > values.length * share) return b / 1000;
  }
  return (BINS - 1) / 1000;
}
