import { byKind, kinds } from "./kinds.ts";
/** RSS channel words (server only: the feeds are XML, not pages). */
export const feeds = {
  kinds: byKind(kinds, "feed"),
  title: "{title}: {site}",
  newest: "The newest {what} on {site}.",
  organization: "The newest jobs, results and admit cards of {name} on {site}.",
};
