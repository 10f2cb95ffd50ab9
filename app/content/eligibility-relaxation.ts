/**
 * The age relaxation a candidate gets on a post, and what each side of the age check rests on
 * (eligibility.ts).
 */
import type { Reason, RelaxationPart } from "./eligibility-reasons.ts";
import { NONE } from "./eligibility-reasons.ts";
import type { PostRules, Profile } from "./eligibility-types.ts";
import { STATES, toOptionKey } from "./options.ts";

interface Relaxation {
  months: number;
  parts: RelaxationPart[];
  notes: Reason[];
}

/** The same state, by key or by the English name a profile or job kept from before keys. */
const sameState = (a: string | undefined, b: string) =>
  a !== undefined && toOptionKey(STATES, a) === toOptionKey(STATES, b);

/**
 * Category relaxation or the PwBD relaxation for the category, never both (the PwBD table
 * already includes the category's years). Ex-servicemen add their service plus `plusYears` on
 * top: the central rule deducts service from the candidate's age and then allows `plusYears`,
 * which is the same as adding both to the limit; service is counted in whole months here.
 */
export function relaxationFor(profile: Profile, post: PostRules): Relaxation {
  const notes: Reason[] = [];
  let category = profile.category;
  if (post.reservedRelaxationDomicileOnly && post.state && category !== "general") {
    if (!sameState(profile.domicileState, post.state)) {
      notes.push(
        profile.domicileState
          ? {
              code: "domicileElsewhere",
              values: { category, state: post.state, domicile: profile.domicileState },
            }
          : { code: "domicileMissing", values: { category, state: post.state } },
      );
      category = "general";
    }
  }

  const parts: RelaxationPart[] = [];
  let months = 0;
  const pwbdYears = profile.pwbd ? post.pwbdRelaxation?.[category] : undefined;
  const categoryYears = post.relaxation[category] ?? 0;
  if (pwbdYears !== undefined) {
    months += Math.round(pwbdYears * 12);
    parts.push({ code: "partPwbd", years: pwbdYears, category });
    if (categoryYears > 0) {
      notes.push({
        code: "pwbdIncludesCategory",
        values: { pwbd: pwbdYears, years: categoryYears, category },
      });
    }
  } else {
    if (profile.pwbd) notes.push({ code: "noPwbdRelaxation", values: NONE });
    if (categoryYears > 0) {
      months += Math.round(categoryYears * 12);
      parts.push({ code: "partCategory", years: categoryYears, category });
    }
  }

  const service = profile.exServicemanYears;
  if (service !== undefined) {
    if (!Number.isFinite(service) || service < 0) {
      throw new RangeError(`Years of military service must be 0 or more; got ${service}.`);
    }
    if (post.exServicemen) {
      const serviceMonths = Math.floor(service * 12);
      const plus = post.exServicemen.plusYears;
      months += serviceMonths + Math.round(plus * 12);
      parts.push({ code: "partExServicemen", serviceMonths, plus });
    } else {
      notes.push({ code: "noExServicemenRelaxation", values: NONE });
    }
  }
  return { months, parts, notes };
}

/**
 * What each side of the age check rests on: the notification's printed birth date, or an age
 * in months. Women's limits replace the printed date on the side they set, because a printed
 * window is the general one.
 */
export function ageSides(profile: Profile, post: PostRules) {
  const women = profile.gender === "female" ? post.genderLimits?.female : undefined;
  const minAge = women?.minAge ?? post.minAge;
  const maxAge = women?.maxAge ?? post.maxAge;
  return {
    women,
    printedTo: women?.minAge === undefined ? post.birthWindow?.to : undefined,
    printedFrom: women?.maxAge === undefined ? post.birthWindow?.from : undefined,
    minMonths: Math.round((minAge ?? 0) * 12),
    minAge,
    maxAge,
  };
}
