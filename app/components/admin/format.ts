/** The back-office's date and time: India's, in English ("22 Nov 2026, 15:30"). */
export { formatDateTime } from "~/server/format.ts";
