import { byKind, kinds } from "./kinds.ts";
/** An organization's page (/organizations/x). */
export const organization = {
  /** {name}, {short}: " (SSC)" or nothing */
  metaTitle: "{name}{short}: jobs, results and admit cards",
  description:
    "Open jobs, results, admit cards and answer keys of {name}, with the official links.",
  feedTitle: "{name}: {site}",
  sections: byKind(kinds, "organizationSection"),
  officialWebsite: "Official website",
  officialWebsites: "Official websites",
  /** The label the entry pages give an official link (their catalogue's word). */
  officialNote: "only these addresses are marked “Official site”",
  rss: "RSS feed",
  noOpenJobs: "No open jobs right now.",
  noneYet: "None published yet.",
  viewAll: "View all {n}",
};
