import { lazy, Suspense, useRef, useState } from "react";
import { useT } from "~/i18n/context.tsx";

const loadDrawer = () => import("./nav-drawer-dialog.tsx");
const DrawerDialog = lazy(loadDrawer);
/** Fetch the drawer's code early (a failure shows when the menu is opened, not here). */
const preloadDrawer = () => void loadDrawer().catch(() => {});

/**
 * Every destination on narrow screens (< 768 px, spec §2, §9; issue 29): a 260 px side drawer
 * with the lists, the tools, the site's own pages and the language switch. Its dialog (Radix:
 * focus trapped inside, Esc and the overlay close it, focus back on the menu button) is loaded on
 * the first touch of the button. Without JavaScript the same links are in the footer.
 */
export function NavDrawer({ siteName }: { siteName: string }) {
  const t = useT("shell");
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="grid size-11 shrink-0 place-items-center rounded-app hover:bg-white/15 md:hidden"
        aria-label={t.openMenu}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preloadDrawer}
        onTouchStart={preloadDrawer}
        onFocus={preloadDrawer}
        onClick={() => setOpen(true)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DrawerDialog siteName={siteName} onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
