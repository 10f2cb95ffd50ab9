import { shell } from "./shell.ts";
import { common } from "./common.ts";
import { home } from "./home.ts";
import { list } from "./list.ts";
import { detail } from "./detail.ts";
import { search } from "./search.ts";
import { contact } from "./contact.ts";
import { eligibility } from "./eligibility.ts";
import { organization } from "./organization.ts";
import { sitePage } from "./site-page.ts";
import { feeds } from "./feeds.ts";
import { alerts } from "./alerts.ts";
import { linkStatus } from "./link-status.ts";
import { linkStates } from "./link-states.ts";
import { checkLink } from "./check-link.ts";
import { photo } from "./photo.ts";
import { saved } from "./saved.ts";
import { myExams } from "./my-exams.ts";

/** The English catalogue: its shape is the type every language must fill (types.ts). */
export const en = {
  shell,
  common,
  home,
  list,
  detail,
  search,
  contact,
  eligibility,
  organization,
  sitePage,
  feeds,
  alerts,
  linkStatus,
  linkStates,
  checkLink,
  photo,
  saved,
  myExams,
};
