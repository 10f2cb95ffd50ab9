/**
 * What a notification says, found line by line: each fact carries the line it was read from.
 * Kind-independent (suggest.ts maps facts onto a kind's fields). A fact the text does not state
 * is absent: nothing here fills a gap with a likely value. Browser-safe and pure.
 */
export interface Source {
  page: number;
  text: string;
}

export interface Fact<T> {
  value: T;
  source: Source;
}

export type DateFact =
  | "applicationStart"
  | "applicationEnd"
  | "feeLastDate"
  | "correctionStart"
  | "correctionEnd"
  | "examDate"
  | "admitCardDate"
  | "resultDate"
  | "answerKeyDate"
  | "objectionStart"
  | "objectionEnd";

export type Row = Record<string, string>;

export interface RowsFact {
  rows: Row[];
  sources: Source[];
  /** The heading or header line the table was found under. */
  source: Source;
  note?: string;
}

export interface NoticeFacts {
  title?: Fact<string>;
  organization?: Fact<string>;
  advertisementNumber?: Fact<string>;
  dates: Partial<Record<DateFact, Fact<string>>>;
  fees?: RowsFact;
  posts?: RowsFact;
  ageMin?: Fact<string>;
  ageMax?: Fact<string>;
  ageCutoffDate?: Fact<string>;
  qualification?: Fact<string>;
  links: Partial<Record<LinkFact, Fact<string>>>;
}

export type LinkFact = "apply" | "website" | "admitCard" | "result" | "answerKey";
