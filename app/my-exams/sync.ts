// After the saved list changes (issue 28): the service worker learns which pages to keep for
// offline reading, and the server copies, if the reader turned reminders or a calendar address
// on, get the new ids (only ids). Nothing here runs before the reader saves something.
import { localePath, type Locale } from "~/lib/locale.ts";
import { readStore, savedIds, writeStore, type SavedStore } from "./store.ts";
import type { SavedEntryData } from "./saved-data.ts";

/** The site's one service worker (push and offline copies), registered on first use. */
export async function serviceWorker(): Promise<ServiceWorker | null> {
  if (!("serviceWorker" in navigator)) return null;
  try {
    await navigator.serviceWorker.register("/sw.js", { scope: "/" });
    return (await navigator.serviceWorker.ready).active;
  } catch {
    return null;
  }
}

/** Tell the worker what is saved, and to keep these pages (in the reader's language) now. */
export async function keepOffline(keep: readonly string[] = []): Promise<void> {
  const worker = await serviceWorker();
  if (!worker) return;
  worker.postMessage({ type: "saved", paths: readStore().items.map((i) => i.path) });
  for (const path of keep) worker.postMessage({ type: "keep", path });
}

/** Give the server copies (reminders, calendar) the list's ids; a copy turned off elsewhere goes. */
export async function syncServerCopies(store: SavedStore = readStore()): Promise<void> {
  const ids = savedIds(store);
  for (const purpose of ["reminders", "calendar"] as const) {
    const secret = store[purpose]?.secret;
    if (!secret) continue;
    try {
      const res = await fetch(`/my/${purpose}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ secret, ids }),
      });
      if (res.status === 404) writeStore((s) => ({ ...s, [purpose]: undefined }));
    } catch {
      // Offline: the next change sends the whole list again.
    }
  }
}

/** Save or remove an entry, then let the worker and the server copies follow. */
export function toggleSaved(
  entry: { id: string; path: string; title: string },
  locale: Locale,
): boolean {
  const store = readStore();
  const saved = store.items.some((i) => i.id === entry.id);
  const next = writeStore((s) => ({
    ...s,
    items: saved
      ? s.items.filter((i) => i.id !== entry.id)
      : [...s.items, { ...entry, at: new Date().toISOString() }],
  }));
  void keepOffline(saved ? [] : [localePath(locale, entry.path)]);
  void syncServerCopies(next);
  return !saved;
}

/** The public data of the saved entries: fetched (and kept on the device), or the copy kept last. */
export async function fetchSavedData(
  ids: readonly string[],
): Promise<{ entries: SavedEntryData[]; offline: boolean }> {
  if (ids.length === 0) return { entries: [], offline: false };
  try {
    const res = await fetch(`/my/entries.json?ids=${ids.join(",")}`);
    if (!res.ok) throw new Error();
    const { entries } = (await res.json()) as { entries: SavedEntryData[] };
    writeStore((s) => ({ ...s, snapshot: { at: new Date().toISOString(), entries } }));
    return { entries, offline: false };
  } catch {
    return { entries: readStore().snapshot?.entries ?? [], offline: true };
  }
}
