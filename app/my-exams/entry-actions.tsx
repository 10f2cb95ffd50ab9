import { useT } from "~/i18n/context.tsx";
import { SaveSlot } from "./save-slot.tsx";
import type { KeyWindow } from "./windows.ts";

export interface EntryActionsProps {
  entry: { id: string; path: string; title: string };
  windows: readonly KeyWindow[];
  /** The ids of the entry's job and the job's other entries. */
  family: readonly string[];
  today: string;
  /** The entry's calendar file, when it has dates. */
  calendarHref: string | null;
}

/**
 * An entry page's My exams bar (issue 28): Save (after hydration; it warns of exam clashes with
 * other saved entries) and "Add to calendar", a plain link that works without JavaScript.
 */
export function EntryActions({ entry, windows, family, today, calendarHref }: EntryActionsProps) {
  const t = useT("saved");
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-2">
      <SaveSlot entry={entry} clash={{ windows, today, family }} />
      {calendarHref && (
        <a
          href={calendarHref}
          download
          rel="nofollow"
          className="inline-flex h-9 items-center gap-1 rounded-app border border-stone-300 bg-white px-3 text-sm font-semibold text-ink no-underline hover:border-primary"
        >
          {t.addToCalendar}
        </a>
      )}
    </div>
  );
}
