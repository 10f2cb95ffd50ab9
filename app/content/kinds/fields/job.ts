import {
  checkedOnField,
  extraLinksField,
  faqSection,
  howToSection,
  officialWebsiteField,
  summaryField,
} from "../../common.ts";
import {
  DISCIPLINE_OPTIONS,
  EMPLOYMENT_TYPES,
  QUALIFICATIONS,
  STATES,
  YES_NO,
} from "../../options.ts";
import { uploadsRowChecks, uploadsSection } from "../../photo-fields.ts";
import type { KindFields } from "../kind-fields.ts";
import { jobAgeSection } from "./job-age.ts";

/** A job: the parent kind (last date, eligibility, vacancies, fees). */
export const job: KindFields = {
  titleLabel: "Post name",
  linksToJob: false,
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
          roles: { filter: true },
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
          roles: {
            glance: { fact: "lastDate", order: 1, label: "lastDate" },
            listFact: true,
            changeLog: { as: "deadline", rank: 1 },
          },
        },
        {
          name: "feeLastDate",
          label: "Last date for fee payment",
          type: "date",
          roles: { changeLog: { as: "deadline", rank: 3 } },
        },
        { name: "correctionStart", label: "Correction window opens", type: "date" },
        { name: "correctionEnd", label: "Correction window closes", type: "date" },
        {
          name: "examDate",
          label: "Exam date",
          type: "date",
          roles: { changeLog: { as: "date", rank: 2 } },
        },
        {
          name: "admitCardDate",
          label: "Admit card available",
          publicLabel: "Admit card",
          type: "date",
          roles: { changeLog: { as: "date", rank: 4 } },
        },
        {
          name: "resultDate",
          label: "Result date",
          type: "date",
          roles: { changeLog: { as: "date", rank: 5 } },
        },
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
          roles: {
            glance: { fact: "fee", order: 4, label: "applicationFee" },
            changeLog: { as: "fees", rank: 7 },
          },
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
    jobAgeSection,
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
          roles: {
            glance: { fact: "count", order: 2, label: "totalPosts" },
            changeLog: { as: "count", rank: 6 },
          },
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
          roles: { glance: { fact: "option", order: 3, label: "qualification" }, filter: true },
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
        {
          name: "applyUrl",
          label: "Apply online",
          publicLabel: "Apply Online",
          type: "url",
          roles: {
            action: { order: 1, window: { opens: "applicationStart", closes: "lastDate" } },
            changeLog: { as: "link", rank: 8 },
          },
        },
        {
          name: "notificationUrl",
          label: "Notification PDF",
          publicLabel: "Official Notification",
          type: "url",
          upload: "pdf",
          roles: { action: { order: 2 }, changeLog: { as: "link", rank: 9 } },
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
