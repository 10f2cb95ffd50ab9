import type { RelatedEntry } from "~/content/entry-shapes.ts";
import { REGISTRY } from "~/content/registry.ts";
import { localePath, type Locale } from "~/lib/locale.ts";
import type { Entry } from "~/content/entry.ts";
import type { EntryActionsProps } from "./entry-actions.tsx";
import { keyWindows } from "./windows.ts";

/** What an entry page's My exams bar needs (issue 28): its windows, its family, its file. */
export function entryActions(
  entry: Entry,
  related: readonly RelatedEntry[],
  locale: Locale,
  today: string,
): EntryActionsProps {
  const windows = keyWindows(entry.kind, entry.data);
  return {
    entry: {
      id: entry.id,
      path: `${REGISTRY[entry.kind].urlPrefix}/${entry.slug}`,
      title: (locale === "hi" && entry.hiTitle) || entry.title,
    },
    windows,
    family: related.map((r) => r.id),
    today,
    calendarHref: windows.length ? localePath(locale, `/calendar/${entry.id}.ics`) : null,
  };
}
