import { useEffect } from "react";
import { useLocale, useT } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import { formatDate } from "~/lib/format.ts";
import { savedIds, useSavedStore } from "./store.ts";
import { fetchSavedData, toggleSaved } from "./sync.ts";
import type { SavedEntryData } from "./saved-data.ts";
import { clashes } from "./clashes.ts";
import type { KeyWindow } from "./windows.ts";

export interface SaveControlProps {
  entry: { id: string; path: string; title: string };
  /** A list row's small button (its line keeps its height). */
  compact?: boolean;
  /**
   * On an entry's page: its windows, to warn of exam clashes with other saved entries, except its
   * own job and the job's other entries (`family`: the same exam is no clash).
   */
  clash?: { windows: readonly KeyWindow[]; today: string; family: readonly string[] };
}

/** The saved data older than this is fetched again before a clash is judged. */
const FRESH_MS = 60 * 60_000;

/** "Save" / "Saved" (issue 28), and on an entry's page the clash warning. */
export default function SaveControl({ entry, clash, compact }: SaveControlProps) {
  const t = useT("saved");
  const locale = useLocale();
  const store = useSavedStore();
  const saved = store.items.some((i) => i.id === entry.id);
  const ids = savedIds(store).join(",");

  // The other saved entries' dates, fetched when missing or old (ids only leave the device).
  useEffect(() => {
    if (!clash || !ids) return;
    const snapshot = store.snapshot;
    const known = new Set(snapshot?.entries.map((e) => e.id));
    const fresh = snapshot && Date.now() - Date.parse(snapshot.at) < FRESH_MS;
    if (!fresh || ids.split(",").some((id) => !known.has(id))) void fetchSavedData(ids.split(","));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per set of saved ids
  }, [ids, !!clash]);

  const warnings = clash
    ? clashWith(entry.id, clash, store.snapshot?.entries ?? [], ids, locale === "hi")
    : [];
  return (
    <>
      <button
        type="button"
        aria-pressed={saved}
        onClick={() => toggleSaved(entry, locale)}
        className={`inline-flex shrink-0 items-center gap-1 rounded-app border font-semibold ${compact ? "h-6 px-2 text-xs" : "h-9 px-3 text-sm"} ${saved ? "border-primary bg-primary text-white" : "border-stone-300 bg-white text-ink hover:border-primary"}`}
      >
        {/* A star drawn, not ☆/★: a phone whose fonts lack them showed an empty box (issue 29). */}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className={`size-[1.1em] stroke-current stroke-2 ${saved ? "fill-current" : "fill-none"}`}
        >
          <path d="m12 3 3 6 6 1-4.5 4 1 6-5.5-3-5.5 3 1-6L3 10l6-1z" />
        </svg>
        {saved ? t.saved : t.save}
      </button>
      {warnings.map((w) => (
        <p
          key={w.id}
          role="alert"
          data-clash={w.id}
          className="order-last w-full rounded-app border border-red-300 bg-red-50 px-3 py-2 text-sm font-semibold text-red-800"
        >
          {fmt(w.sameDay ? t.clashSameDay : t.clashOverlap, {
            title: w.title,
            date: formatDate(w.on, locale),
          })}
        </p>
      ))}
    </>
  );
}

/** The saved entries (other than this one) whose exams meet this page's. */
function clashWith(
  id: string,
  clash: NonNullable<SaveControlProps["clash"]>,
  entries: readonly SavedEntryData[],
  ids: string,
  hindi: boolean,
) {
  const savedSet = new Set(ids.split(","));
  const family = new Set([id, ...clash.family]);
  const others = entries.filter(
    (e) => savedSet.has(e.id) && !family.has(e.id) && !e.related.some((r) => r.id === id),
  );
  const groups = others.map((e) => ({
    id: e.id,
    windows: [e, ...e.related].filter((x) => x.id !== id).flatMap((x) => x.windows),
    title: (hindi && e.hiTitle) || e.title,
  }));
  const found = clashes([{ id, windows: clash.windows }, ...groups], clash.today).filter(
    (c) => c.a === id,
  );
  return found.map((c) => ({
    id: c.b,
    title: groups.find((g) => g.id === c.b)!.title,
    on: c.on,
    sameDay: c.code === "sameDay",
  }));
}
