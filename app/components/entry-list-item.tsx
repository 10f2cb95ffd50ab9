import { Link } from "react-router";
import type { ListedEntry } from "~/content/entry-shapes.ts";
import { useLocale, useT } from "~/i18n/context.tsx";
import { formatDate, isClosed, isNew } from "~/lib/format.ts";
import { EnglishOnly } from "./english-only.tsx";
import { stripLocale } from "~/lib/locale.ts";
import { SaveSlot } from "~/my-exams/save-slot.tsx";

/**
 * One row of a list: the title as a link, who published it, when, and for jobs the last date.
 * NEW marks the last three days' entries (never a closed job); Closed marks a job whose last
 * date has passed.
 */
export function EntryListItem({
  entry,
  href,
  now,
  today,
  showLastDate,
}: {
  entry: ListedEntry;
  href: string;
  /** The server's clock (ISO) and today's date in India, so the browser draws the same markers. */
  now: string;
  today: string;
  showLastDate: boolean;
}) {
  const t = useT("common");
  const locale = useLocale();
  const closed = showLastDate && isClosed(entry.lastDate, today);
  return (
    <li className="px-4 pt-0.5 pb-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
        <Link
          to={href}
          lang={entry.lang}
          // 44 px tall at least: a list row is a thumb's target (issue 29).
          className="min-w-0 py-2.5 font-semibold wrap-anywhere text-accent underline-offset-2 hover:underline"
        >
          {entry.title}
        </Link>
        {isNew(entry, now, today) && (
          <span className="rounded-app bg-primary px-1.5 py-0.5 text-xs font-bold text-white">
            {t.new}
          </span>
        )}
        <EnglishOnly lang={entry.lang} />
        {closed && (
          <span className="rounded-app bg-red-100 px-1.5 py-0.5 text-xs font-bold text-red-800">
            {t.closed}
          </span>
        )}
        <span className="ml-auto">
          <SaveSlot entry={{ id: entry.id, path: stripLocale(href), title: entry.title }} compact />
        </span>
      </div>
      <p className="text-sm wrap-anywhere text-muted">{entry.organization}</p>
      <p className="mt-1 flex flex-wrap gap-x-4 text-xs text-muted">
        {entry.publishedAt && (
          <span>
            {t.posted}{" "}
            <time dateTime={entry.publishedAt}>{formatDate(entry.publishedAt, locale)}</time>
          </span>
        )}
        {entry.updatedAt && (
          <span>
            {t.updated}{" "}
            <time dateTime={entry.updatedAt}>{formatDate(entry.updatedAt, locale)}</time>
          </span>
        )}
        {entry.keyDate && (
          <span className={entry.keyDate.tone === "closed" ? "" : "font-semibold text-ink"}>
            {entry.keyDate.standalone
              ? entry.keyDate.value
              : `${entry.keyDate.label}: ${entry.keyDate.value}`}
          </span>
        )}
      </p>
    </li>
  );
}
