import { useId, useMemo, useState } from "react";
import { fmt } from "~/lib/locale.ts";
import { effectiveRules, ruleFacts, type UploadRule } from "../rules.ts";
import { imageName, sayFact, type PhotoWords } from "../words.ts";
import { CheckFile } from "./check-file.tsx";
import { MakeFile } from "./make-file.tsx";

/**
 * The photo and signature tool (issue 31), in the browser only: which image, then "make my file"
 * or "check my file". Its code is this page's own chunk: the job page links here and loads none
 * of it. Once the page is loaded it needs no network: every rule came with the page, and every
 * picture stays in the tab.
 */
export function PhotoTool({
  rules,
  custom,
  t,
  fileBase,
}: {
  /** The chosen rules (a job's or a preset's); ignored when `custom`. */
  rules: readonly UploadRule[];
  custom: boolean;
  t: PhotoWords;
  fileBase: string;
}) {
  const [sizes, setSizes] = useState({ width: "", height: "", kbMin: "", kbMax: "" });
  const customRule = useMemo(() => {
    const n = (v: string) => (/^\d{1,5}$/.test(v.trim()) ? Number(v) : undefined);
    const [rule] = effectiveRules(
      [
        {
          slot: "other",
          label: t.customRules,
          widthMin: n(sizes.width),
          widthMax: n(sizes.width),
          heightMin: n(sizes.height),
          heightMax: n(sizes.height),
          kbMin: n(sizes.kbMin),
          kbMax: n(sizes.kbMax),
        },
      ],
      [],
    );
    return rule;
  }, [sizes, t.customRules]);
  const choices = custom ? [customRule] : rules;
  const [index, setIndex] = useState(0);
  const [mode, setMode] = useState<"make" | "check">("make");
  const rule = choices[Math.min(index, choices.length - 1)];
  const name = useId();
  if (!rule) return null;

  return (
    <div className="space-y-5" data-testid="photo-tool" data-ready="yes">
      {custom ? (
        <fieldset className="rounded-app border border-stone-200 p-3">
          <legend className="px-1 font-semibold">{t.custom.legend}</legend>
          <p className="text-sm text-muted">{t.custom.help}</p>
          <div className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(["width", "height", "kbMin", "kbMax"] as const).map((key) => (
              <label key={key} className="text-sm font-semibold">
                {t.custom[key]}
                <input
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={key.startsWith("kb") ? 20_000 : 10_000}
                  name={`custom-${key}`}
                  value={sizes[key]}
                  onChange={(event) => setSizes({ ...sizes, [key]: event.target.value })}
                  className="mt-1 block w-full rounded-app border border-stone-300 px-2 py-1.5 font-normal"
                />
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <fieldset>
          <legend className="font-semibold">{t.whichImage}</legend>
          <div className="mt-2 flex flex-wrap gap-2">
            {choices.map((r, i) => (
              <label
                key={i}
                className="flex cursor-pointer items-center gap-2 rounded-app border border-stone-300 bg-white px-3 py-2 text-sm has-checked:border-primary has-checked:bg-primary-light"
              >
                <input
                  type="radio"
                  name={name}
                  checked={i === index}
                  onChange={() => setIndex(i)}
                  className="accent-primary"
                />
                {imageName(r, t)}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {rule.mode !== "live" && (
        <p className="text-sm font-semibold" data-testid="rule-facts">
          {ruleFacts(rule)
            .map((fact) => sayFact(fact, t))
            .join(" · ")}
        </p>
      )}
      {rule.mode === "live" ? (
        <p
          className="rounded-app border border-amber-300 bg-amber-50 px-4 py-3"
          data-testid="live-only"
        >
          {fmt(t.liveOnly, { image: imageName(rule, t) })}
        </p>
      ) : (
        <>
          <div
            role="tablist"
            aria-label={t.whichImage}
            className="flex gap-1 border-b border-stone-300"
          >
            {(["make", "check"] as const).map((m) => (
              <button
                key={m}
                type="button"
                role="tab"
                id={`tab-${m}`}
                aria-selected={mode === m}
                aria-controls={`panel-${m}`}
                tabIndex={mode === m ? 0 : -1}
                onClick={() => setMode(m)}
                onKeyDown={(event) => {
                  if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
                  const other = m === "make" ? "check" : "make";
                  setMode(other);
                  document.getElementById(`tab-${other}`)?.focus();
                }}
                className={`-mb-px rounded-t-app border px-4 py-2 font-semibold ${mode === m ? "border-stone-300 border-b-white bg-white text-ink" : "border-transparent text-accent"}`}
              >
                {m === "make" ? t.modeMake : t.modeCheck}
              </button>
            ))}
          </div>
          {rule.format === "png" && <p className="text-sm text-amber-900">{t.pngOnly}</p>}
          <div role="tabpanel" id={`panel-${mode}`} aria-labelledby={`tab-${mode}`}>
            {mode === "make" ? (
              <MakeFile key={JSON.stringify(rule)} rule={rule} t={t} fileBase={fileBase} />
            ) : (
              <CheckFile key={JSON.stringify(rule)} rule={rule} t={t} />
            )}
          </div>
        </>
      )}
    </div>
  );
}
