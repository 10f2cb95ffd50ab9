import {
  checkedOnField,
  extraLinksField,
  faqSection,
  howToSection,
  officialWebsiteField,
  summaryField,
} from "../../common.ts";
import type { KindFields } from "../kind-fields.ts";

/** An admit card. */
export const admitCard: KindFields = {
  titleLabel: "Post / exam name",
  linksToJob: true,
  sections: [
    {
      id: "overview",
      title: "Short Information",
      fields: [
        summaryField,
        {
          name: "releaseDate",
          label: "Admit card released on",
          type: "date",
          roles: {
            glance: { fact: "date", order: 2, label: "admitCardOut" },
            changeLog: { as: "date", rank: 2 },
          },
        },
        {
          name: "examDate",
          label: "Exam date",
          type: "date",
          required: true,
          roles: {
            glance: { fact: "span", order: 1, label: "examDate", to: "examDateEnd" },
            listFact: true,
            changeLog: { as: "date", rank: 1 },
          },
        },
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
          roles: { action: { order: 1 }, changeLog: { as: "link", rank: 3 } },
        },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
};
