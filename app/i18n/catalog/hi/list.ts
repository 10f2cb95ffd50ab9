import type { list as en } from "../en/list.ts";

export const list: typeof en = {};
