/**
 * Who may apply for a post: one pure function over a candidate's profile and the age and
 * qualification rules a notification prints. No I/O and no server imports, so the browser can
 * answer while the candidate types, and the server gives the same answer. Every decision carries
 * a reason the candidate can check against the notification, because the notification, not
 * this file, is the authority. Reasons are codes with values (numbers, ISO dates, keys): the
 * catalogue of the page's language puts them into words (app/i18n/eligibility-words.ts).
 *
 * Ages are counted in whole months: `ageInMonths` is the one definition of age, and every age
 * limit becomes a number of months (so "17½ years" works as 210 months).
 */

import { NONE, type Reason } from "./eligibility-reasons.ts";
import {
  addDays,
  addMonths,
  ageInMonths,
  isoOf,
  latestBirthAged,
  parseDate,
} from "./eligibility-dates.ts";
import { qualificationCheck, subjectFindings, verdictOf } from "./eligibility-qualification.ts";
import { ageSides, relaxationFor } from "./eligibility-relaxation.ts";
import type { Eligibility, IsoDate, PostRules, Profile } from "./eligibility-types.ts";

/**
 * Whether `profile` may apply for the post `post` describes, and why: each rule's reason as a
 * code and its values (`sayReason` words them).
 */
export function eligibility(profile: Profile, post: PostRules): Eligibility {
  const birth = parseDate(profile.dateOfBirth, "Date of birth");
  const on = parseDate(post.cutoffDate, "The cut-off date");
  const dob = profile.dateOfBirth;
  const asOn = post.cutoffDate;
  const sides = ageSides(profile, post);
  const relaxation = relaxationFor(profile, post);
  const age = ageInMonths(birth, on);
  const reasons: Reason[] = [...relaxation.notes];
  if (sides.women && (sides.women.minAge !== undefined || sides.women.maxAge !== undefined)) {
    reasons.push({
      code: "womenLimits",
      values: {
        min: sides.minAge ?? 0,
        ...(sides.maxAge !== undefined ? { max: sides.maxAge } : {}),
      },
    });
  }

  // The lower side. Decisions compare ages; the window is derived separately, and the tests
  // check that the two agree on every birthday.
  let to: IsoDate;
  let oldEnough: boolean;
  if (sides.printedTo !== undefined) {
    parseDate(sides.printedTo, "The notification's latest birth date");
    to = sides.printedTo;
    oldEnough = dob <= to;
    reasons.push({ code: "printedTo", values: { date: to, met: oldEnough } });
  } else {
    to = latestBirthAged(sides.minMonths, on);
    oldEnough = age >= sides.minMonths;
    reasons.push(
      sides.minAge === undefined
        ? { code: "noMinimumAge", values: { date: asOn, met: oldEnough } }
        : {
            code: "minimumAge",
            values: {
              months: sides.minMonths,
              date: asOn,
              to,
              met: oldEnough,
              ...(oldEnough ? {} : { reaches: isoOf(addMonths(birth, sides.minMonths)) }),
            },
          },
    );
  }

  // The upper side.
  let from: IsoDate | undefined;
  let youngEnough = true;
  if (sides.printedFrom !== undefined) {
    const printed = parseDate(sides.printedFrom, "The notification's earliest birth date");
    from = isoOf(addMonths(printed, -relaxation.months));
    youngEnough = dob >= from;
    const date = sides.printedFrom;
    reasons.push(
      relaxation.months
        ? {
            code: "printedFromMoved",
            values: {
              date,
              parts: relaxation.parts,
              months: relaxation.months,
              from,
              met: youngEnough,
            },
          }
        : { code: "printedFrom", values: { date, met: youngEnough } },
    );
  } else if (sides.maxAge !== undefined) {
    const maxMonths = Math.round(sides.maxAge * 12) + relaxation.months;
    const notAttainedMonths = post.upperRule === "not-attained" ? maxMonths : maxMonths + 12;
    from = addDays(latestBirthAged(notAttainedMonths, on), 1);
    youngEnough = age < notAttainedMonths;
    reasons.push({
      code: post.upperRule === "not-attained" ? "upperNotAttained" : "upperCompleted",
      values: {
        maxAge: sides.maxAge,
        parts: relaxation.parts,
        months: maxMonths,
        next: notAttainedMonths,
        date: asOn,
        from,
        met: youngEnough,
      },
    });
  } else {
    reasons.push({ code: "noUpperAge", values: NONE });
  }

  const qualification = qualificationCheck(profile, post);
  reasons.push(qualification.reason);
  // A subject is worth saying only of a level that is met (or will be, in the final year).
  const findings = qualification.ok || qualification.pending ? subjectFindings(profile, post) : [];
  const subjectFits = !findings.some((f) => f.outcome === "not-met");

  const verdict = verdictOf(oldEnough && youngEnough && qualification.ok, findings);
  const eligible = verdict === "eligible";
  let close: Eligibility["close"];
  if (
    verdict === "not-eligible" &&
    youngEnough &&
    qualification.ok &&
    subjectFits &&
    dob < isoOf(addMonths(parseDate(to, "date"), 12))
  ) {
    close = "too-young";
  } else if (
    verdict === "not-eligible" &&
    oldEnough &&
    youngEnough &&
    qualification.pending &&
    subjectFits
  ) {
    close = "qualification-pending";
  }
  return {
    eligible,
    verdict,
    reasons,
    findings,
    window: from === undefined ? { to } : { from, to },
    age: { months: age, date: post.cutoffDate },
    ...(close ? { close } : {}),
  };
}
