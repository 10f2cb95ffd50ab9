import {
  checkedOnField,
  extraLinksField,
  faqSection,
  howToSection,
  officialWebsiteField,
  summaryField,
} from "../../common.ts";
import { ANSWER_KEY_TYPES } from "../../options.ts";
import type { KindFields } from "../kind-fields.ts";

/** An answer key and its objection window. */
export const answerKey: KindFields = {
  titleLabel: "Exam name",
  linksToJob: true,
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
        {
          name: "examDate",
          label: "Exam date",
          type: "date",
          roles: { changeLog: { as: "date", rank: 2 } },
        },
        {
          name: "releaseDate",
          label: "Answer key released on",
          type: "date",
          required: true,
          roles: { glance: { fact: "date", order: 1, label: "answerKeyReleased" } },
        },
      ],
    },
    {
      id: "objections",
      title: "Objections",
      fields: [
        {
          name: "objectionStart",
          label: "Objections open",
          type: "date",
          roles: {
            glance: {
              fact: "span",
              order: 2,
              label: "objections",
              to: "objectionEnd",
              judged: true,
            },
            listFact: true,
          },
        },
        {
          name: "objectionEnd",
          label: "Objections close",
          type: "date",
          roles: { changeLog: { as: "deadline", rank: 1 } },
        },
        {
          name: "objectionFee",
          label: "Fee per question (₹)",
          publicLabel: "Objection fee per question",
          type: "number",
          max: 100_000,
          roles: { glance: { fact: "perQuestion", order: 3, label: "objectionFee" } },
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
          roles: { action: { order: 1 }, changeLog: { as: "link", rank: 3 } },
        },
        {
          name: "objectionUrl",
          label: "Raise objection",
          publicLabel: "Raise Objection",
          type: "url",
          roles: {
            action: { order: 2, window: { opens: "objectionStart", closes: "objectionEnd" } },
            changeLog: { as: "link", rank: 4 },
          },
        },
        officialWebsiteField,
        extraLinksField,
        checkedOnField,
      ],
    },
    faqSection,
  ],
};
