import type { Kind } from "../kinds.ts";
import type { KindFields } from "./kind-fields.ts";
import { admitCard } from "./fields/admit-card.ts";
import { answerKey } from "./fields/answer-key.ts";
import { job } from "./fields/job.ts";
import { result } from "./fields/result.ts";
import { syllabus } from "./fields/syllabus.ts";

/**
 * Each kind's fields, one file each under ./fields/: a kind of the catalogue (../kinds.ts) missing
 * here fails the type check. A field's roles (shown at a glance, tracked in the change log, an
 * action button, a filter) say what else the site does with it (../field-roles.ts).
 */
export const KIND_FIELDS: Record<Kind, KindFields> = {
  job,
  result,
  "admit-card": admitCard,
  syllabus,
  "answer-key": answerKey,
};
