import type { Status } from "~/content/kinds/schema.ts";

const STYLES: Record<Status | "trash", string> = {
  draft: "bg-stone-200 text-stone-800",
  pending: "bg-violet-100 text-violet-900",
  scheduled: "bg-accent-light text-accent",
  published: "bg-secondary-light text-secondary",
  archived: "bg-amber-100 text-amber-900",
  trash: "bg-red-100 text-red-800",
};

export const STATUS_LABELS: Record<Status | "trash", string> = {
  draft: "Draft",
  pending: "Pending review",
  scheduled: "Scheduled",
  published: "Published",
  archived: "Archived",
  trash: "In trash",
};

export function StatusBadge({ status }: { status: Status | "trash" }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STYLES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}
