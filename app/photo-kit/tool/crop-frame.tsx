import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import type { Crop } from "./render.ts";

/** The largest frame of this shape inside the picture. */
function largest(picture: { width: number; height: number }, aspect: number) {
  return picture.width / picture.height > aspect
    ? { w: picture.height * aspect, h: picture.height }
    : { w: picture.width, h: picture.width / aspect };
}

/** A frame of `share` of the largest one (0.2–1), centred on (cx, cy), kept inside the picture. */
export function frameAt(
  picture: { width: number; height: number },
  aspect: number,
  share: number,
  cx: number,
  cy: number,
): Crop {
  const max = largest(picture, aspect);
  const w = Math.max(1, Math.round(max.w * share));
  const h = Math.max(1, Math.round(w / aspect));
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi);
  return {
    x: Math.round(clamp(cx - w / 2, 0, picture.width - w)),
    y: Math.round(clamp(cy - h / 2, 0, picture.height - h)),
    w,
    h: Math.min(h, picture.height),
  };
}

const MIN_SHARE = 0.2;

/**
 * The crop frame over the picture: dragged with a finger or a mouse, moved with the arrow keys
 * (Shift for larger steps) and resized with + and −, or with the size slider. The picture is
 * shown from a small copy drawn once; the frame's position is kept in the picture's own pixels.
 */
export function CropFrame({
  picture,
  aspect,
  crop,
  onChange,
  label,
  sizeLabel,
  resetLabel,
}: {
  picture: ImageBitmap;
  aspect: number;
  crop: Crop;
  onChange: (crop: Crop) => void;
  label: string;
  sizeLabel: string;
  resetLabel: string;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [scale, setScale] = useState(0);
  const drag = useRef<{ id: number; x: number; y: number; crop: Crop } | null>(null);
  const sliderId = useId();

  // The shown copy: as wide as the box allows, at most 60% of the screen's height.
  useEffect(() => {
    const draw = () => {
      const box = boxRef.current;
      const c = canvasRef.current;
      if (!box || !c) return;
      const s = Math.min(
        box.clientWidth / picture.width,
        (window.innerHeight * 0.6) / picture.height,
      );
      const dpr = window.devicePixelRatio || 1;
      c.width = Math.max(1, Math.round(picture.width * s * dpr));
      c.height = Math.max(1, Math.round(picture.height * s * dpr));
      c.style.width = `${Math.round(picture.width * s)}px`;
      c.style.height = `${Math.round(picture.height * s)}px`;
      const ctx = c.getContext("2d");
      if (ctx) {
        ctx.imageSmoothingQuality = "high";
        ctx.drawImage(picture, 0, 0, c.width, c.height);
      }
      setScale(s);
    };
    draw();
    window.addEventListener("resize", draw);
    return () => window.removeEventListener("resize", draw);
  }, [picture]);

  const share = crop.w / largest(picture, aspect).w;
  const centre = { x: crop.x + crop.w / 2, y: crop.y + crop.h / 2 };
  const resize = (next: number) =>
    onChange(frameAt(picture, aspect, Math.min(1, Math.max(MIN_SHARE, next)), centre.x, centre.y));
  const move = (dx: number, dy: number) =>
    onChange(frameAt(picture, aspect, share, centre.x + dx, centre.y + dy));

  const onKey = (event: KeyboardEvent) => {
    const step = (event.shiftKey ? 0.1 : 0.02) * Math.max(picture.width, picture.height);
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    if (moves[event.key]) move(...moves[event.key]);
    else if (event.key === "+" || event.key === "=") resize(share + 0.05);
    else if (event.key === "-" || event.key === "−") resize(share - 0.05);
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== event.pointerId || !scale) return;
    const dx = (event.clientX - d.x) / scale;
    const dy = (event.clientY - d.y) / scale;
    onChange(
      frameAt(picture, aspect, share, d.crop.x + d.crop.w / 2 + dx, d.crop.y + d.crop.h / 2 + dy),
    );
  };
  const endDrag = () => (drag.current = null);

  return (
    <div className="space-y-2">
      <div ref={boxRef} className="w-full">
        <div className="relative mx-auto w-fit touch-none overflow-hidden select-none">
          <canvas ref={canvasRef} className="block" aria-hidden="true" />
          {scale > 0 && (
            // A frame the person moves with its own keys: ARIA's "application" role, which the
            // lint rules do not count as interactive.
            // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
            <div
              // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
              tabIndex={0}
              role="application"
              aria-label={label}
              data-testid="crop-frame"
              onKeyDown={onKey}
              onPointerDown={onPointerDown}
              onPointerMove={onPointerMove}
              onPointerUp={endDrag}
              onPointerCancel={endDrag}
              className="absolute cursor-move border-2 border-dashed border-white outline-offset-2 focus-visible:outline-4 focus-visible:outline-accent"
              style={{
                left: crop.x * scale,
                top: crop.y * scale,
                width: crop.w * scale,
                height: crop.h * scale,
                boxShadow: "0 0 0 9999px rgb(0 0 0 / 0.55)",
              }}
            />
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label htmlFor={sliderId} className="text-sm font-semibold">
          {sizeLabel}
        </label>
        <input
          id={sliderId}
          type="range"
          min={MIN_SHARE * 100}
          max={100}
          step={1}
          value={Math.round(share * 100)}
          onChange={(event) => resize(Number(event.target.value) / 100)}
          className="min-w-32 flex-1 accent-primary"
        />
        <button
          type="button"
          onClick={() =>
            onChange(frameAt(picture, aspect, 1, picture.width / 2, picture.height / 2))
          }
          className="rounded-app border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold hover:bg-stone-50"
        >
          {resetLabel}
        </button>
      </div>
    </div>
  );
}
