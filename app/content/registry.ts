import { z } from "zod";
import {
  checkedOnField,
  extraLinksField,
  faqSection,
  howToSection,
  officialWebsiteField,
  summaryField,
} from "./common.ts";
import { dataSchema, type Section } from "./fields.ts";
import { CATEGORIES, CENTRAL_PWBD_RELAXATION, CENTRAL_RELAXATION } from "./eligibility-terms.ts";
import {
  AGE_RULES,
  ANSWER_KEY_TYPES,
  CATEGORY_OPTIONS,
  DISCIPLINE_OPTIONS,
  EMPLOYMENT_TYPES,
  QUALIFICATIONS,
  STATES,
  YES_NO,
} from "./options.ts";
import { uploadsRowChecks, uploadsSection } from "./photo-fields.ts";
import { KIND_LINES, kindLineByAdminSegment, kindLineByUrlPrefix, type Kind } from "./kinds.ts";

export { isKind, KINDS, type Kind } from "./kinds.ts";

/** "pending": an author's draft submitted for review; an editor publishes it (or sends it back). */
export const STATUSES = ["draft", "pending", "scheduled", "published", "archived"] as const;
export type Status = (typeof STATUSES)[number];

/** A kind as the code uses it: its catalogue line's facts (./kinds.ts) and its fields. */
export interface KindDefinition extends KindFields {
  kind: Kind;
  /** One of them, as a person says it, in English: "Job", "Admit Card". */
  label: string;
  /** Several: "Jobs", "Admit Cards". */
  plural: string;
  /** The public list's address; a detail page is `${urlPrefix}/${slug}`. */
  urlPrefix: string;
  /** The admin's segment: /admin/manage-jobs. */
  adminSegment: string;
}

