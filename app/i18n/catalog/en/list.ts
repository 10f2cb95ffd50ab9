import { byKind, kindNames, kinds } from "./kinds.ts";
import { OPTION_NAMES } from "~/content/options.ts";
import { ENGLISH_FACT_WORDS } from "./glance-words.ts";
import type { LandingWords } from "../../landing-words.ts";

/**
 * The list pages (/jobs, /results…, the landing pages /jobs/state/x), and the words of kinds and
 * list rows other pages (home, search, organization) take from here on the server.
 */
export const list = {
  /** Each kind's name, one and many (from the kind catalogue, ~/content/kinds.ts). */
  kinds: kindNames("en"),
  titles: byKind(kinds, "listTitle"),
  descriptions: byKind(kinds, "listDescription"),
  landing: {
    allIndia: "All India Government Jobs",
    state: "Government Jobs in {value}",
    qualification: "Government Jobs for {value}",
    names: OPTION_NAMES,
  } satisfies LandingWords as LandingWords,
  landingDescription:
    "{title}: open government job notifications with vacancies, eligibility, fees, last dates and the official apply online links.",
  titlePage: "{title}: page {page}",
  feedTitle: "{title}: {site}",
  rss: "RSS feed",
  /** The filter form's name, per kind. */
  filterForm: byKind(kinds, "filterForm"),
  filters: {
    organization: { label: "Organization", any: "All organizations" },
    state: { label: "State", any: "All states" },
    qualification: { label: "Qualification", any: "All qualifications" },
  },
  sortBy: "Sort by",
  newestFirst: "Newest first",
  lastDateFirst: "Last date (soonest first)",
  includeClosed: "Include closed",
  filter: "Filter",
  clearFilters: "Clear filters",
  noOpenJobs: "No open jobs match these filters. Tick “Include closed” to see past ones.",
  nothing: "Nothing matches these filters.",
  count: {
    openJob: "{n} open job",
    openJobs: "{n} open jobs",
    job: "{n} job",
    jobs: "{n} jobs",
    entry: "{n} entry",
    entries: "{n} entries",
    pageOf: ", page {page} of {pages}",
  },
  /** The date a row shows (last date, result declared…), shared with search hits. */
  facts: ENGLISH_FACT_WORDS,
  /** A bad address (400): the page says what is wrong with it. */
  errors: {
    pageWhole: "The page number must be a whole number, such as ?page=2",
    pageMin: "The page number must be 1 or more",
    pageMax: "The page number must be at most 10000",
    filterMax: "{label} must be at most 200 characters",
    closed: "closed must be 1 (include closed jobs) or left out",
    sort: "sort must be newest or last-date",
  },
};
