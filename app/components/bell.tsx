import { Popover } from "radix-ui";
import { useId, useState, useSyncExternalStore } from "react";
import { Link } from "react-router";
import type { UpdateItem } from "~/server/updates.server.ts";
import { Spinner } from "./spinner.tsx";

/** Spec §3: what the bell shows for an item without a title. */
export const NEW_ITEM = "New Item";
export const BELL_EMPTY = "No new updates right now.";

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
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<UpdateItem[] | null>(null);
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  const lastSeen = useSyncExternalStore(subscribeSeen, readSeen, () => null);
  const titleId = useId();

  const known = items ? items.map((i) => i.createdAt) : stamps;
  // Unknown until the browser has read localStorage: no badge rather than a wrong one.
  const count = lastSeen === null ? null : known.filter((at) => at > lastSeen).length;

  async function load() {
    setState("loading");
    try {
      const res = await fetch("/updates.json", { headers: { Accept: "application/json" } });
      if (!res.ok) throw new Error(`/updates.json answered ${res.status}`);
      const body = (await res.json()) as { bell?: unknown };
      setItems(Array.isArray(body.bell) ? (body.bell as UpdateItem[]) : []);
      setState("idle");
    } catch (err) {
      // Spec §8: logged only; the list stays empty (and the next opening tries again).
      console.warn("Failed to load recent updates.", err);
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
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>
        <button
          type="button"
          className="relative grid size-10 shrink-0 place-items-center rounded-app hover:bg-white/15"
          aria-label={count ? `Recent Updates, ${count} new` : "Recent Updates"}
          data-count={count ?? undefined}
          data-testid="bell"
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
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={titleId}
          className="z-50 w-popover max-w-[calc(100vw-16px)] overflow-hidden rounded-app border border-stone-200 bg-white text-ink shadow-xl"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <h2 id={titleId} className="text-base font-semibold">
              Recent Updates
            </h2>
            <Popover.Close
              className="grid size-8 place-items-center rounded-app text-muted hover:bg-stone-100"
              aria-label="Close recent updates"
            >
              <CloseIcon />
            </Popover.Close>
          </div>
          <div className="max-h-[400px] overflow-y-auto" data-testid="bell-list">
            {state === "loading" ? (
              <div className="flex justify-center p-6">
                <Spinner label="Loading updates" />
              </div>
            ) : items && items.length > 0 ? (
              <ul className="divide-y divide-stone-100">
                {items.map((item) => (
                  <li key={item.id}>
                    <Link
                      to={item.url}
                      onClick={() => onOpenChange(false)}
                      className="block px-4 py-3 no-underline hover:bg-primary-light/50 focus-visible:bg-primary-light/50"
                    >
                      <span className="line-clamp-2 text-sm font-medium">
                        {item.title || NEW_ITEM}
                      </span>
                      <span className="mt-1 flex items-center gap-2 text-xs text-muted">
                        <span
                          className={`rounded-app px-1.5 py-0.5 font-semibold ${TYPE_STYLE[item.type] ?? ""}`}
                        >
                          {item.type}
                        </span>
                        <time dateTime={item.createdAt}>{shortDate(item.createdAt)}</time>
                        {lastSeen !== null && item.createdAt > lastSeen && (
                          <span className="font-semibold text-primary-dark">New</span>
                        )}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="p-4 text-sm text-muted">{BELL_EMPTY}</p>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

const TYPE_STYLE: Record<string, string> = {
  Job: "bg-primary-light text-primary-dark",
  Result: "bg-secondary-light text-secondary",
  "Admit Card": "bg-accent-light text-accent",
};

function shortDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ""
    : d.toLocaleDateString("en-IN", { day: "numeric", month: "short", year: "numeric" });
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

export function CloseIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M18 6 6 18M6 6l12 12" />
    </svg>
  );
}
