import { useT } from "~/i18n/context.tsx";

/**
 * "केवल अंग्रेज़ी में": said beside an entry that has no Hindi, wherever a Hindi page shows it
 * (lists, the bell, the Latest bar, search, the finder, the entry's own page; issue 29), so a
 * reader who does not read English knows before opening it. `lang` is the entry's title's
 * (`titleIn`): "en" only there.
 */
export function EnglishOnly({ lang, className = "" }: { lang?: string; className?: string }) {
  // Only a Hindi page has the words (the admin's preview never marks anything).
  return lang === "en" ? <Marker className={className} /> : null;
}

function Marker({ className }: { className: string }) {
  const t = useT("common");
  return (
    <span
      className={`inline-block rounded-app border border-stone-300 bg-stone-100 px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap text-ink ${className}`}
    >
      {t.englishOnly}
    </span>
  );
}

/**
 * An entry's title inside a row that is one link (issue 29: the whole row is the target): the
 * title in its language (`data-title`), then the marker when it has no Hindi.
 */
export function RowTitle({
  title,
  lang,
  className,
}: {
  title: string;
  lang?: string;
  className: string;
}) {
  return (
    <>
      <span lang={lang} data-title className={`${className} group-hover:underline`}>
        {title}
      </span>{" "}
      <EnglishOnly lang={lang} />
    </>
  );
}
