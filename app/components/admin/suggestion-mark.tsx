import { createContext, useContext, type ReactNode } from "react";
import type { Source } from "~/notice-import/fact-types.ts";
import type { NoticeView, Suggestion } from "~/notice-import/suggest.ts";

/**
 * The mark a field filled from a notification PDF carries in the entry form (issue 32): that it
 * is a suggestion, and the PDF line it was read from. FieldShell and RowsEditor ask for it by
 * input name; outside a provider (every form but an add form started from a PDF) it is nothing.
 */

const Suggestions = createContext<ReadonlyMap<string, Suggestion>>(new Map());

export function SuggestionsProvider({
  notice,
  children,
}: {
  notice: NoticeView | null;
  children: ReactNode;
}) {
  const map = new Map((notice?.reading?.suggestions ?? []).map((s) => [s.name, s]));
  return <Suggestions.Provider value={map}>{children}</Suggestions.Provider>;
}

export const quote = (source: Source) => `page ${source.page}: “${source.text}”`;

/** Under a suggested field: that it is a suggestion, and the PDF line it was read from. */
export function SuggestionMark({ name }: { name: string }) {
  const suggestion = useContext(Suggestions).get(name);
  if (!suggestion) return null;
  return (
    <div
      className="mt-1 rounded-app border-l-4 border-amber-400 bg-amber-50 px-2 py-1 text-xs text-amber-950"
      data-suggestion={name}
    >
      <p>
        <strong>Suggested from the PDF</strong>
        {suggestion.source ? <>, {quote(suggestion.source)}</> : ": the uploaded PDF itself"}
      </p>
      {suggestion.rowSources?.length ? (
        <ol className="mt-1 list-decimal pl-5">
          {suggestion.rowSources.map((source, i) => (
            <li key={i}>
              Row {i + 1}, {quote(source)}
            </li>
          ))}
        </ol>
      ) : null}
      {suggestion.note ? <p className="mt-1 font-semibold">{suggestion.note}</p> : null}
    </div>
  );
}
