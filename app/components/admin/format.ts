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

/** A file's size: "240 KB", "3.4 MB" (at least "1 KB"; nothing at all is "0 KB"). */
export function formatSize(bytes: number): string {
  if (bytes <= 0) return "0 KB";
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
