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

import type { Catalog } from "../types.ts";

/** The Hindi catalogue, written as Hindi job sites word things (not translated word by word). */
export const hi: Catalog = {
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
