import { lazy, Suspense, useRef, useState, useSyncExternalStore } from "react";
import { warnInBrowser } from "~/lib/browser-log.ts";
import { useLocale, useT } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import type { UpdateItem } from "~/content/updates.ts";

const loadPopover = () => import("./bell-popover.tsx");
const BellPopover = lazy(loadPopover);
/** Fetch the popover's code early (a failure shows when the bell is opened, not here). */
const preloadPopover = () => void loadPopover().catch(() => {});

interface BellProps {
  /** When each of the server's bell items went public: the badge counts those not yet seen. */
  stamps: string[];
}

/**
 * The bell (spec §2, §9): a badge with the number of updates the visitor has not seen, and a
 * Recent Updates popover that reads /updates.json when first opened. Closing it marks everything
 * as seen (badge 0); the newest time seen is kept in localStorage, so a returning visitor counts
 * only what is new since.
 */
export function Bell({ stamps }: BellProps) {
  const t = useT("shell").bell;
  const locale = useLocale();
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<UpdateItem[] | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const lastSeen = useSyncExternalStore(subscribeSeen, readSeen, () => null);
  const button = useRef<HTMLButtonElement>(null);

  const known = items ? items.map((i) => i.createdAt) : stamps;
  // Unknown until the browser has read localStorage: no badge rather than a wrong one.
  const count = lastSeen === null ? null : known.filter((at) => at > lastSeen).length;

  async function load() {
    setState("loading");
    try {
      const res = await fetch(locale === "hi" ? "/hi/updates.json" : "/updates.json", {
        headers: { Accept: "application/json" },
      });
      if (!res.ok) throw new Error(`/updates.json answered ${res.status}`);
      const body = (await res.json()) as { bell?: unknown };
      setItems(Array.isArray(body.bell) ? (body.bell as UpdateItem[]) : []);
      setState("idle");
    } catch (err) {
      // Spec §8: logged only; the list stays empty (and the next opening tries again).
      warnInBrowser("Failed to load recent updates.", err);
      setItems([]);
      setState("failed");
    }
  }

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (next && (items === null || state === "failed")) void load();
    if (!next) {
      const newest = known.reduce((a, b) => (b > a ? b : a), lastSeen ?? "");
      if (newest && newest !== lastSeen) writeSeen(newest);
    }
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className="relative grid size-11 shrink-0 place-items-center rounded-app hover:bg-white/15"
        aria-label={count ? fmt(t.withCount, { count }) : t.title}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-count={count ?? undefined}
        data-testid="bell"
        // The popover's code (Radix) is fetched on the first sign of interest, not with the page.
        onPointerEnter={preloadPopover}
        onFocus={preloadPopover}
        onClick={() => onOpenChange(!open)}
      >
        <BellIcon />
        {count ? (
          <span
            aria-hidden="true"
            data-testid="bell-badge"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-white px-1 text-xs leading-none font-bold text-primary-dark shadow"
          >
            {count}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <BellPopover
            anchor={button}
            onOpenChange={onOpenChange}
            state={state}
            items={items}
            lastSeen={lastSeen}
          />
        </Suspense>
      ) : null}
    </>
  );
}

// The newest update time the visitor has seen. localStorage may be unavailable (private modes,
// full storage): then it lasts as long as the page.
const SEEN_KEY = "govjobs:bell-seen";
let seenInMemory: string | undefined;
const seenListeners = new Set<() => void>();

function readSeen(): string {
  if (seenInMemory !== undefined) return seenInMemory;
  try {
    return localStorage.getItem(SEEN_KEY) ?? "";
  } catch {
    return "";
  }
}

function writeSeen(value: string) {
  seenInMemory = value;
  try {
    localStorage.setItem(SEEN_KEY, value);
  } catch {
    // kept in memory only
  }
  for (const listener of seenListeners) listener();
}

function subscribeSeen(listener: () => void) {
  seenListeners.add(listener);
  // Another tab closed its bell: this one follows.
  const onStorage = (e: StorageEvent) => {
    if (e.key !== SEEN_KEY) return;
    seenInMemory = undefined;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    seenListeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function BellIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  );
}
