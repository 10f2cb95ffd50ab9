import { lazy, Suspense, useEffect, useRef } from "react";
import type { AmIEligibleProps } from "./am-i-eligible.tsx";
import { hasSavedProfile } from "~/content/profile-storage.ts";

/**
 * "Am I eligible?" as an island: the server renders it in full, and the browser loads its code
 * only when someone reaches for it (opens it, touches or focuses it) or has a profile saved on
 * this device. Until then React leaves the server's HTML alone (a suspended boundary stays
 * dehydrated) and the plain HTML form still works: it posts to the job page. So a job page costs
 * every visitor a few hundred bytes of script for it, not the whole check.
 */
let wanted: () => void = () => {};
const needed = new Promise<void>((resolve) => (wanted = resolve));
let hydrated = false;

const load = () => import("./am-i-eligible.tsx").then((m) => ({ default: m.AmIEligible }));
// On the server it loads at once, and the page is written only when all of it is ready, inline
// (entry.server.tsx), so a browser without JavaScript gets the whole form.
const Widget = lazy(() => (typeof document === "undefined" ? load() : needed.then(load)));

export function AmIEligibleIsland(props: AmIEligibleProps) {
  const ref = useRef<HTMLDivElement>(null);
  // After the first page, a page reached by a link renders it on the client: load at once.
  if (hydrated || props.posted) wanted();
  useEffect(() => {
    hydrated = true;
    if (hasSavedProfile()) return wanted();
    const box = ref.current;
    const events = ["pointerdown", "focusin", "toggle", "keydown"] as const;
    const want = () => wanted();
    for (const name of events) box?.addEventListener(name, want, { capture: true, once: true });
    return () => {
      for (const name of events) box?.removeEventListener(name, want, { capture: true });
    };
  }, []);
  return (
    <div ref={ref}>
      <Suspense fallback={<div className="h-11 rounded-app border border-stone-200 bg-white" />}>
        <Widget {...props} />
      </Suspense>
    </div>
  );
}
