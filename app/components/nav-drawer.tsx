import { Dialog } from "radix-ui";
import { useState } from "react";
import { NavLink } from "react-router";
import { CloseIcon } from "./bell.tsx";

/**
 * The main links on narrow screens (< 768 px, spec §2, §9): a 260 px side drawer. Radix traps
 * focus inside, Esc and the overlay close it, and focus returns to the menu button. Without
 * JavaScript the same links are in the footer.
 */
export function NavDrawer({
  siteName,
  links,
}: {
  siteName: string;
  links: readonly { to: string; label: string }[];
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <button
          type="button"
          className="grid size-10 shrink-0 place-items-center rounded-app hover:bg-white/15 md:hidden"
          aria-label="Open menu"
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
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-drawer flex-col overflow-y-auto bg-white text-ink shadow-2xl"
          data-testid="nav-drawer"
        >
          <div className="flex items-center justify-between bg-primary px-4 py-3 text-white">
            <Dialog.Title className="truncate text-lg font-semibold">{siteName}</Dialog.Title>
            <Dialog.Close
              className="grid size-10 place-items-center rounded-app hover:bg-white/15"
              aria-label="Close menu"
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label="Main">
            <ul className="py-2">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link.to === "/"}
                    onClick={() => setOpen(false)}
                    className={({ isActive }) =>
                      `block border-l-4 px-4 py-3 font-medium no-underline hover:bg-primary-light/60 ${
                        isActive
                          ? "border-primary bg-primary-light/60 text-primary-dark"
                          : "border-transparent"
                      }`
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
