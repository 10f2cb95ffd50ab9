import { byKind, kinds } from "./kinds.ts";

/** The search page, and the 404 page that leads to it. */
export const search = {
  title: "Search",
  resultsFor: "Search results for “{q}”",
  description: "Search {site} for government jobs, results, admit cards, syllabus and answer keys.",
  wordsLabel: "Search words",
  placeholder: "Post, exam or organization, e.g. clerk",
  button: "Search",
  hint: "Type a post, exam or organization above, for example “clerk”, “police” or “SSC”.",
  noMore: "No more results.",
  noResults: "No results for “{q}”. Try fewer or different words.",
  byType: "Filter by type",
  all: "All",
  result: "{n} result",
  results: "{n} results",
  pageOf: ", page {page} of {pages}",
  resultsLabel: "Search results",
  lastDate: "Last date {value}",
  /**
   * Words that name a kind in a search, besides its names in `list.kinds` (in every language):
   * a search that names a kind lists that kind first (entries/search.server.ts).
   */
  kindWords: byKind(kinds, "searchWords"),
  errors: {
    tooMany: "Too many searches from your connection. Please wait {seconds} seconds and try again.",
    tooLong: "Search words can be at most {max} characters long. Try fewer words.",
    type: "Choose a type from the list: {types}.",
    pageWhole: "The page number must be a whole number, such as ?page=2",
    pageMin: "The page number must be 1 or more",
    pageMax: "The page number must be at most 10000",
  },
  /** The 410 page of a removed address (the 404 page's words are the shell's). */
  notFound: {
    goneTitle: "This page has been removed",
    goneDetail:
      "The page that was here is no longer available. Search for what you need, or start from one of the lists.",
  },
};
