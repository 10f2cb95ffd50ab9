import type { DiffLine, DiffPart } from "./entry-diff.ts";

function Parts({ parts, tone }: { parts: DiffPart[]; tone: "before" | "after" }) {
  if (parts.length === 0) return <span className="text-muted">(empty)</span>;
  const mark = tone === "before" ? "bg-red-100 text-red-900" : "bg-secondary-light text-secondary";
  return (
    <>
      {parts.map((p, i) => (
        // A long address wraps anywhere: in a table it would widen its column off the screen.
        <span key={i} className="block whitespace-pre-line wrap-anywhere">
          {p.label ? <span className="text-xs text-muted">{p.label}: </span> : null}
          {p.changed ? (
            <mark className={`rounded px-0.5 ${mark}`}>{p.text || "(empty)"}</mark>
          ) : (
            p.text
          )}
        </span>
      ))}
    </>
  );
}

/**
 * Two versions side by side; changed lines are tinted and their changed values marked. On a
 * phone each line stacks: the field, then the two versions under their names.
 */
export function DiffTable({
  lines,
  beforeTitle,
  afterTitle,
}: {
  lines: DiffLine[];
  beforeTitle: string;
  afterTitle: string;
}) {
  const cell = "px-3 py-2 max-sm:block max-sm:py-1";
  return (
    <div className="rounded-app border border-stone-200 bg-white sm:overflow-x-auto">
      <table className="w-full text-left text-sm max-sm:block sm:min-w-[36rem] sm:table-fixed">
        <thead className="bg-stone-100 text-xs tracking-wide text-muted uppercase max-sm:sr-only">
          <tr>
            <th scope="col" className="w-1/5 px-3 py-2">
              Field
            </th>
            <th scope="col" className="w-2/5 px-3 py-2">
              {beforeTitle}
            </th>
            <th scope="col" className="w-2/5 px-3 py-2">
              {afterTitle}
            </th>
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {lines.map((line) => (
            <tr
              key={line.key}
              data-changed={line.changed ? "true" : undefined}
              className={`border-t border-stone-100 align-top max-sm:block max-sm:py-1 ${line.changed ? "bg-amber-50" : ""}`}
            >
              <th scope="row" className={`${cell} font-semibold`}>
                <span className="block text-xs font-normal text-muted">{line.section}</span>
                {line.label}
                {line.changed ? <span className="sr-only"> (changed)</span> : null}
              </th>
              <td className={cell}>
                <span className="text-xs font-semibold text-muted sm:hidden">{beforeTitle}: </span>
                <Parts parts={line.before} tone="before" />
              </td>
              <td className={cell}>
                <span className="text-xs font-semibold text-muted sm:hidden">{afterTitle}: </span>
                <Parts parts={line.after} tone="after" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
