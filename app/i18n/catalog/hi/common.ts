import type { common as en } from "../en/common.ts";

export const common: typeof en = {
  new: "नया",
  closed: "बंद",
  posted: "पोस्ट:",
  updated: "अपडेट:",
  breadcrumb: "आप यहां हैं",
  pages: "पेज",
  previous: "‹ पिछला",
  next: "अगला ›",
  englishOnly: "केवल अंग्रेज़ी में",
  pageN: "पेज {n}",
};
