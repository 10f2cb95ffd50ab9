import type { search as en } from "../en/search.ts";

export const search: typeof en = {};
