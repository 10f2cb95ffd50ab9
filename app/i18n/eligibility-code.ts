/**
 * What a page fetches when its eligibility form is first used (the finder, a job page's "Am I
 * eligible?"): the rules, which return codes, and the describers that word them. One module, so
 * the browser makes one request; the English words come along for a page that sends none. The
 * editor's preview imports from here too: the bundler then keeps this module and the rules in
 * one file (a module only the pages reached would become a file of its own, fetched beside it).
 */
export {
  answerPosts,
  findPosts,
  parseProfile,
  profileForm,
  quickAnswers,
  rememberedProfile,
} from "~/content/job-eligibility.ts";
export {
  requiredText,
  sayAnswers,
  sayErrors,
  sayQuick,
  viewFindings,
} from "./eligibility-words.ts";
export { quickReply } from "./quick-reply.ts";
export { ENGLISH_RULE_WORDS } from "./catalog/en/rule-words.ts";
