import type { detail as en } from "../en/detail.ts";

export const detail: typeof en = {};
