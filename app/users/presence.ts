/** Someone else with the same edit screen open, and since when (the admin's "also editing" line). */
export interface Presence {
  name: string;
  since: string;
}
