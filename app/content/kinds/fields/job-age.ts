import {
  CATEGORIES,
  CENTRAL_PWBD_RELAXATION,
  CENTRAL_RELAXATION,
} from "../../eligibility-terms.ts";
import type { Section } from "../../fields.ts";
import { AGE_RULES, CATEGORY_OPTIONS, YES_NO } from "../../options.ts";

/**
 * A job's age limits: the printed ages, the date they are counted on, the relaxations by category
 * (what the eligibility rules read, ../../eligibility.ts). Its minimum age is a glance fact.
 */
export const jobAgeSection: Section = {
  id: "age",
  title: "Age Limit",
  fields: [
    {
      name: "ageMin",
      label: "Minimum age",
      type: "number",
      max: 100,
      roles: {
        glance: {
          fact: "age",
          order: 5,
          label: "ageLimit",
          max: "ageMax",
          asOn: "ageCutoffDate",
        },
      },
    },
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
};
