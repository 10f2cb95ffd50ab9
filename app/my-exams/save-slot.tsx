import { lazy, Suspense } from "react";
import { useHydrated } from "~/lib/use-hydrated.ts";
import type { SaveControlProps } from "./save-control.tsx";

const SaveControl = lazy(() => import("./save-control.tsx"));

/**
 * Where a Save control goes (issue 28): nothing on the server and without JavaScript (the list
 * lives in the browser, and the page stays the same cacheable HTML for everyone); after
 * hydration the control's code loads, once for all the rows of a page.
 */
export function SaveSlot(props: SaveControlProps) {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <SaveControl {...props} />
    </Suspense>
  ) : null;
}
