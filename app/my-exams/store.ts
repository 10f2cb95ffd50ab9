// The reader's saved list, on their device only (issue 28): this browser's localStorage, like the
// eligibility profile. Small and synchronous: a job page's Save button reads it at once. Storage
// can be blocked (private modes) or full: then the list lasts as long as the page.
import { useSyncExternalStore } from "react";
import type { SavedEntryData } from "./saved-data.ts";

/** The reader's own status of a saved entry (/my's choices, my-list.tsx STATUSES). */
export type SavedStatus = "interested" | "applied" | "admitCard" | "appeared" | "result";

export interface SavedItem {
  id: string;
  /** The entry's English path (the Hindi page is `/hi` + path). */
  path: string;
  /** As the page showed it when saved: shown until the public data arrives. */
  title: string;
  at: string;
  status?: SavedStatus;
}

export interface SavedStore {
  items: SavedItem[];
  /** The public data last fetched for the items, and when: /my shows it offline. */
  snapshot?: { at: string; entries: SavedEntryData[] };
  /** Reminders are on: the secret of the server's copy of the ids. */
  reminders?: { secret: string };
  /** A calendar address exists: its secret and address. */
  calendar?: { secret: string; url: string; webcal: string };
}

const KEY = "govjobs:my-exams";
const EMPTY: SavedStore = { items: [] };
let memory: string | null = null;
let parsed: { raw: string | null; value: SavedStore } = { raw: null, value: EMPTY };
const listeners = new Set<() => void>();

function raw(): string | null {
  try {
    return localStorage.getItem(KEY) ?? memory;
  } catch {
    return memory;
  }
}

/** The list as stored now (the same object until it changes, as React wants). */
export function readStore(): SavedStore {
  const text = raw();
  if (text !== parsed.raw) {
    let value = EMPTY;
    try {
      const json = text ? (JSON.parse(text) as SavedStore) : null;
      if (json && Array.isArray(json.items)) value = json;
    } catch {
      // A damaged value reads as an empty list.
    }
    parsed = { raw: text, value };
  }
  return parsed.value;
}

export function writeStore(change: (store: SavedStore) => SavedStore): SavedStore {
  const next = change(readStore());
  const text = JSON.stringify(next);
  memory = text;
  try {
    localStorage.setItem(KEY, text);
  } catch {
    // kept in memory only
  }
  for (const listener of listeners) listener();
  return next;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab saved or removed something: this one follows.
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The saved list, read in the browser only (the server renders nothing that depends on it). */
export function useSavedStore(): SavedStore {
  return useSyncExternalStore(subscribe, readStore, () => EMPTY);
}

export const savedIds = (store: SavedStore) => store.items.map((i) => i.id).sort();
