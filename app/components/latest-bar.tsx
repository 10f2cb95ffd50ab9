import { useEffect, useState } from "react";
import { noteInBrowser, warnInBrowser } from "~/lib/browser-log.ts";
import { Link } from "react-router";
import { useLocale, useT } from "~/i18n/context.tsx";
import { updateKind, type UpdateItem } from "~/content/updates.ts";
import { EnglishOnly } from "./english-only.tsx";

interface LatestBarProps {
  /** The server's first state, so the bar is there before any script runs. */
  items: UpdateItem[];
  rotateMs: number;
  refreshMs: number;
}

/**
 * The Latest bar above the header (spec §2, §9): one update at a time with a NEW chip, rotating
 * every `rotateMs`, re-read every `refreshMs`. Hidden when there is nothing to show or the
 * re-read fails; the reasons go to the console only (spec §8).
 */
export function LatestBar({ items: initial, rotateMs, refreshMs }: LatestBarProps) {
  const shell = useT("shell");
  const t = shell.latest;
  const locale = useLocale();
  const [fetched, setFetched] = useState<{ items: UpdateItem[]; failed: boolean } | null>(null);
  const items = fetched?.items ?? initial;
  const [step, setStep] = useState(0);
  // Moving content must be stoppable (WCAG 2.2.2): it rests while pointed at or focused.
  const [paused, setPaused] = useState(false);

  const empty = items.length === 0;
  const failed = fetched?.failed ?? false;
  useEffect(() => {
    if (empty && !failed) noteInBrowser("No updates found.");
  }, [empty, failed]);

  useEffect(() => {
    if (paused || items.length < 2) return;
    const timer = setInterval(() => setStep((s) => s + 1), rotateMs);
    return () => clearInterval(timer);
  }, [paused, items.length, rotateMs]);

  useEffect(() => {
    let active = true;
    const timer = setInterval(() => {
      readLatest(locale === "hi" ? "/hi/updates.json" : "/updates.json").then(
        (latest) => active && setFetched({ items: latest, failed: false }),
        (err: unknown) => {
          if (!active) return;
          warnInBrowser("Failed to load latest updates.", err);
          setFetched({ items: [], failed: true });
        },
      );
    }, refreshMs);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [refreshMs, locale]);

  if (empty) return null;
  const current = items[step % items.length];
  return (
    <section
      aria-label={t.label}
      className="h-bar bg-secondary text-white"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      data-testid="latest-bar"
    >
      <div className="mx-auto flex h-full max-w-6xl items-center gap-3 px-4">
        <span className="shrink-0 rounded-app bg-primary-light px-2 py-0.5 text-xs font-bold tracking-wide text-primary-dark">
          {t.badge}
        </span>
        <Link
          key={current.id}
          to={current.url}
          lang={current.headline ? undefined : current.lang}
          className="min-w-0 truncate py-3 text-sm font-semibold no-underline hover:underline"
        >
          {current.headline ? (
            <>
              {current.headline}: <span lang={current.lang}>{current.title}</span>
            </>
          ) : (
            current.title || t.noTitle
          )}
        </Link>
        <EnglishOnly lang={current.lang} className="shrink-0 border-0" />
        {/* 95% white on the green is 4.7:1; 85% was 4.09:1, below WCAG AA's 4.5:1. */}
        <span className="ml-auto hidden shrink-0 text-xs text-white/95 sm:inline">
          {updateKind(current.type)?.label[locale] ?? current.type}
        </span>
      </div>
    </section>
  );
}

async function readLatest(url: string): Promise<UpdateItem[]> {
  const res = await fetch(url, { headers: { Accept: "application/json" } });
  if (!res.ok) throw new Error(`/updates.json answered ${res.status}`);
  const body = (await res.json()) as { latest?: unknown };
  if (!Array.isArray(body.latest)) throw new Error("/updates.json has no latest list");
  // Spec §9: de-duplicated by id.
  const seen = new Set<string>();
  return (body.latest as UpdateItem[]).filter((item) =>
    seen.has(item.id) ? false : (seen.add(item.id), true),
  );
}
