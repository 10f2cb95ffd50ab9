import type { Eligibility } from "~/content/eligibility-types.ts";
import { ENGLISH_RULE_WORDS } from "~/i18n/catalog/en/rule-words.ts";
import { sayAge, sayReason, type RuleWords } from "~/i18n/eligibility-words.ts";

/**
 * A result of the eligibility rules with its reasons and age in words (English unless `words`
 * are given), as the pages show them: the tests that compare sentences read them through this.
 */
export const said = <R extends Pick<Eligibility, "reasons" | "age">>(
  result: R,
  words: RuleWords = ENGLISH_RULE_WORDS,
): Omit<R, "reasons"> & { reasons: string[]; ageText: string } => ({
  ...result,
  reasons: result.reasons.map((reason) => sayReason(reason, words)),
  ageText: sayAge(result.age, words),
});
