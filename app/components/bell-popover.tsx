import { Popover } from "radix-ui";
import { useId, type RefObject } from "react";
import { Link } from "react-router";
import { updateKind, type UpdateItem } from "~/content/updates.ts";
import type { KindLine } from "~/content/kinds.ts";
import { useLocale, useT } from "~/i18n/context.tsx";
import { LOCALE_TAG, type Locale } from "~/lib/locale.ts";
import { CloseIcon } from "./close-icon.tsx";
import { EnglishOnly } from "./english-only.tsx";
import { Spinner } from "./spinner.tsx";

/**
 * The open Recent Updates popover, loaded on first interaction with the bell (it carries Radix's
 * positioning and focus code, which most visitors never need). The bell's own button is its anchor;
 * Radix moves focus in when it opens, and Esc, a click outside or the close button close it.
 */
export default function BellPopover({
  anchor,
  onOpenChange,
  state,
  items,
  lastSeen,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  onOpenChange: (open: boolean) => void;
  state: "idle" | "loading" | "failed";
  items: UpdateItem[] | null;
  lastSeen: string | null;
}) {
  const titleId = useId();
  const shell = useT("shell");
  const t = shell.bell;
  const locale = useLocale();
  return (
    <Popover.Root open onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={anchor as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          aria-labelledby={titleId}
          className="z-50 w-popover max-w-[calc(100vw-16px)] overflow-hidden rounded-app border border-stone-200 bg-white text-ink shadow-xl"
          // A click on the bell itself toggles it through the bell's own handler.
          onInteractOutside={(event) => {
            if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            anchor.current?.focus();
          }}
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-4 py-3">
            <h2 id={titleId} className="text-base font-semibold">
              {t.title}
            </h2>
            <Popover.Close
              className="grid size-8 place-items-center rounded-app text-muted hover:bg-stone-100"
              aria-label={t.close}
            >
              <CloseIcon />
            </Popover.Close>
          </div>
          <div className="max-h-[400px] overflow-y-auto" data-testid="bell-list">
            {state === "loading" ? (
              <div className="flex justify-center p-6">
                <Spinner label={t.loading} />
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
                      <span
                        lang={item.headline ? undefined : item.lang}
                        className="line-clamp-2 text-sm font-medium"
                      >
                        {item.headline ? (
                          <>
                            {item.headline}: <span lang={item.lang}>{item.title}</span>
                          </>
                        ) : (
                          item.title || t.newItem
                        )}
                      </span>
                      <span className="mt-1 flex items-center gap-2 text-xs text-muted">
                        <TypeBadge type={item.type} locale={locale} />
                        <time dateTime={item.createdAt}>
                          {shortDate(item.createdAt, LOCALE_TAG[locale])}
                        </time>
                        <EnglishOnly lang={item.lang} />
                        {lastSeen !== null && item.createdAt > lastSeen && (
                          <span className="font-semibold text-primary-dark">{t.new}</span>
                        )}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="p-4 text-sm text-muted">{t.empty}</p>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

const BADGE: Record<KindLine["badge"], string> = {
  primary: "bg-primary-light text-primary-dark",
  secondary: "bg-secondary-light text-secondary",
  accent: "bg-accent-light text-accent",
};

/** An update's kind, in the page's language, in the kind's colour. */
function TypeBadge({ type, locale }: { type: string; locale: Locale }) {
  const kind = updateKind(type);
  return (
    <span className={`rounded-app px-1.5 py-0.5 font-semibold ${kind ? BADGE[kind.badge] : ""}`}>
      {kind?.label[locale] ?? type}
    </span>
  );
}

function shortDate(iso: string, tag: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ""
    : d.toLocaleDateString(tag, { day: "numeric", month: "short", year: "numeric" });
}
