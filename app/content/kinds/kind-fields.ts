import type { Section } from "../fields.ts";

/** What a kind's description here adds to its catalogue line. */
export interface KindFields {
  /** What the title is of this kind. */
  titleLabel: string;
  /** Whether an entry of this kind may point at the job it belongs to. */
  linksToJob: boolean;
  /** The detail page's sections in reading order; the admin form follows the same order. */
  sections: readonly Section[];
  /** Rules between two fields of `data`, checked wherever the schema is (form and server). */
  crossChecks?: readonly CrossCheck[];
}

/** `later` must not be smaller than `earlier` when both are filled in (numbers or YYYY-MM-DD dates). */
export interface CrossCheck {
  earlier: string;
  later: string;
  message: string;
  /** A rows field: the two are columns, compared within each row. */
  rows?: string;
}
