import { allFields } from "~/content/fields.ts";
import type { FormTree } from "~/content/form-data.ts";
import { REGISTRY } from "~/content/registry.ts";
import { KINDS, type Kind } from "~/content/kinds.ts";
import type { DateFact, LinkFact, NoticeFacts, Row, Source } from "./fact-types.ts";
import { readFacts } from "./facts.ts";
import type { Line } from "./lines.ts";
import { QUALIFICATIONS, toOptionKey } from "~/content/options.ts";

/**
 * A notification's facts as suggestions for one kind's form: each names the input it fills
 * (`data.lastDate`, `data.posts`), its value as the form holds it, and the PDF line it came from.
 * A field the notification does not state gets no suggestion. Browser-safe and pure.
 */

export interface Suggestion {
  /** The form's input name: "title", "organization", "data.lastDate", "data.posts". */
  name: string;
  /** A string, or for a table its rows (each a record of column → string). */
  value: string | Row[];
  /** The PDF line it was read from; for the uploaded file itself, null. */
  source: Source | null;
  /** For a table: the line each row came from. */
  rowSources?: Source[];
  note?: string;
}

export interface NoticeReading {
  /** Pages in the file. */
  pages: number;
  /** No text layer at all: a scan. Nothing is suggested from it. */
  scanned: boolean;
  suggestions: Suggestion[];
}

/** What the add form is given about the PDF it starts from. */
export interface NoticeView {
  fileName: string;
  fileUrl: string;
  reading: NoticeReading | null;
  /** Why nothing could be read: the file is gone, is not a PDF, or the PDF is broken. */
  error: string | null;
}

/**
 * Which date facts fill which field, per kind (a field the kind lacks is skipped). A kind without
 * an entry here is not started from a notification (a syllabus, a kind added later).
 */
export const DATE_FIELDS: Partial<Record<Kind, Partial<Record<DateFact, string>>>> = {
  job: {
    applicationStart: "applicationStart",
    applicationEnd: "lastDate",
    feeLastDate: "feeLastDate",
    correctionStart: "correctionStart",
    correctionEnd: "correctionEnd",
    examDate: "examDate",
    admitCardDate: "admitCardDate",
    resultDate: "resultDate",
  },
  "admit-card": { admitCardDate: "releaseDate", examDate: "examDate" },
  result: { resultDate: "resultDate" },
  "answer-key": {
    examDate: "examDate",
    answerKeyDate: "releaseDate",
    objectionStart: "objectionStart",
    objectionEnd: "objectionEnd",
  },
};

const LINK_FIELDS: Partial<Record<Kind, Partial<Record<LinkFact, string>>>> = {
  job: { apply: "applyUrl", website: "officialWebsite" },
  "admit-card": { admitCard: "downloadUrl", website: "officialWebsite" },
  result: { result: "resultUrl", website: "officialWebsite" },
  "answer-key": { answerKey: "answerKeyUrl", website: "officialWebsite" },
};

/**
 * The kinds a notification PDF can start (the add form offers it for these): those with a date a
 * notification gives (DATE_FIELDS), in the catalogue's order.
 */
export const NOTICE_KINDS: readonly Kind[] = KINDS.filter(
  (kind) => Object.keys(DATE_FIELDS[kind] ?? {}).length > 0,
);

export function suggestFromLines(
  kind: Kind,
  lines: readonly Line[],
  {
    pages,
    organizations = [],
    fileUrl,
  }: {
    pages: number;
    organizations?: readonly { name: string; shortName?: string }[];
    /** The uploaded PDF's address on this site: the job's notification link. */
    fileUrl?: string;
  },
): NoticeReading {
  const fields = new Set(allFields(REGISTRY[kind].sections).map((f) => f.name));
  const suggestions: Suggestion[] = [];
  const put = (name: string, fact: { value: string; source: Source } | undefined) => {
    if (!fact) return;
    const field = name.startsWith("data.") ? name.slice(5) : null;
    if (field !== null && !fields.has(field)) return;
    suggestions.push({ name, value: fact.value, source: fact.source });
  };
  if (lines.length === 0) return { pages, scanned: true, suggestions };

  const facts: NoticeFacts = readFacts(lines, organizations);
  put("title", facts.title);
  put("organization", facts.organization);
  put("data.advertisementNumber", facts.advertisementNumber);
  for (const [fact, field] of Object.entries(DATE_FIELDS[kind] ?? {}))
    put(`data.${field}`, facts.dates[fact as DateFact]);
  put("data.ageMin", facts.ageMin);
  put("data.ageMax", facts.ageMax);
  put("data.ageCutoffDate", facts.ageCutoffDate);
  // The fact is the option's English name; the field holds its key (issue 27).
  const qualification = facts.qualification;
  put(
    "data.qualification",
    qualification && { ...qualification, value: toOptionKey(QUALIFICATIONS, qualification.value) },
  );
  for (const [fact, field] of Object.entries(LINK_FIELDS[kind] ?? {}))
    put(`data.${field}`, facts.links[fact as LinkFact]);
  for (const [name, table] of [
    ["fees", facts.fees],
    ["posts", facts.posts],
  ] as const) {
    if (!table || !fields.has(name)) continue;
    suggestions.push({
      name: `data.${name}`,
      value: table.rows,
      source: table.source,
      rowSources: table.sources,
      ...(table.note ? { note: table.note } : {}),
    });
  }
  if (fileUrl && fields.has("notificationUrl"))
    suggestions.push({ name: "data.notificationUrl", value: fileUrl, source: null });
  return { pages, scanned: false, suggestions };
}

/** The form's values with the suggestions put in (a table's suggested rows replace its rows). */
export function applySuggestions(values: FormTree, suggestions: readonly Suggestion[]): FormTree {
  const out: FormTree = { ...values, data: { ...((values.data as FormTree) ?? {}) } };
  const data = out.data as FormTree;
  for (const s of suggestions) {
    const value = Array.isArray(s.value) ? s.value.map((row) => ({ ...row })) : s.value;
    if (s.name.startsWith("data.")) data[s.name.slice(5)] = value;
    else out[s.name] = value;
  }
  return out;
}
