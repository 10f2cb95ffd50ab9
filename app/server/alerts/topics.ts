// What an alert subscription can choose (issue 15): the facets an entry is matched on. Shared by
// the /alerts form (browser and server) and the matching in SQL.
import { QUALIFICATIONS, STATES } from "~/content/options.ts";
import type { Kind } from "~/content/registry.ts";

/** The kinds a subscriber may choose; a syllabus is not news. */
export const ALERT_KINDS = ["job", "result", "admit-card", "answer-key"] as const satisfies Kind[];
export type AlertKind = (typeof ALERT_KINDS)[number];

/** "All India" is not a choice: an all-India entry reaches every state's subscribers. */
export const ALL_INDIA = "All India";
export const ALERT_STATES: readonly string[] = STATES.map((o) => o.value).filter(
  (v) => v !== ALL_INDIA,
);
/** "Any" is not a choice: an entry open to any qualification reaches everyone. */
export const ANY_QUALIFICATION = "Any";
export const ALERT_QUALIFICATIONS: readonly string[] = QUALIFICATIONS.map((o) => o.value).filter(
  (v) => v !== ANY_QUALIFICATION,
);

/** Empty lists mean "all". */
export interface AlertTopics {
  states: string[];
  qualifications: string[];
  organizations: string[];
  kinds: AlertKind[];
}
