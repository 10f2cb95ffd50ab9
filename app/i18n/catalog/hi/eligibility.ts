import type { eligibility as en } from "../en/eligibility.ts";

export const eligibility: typeof en = {};
