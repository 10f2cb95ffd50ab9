// What an alert subscription can choose (issue 15): the facets an entry is matched on. Shared by
// the /alerts form (browser and server) and the matching in SQL.
import {
  ALL_INDIA,
  ANY_QUALIFICATION,
  QUALIFICATIONS,
  optionLabel,
  STATES,
  toOptionKey,
} from "~/content/options.ts";
import { ALERT_KINDS as ALERT_LINES, type KIND_CATALOGUE } from "~/content/kinds.ts";

/** The kinds a subscriber may choose (the kind catalogue's `alerts`); a syllabus is not news. */
export type AlertKind = Extract<(typeof KIND_CATALOGUE)[number], { alerts: true }>["key"];
export const ALERT_KINDS = ALERT_LINES.map((k) => k.key) as unknown as readonly [
  AlertKind,
  ...AlertKind[],
];

/** "All India" is not a choice: an all-India entry reaches every state's subscribers. */
export { ALL_INDIA, ANY_QUALIFICATION };
/** Keys (issue 27): "bihar", "12th-pass"; the inputs also take the English names. */
export const ALERT_STATES: readonly string[] = STATES.map((o) => o.value).filter(
  (v) => v !== ALL_INDIA,
);
/** "Any" is not a choice: an entry open to any qualification reaches everyone. */
export const ALERT_QUALIFICATIONS: readonly string[] = QUALIFICATIONS.map((o) => o.value).filter(
  (v) => v !== ANY_QUALIFICATION,
);

/** A topic as its key: a key, or the English name links and forms sent before keys ("Bihar"). */
export const stateKey = (v: string) => toOptionKey(STATES, v);
export const qualificationKey = (v: string) => toOptionKey(QUALIFICATIONS, v);

/** Empty lists mean "all". */
export interface AlertTopics {
  states: string[];
  qualifications: string[];
  organizations: string[];
  kinds: AlertKind[];
}

/** Topics as people read them (a subscriber's export): "goa" → "Goa", "12th-pass" → "12th Pass". */
export const topicLabels = (topics: AlertTopics): AlertTopics => ({
  ...topics,
  states: topics.states.map((s) => optionLabel(STATES, s)),
  qualifications: topics.qualifications.map((q) => optionLabel(QUALIFICATIONS, q)),
});
