import type { contact as en } from "../en/contact.ts";

export const contact: typeof en = {};
