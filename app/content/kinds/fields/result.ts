import {
  checkedOnField,
  extraLinksField,
  faqSection,
  howToSection,
  officialWebsiteField,
  summaryField,
} from "../../common.ts";
import type { KindFields } from "../kind-fields.ts";

/** A result of an exam. */
export const result: KindFields = {
  titleLabel: "Exam name",
  linksToJob: true,
  sections: [
    {
      id: "overview",
      title: "Short Information",
      fields: [
        summaryField,
        {
          name: "resultDate",
          label: "Result declared on",
          type: "date",
          required: true,
          roles: {
            glance: { fact: "date", order: 1, label: "resultDeclared" },
            listFact: true,
            changeLog: { as: "date", rank: 1 },
          },
        },
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
        {
          name: "resultUrl",
          label: "Check result",
          publicLabel: "Check Result",
          type: "url",
          roles: { action: { order: 1 }, changeLog: { as: "link", rank: 2 } },
        },
        {
          name: "meritListUrl",
          label: "Merit list PDF",
          publicLabel: "Merit List",
          type: "url",
          roles: { action: { order: 2 }, changeLog: { as: "link", rank: 3 } },
        },
        {
          name: "scorecardUrl",
          label: "Scorecard",
          type: "url",
          roles: { changeLog: { as: "link", rank: 4 } },
        },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
};
