import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "./db/db.server.ts";
import { services } from "./services.server.ts";
import { hindiOrganizationNames } from "./organizations.server.ts";
import { getSettings, type Settings } from "./settings.server.ts";
import { readUpdates, type UpdatesFeed } from "./updates.server.ts";

const memos = new Map<string, { generation: number; value: Promise<unknown> }>();
/** Names can come from visitors' filters: the memo is emptied rather than grown past this. */
const MAX_MEMOS = 2_000;

/**
 * A value derived only from public content, computed once per content generation and shared by
 * every request until the next write (which bumps the generation, in this process or any other).
 * Callers must treat the value as read-only. A failed computation is not kept.
 */
export async function perGeneration<T>(name: string, compute: (db: DB) => Promise<T>): Promise<T> {
  const { db, generation } = await services();
  const current = await generation.current();
  const memo = memos.get(name);
  if (memo && memo.generation === current) return memo.value as Promise<T>;
  const value = compute(db);
  if (memos.size >= MAX_MEMOS) memos.clear();
  memos.set(name, { generation: current, value });
  value.catch(() => {
    if (memos.get(name)?.value === value) memos.delete(name);
  });
  return value;
}

/** The site settings, as public pages read them (every page of the site needs them). */
export const publicSettings = (): Promise<Settings> => perGeneration("settings", getSettings);

/** Organizations' Hindi names by their English ones, for Hindi pages (issue 29). */
export const publicOrganizationNames = (): Promise<ReadonlyMap<string, string>> =>
  perGeneration("organization-names", hindiOrganizationNames);

/**
 * What the bell and the latest bar show, in the sizes the settings ask for. Kept per India's date
 * too: a job that closes at midnight leaves the feed without any write.
 */
export const publicUpdates = (today = todayInIndia()): Promise<UpdatesFeed> =>
  perGeneration(`updates:${today}`, async (db) => {
    const settings = await publicSettings();
    return readUpdates(
      db,
      {
        perKind: settings.bell.perKind,
        max: settings.bell.max,
        latestCount: settings.latestBar.count,
      },
      today,
    );
  });
