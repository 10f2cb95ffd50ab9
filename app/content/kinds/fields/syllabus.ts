import {
  checkedOnField,
  extraLinksField,
  faqSection,
  officialWebsiteField,
  summaryField,
} from "../../common.ts";
import type { KindFields } from "../kind-fields.ts";

/** An exam's syllabus and pattern. */
export const syllabus: KindFields = {
  titleLabel: "Exam name",
  linksToJob: true,
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
        {
          name: "pdfUrl",
          label: "Syllabus PDF",
          publicLabel: "Download Syllabus",
          type: "url",
          roles: { action: { order: 1 }, changeLog: { as: "link", rank: 1 } },
        },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
};
