import { useEffect, useId, useRef, useState } from "react";
import { fmt } from "~/lib/locale.ts";
import { frameAspect, type UploadRule } from "../rules.ts";
import type { PhotoWords } from "../words.ts";
import { CropFrame, frameAt } from "./crop-frame.tsx";
import { FileInput } from "./file-input.tsx";
import { makeFile, openPicture, type Crop, type MadeFile } from "./render.ts";

const kb = (bytes: number) => (Math.round((bytes / 1024) * 10) / 10).toString();

/** Slots whose pictures are ink on paper: signature mode starts ticked. */
const ON_PAPER = new Set(["signature", "left-thumb", "declaration"]);

/**
 * "Make my file": pick or take a picture, move the frame, make the file, see it at its real size
 * and download it. One per rule (the parent keys it by the rule): another image starts afresh. Timings go to the Performance API (`photo-kit:open`, `photo-kit:make`) for the
 * benchmark (bench/photo-kit.ts).
 */
export function MakeFile({
  rule,
  t,
  fileBase,
}: {
  rule: UploadRule;
  t: PhotoWords;
  /** The download's name starts with this ("ibps", a job's slug). */
  fileBase: string;
}) {
  const [picture, setPicture] = useState<ImageBitmap | null>(null);
  const [state, setState] = useState<"idle" | "opening" | "bad" | "ready" | "working">("idle");
  const [crop, setCrop] = useState<Crop | null>(null);
  const [signature, setSignature] = useState(ON_PAPER.has(rule.slot));
  const [made, setMade] = useState<(MadeFile & { url?: string; name?: string }) | null>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const aspect = picture ? frameAspect(rule, picture) : 1;

  useEffect(() => () => void (made?.url && URL.revokeObjectURL(made.url)), [made]);
  useEffect(() => () => picture?.close(), [picture]);

  async function choose(file: File | undefined) {
    if (!file) return;
    setState("opening");
    setMade(null);
    performance.mark("photo-kit:open-start");
    const opened = await openPicture(file);
    performance.measure("photo-kit:open", "photo-kit:open-start");
    if (!opened) return setState("bad");
    setPicture(opened);
    setCrop(frameAt(opened, frameAspect(rule, opened), 1, opened.width / 2, opened.height / 2));
    setState("ready");
  }

  async function make() {
    if (!picture || !crop) return;
    setState("working");
    // Let the "Making the file…" line paint before the work starts.
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    performance.mark("photo-kit:make-start");
    const result = await makeFile(picture, crop, rule, signature);
    performance.measure("photo-kit:make", "photo-kit:make-start");
    setState("ready");
    if (!result.ok) return setMade(result);
    const name = `${fileBase}-${rule.slot}-${result.size.width}x${result.size.height}.jpg`;
    setMade({ ...result, url: URL.createObjectURL(result.blob), name });
    requestAnimationFrame(() => resultRef.current?.focus());
  }

  return (
    <div className="space-y-4">
      <FileInput
        label={t.make.pick}
        help={t.make.pickHelp}
        accept="image/*"
        onFile={(file) => void choose(file)}
        testId="make-input"
      />
      <p role="status" className="text-sm">
        {state === "opening" ? t.make.opening : state === "bad" ? t.make.cantOpen : ""}
      </p>
      {picture && crop && state !== "bad" && (
        <>
          <CropFrame
            picture={picture}
            aspect={aspect}
            crop={crop}
            onChange={(next) => {
              setCrop(next);
              setMade(null);
            }}
            label={t.make.frameLabel}
            sizeLabel={t.make.frameSize}
            resetLabel={t.make.reset}
          />
          <div className="text-sm">
            <label className="flex items-start gap-2 font-semibold">
              <input
                type="checkbox"
                checked={signature}
                aria-describedby={`${inputId}-paper`}
                onChange={(event) => {
                  setSignature(event.target.checked);
                  setMade(null);
                }}
                className="mt-0.5 size-4 accent-primary"
              />
              {t.make.signatureMode}
            </label>
            <p id={`${inputId}-paper`} className="pl-6 text-muted">
              {t.make.signatureModeHelp}
            </p>
          </div>
          <button
            type="button"
            onClick={() => void make()}
            disabled={state === "working"}
            className="rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark disabled:opacity-60"
          >
            {state === "working" ? t.make.working : t.make.makeButton}
          </button>
        </>
      )}
      {made && <Result made={made} t={t} rule={rule} headingRef={resultRef} />}
    </div>
  );
}

function Result({
  made,
  t,
  rule,
  headingRef,
}: {
  made: MadeFile & { url?: string; name?: string };
  t: PhotoWords;
  rule: UploadRule;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
}) {
  if (!made.ok)
    return (
      <p
        role="alert"
        className="rounded-app border border-red-300 bg-red-50 px-4 py-3 text-red-900"
        data-testid="make-refused"
      >
        {fmt(t.make.tooLarge, { kb: kb(made.bytes), max: rule.kbMax ?? "" })}
      </p>
    );
  return (
    <section
      aria-labelledby="made-file"
      className="space-y-2 rounded-app border border-secondary/40 bg-secondary-light p-3"
    >
      <h3 id="made-file" ref={headingRef} tabIndex={-1} className="font-semibold text-secondary">
        {t.make.result}
      </h3>
      <p data-testid="made-facts">
        {fmt(t.make.resultFacts, {
          w: made.size.width,
          h: made.size.height,
          kb: kb(made.blob.size),
          quality: made.quality,
        })}
      </p>
      {made.padding > 0 && (
        <p className="text-sm">
          {fmt(t.make.padded, {
            picture: kb(made.pictureBytes),
            min: rule.kbMin ?? "",
            filler: kb(made.padding),
          })}
        </p>
      )}
      <div className="max-h-[70vh] w-fit max-w-full overflow-auto rounded-app border border-stone-200 bg-white p-2">
        <img
          src={made.url}
          width={made.size.width}
          height={made.size.height}
          alt=""
          className="block max-w-none"
          data-testid="made-preview"
          style={{ width: made.size.width, height: made.size.height }}
        />
      </div>
      <p className="text-xs text-muted">{t.make.realSize}</p>
      <a
        href={made.url}
        download={made.name}
        className="inline-block rounded-app bg-secondary px-5 py-2.5 font-semibold text-white"
        data-testid="download"
      >
        {fmt(t.make.download, { name: made.name ?? "" })}
      </a>
    </section>
  );
}
