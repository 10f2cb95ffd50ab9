import { Link } from "react-router";
import { useT } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";

/** The address of page `page` of a list, keeping its other query parameters (filters, q). */
export function pageHref(
  path: string,
  params: Readonly<Record<string, string | undefined>>,
  page: number,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value && key !== "page") query.set(key, value);
  }
  if (page > 1) query.set("page", String(page));
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Which page numbers to show: the first, the last, and two either side of the current one. */
export function pageWindow(page: number, pages: number): (number | "gap")[] {
  const shown = new Set([1, pages, page - 2, page - 1, page, page + 1, page + 2]);
  const list = [...shown].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  for (const n of list) {
    const prev = out.at(-1);
    if (typeof prev === "number" && n - prev > 1) out.push("gap");
    out.push(n);
  }
  return out;
}

/** Plain links, so paging works without JavaScript. */
export function Pagination({
  path,
  params,
  page,
  pages,
}: {
  path: string;
  params: Readonly<Record<string, string | undefined>>;
  page: number;
  pages: number;
}) {
  const t = useT("common");
  if (pages <= 1) return null;
  const item =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-app border px-3 py-2 text-sm no-underline";
  return (
    <nav aria-label={t.pages} className="mt-6">
      <ul className="flex flex-wrap items-center gap-2">
        {page > 1 && (
          <li>
            <Link
              to={pageHref(path, params, page - 1)}
              rel="prev"
              className={`${item} border-stone-300 bg-white text-accent hover:bg-stone-100`}
            >
              {t.previous}
            </Link>
          </li>
        )}
        {pageWindow(page, pages).map((n, i) =>
          n === "gap" ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span
                  aria-current="page"
                  className={`${item} border-primary bg-primary font-semibold text-white`}
                >
                  {n}
                </span>
              ) : (
                <Link
                  to={pageHref(path, params, n)}
                  aria-label={fmt(t.pageN, { n })}
                  className={`${item} border-stone-300 bg-white text-accent hover:bg-stone-100`}
                >
                  {n}
                </Link>
              )}
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <Link
              to={pageHref(path, params, page + 1)}
              rel="next"
              className={`${item} border-stone-300 bg-white text-accent hover:bg-stone-100`}
            >
              {t.next}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}
