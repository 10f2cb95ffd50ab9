import { TranslationBadge, type TranslationSummary } from "../hindi-panel.tsx";

export type LanguageTab = "english" | "hindi";

/**
 * The English and Hindi tabs. Without JavaScript both panels show, one after the other, and the
 * tab bar is two in-page links; with it, a tablist showing one panel (inputs of the hidden one
 * are still in the form and saved with it).
 */
export function LanguageTabs({
  hydrated,
  tab,
  setTab,
  translation,
}: {
  hydrated: boolean;
  tab: LanguageTab;
  setTab: (tab: LanguageTab) => void;
  translation: TranslationSummary | null;
}) {
  return (
    <div
      role={hydrated ? "tablist" : undefined}
      aria-label="Language"
      className="flex flex-wrap gap-1 border-b border-stone-300"
    >
      {(["english", "hindi"] as const).map((t) => {
        const label = t === "english" ? "English" : "Hindi (हिन्दी)";
        const tabClass = `-mb-px inline-flex items-center gap-2 rounded-t-app border px-3 py-2 text-sm font-semibold ${
          hydrated && tab === t
            ? "border-stone-300 border-b-white bg-white text-ink"
            : "border-transparent text-accent"
        }`;
        const extra = t === "hindi" && translation ? <TranslationBadge t={translation} /> : null;
        return hydrated ? (
          <button
            key={t}
            type="button"
            role="tab"
            id={`tab-${t}`}
            aria-selected={tab === t}
            aria-controls={`panel-${t}`}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={(event) => {
              if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
                const other = t === "english" ? "hindi" : "english";
                setTab(other);
                document.getElementById(`tab-${other}`)?.focus();
              }
            }}
            className={tabClass}
          >
            {label}
            {extra}
          </button>
        ) : (
          <a key={t} href={t === "english" ? "#panel-english" : "#hindi"} className={tabClass}>
            {label}
            {extra}
          </a>
        );
      })}
    </div>
  );
}
