import { BELL_KINDS } from "~/content/kinds.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { UpdateItem, UpdateType } from "~/content/updates.ts";
import { localePath, type Locale } from "~/lib/locale.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import type { DB } from "../platform/db/db.server.ts";
import { titleIn } from "~/lib/title.ts";
import {
  changeIn,
  latestChanges,
  latestPublished,
  type PublicChange,
} from "./public.repository.server.ts";
import type { EntrySummary } from "../content/entry.ts";

/** The kinds the bell and the latest bar announce (spec §3: Job, Result or Admit Card). */
const UPDATE_KINDS = BELL_KINDS.map((k) => k.key);

/** An update as read, with what a page in another language words differently. */
export interface UpdateWithWords extends UpdateItem {
  /**
   * Server side only (feedInLanguage drops it): the entry's English and Hindi titles, and for a
   * key change what changed (worded in the page's language: issue 29).
   */
  words?: {
    title: string;
    hiTitle: string | null;
    change?: Pick<PublicChange, "headline" | "detail" | "facts">;
  };
}

export interface UpdatesFeed {
  bell: UpdateWithWords[];
  latest: UpdateWithWords[];
}

export interface UpdatesLimits {
  /** Newest entries read per kind for the bell (spec §9: 5). */
  perKind: number;
  /** Bell items kept after merging (spec §9: 10). */
  max: number;
  /** Latest bar items (spec §9: 5). */
  latestCount: number;
}

export const DEFAULT_UPDATES_LIMITS: UpdatesLimits = { perKind: 5, max: 10, latestCount: 5 };

function toUpdate(entry: EntrySummary): UpdateWithWords {
  const def = REGISTRY[entry.kind];
  return {
    id: entry.id,
    type: def.label as UpdateType,
    title: entry.title,
    createdAt: entry.publishedAt ?? entry.createdAt,
    url: `${def.urlPrefix}/${entry.slug}`,
    words: { title: entry.title, hiTitle: entry.hiTitle },
  };
}

/**
 * The feed as a page in `locale` shows it: Hindi pages link the Hindi pages and show Hindi titles
 * where the entry has one (else the English title, marked `lang: "en"`), and a key change's
 * headline in the page's language ("आवेदन की अंतिम तिथि बढ़ी: …").
 */
export function feedInLanguage(feed: UpdatesFeed, locale: Locale): UpdatesFeed {
  const item = ({ words, ...i }: UpdateWithWords): UpdateItem => {
    if (locale === "en" || !words) return i;
    const { title, lang } = titleIn(words, locale);
    const headline = words.change && changeIn(words.change, locale).headline;
    return {
      ...i,
      ...(headline && lang
        ? { title, headline }
        : { title: headline ? `${headline}: ${title}` : title }),
      url: localePath(locale, i.url),
      ...(lang && { lang }),
    };
  };
  return { bell: feed.bell.map(item), latest: feed.latest.map(item) };
}

/** Newest first; equal times fall back to the id so every instance shows the same order. */
function newestFirst(a: UpdateWithWords, b: UpdateWithWords): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function uniqueById(items: UpdateWithWords[]): UpdateWithWords[] {
  const seen = new Set<string>();
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)));
}

/** A key change as an update: "Last date extended: CSSA Junior Clerk Recruitment 2026". */
function changeUpdate(change: PublicChange & { entry: EntrySummary }): UpdateWithWords {
  const item = toUpdate(change.entry);
  return {
    ...item,
    title: `${changeIn(change, "en").headline}: ${item.title}`,
    createdAt: change.createdAt,
    words: { ...item.words!, change },
  };
}

/**
 * What the bell and the latest bar show (spec §9). The bell: the newest `perKind` of jobs, results
 * and admit cards, merged newest first, the top `max` kept. The bar: the newest `latestCount` of
 * the same kinds, without duplicates. One read per kind serves both. A job whose last date is
 * before `today` (India's date) is not announced: the bar gives every item a NEW chip, and the bell
 * marks items as new, and neither may say that of a vacancy nobody can apply for any more.
 * Key changes of public entries ("Last date extended: …") are updates too, at the time of the
 * change; an entry appears once, as its newest news.
 */
export async function readUpdates(
  db: DB,
  limits: UpdatesLimits = DEFAULT_UPDATES_LIMITS,
  today: string = todayInIndia(),
): Promise<UpdatesFeed> {
  const perKind = Math.max(limits.perKind, limits.latestCount);
  const [byKind, changes] = await Promise.all([
    Promise.all(
      UPDATE_KINDS.map(async (kind) =>
        (await latestPublished(db, kind, perKind, { openOn: today })).map(toUpdate),
      ),
    ),
    latestChanges(db, UPDATE_KINDS, Math.max(limits.max, limits.latestCount), today),
  ]);
  const changed = changes.map(changeUpdate);
  const bell = uniqueById(
    [...byKind.flatMap((items) => items.slice(0, limits.perKind)), ...changed].sort(newestFirst),
  ).slice(0, limits.max);
  const latest = uniqueById([...byKind.flat(), ...changed].sort(newestFirst)).slice(
    0,
    limits.latestCount,
  );
  return { bell, latest };
}
