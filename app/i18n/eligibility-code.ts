/**
 * What a page fetches when its eligibility form is first used (the finder, a job page's "Am I
 * eligible?"): the rules, which return codes, and the describers that word them. One module, so
 * the browser makes one request; the English words come along for a page that sends none.
 */
export * from "~/content/job-eligibility.ts";
export { sayAnswers, sayErrors, sayQuick, viewFindings } from "./eligibility-words.ts";
export { ENGLISH_RULE_WORDS } from "./catalog/en/rule-words.ts";
