import { useEffect, useState } from "react";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { useLocale, useLocalePath, useT } from "~/i18n/context.tsx";
import { fmt, localePath } from "~/lib/locale.ts";
import { todayInIndia } from "~/lib/india-date.ts";
import { formatDate } from "~/lib/format.ts";
import { CalendarControl, RemindersControl } from "./my-controls.tsx";
import type { SavedEntryData } from "./saved-data.ts";
import { savedIds, useSavedStore, writeStore, type SavedItem, type SavedStatus } from "./store.ts";
import { fetchSavedData, keepOffline, syncServerCopies } from "./sync.ts";
import { clashes, type Clash } from "./clashes.ts";
import { past, upcoming, type Upcoming } from "./windows.ts";
import { upcomingLine } from "./words.ts";

type Words = ReturnType<typeof useT<"myExams">>;

const STATUSES: readonly SavedStatus[] = [
  "interested",
  "applied",
  "admitCard",
  "appeared",
  "result",
];

/** One saved entry as /my shows it: its data (if public), its windows and its job's news. */
interface Group {
  item: SavedItem;
  data: SavedEntryData | undefined;
  title: string;
  ahead: Upcoming[];
  next: Upcoming | undefined;
}

/**
 * /my (issue 28): the saved entries, soonest next date first, each with what comes after it, its
 * job's admit card, answer key and result, a status of the reader's own, and clash warnings.
 * Rendered in the browser only: the list and the statuses never leave the device.
 */
export function MyExams({ today: serverToday }: { today: string }) {
  const t = useT("myExams");
  const locale = useLocale();
  const to = useLocalePath();
  const store = useSavedStore();
  const hydrated = useHydrated();
  const [offline, setOffline] = useState(false);
  const ids = savedIds(store).join(",");
  useEffect(() => {
    if (!ids) return;
    // The worker keeps /my and the saved pages for offline reading.
    void keepOffline();
    let live = true;
    void fetchSavedData(ids.split(",")).then((r) => live && setOffline(r.offline));
    return () => {
      live = false;
    };
  }, [ids]);

  const today = hydrated ? todayInIndia() : serverToday;
  const entries = new Map(store.snapshot?.entries.map((e) => [e.id, e]));
  const title = (e: { title: string; hiTitle: string | null }) =>
    (locale === "hi" && e.hiTitle) || e.title;
  const groups: Group[] = store.items.map((item) => {
    const data = entries.get(item.id);
    const windows = data ? [data, ...data.related].flatMap((x) => x.windows) : [];
    const ahead = upcoming(windows, today);
    return { item, data, title: data ? title(data) : item.title, ahead, next: ahead[0] };
  });
  groups.sort((a, b) => {
    if (!a.next || !b.next) return a.next ? -1 : b.next ? 1 : 0;
    return a.next.on < b.next.on ? -1 : a.next.on > b.next.on ? 1 : 0;
  });
  const clashList = clashes(
    groups.map((g) => ({
      id: g.item.id,
      windows: g.data ? [g.data, ...g.data.related].flatMap((x) => x.windows) : [],
    })),
    today,
  );

  return (
    <main className="mx-auto max-w-3xl space-y-4">
      <h1 className="text-2xl font-semibold text-ink">{t.title}</h1>
      <p className="text-muted">{t.intro}</p>
      <noscript>
        <p className="rounded-app border border-amber-300 bg-amber-50 px-4 py-3">
          {t.noScript} <a href={to("/jobs")}>{to("/jobs")}</a>
        </p>
      </noscript>
      {!hydrated ? (
        // The list is drawn once the browser can read it (the noscript note says why not).
        <div className="min-h-24" aria-busy="true" />
      ) : store.items.length === 0 ? (
        <section
          className="rounded-app border border-stone-200 bg-white p-4"
          data-testid="my-empty"
        >
          <h2 className="text-lg font-semibold text-ink">{t.empty.title}</h2>
          <p className="mt-1">{t.empty.body}</p>
          <a
            href={to("/eligibility")}
            className="mt-3 inline-block rounded-app bg-primary px-4 py-2 font-semibold text-white no-underline hover:bg-primary-dark"
          >
            {t.empty.finder}
          </a>
        </section>
      ) : (
        <>
          {offline && (
            <p role="status" className="rounded-app bg-amber-100 px-4 py-2 text-sm text-amber-950">
              {t.offline}
            </p>
          )}
          {clashList.length > 0 && <Clashes list={clashList} groups={groups} t={t} />}
          <ol className="space-y-3" aria-label={t.title}>
            {groups.map((g) => (
              <SavedCard key={g.item.id} group={g} today={today} clashed={clashList} />
            ))}
          </ol>
          <RemindersControl />
          <CalendarControl />
        </>
      )}
    </main>
  );
}

