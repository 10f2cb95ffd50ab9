import type { Kysely } from "kysely";
import type { Migration, MigrationProvider } from "kysely/migration";
import * as initial from "./2026-11-22T1300-initial.ts";
import * as sweepIndexes from "./2026-11-22T1700-sweep-indexes.ts";
import * as notFoundRank from "./2026-11-23T0900-not-found-rank.ts";
import * as entryChanges from "./2026-11-23T1000-entry-changes.ts";
import * as organizations from "./2026-11-23T1100-organizations.ts";
import * as jobEligibility from "./2026-11-23T1200-job-eligibility.ts";
import * as files from "./2026-11-23T1300-files.ts";
import * as editPresence from "./2026-11-23T1320-edit-presence.ts";
import * as pendingStatus from "./2026-11-23T1330-pending-status.ts";
import * as sitePageHindi from "./2026-11-23T1410-site-page-hindi.ts";
import * as entryHindiTitle from "./2026-11-23T1420-entry-hindi-title.ts";
import * as devanagariSearch from "./2026-11-23T1430-devanagari-search.ts";
import * as contentChanges from "./2026-11-23T1500-content-changes.ts";
import * as alerts from "./2026-11-23T1510-alerts.ts";
import * as filterCountIndexes from "./2026-11-23T1600-filter-count-indexes.ts";
import * as sitemapStatsIndex from "./2026-11-24T0100-sitemap-stats-index.ts";
import * as searchVectorsInRow from "./2026-11-24T0300-search-vectors-in-row.ts";
import * as pushErrorsScrubbed from "./2026-11-26T1000-push-errors-scrubbed.ts";
import * as uploadLimits from "./2026-11-26T1200-upload-limits.ts";
import * as jobDisciplines from "./2026-11-26T1400-job-disciplines.ts";
import * as linkMonitor from "./2026-11-26T1800-link-monitor.ts";
import * as csvImports from "./2026-11-26T2000-csv-imports.ts";
import * as changeLogPerDay from "./2026-11-26T1500-change-log-per-day.ts";
import * as suggestedChanges from "./2026-11-26T1510-suggested-changes.ts";
import * as photoPresets from "./2026-11-26T1700-photo-presets.ts";
import * as myExams from "./2026-11-26T1900-my-exams.ts";
import * as organizationHindiNames from "./2026-11-26T2100-organization-hindi-names.ts";
import * as officialLinksBroken from "./2026-11-27T0100-official-links-broken.ts";
import * as hotPages from "./2026-11-27T0200-hot-pages.ts";
import * as entriesKindCheck from "./2026-11-27T0300-entries-kind-check.ts";
import * as optionKeys from "./2026-11-27T1000-option-keys.ts";

export type MigrationDialect = "sqlite" | "postgres";

type DialectMigration = { up(db: Kysely<any>, dialect: MigrationDialect): Promise<void> };

/**
 * Migrations are listed here, not found on disk, so they survive bundling. Names are timestamps;
 * a landed migration never changes.
 */
const migrations: Record<string, DialectMigration> = {
  "2026-11-22T1300-initial": initial,
  "2026-11-22T1700-sweep-indexes": sweepIndexes,
  "2026-11-23T0900-not-found-rank": notFoundRank,
  "2026-11-23T1000-entry-changes": entryChanges,
  "2026-11-23T1100-organizations": organizations,
  "2026-11-23T1200-job-eligibility": jobEligibility,
  "2026-11-23T1300-files": files,
  "2026-11-23T1320-edit-presence": editPresence,
  "2026-11-23T1330-pending-status": pendingStatus,
  "2026-11-23T1410-site-page-hindi": sitePageHindi,
  "2026-11-23T1420-entry-hindi-title": entryHindiTitle,
  "2026-11-23T1430-devanagari-search": devanagariSearch,
  "2026-11-23T1500-content-changes": contentChanges,
  "2026-11-23T1510-alerts": alerts,
  "2026-11-23T1600-filter-count-indexes": filterCountIndexes,
  "2026-11-24T0100-sitemap-stats-index": sitemapStatsIndex,
  "2026-11-24T0300-search-vectors-in-row": searchVectorsInRow,
  "2026-11-26T1000-push-errors-scrubbed": pushErrorsScrubbed,
  "2026-11-26T1200-upload-limits": uploadLimits,
  "2026-11-26T1400-job-disciplines": jobDisciplines,
  "2026-11-26T1800-link-monitor": linkMonitor,
  "2026-11-26T2000-csv-imports": csvImports,
  "2026-11-26T1500-change-log-per-day": changeLogPerDay,
  "2026-11-26T1510-suggested-changes": suggestedChanges,
  "2026-11-26T1700-photo-presets": photoPresets,
  "2026-11-26T1900-my-exams": myExams,
  "2026-11-26T2100-organization-hindi-names": organizationHindiNames,
  "2026-11-27T0100-official-links-broken": officialLinksBroken,
  "2026-11-27T0200-hot-pages": hotPages,
  "2026-11-27T0300-entries-kind-check": entriesKindCheck,
  "2026-11-27T1000-option-keys": optionKeys,
};

export function migrationProvider(dialect: MigrationDialect): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) {
        out[name] = { up: (db) => m.up(db, dialect) };
      }
      return out;
    },
  };
}
