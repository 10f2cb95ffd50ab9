import { KIND_LINES, type KIND_CATALOGUE } from "./kinds.ts";

/** The kinds' lines the bell announces (the catalogue's `bell`). */
type BellLine = Extract<(typeof KIND_CATALOGUE)[number], { bell: true }>;

/** An update's type as /updates.json says it (spec §3): the kind's English label, "Admit Card". */
export type UpdateType = BellLine["label"]["en"];

/** One update as the bell and the latest bar show it (spec §3). Browser-safe. */
export interface UpdateItem {
  id: string;
  type: UpdateType;
  title: string;
  /** When it went public (ISO); the spec's createdAt. */
  createdAt: string;
  /** The item's own page: /jobs/<slug>, /results/<slug>, /admit-cards/<slug>. */
  url: string;
  /** "en" on a Hindi page when the title is the English one (the entry has no Hindi title). */
  lang?: "en";
  /**
   * With `lang: "en"` only: what changed, in the page's language, said before the English title
   * and outside its `lang` (one string would have marked Hindi words as English).
   */
  headline?: string;
}

/** The kind of an update, by its type: its badge and its name in a page's language. */
export const updateKind = (type: string) => KIND_LINES.find((k) => k.label.en === type);
