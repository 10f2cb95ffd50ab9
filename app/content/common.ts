import type { RowsField, ScalarField, Section } from "./fields.ts";

/** Pieces every kind shares, described once. */
export const summaryField: ScalarField = {
  name: "summary",
  label: "Short information",
  type: "textarea",
  required: true,
  max: 3000,
  help: "Two or three sentences: who is recruiting, for what, and what the reader should do.",
};

export const officialWebsiteField: ScalarField = {
  name: "officialWebsite",
  label: "Official website",
  publicLabel: "Official Website",
  type: "url",
};

/** The date an editor last compared the entry with the official notification. */
export const checkedOnField: ScalarField = {
  name: "checkedOn",
  label: "Checked against the official notification on",
  type: "date",
  help: "The day you last compared this page with the official notification. Shown to readers.",
  glanceOnly: true,
};

export const extraLinksField: RowsField = {
  name: "links",
  label: "Other links",
  type: "rows",
  maxRows: 20,
  columns: [
    { name: "label", label: "Link text", type: "text", required: true, max: 120 },
    { name: "url", label: "Address", type: "url", required: true },
  ],
};

export const faqSection: Section = {
  id: "faqs",
  title: "FAQs",
  fields: [
    {
      name: "faqs",
      label: "Questions and answers",
      type: "rows",
      maxRows: 20,
      columns: [
        { name: "question", label: "Question", type: "text", required: true, max: 300 },
        { name: "answer", label: "Answer", type: "textarea", required: true, max: 2000 },
      ],
    },
  ],
};

export const howToSection = (title: string, label: string): Section => ({
  id: "how-to",
  title,
  fields: [
    {
      name: "howTo",
      label,
      type: "textarea",
      max: 5000,
      help: "One step per line.",
    },
  ],
});
