import type { sitePage as en } from "../en/site-page.ts";

export const sitePage: typeof en = {};
