// The link monitor's findings as the back-office shows them (issue 30): built by ./admin.server.ts,
// drawn by the admin components, so a browser-safe module of their own.
import type { LinkHop } from "./rules.ts";
import type { LinkState } from "../content/link-states.ts";

/** A link as the back-office shows it: where it sits, what was found, when. */
export interface AdminLink {
  id: string;
  url: string;
  /** "Apply online", or "Other links: Admit card". */
  place: string;
  state: LinkState;
  status: number | null;
  reason: string | null;
  finalUrl: string | null;
  chain: LinkHop[];
  contentType: string | null;
  checkedAt: string | null;
  lastOkAt: string | null;
  brokenSince: string | null;
  reviewedAt: string | null;
  reviewedBy: string | null;
  /** Broke and nobody has marked it checked since. */
  needsReview: boolean;
}

/** A link on the Links screen, with the entry it sits in. */
export interface AdminListedLink extends AdminLink {
  entry: { id: string; kind: string; title: string; organization: string; editHref: string };
}
