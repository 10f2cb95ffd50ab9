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
 * An entry page's My exams bar (issue 28): "Add to calendar", a plain link that works without
 * JavaScript, then Save (after hydration; it warns of exam clashes with other saved entries).
 * Save comes after the link and the bar is already as tall as a phone's 44 px button, so that
 * the button arriving after hydration moves nothing on the page (it moved the whole page below
 * the bar by 8 px and the link sideways: Lighthouse's layout shift 0.067 on the Hindi job page).
 */
export function EntryActions({ entry, windows, family, today, calendarHref }: EntryActionsProps) {
  const t = useT("saved");
  return (
    <div className="flex min-h-11 flex-wrap items-center gap-2 md:min-h-9">
      {calendarHref && (
        <a
          href={calendarHref}
          download
          rel="nofollow"
          className="inline-flex h-11 items-center gap-1 rounded-app border border-stone-300 bg-white px-3 text-sm font-semibold text-ink no-underline hover:border-primary md:h-9"
        >
          {t.addToCalendar}
        </a>
      )}
      <SaveSlot entry={entry} clash={{ windows, today, family }} />
    </div>
  );
}
