import type { ListedEntry } from "~/components/entry-list-item.tsx";
import type { EntryData } from "~/content/fields.ts";
import { listFact } from "~/content/glance.ts";
import type { EntrySummary } from "./entries/shared.server.ts";

/** A loader's entry as a list row: its one key date, and when a key fact last changed. */
export function listedEntry(
  e: EntrySummary & { data: EntryData },
  today: string,
  updatedAt: string | undefined,
): ListedEntry & { slug: string } {
  return {
    id: e.id,
    slug: e.slug,
    title: e.title,
    organization: e.organization,
    publishedAt: e.publishedAt,
    lastDate: e.lastDate,
    keyDate: listFact(e.kind, e, today) ?? null,
    updatedAt: updatedAt ?? null,
  };
}
