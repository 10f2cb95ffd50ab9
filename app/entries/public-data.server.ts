import { todayInIndia } from "~/lib/india-date.ts";
import { perGeneration } from "~/page-cache/index.ts";
import { hindiOrganizationNames } from "../organizations/organizations.repository.server.ts";
import { getSettings, type Settings } from "../settings/settings.repository.server.ts";
import { pageTrustDirectory, type PageTrustDirectory } from "~/link-monitor/trust.server.ts";
import { readUpdates, type UpdatesFeed } from "./updates.repository.server.ts";

/** The site settings, as public pages read them (every page of the site needs them). */
export const publicSettings = (): Promise<Settings> => perGeneration("settings", getSettings);

/** Organizations' Hindi names by their English ones, for Hindi pages (issue 29). */
export const publicOrganizationNames = (): Promise<ReadonlyMap<string, string>> =>
  perGeneration("organization-names", hindiOrganizationNames);

/**
 * What the bell and the latest bar show, in the sizes the settings ask for. Kept per India's date
 * too: a job that closes at midnight leaves the feed without any write.
 */
export const publicUpdates = (today = todayInIndia()): Promise<UpdatesFeed> =>
  perGeneration(`updates:${today}`, async (db) => {
    const settings = await publicSettings();
    return readUpdates(
      db,
      {
        perKind: settings.bell.perKind,
        max: settings.bell.max,
        latestCount: settings.latestBar.count,
      },
      today,
    );
  });

/**
 * The organizations and vendor hosts an entry page judges its links by (a change to either
 * moves the generation on).
 */
export const publicTrustDirectory = (): Promise<PageTrustDirectory> =>
  perGeneration("trust-directory", pageTrustDirectory);
