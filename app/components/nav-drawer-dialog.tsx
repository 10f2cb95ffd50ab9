import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { NavLink } from "react-router";
import { useT } from "~/i18n/context.tsx";
import { CloseIcon } from "./bell.tsx";

/** The open drawer of `NavDrawer`, loaded when the menu button is first used. */
export default function NavDrawerDialog({
  siteName,
  links,
  onClose,
  returnFocusTo,
}: {
  siteName: string;
  links: readonly { to: string; label: string }[];
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT("shell");
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-drawer flex-col overflow-y-auto bg-white text-ink shadow-2xl"
          data-testid="nav-drawer"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
        >
          <div className="flex items-center justify-between bg-primary px-4 py-3 text-white">
            <Dialog.Title className="truncate text-lg font-semibold">{siteName}</Dialog.Title>
            <Dialog.Close
              className="grid size-10 place-items-center rounded-app hover:bg-white/15"
              aria-label={t.closeMenu}
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          <nav aria-label={t.mainNav}>
            <ul className="py-2">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end={link === links[0]}
                    onClick={onClose}
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
