import type { feeds as en } from "../en/feeds.ts";

export const feeds: typeof en = {
  kinds: {
    job: "सरकारी नौकरियां",
    result: "रिजल्ट",
    "admit-card": "एडमिट कार्ड",
    syllabus: "सिलेबस",
    "answer-key": "आंसर की",
  },
  title: "{title}: {site}",
  newest: "{site} पर {what} की ताज़ा जानकारी।",
  organization: "{site} पर {name} की ताज़ा नौकरियां, रिजल्ट और एडमिट कार्ड।",
};
