import { KIND_LINES, type Kind } from "~/content/kinds.ts";
import type { Locale } from "~/lib/locale.ts";

/**
 * A kind's page words, besides its names (label, plural, menu name: the kind catalogue's line,
 * ~/content/kinds.ts). The optional ones belong to the catalogue's memberships: a kind on the home
 * page has `homeBox` and `viewAll`, on organization pages `organizationSection`, among alert
 * topics `alertName` (kinds.test.ts checks it in every language).
 */
export interface KindWords {
  /** The list page's heading and title. */
  listTitle: string;
  listDescription: string;
  /** The list's filter form's name. */
  filterForm: string;
  /** The RSS channel's name. */
  feed: string;
  /** Words that name the kind in a search, besides its names: such a search lists it first. */
  searchWords: string[];
  /** My exams' notification when an entry of this kind is published for a saved job. */
  published: string;
  homeBox?: string;
  viewAll?: string;
  organizationSection?: string;
  alertName?: string;
}

export const kinds = {
  job: {
    listTitle: "Latest Government Jobs",
    listDescription:
      "Latest government job notifications in India with vacancies, eligibility, fees, important dates and the official apply online links.",
    filterForm: "Filter jobs",
    feed: "Jobs",
    searchWords: [],
    published: "Job published",
    homeBox: "Latest Jobs",
    viewAll: "View all jobs",
    organizationSection: "Open Jobs",
    alertName: "Jobs",
  },
  result: {
    listTitle: "Latest Exam Results",
    listDescription:
      "Latest government exam results with cut-off marks, merit lists and the official links to check your result.",
    filterForm: "Filter results",
    feed: "Results",
    searchWords: [],
    published: "Result published",
    homeBox: "Results",
    viewAll: "View all results",
    organizationSection: "Results",
    alertName: "Results",
  },
  "admit-card": {
    listTitle: "Latest Admit Cards",
    listDescription:
      "Latest admit cards and hall tickets for government exams, with exam dates and the official download links.",
    filterForm: "Filter admit cards",
    feed: "Admit Cards",
    searchWords: [],
    published: "Admit card published",
    homeBox: "Admit Cards",
    viewAll: "View all admit cards",
    organizationSection: "Admit Cards",
    alertName: "Admit cards",
  },
  syllabus: {
    listTitle: "Exam Syllabus and Pattern",
    listDescription:
      "Syllabus and exam pattern of government recruitment exams: papers, marks, duration and topics.",
    filterForm: "Filter syllabus",
    feed: "Syllabus",
    searchWords: ["syllabi"],
    published: "Syllabus published",
    homeBox: "Syllabus",
    viewAll: "View all syllabus",
  },
  "answer-key": {
    listTitle: "Latest Answer Keys",
    listDescription:
      "Latest answer keys of government exams, with objection dates and the official download links.",
    filterForm: "Filter answer keys",
    feed: "Answer Keys",
    searchWords: [],
    published: "Answer key published",
    homeBox: "Answer Keys",
    viewAll: "View all answer keys",
    organizationSection: "Answer Keys",
    alertName: "Answer keys",
  },
} satisfies Record<Kind, KindWords> as Record<Kind, KindWords>;

/** One of the words of every kind, keyed by kind: what the catalogue's areas send to pages. */
export function byKind<W extends keyof KindWords>(
  words: Record<Kind, KindWords>,
  word: W,
): Record<Kind, KindWords[W]> {
  return Object.fromEntries(Object.entries(words).map(([kind, w]) => [kind, w[word]])) as Record<
    Kind,
    KindWords[W]
  >;
}

/** Every kind's names in a language (from the kind catalogue), keyed by kind. */
export function kindNames(locale: Locale): Record<Kind, { label: string; plural: string }> {
  return Object.fromEntries(
    KIND_LINES.map((k) => [k.key, { label: k.label[locale], plural: k.plural[locale] }]),
  ) as Record<Kind, { label: string; plural: string }>;
}