function Clashes({ list, groups, t }: { list: Clash[]; groups: Group[]; t: Words }) {
  const locale = useLocale();
  const name = (id: string) => groups.find((g) => g.item.id === id)?.title ?? "";
  return (
    <section
      role="alert"
      className="rounded-app border border-red-300 bg-red-50 px-4 py-3 text-red-800"
      data-testid="my-clashes"
    >
      <h2 className="font-semibold">{t.clashHeading}</h2>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {list.map((c) => (
          <li key={`${c.a}-${c.b}`}>
            {fmt(c.code === "sameDay" ? t.clashSameDay : t.clashOverlap, {
              a: name(c.a),
              b: name(c.b),
              date: formatDate(c.on, locale),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function SavedCard({ group, today, clashed }: { group: Group; today: string; clashed: Clash[] }) {
  const t = useT("myExams");
  const words = useT("saved");
  const snapshot = useSavedStore().snapshot;
  const locale = useLocale();
  const { item, data, next, ahead } = group;
  const page = localePath(locale, data?.path ?? item.path);
  const clash = clashed.some((c) => c.a === item.id || c.b === item.id);
  const update = (change: (i: SavedItem) => SavedItem | null) => {
    const next = writeStore((s) => ({
      ...s,
      items: s.items.flatMap((i) => (i.id === item.id ? [change(i)].filter((x) => !!x) : [i])),
    }));
    void keepOffline();
    void syncServerCopies(next);
  };
  const lastDone = data
    ? past(
        [data, ...data.related].flatMap((x) => x.windows),
        today,
      )[0]
    : undefined;
  return (
    <li
      className={`rounded-app border bg-white p-3 sm:p-4 ${clash ? "border-red-300" : "border-stone-200"}`}
      data-saved={item.id}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        {/* A plain link: offline, the document is served from the saved copy. */}
        <a href={page} className="font-semibold text-accent underline-offset-2 hover:underline">
          {group.title}
        </a>
        {data && <span className="text-sm text-muted">{data.organization}</span>}
      </div>
      {!data ? (
        <p className="mt-1 text-sm text-muted">
          {snapshot && snapshot.at >= item.at ? t.gone : t.loading}
        </p>
      ) : (
        <>
          <p className="mt-1 font-semibold text-ink" data-testid="next-window">
            {next
              ? upcomingLine(next, t, locale, today)
              : lastDone
                ? t.done[lastDone.code]
                : t.nothingAhead}
          </p>
          {ahead.length > 1 && (
            <ul className="mt-1 flex flex-wrap gap-x-4 text-sm text-muted">
              {ahead.slice(1, 5).map((u) => (
                <li key={`${u.window.field}-${u.on}`}>{upcomingLine(u, t, locale, today)}</li>
              ))}
            </ul>
          )}
          {data.related.length > 0 && (
            <div className="mt-2 border-l-4 border-accent-light pl-3">
              <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">
                {t.related}
              </h3>
              <ul className="text-sm">
                {data.related.map((r) => (
                  <li key={r.id}>
                    <a href={localePath(locale, r.path)} className="text-accent hover:underline">
                      {(locale === "hi" && r.hiTitle) || r.title}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <label className="flex items-center gap-2">
          <span className="font-semibold">{t.statusLabel}</span>
          <select
            value={item.status ?? "interested"}
            onChange={(e) =>
              update((i) => ({ ...i, status: e.target.value as SavedItem["status"] }))
            }
            className="rounded-app border border-stone-300 bg-white px-2 py-1"
          >
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t.statuses[s]}
              </option>
            ))}
          </select>
        </label>
        {data && (
          <a
            href={localePath(locale, `/calendar/${item.id}.ics`)}
            download
            rel="nofollow"
            className="text-accent hover:underline"
          >
            {words.addToCalendar}
          </a>
        )}
        <button
          type="button"
          onClick={() => update(() => null)}
          className="ml-auto text-red-800 underline underline-offset-2"
        >
          {t.remove}
        </button>
      </div>
    </li>
  );
}
