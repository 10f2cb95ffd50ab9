import { indiaWallClock } from "~/india-date.ts";
import { formatDate } from "~/server/format.ts";

/** An ISO instant as Indian date and time, the same on server and browser: "22 Nov 2026, 15:30". */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return iso;
  const local = indiaWallClock(t);
  return `${formatDate(local.slice(0, 10))}, ${local.slice(11, 16)}`;
}
