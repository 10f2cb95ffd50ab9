import type { home as en } from "../en/home.ts";

export const home: typeof en = {};
