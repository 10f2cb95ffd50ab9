// What a check of an official link found (issue 30): the link monitor's rules decide it
// (app/link-monitor/rules.ts), the database keeps it (app/platform/db/link-monitor-tables.ts).
export const LINK_STATES = [
  "unchecked",
  "ok",
  "moved",
  "broken",
  "soft-404",
  "off-official",
  "known-fake",
  "unreachable",
  "refused",
] as const;
export type LinkState = (typeof LINK_STATES)[number];