/** What a kind's description here adds to its catalogue line. */
export interface KindFields {
  /** What the title is of this kind. */
  titleLabel: string;
  /** Whether an entry of this kind may point at the job it belongs to. */
  linksToJob: boolean;
  /** What the list pages and the admin list show besides the title and dates. */
  listColumns: readonly ("organization" | "state" | "qualification" | "last_date")[];
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

const job: KindFields = {
  titleLabel: "Post name",
  linksToJob: false,
  listColumns: ["organization", "state", "qualification", "last_date"],
  sections: [
    {
      id: "overview",
      title: "Short Information",
      fields: [
        summaryField,
        {
          name: "department",
          label: "Department / ministry",
          publicLabel: "Department",
          type: "text",
          max: 200,
        },
        { name: "advertisementNumber", label: "Advertisement number", type: "text", max: 100 },
        {
          name: "employmentType",
          label: "Employment type",
          type: "select",
          required: true,
          options: EMPLOYMENT_TYPES,
        },
        {
          name: "state",
          label: "Job location (state)",
          publicLabel: "Job location",
          type: "select",
          required: true,
          options: STATES,
          column: "state",
        },
        {
          name: "salaryMin",
          label: "Salary from (₹ per month)",
          publicLabel: "Pay from (per month)",
          type: "number",
          max: 10_000_000,
        },
        {
          name: "salaryMax",
          label: "Salary up to (₹ per month)",
          publicLabel: "Pay up to (per month)",
          type: "number",
          max: 10_000_000,
        },
      ],
    },
    {
      id: "dates",
      title: "Important Dates",
      fields: [
        { name: "applicationStart", label: "Application starts", type: "date" },
        {
          name: "lastDate",
          label: "Last date to apply",
          type: "date",
          required: true,
          column: "last_date",
        },
        { name: "feeLastDate", label: "Last date for fee payment", type: "date" },
        { name: "correctionStart", label: "Correction window opens", type: "date" },
        { name: "correctionEnd", label: "Correction window closes", type: "date" },
        { name: "examDate", label: "Exam date", type: "date" },
        {
          name: "admitCardDate",
          label: "Admit card available",
          publicLabel: "Admit card",
          type: "date",
        },
        { name: "resultDate", label: "Result date", type: "date" },
      ],
    },
    {
      id: "fees",
      title: "Application Fee",
      fields: [
        {
          name: "fees",
          label: "Fee by category",
          type: "rows",
          maxRows: 12,
          columns: [
            { name: "category", label: "Category", type: "text", required: true, max: 100 },
            {
              name: "amount",
              label: "Fee (₹)",
              publicLabel: "Fee",
              type: "number",
              required: true,
              max: 100_000,
            },
          ],
        },
        { name: "feeNote", label: "How to pay", type: "textarea", max: 1000 },
      ],
    },
    {
      id: "age",
      title: "Age Limit",
      fields: [
        { name: "ageMin", label: "Minimum age", type: "number", max: 100 },
        { name: "ageMax", label: "Maximum age", type: "number", max: 100 },
        {
          name: "ageCutoffDate",
          label: "Age as on",
          publicLabel: "Age counted as on",
          type: "date",
          help: "The date the notification counts ages on. Blank: the last date to apply.",
        },
        {
          name: "ageRule",
          label: "How the maximum is read",
          publicLabel: "Upper age limit",
          type: "select",
          options: AGE_RULES,
          defaultValue: "not-attained",
          searchable: false,
        },
        {
          name: "bornFrom",
          label: "Born not earlier than (as printed)",
          publicLabel: "Born not earlier than",
          type: "date",
          help: "Only when the notification prints birth dates; they win over the ages.",
        },
        {
          name: "bornTo",
          label: "Born not later than (as printed)",
          publicLabel: "Born not later than",
          type: "date",
        },
        {
          name: "ageMaxFemale",
          label: "Maximum age for women",
          publicLabel: "Maximum age (women)",
          type: "number",
          max: 100,
          help: "Only when it differs from the maximum age.",
        },
        {
          name: "ageRelaxations",
          label: "Upper age relaxation by category (years)",
          publicLabel: "Upper age relaxation (years)",
          type: "rows",
          maxRows: 5,
          help: "Central rules are filled in; change them to what the notification says. PwBD years include the category's own.",
          defaultRows: CATEGORIES.map((category) => ({
            category,
            years: CENTRAL_RELAXATION[category],
            pwbdYears: CENTRAL_PWBD_RELAXATION[category],
          })),
          columns: [
            {
              name: "category",
              label: "Category",
              type: "select",
              required: true,
              options: CATEGORY_OPTIONS,
            },
            { name: "years", label: "Years", type: "number", required: true, max: 50 },
            { name: "pwbdYears", label: "PwBD years", type: "number", max: 50 },
          ],
        },
        {
          name: "exServicemenPlusYears",
          label: "Ex-servicemen: years allowed beyond their service",
          publicLabel: "Ex-servicemen relaxation",
          type: "number",
          max: 20,
          defaultValue: 3,
          help: "Their years of service plus this many. Blank: no relaxation for ex-servicemen.",
        },
        {
          name: "relaxationDomicileOnly",
          label: "Category relaxation only for the state's domicile",
          publicLabel: "Category relaxation only for the state's domicile",
          type: "select",
          options: YES_NO,
          searchable: false,
        },
        {
          name: "ageRelaxation",
          label: "Other relaxations, as printed",
          publicLabel: "Other relaxations",
          type: "textarea",
          max: 2000,
        },
      ],
    },
    {
      id: "vacancies",
      title: "Vacancy Details",
      fields: [
        {
          name: "posts",
          label: "Posts",
          type: "rows",
          maxRows: 60,
          totalRow: true,
          help: "Age, qualification, subjects and age date per post only where a post differs from the job's. A post with its own qualification takes none of the job's subjects.",
          columns: [
            { name: "post", label: "Post", type: "text", required: true, max: 200 },
            { name: "total", label: "Total", type: "number", required: true, max: 1_000_000 },
            { name: "ur", label: "UR", type: "number", max: 1_000_000 },
            { name: "ews", label: "EWS", type: "number", max: 1_000_000 },
            { name: "obc", label: "OBC", type: "number", max: 1_000_000 },
            { name: "sc", label: "SC", type: "number", max: 1_000_000 },
            { name: "st", label: "ST", type: "number", max: 1_000_000 },
            { name: "ageMin", label: "Min age", type: "number", max: 100, summed: false },
            { name: "ageMax", label: "Max age", type: "number", max: 100, summed: false },
            {
              name: "qualification",
              label: "Qualification",
              type: "select",
              options: QUALIFICATIONS,
            },
            {
              name: "disciplines",
              label: "Subjects",
              type: "choices",
              options: DISCIPLINE_OPTIONS,
            },
            {
              name: "alsoRequired",
              label: "Also required",
              type: "choices",
              options: DISCIPLINE_OPTIONS,
            },
            { name: "ageCutoffDate", label: "Age as on", type: "date" },
          ],
        },
      ],
    },
    {
      id: "eligibility",
      title: "Eligibility",
      fields: [
        {
          name: "qualification",
          label: "Minimum qualification",
          type: "select",
          required: true,
          options: QUALIFICATIONS,
          column: "qualification",
        },
        {
          name: "disciplines",
          label: "Subjects accepted (any one of them)",
          publicLabel: "Subjects accepted",
          type: "choices",
          options: DISCIPLINE_OPTIONS,
          help: "Tick every subject the notification accepts for this qualification (a diploma or degree in engineering: Diploma and Engineering/Technology); none when any subject will do. The eligibility finder checks candidates against these.",
        },
        {
          name: "alsoRequired",
          label: "Also required, besides the qualification",
          publicLabel: "Also required",
          type: "choices",
          options: DISCIPLINE_OPTIONS,
          help: "A second qualification every candidate needs, such as a B.Ed. for a TGT (Education) or an LLB asked for on top of a degree (Law).",
        },
        {
          name: "qualificationSubjects",
          label: "Subjects, if the notification names them",
          publicLabel: "Subjects",
          type: "text",
          max: 200,
          help: "Shown as written. Without a ticked subject above, the finder asks candidates to check these words instead of answering yes.",
        },
        {
          name: "finalYearAllowed",
          label: "Final-year students may apply",
          type: "select",
          options: YES_NO,
          searchable: false,
        },
        { name: "eligibility", label: "Eligibility details", type: "textarea", max: 5000 },
      ],
    },
    {
      id: "selection",
      title: "Selection Process",
      fields: [
        {
          name: "selectionProcess",
          label: "Selection process",
          type: "textarea",
          max: 3000,
          help: "One stage per line.",
        },
      ],
    },
    uploadsSection,
    howToSection("How to Apply", "How to apply"),
    {
      id: "links",
      title: "Important Links",
      fields: [
        { name: "applyUrl", label: "Apply online", publicLabel: "Apply Online", type: "url" },
        {
          name: "notificationUrl",
          label: "Notification PDF",
          publicLabel: "Official Notification",
          type: "url",
          upload: "pdf",
        },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
  crossChecks: [
    {
      earlier: "salaryMin",
      later: "salaryMax",
      message: "Salary up to must not be less than salary from",
    },
    {
      earlier: "ageMin",
      later: "ageMax",
      message: "Maximum age must not be less than minimum age",
    },
    {
      earlier: "bornFrom",
      later: "bornTo",
      message: "Born not later than must not be before born not earlier than",
    },
    {
      earlier: "applicationStart",
      later: "lastDate",
      message: "Last date to apply must not be before the application start",
    },
    {
      earlier: "correctionStart",
      later: "correctionEnd",
      message: "The correction window must not close before it opens",
    },
    ...uploadsRowChecks,
  ],
};

const result: KindFields = {
  titleLabel: "Exam name",
  linksToJob: true,
  listColumns: ["organization"],
  sections: [
    {
      id: "overview",
      title: "Short Information",
      fields: [
        summaryField,
        { name: "resultDate", label: "Result declared on", type: "date", required: true },
        { name: "nextStage", label: "Next stage", type: "textarea", max: 2000 },
      ],
    },
    {
      id: "cutoffs",
      title: "Cut-off Marks",
      fields: [
        {
          name: "cutoffs",
          label: "Cut-off by category",
          type: "rows",
          maxRows: 20,
          columns: [
            { name: "category", label: "Category", type: "text", required: true, max: 100 },
            { name: "marks", label: "Cut-off marks", type: "text", required: true, max: 50 },
          ],
        },
      ],
    },
    howToSection("How to Check the Result", "How to check"),
    {
      id: "links",
      title: "Important Links",
      fields: [
        { name: "resultUrl", label: "Check result", publicLabel: "Check Result", type: "url" },
        { name: "meritListUrl", label: "Merit list PDF", publicLabel: "Merit List", type: "url" },
        { name: "scorecardUrl", label: "Scorecard", type: "url" },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
};

const admitCard: KindFields = {
  titleLabel: "Post / exam name",
  linksToJob: true,
  listColumns: ["organization"],
  sections: [
    {
      id: "overview",
      title: "Short Information",
      fields: [
        summaryField,
        { name: "releaseDate", label: "Admit card released on", type: "date" },
        { name: "examDate", label: "Exam date", type: "date", required: true },
        { name: "examDateEnd", label: "Exam ends on", type: "date" },
      ],
    },
    {
      id: "instructions",
      title: "Exam Day Instructions",
      fields: [
        {
          name: "instructions",
          label: "Instructions",
          type: "textarea",
          max: 5000,
          help: "One per line.",
        },
      ],
    },
    howToSection("How to Download", "How to download"),
    {
      id: "links",
      title: "Important Links",
      fields: [
        {
          name: "downloadUrl",
          label: "Download admit card",
          publicLabel: "Download Admit Card",
          type: "url",
        },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
};

const syllabus: KindFields = {
  titleLabel: "Exam name",
  linksToJob: true,
  listColumns: ["organization"],
  sections: [
    { id: "overview", title: "Short Information", fields: [summaryField] },
    {
      id: "pattern",
      title: "Exam Pattern",
      fields: [
        {
          name: "pattern",
          label: "Papers",
          type: "rows",
          maxRows: 30,
          totalRow: true,
          columns: [
            { name: "paper", label: "Paper / subject", type: "text", required: true, max: 200 },
            { name: "questions", label: "Questions", type: "number", max: 10_000 },
            { name: "marks", label: "Marks", type: "number", max: 10_000 },
            { name: "duration", label: "Duration", type: "text", max: 50 },
          ],
        },
      ],
    },
    {
      id: "subjects",
      title: "Syllabus",
      fields: [
        {
          name: "subjects",
          label: "Subjects",
          type: "rows",
          maxRows: 40,
          columns: [
            { name: "subject", label: "Subject", type: "text", required: true, max: 200 },
            { name: "topics", label: "Topics", type: "textarea", required: true, max: 5000 },
          ],
        },
      ],
    },
    {
      id: "links",
      title: "Important Links",
      fields: [
        { name: "pdfUrl", label: "Syllabus PDF", publicLabel: "Download Syllabus", type: "url" },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
};

const answerKey: KindFields = {
  titleLabel: "Exam name",
  linksToJob: true,
  listColumns: ["organization"],
  sections: [
    {
      id: "overview",
      title: "Short Information",
      fields: [
        summaryField,
        {
          name: "keyType",
          label: "Answer key",
          type: "select",
          required: true,
          options: ANSWER_KEY_TYPES,
        },
        { name: "examDate", label: "Exam date", type: "date" },
        { name: "releaseDate", label: "Answer key released on", type: "date", required: true },
      ],
    },
    {
      id: "objections",
      title: "Objections",
      fields: [
        { name: "objectionStart", label: "Objections open", type: "date" },
        { name: "objectionEnd", label: "Objections close", type: "date" },
        {
          name: "objectionFee",
          label: "Fee per question (₹)",
          publicLabel: "Objection fee per question",
          type: "number",
          max: 100_000,
        },
        { name: "objectionNote", label: "How to raise an objection", type: "textarea", max: 3000 },
      ],
    },
    howToSection("How to Download", "How to download"),
    {
      id: "links",
      title: "Important Links",
      fields: [
        {
          name: "answerKeyUrl",
          label: "Download answer key",
          publicLabel: "Download Answer Key",
          type: "url",
        },
        {
          name: "objectionUrl",
          label: "Raise objection",
          publicLabel: "Raise Objection",
          type: "url",
        },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
};

/** Each kind's fields: a kind missing here fails the type check. */
export const KIND_FIELDS: Record<Kind, KindFields> = {
  job,
  result,
  "admit-card": admitCard,
  syllabus,
  "answer-key": answerKey,
};

/** The catalogue's kinds with these fields (kinds without any are left out; see kind-notice.ts). */
export function registryOf(fields: Record<Kind, KindFields>) {
  const lines = KIND_LINES.filter((line) => fields[line.key]);
  const REGISTRY = Object.fromEntries(
    lines.map((line) => [
      line.key,
      {
        kind: line.key,
        label: line.label.en,
        plural: line.plural.en,
        urlPrefix: line.urlPrefix,
        adminSegment: line.adminSegment,
        ...fields[line.key],
      } satisfies KindDefinition,
    ]),
  ) as Record<Kind, KindDefinition>;
  const KIND_LIST: readonly KindDefinition[] = lines.map((line) => REGISTRY[line.key]);
  const byLine = (line?: { key: Kind }) => line && REGISTRY[line.key];
  const dataSchemas = new Map(KIND_LIST.map((k) => [k.kind, dataSchema(k.sections)]));
  return {
    REGISTRY,
    KIND_LIST,
    kindByUrlPrefix: (prefix: string): KindDefinition | undefined =>
      byLine(kindLineByUrlPrefix(prefix)),
    kindByAdminSegment: (segment: string): KindDefinition | undefined =>
      byLine(kindLineByAdminSegment(segment)),
    /** The complete input of one kind: the core fields plus the kind's own fields under `data`. */
    entryInputSchema: (kind: Kind) => entryInputSchemaOf(REGISTRY[kind], dataSchemas.get(kind)!),
  };
}

export const { REGISTRY, KIND_LIST, kindByUrlPrefix, kindByAdminSegment, entryInputSchema } =
  registryOf(KIND_FIELDS);

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Make a URL slug from a title: lower case, ASCII letters and digits joined by single hyphens. */
export function slugify(title: string, { fallback = "entry", max = 100 } = {}): string {
  return (
    title
      .normalize("NFKD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, max)
      .replace(/-+$/g, "") || fallback
  );
}

/** The fields every entry has, whatever its kind, checked the same way in the browser and on the server. */
export const entryCoreSchema = z.object({
  title: z
    .string({ message: "Title is required" })
    .trim()
    .min(3, "Title must be at least 3 characters")
    .max(200, "Title must be at most 200 characters"),
  slug: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .trim()
      .max(100, "Slug must be at most 100 characters")
      .regex(SLUG_PATTERN, "Slug may contain only lower-case letters, digits and single hyphens")
      .optional(),
  ),
  organization: z
    .string({ message: "Organization is required" })
    .trim()
    .min(2, "Organization is required")
    .max(200, "Organization must be at most 200 characters"),
  status: z.enum(STATUSES, {
    message: "Choose a status: draft, pending review, scheduled, published or archived",
  }),
  publishAt: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z
      .string()
      .refine((v) => !Number.isNaN(Date.parse(v)), "Publish time must be a date and time")
      .optional(),
  ),
  jobId: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string().max(64).optional(),
  ),
});

export type EntryCoreInput = z.infer<typeof entryCoreSchema>;

function entryInputSchemaOf(def: KindDefinition, data: ReturnType<typeof dataSchema>) {
  return entryCoreSchema.extend({ data }).superRefine((v, ctx) => {
    if (v.status === "scheduled" && !v.publishAt) {
      ctx.addIssue({
        code: "custom",
        path: ["publishAt"],
        message: "A scheduled entry needs a publish time",
      });
    }
    const data = (v.data ?? {}) as Record<string, unknown>;
    for (const check of def.crossChecks ?? []) {
      const rows = check.rows ? data[check.rows] : [data];
      (Array.isArray(rows) ? rows : []).forEach((row: Record<string, unknown>, i) => {
        const a = row?.[check.earlier];
        const b = row?.[check.later];
        if (comparable(a) && comparable(b) && typeof a === typeof b && b < a) {
          const path = check.rows ? ["data", check.rows, i, check.later] : ["data", check.later];
          ctx.addIssue({ code: "custom", path, message: check.message });
        }
      });
    }
  });
}

/** A value a cross-field rule may compare: a parsed number or a well-formed date. */
function comparable(x: unknown): x is number | string {
  return (
    (typeof x === "number" && Number.isFinite(x)) ||
    (typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x))
  );
}

export type EntryInput = EntryCoreInput & { data: Record<string, unknown> };
