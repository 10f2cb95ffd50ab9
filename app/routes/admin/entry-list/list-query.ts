import { z } from "zod";
import { STATUSES } from "~/content/kinds/schema.ts";
import type { AdminSort } from "~/entries/admin.repository.server.ts";

export const ADMIN_SORTS = [
  "updated",
  "title",
  "published",
  "last-date",
] as const satisfies AdminSort[];

export const SORT_LABELS: Record<(typeof ADMIN_SORTS)[number], string> = {
  updated: "Last changed",
  title: "Title (A–Z)",
  published: "Published date",
  "last-date": "Last date to apply",
};

// A bad query parameter falls back to its default instead of failing the page.
const ListQuery = z.object({
  q: z.string().trim().max(200).catch(""),
  status: z.enum(STATUSES).optional().catch(undefined),
  sort: z.enum(ADMIN_SORTS).catch("updated"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export type ListQuery = z.infer<typeof ListQuery>;

/** The list's own query parameters (search, status tab, sort, page), defaults for bad ones. */
export function readListQuery(url: URL): ListQuery {
  return ListQuery.parse({
    q: url.searchParams.get("q") ?? "",
    status: url.searchParams.get("status") || undefined,
    sort: url.searchParams.get("sort") ?? "updated",
    page: url.searchParams.get("page") ?? "1",
  });
}

/** The list's own parameters, re-encoded: the only query a redirect back may carry. */
export function listSearch(query: ListQuery, extra: Record<string, string> = {}) {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  if (query.sort !== "updated") params.set("sort", query.sort);
  if (query.page > 1) params.set("page", String(query.page));
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  const s = params.toString();
  return s ? `?${s}` : "";
}
