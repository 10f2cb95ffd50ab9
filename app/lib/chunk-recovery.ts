/**
 * Recovery from scripts that fail to load (spec §8 "chunk load error"), typically right after a
 * deploy: the page still names the old hashed files, which no longer exist. A full page load of
 * where the visitor was going fetches the new ones. sessionStorage guards against loops.
 */

const INTERRUPTED_KEY = "govjobs:interrupted-navigation";
const RECOVERY_KEY = "govjobs:chunk-recovery";
/** A recovery to the same address within this time is not tried again: it would loop. */
const LOOP_WINDOW_MS = 10_000;
/** An interrupted navigation older than this is not resumed. */
const INTERRUPTED_MAX_AGE_MS = 30_000;

let pending: string | undefined;

function session(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readJson<T>(key: string): T | undefined {
  try {
    const raw = session()?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Note where a client-side navigation is going until it has finished; if the page is left in
 * the meantime, write it down for the next page. Returns the function to call when it finished.
 */
export function rememberNavigation(href: string): () => void {
  pending = href;
  // beforeunload runs inside the location.reload() call, so the note is written before the page
  // goes. Listening only while a navigation is under way keeps the back-forward cache usable.
  const onLeave = () => {
    try {
      const note = { href, from: window.location.href, at: Date.now() };
      session()?.setItem(INTERRUPTED_KEY, JSON.stringify(note));
    } catch {
      // no storage: no recovery, the page works as before
    }
  };
  window.addEventListener("beforeunload", onLeave);
  return () => {
    window.removeEventListener("beforeunload", onLeave);
    if (pending === href) pending = undefined;
  };
}

/** The navigation under way, if any. */
export function pendingNavigation(): string | undefined {
  return pending;
}

/**
 * React Router answers a route script that fails to load with `location.reload()` of the page
 * the visitor is leaving. When this document is such a reload and a navigation was under way,
 * continue to its destination. Returns true when the page is being left.
 */
export function resumeInterruptedNavigation(): boolean {
  const interrupted = readJson<{ href: string; from: string; at: number }>(INTERRUPTED_KEY);
  if (!interrupted) return false;
  session()?.removeItem(INTERRUPTED_KEY);
  // Only a reload of the page that was left: a page left for another address (a full-page
  // redirect, a plain link) is where the visitor meant to go.
  if (interrupted.from !== window.location.href) return false;
  if (Date.now() - interrupted.at > INTERRUPTED_MAX_AGE_MS) return false;
  const target = new URL(interrupted.href, window.location.href);
  if (target.href === window.location.href) return false;
  return loadPage(target.href);
}

/** Whether a recovery to `href` may be tried: on this site, not just tried, storage usable. */
export function canLoadPage(href: string): boolean {
  const target = new URL(href, window.location.href);
  if (target.origin !== window.location.origin || !session()) return false;
  const last = readJson<{ href: string; at: number }>(RECOVERY_KEY);
  return !(last && last.href === target.href && Date.now() - last.at < LOOP_WINDOW_MS);
}

/** A full page load of `href` on this site, unless that was just tried. */
export function loadPage(href: string): boolean {
  if (!canLoadPage(href)) return false;
  const target = new URL(href, window.location.href);
  try {
    session()?.setItem(RECOVERY_KEY, JSON.stringify({ href: target.href, at: Date.now() }));
  } catch {
    return false; // without storage there is no loop guard: better a friendly error than a loop
  }
  window.location.assign(target.href);
  return true;
}

/** Whether an error is a script (chunk) that could not be loaded, in any browser's wording. */
export function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error ?? "");
  return /ChunkLoadError|Loading chunk [\w-]+ failed|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
    text,
  );
}
