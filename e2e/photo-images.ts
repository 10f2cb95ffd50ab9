import type { Page } from "playwright-core";

/**
 * Test pictures for the photo kit (issue 31), made in the page with the browser's canvas, so
 * nothing is checked in: a phone photo (busy enough to compress like one), the same photo stored
 * sideways with an EXIF orientation tag, a tiny one, a PNG screenshot and a signature on grey
 * paper. Deterministic: a seeded generator draws the grain.
 */
export type TestPicture = "photo" | "sideways" | "tiny" | "screenshot" | "signature";

export interface Picture {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

export async function makePicture(page: Page, kind: TestPicture): Promise<Picture> {
  // Run by tsx (the benchmark), the function below calls esbuild's name helper: give the page one.
  await page.evaluate("globalThis.__name ??= (f) => f");
  const base64 = await page.evaluate(async (kind) => {
    const sizes = {
      photo: [4000, 3000],
      sideways: [4000, 3000],
      tiny: [120, 90],
      screenshot: [1280, 720],
      signature: [1200, 500],
    } as const;
    const [w, h] = sizes[kind];
    const c = document.createElement("canvas");
    c.width = w;
    c.height = h;
    const ctx = c.getContext("2d")!;
    let seed = 12345;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;

    if (kind === "photo" || kind === "sideways" || kind === "tiny") {
      // Sideways: the upright picture is 3000 × 4000; stored turned a quarter anticlockwise, so
      // orientation 6 ("turn clockwise to show") brings its top (a red band) back up.
      if (kind === "sideways") {
        ctx.translate(0, h);
        ctx.rotate(-Math.PI / 2);
      }
      const [uw, uh] = kind === "sideways" ? [h, w] : [w, h];
      const sky = ctx.createLinearGradient(0, 0, 0, uh);
      sky.addColorStop(0, "#9cc7e8");
      sky.addColorStop(1, "#f1e3c6");
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, uw, uh);
      ctx.fillStyle = "#c68642";
      ctx.beginPath();
      ctx.ellipse(uw / 2, uh * 0.45, uw * 0.18, uh * 0.24, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = "#23395b";
      ctx.fillRect(uw * 0.25, uh * 0.68, uw * 0.5, uh * 0.32);
      if (kind === "sideways") {
        ctx.fillStyle = "#e00000";
        ctx.fillRect(0, 0, uw, uh * 0.2);
      }
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      // Grain, as a phone camera's sensor leaves: what makes a real photo's JPEG large.
      const img = ctx.getImageData(0, 0, w, h);
      for (let i = 0; i < img.data.length; i += 4) {
        const n = (random() - 0.5) * 36;
        img.data[i] += n;
        img.data[i + 1] += n;
        img.data[i + 2] += n;
      }
      ctx.putImageData(img, 0, 0);
    } else if (kind === "screenshot") {
      ctx.fillStyle = "#ffffff";
      ctx.fillRect(0, 0, w, h);
      ctx.fillStyle = "#c2410c";
      ctx.fillRect(0, 0, w, 64);
      ctx.fillStyle = "#1f2937";
      ctx.font = "28px sans-serif";
      for (let y = 120; y < h; y += 44)
        ctx.fillText("Application form — step 3 of 5: upload", 40, y);
      ctx.clearRect(w - 300, h - 200, 260, 160);
    } else {
      // Grey, uneven paper with grain, and a signature in blue ink.
      const img = ctx.createImageData(w, h);
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          const i = (y * w + x) * 4;
          const v = 160 + (x / w) * 25 + (random() - 0.5) * 14;
          img.data.set([v, v, v - 8, 255], i);
        }
      ctx.putImageData(img, 0, 0);
      ctx.strokeStyle = "#1b2a8a";
      ctx.lineWidth = 9;
      ctx.lineCap = "round";
      ctx.beginPath();
      ctx.moveTo(150, 320);
      for (let x = 150; x < 1050; x += 10)
        ctx.lineTo(x, 260 + Math.sin(x / 35) * 90 - (x - 150) * 0.08);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(200, 380);
      ctx.quadraticCurveTo(600, 430, 1000, 360);
      ctx.stroke();
    }
    const type = kind === "screenshot" ? "image/png" : "image/jpeg";
    const blob = await new Promise<Blob>((resolve) => c.toBlob((b) => resolve(b!), type, 0.92));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = "";
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  }, kind);
  let buffer: Buffer = Buffer.from(base64, "base64");
  if (kind === "sideways") buffer = withOrientation(buffer, 6);
  return {
    name: {
      photo: "IMG_2041.jpg",
      sideways: "IMG_2042.jpg",
      tiny: "tiny.jpg",
      screenshot: "Screenshot.png",
      signature: "sign.jpg",
    }[kind],
    mimeType: kind === "screenshot" ? "image/png" : "image/jpeg",
    buffer,
  };
}

/** The JPEG with an Exif block carrying only an orientation, right after its JFIF header. */
export function withOrientation(jpeg: Buffer, orientation: number): Buffer {
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  const body = Buffer.concat([Buffer.from("Exif\0\0", "latin1"), tiff]);
  const app1 = Buffer.concat([
    Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]),
    body,
  ]);
  const at = jpeg[2] === 0xff && jpeg[3] === 0xe0 ? 4 + jpeg.readUInt16BE(4) : 2;
  return Buffer.concat([jpeg.subarray(0, at), app1, jpeg.subarray(at)]);
}
