import { byKind } from "../en/kinds.ts";
import { kinds } from "./kinds.ts";
import type { organization as en } from "../en/organization.ts";

export const organization: typeof en = {
  metaTitle: "{name}{short}: नौकरियां, रिजल्ट और एडमिट कार्ड",
  description: "{name} की खुली भर्तियां, रिजल्ट, एडमिट कार्ड और आंसर की, आधिकारिक लिंक के साथ।",
  feedTitle: "{name}: {site}",
  sections: byKind(kinds, "organizationSection"),
  officialWebsite: "आधिकारिक वेबसाइट",
  officialWebsites: "आधिकारिक वेबसाइटें",
  officialNote: "सिर्फ़ इन्हीं पतों वाले लिंक पर “आधिकारिक साइट” लिखा जाता है",
  rss: "RSS फ़ीड",
  noOpenJobs: "अभी कोई खुली भर्ती नहीं है।",
  noneYet: "अभी कुछ प्रकाशित नहीं हुआ है।",
  viewAll: "सभी {n} देखें",
};
