import type { organization as en } from "../en/organization.ts";

export const organization: typeof en = {};
