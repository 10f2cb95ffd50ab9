import { Dialog } from "radix-ui";
import type { RefObject } from "react";
import { NavLink } from "react-router";
import { useLocalePath, useT } from "~/i18n/context.tsx";
import { CloseIcon } from "./close-icon.tsx";
import { DRAWER_GROUPS, needsPushAttribute, useDestinations } from "./destinations.ts";
import { LanguageSwitch } from "./language-switch.tsx";

/** The open drawer of `NavDrawer`, loaded when the menu button is first used. */
export default function NavDrawerDialog({
  siteName,
  onClose,
  returnFocusTo,
}: {
  siteName: string;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}) {
  const t = useT("shell");
  const to = useLocalePath();
  const links = useDestinations(DRAWER_GROUPS);
  const item = "flex min-h-12 items-center border-l-4 px-4 py-2 font-medium no-underline";
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
              className="grid size-11 place-items-center rounded-app hover:bg-white/15"
              aria-label={t.closeMenu}
            >
              <CloseIcon />
            </Dialog.Close>
          </div>
          {/* First, under the title: below fourteen links it was off a 360x740 screen (issue 29). */}
          <LanguageSwitch
            wide
            className={`${item} border-b border-b-stone-200 border-l-transparent hover:bg-primary-light/60`}
          />
          <nav aria-label={t.mainNav}>
            <ul className="py-2">
              {links.map((link, i) => (
                <li
                  key={link.to}
                  {...needsPushAttribute(link.needsPush)}
                  // A line where one group (lists, tools, the site's own pages) ends.
                  className={
                    i > 0 && links[i - 1].group !== link.group
                      ? "mt-2 border-t border-stone-200 pt-2"
                      : ""
                  }
                >
                  <NavLink
                    to={link.to}
                    end={link.to === to("/")}
                    onClick={onClose}
                    className={({ isActive }) =>
                      `${item} hover:bg-primary-light/60 ${
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
