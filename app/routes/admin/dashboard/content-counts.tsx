import { Link } from "react-router";
import { STATUS_LABELS } from "~/components/admin/status-badge.tsx";
import { KIND_LIST } from "~/content/registry.ts";
import { STATUSES } from "~/content/kinds/schema.ts";
import { card, h2 } from "./card.ts";
import type { Route } from "../+types/dashboard";

type Data = Route.ComponentProps["loaderData"];

/**
 * How many entries of each kind are in each status, each count a link to that list: an author's
 * own entries (what their lists show them), everyone's for an editor.
 */
export function ContentCounts({ counts, own }: Pick<Data, "counts"> & { own: boolean }) {
  return (
    <section className={card} aria-labelledby="counts-title">
      <h2 id="counts-title" className={h2}>
        {own ? "Yours, by kind" : "Content"}
      </h2>
      {/* Narrow screens: one line per kind, published first; wider ones get the full table. */}
      <ul className="divide-y divide-stone-100 text-sm sm:hidden">
        {KIND_LIST.map((k) => (
          <li key={k.kind} className="py-2">
            <Link to={`/admin/${k.adminSegment}`} className="font-semibold text-accent underline">
              {k.plural}
            </Link>
            <span className="block text-muted">
              {(["published", "draft", "scheduled", "archived"] as const)
                .filter((s) => counts[k.kind][s] > 0)
                .map((s) => `${counts[k.kind][s]} ${STATUS_LABELS[s].toLowerCase()}`)
                .join(" · ") || "none yet"}
              {counts[k.kind].trash > 0 ? ` · ${counts[k.kind].trash} in trash` : ""}
            </span>
          </li>
        ))}
      </ul>
      <div className="hidden sm:block">
        <table className="w-full text-left text-sm">
          <thead className="text-xs tracking-wide text-muted uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3">
                Kind
              </th>
              {STATUSES.map((s) => (
                <th key={s} scope="col" className="px-2 py-2 text-right">
                  {STATUS_LABELS[s]}
                </th>
              ))}
              <th scope="col" className="py-2 pl-2 text-right">
                Trash
              </th>
            </tr>
          </thead>
          <tbody>
            {KIND_LIST.map((k) => (
              <tr key={k.kind} className="border-t border-stone-100">
                <th scope="row" className="py-2 pr-3 font-semibold">
                  <Link to={`/admin/${k.adminSegment}`} className="text-accent underline">
                    {k.plural}
                  </Link>
                </th>
                {STATUSES.map((s) => (
                  <td key={s} className="px-2 py-2 text-right tabular-nums">
                    {counts[k.kind][s] > 0 ? (
                      <Link
                        to={`/admin/${k.adminSegment}?status=${s}`}
                        className="underline decoration-stone-300"
                        aria-label={`${counts[k.kind][s]} ${STATUS_LABELS[s].toLowerCase()} ${k.plural.toLowerCase()}`}
                      >
                        {counts[k.kind][s]}
                      </Link>
                    ) : (
                      <span className="text-stone-400">0</span>
                    )}
                  </td>
                ))}
                <td className="py-2 pl-2 text-right tabular-nums">
                  {counts[k.kind].trash > 0 ? (
                    <Link to="/admin/trash" className="underline decoration-stone-300">
                      {counts[k.kind].trash}
                    </Link>
                  ) : (
                    <span className="text-stone-400">0</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
