import { byKind } from "../en/kinds.ts";
import { kinds } from "./kinds.ts";
import type { home as en } from "../en/home.ts";

export const home: typeof en = {
  // The settings' Hindi tagline and description (settingsIn: the editors' words, or the Hindi
  // defaults), as the English page shows the English ones.
  heading: "{tagline}",
  metaTitle: "{site}: {tagline}",
  metaDescription: "{description}",
  jumpTo: "सीधे जाएं",
  boxes: byKind(kinds, "homeBox"),
  viewAll: byKind(kinds, "viewAll"),
  closingSoon: "जल्द बंद होने वाली भर्तियां",
  faq: "सवाल-जवाब",
  faqTitle: "अक्सर पूछे जाने वाले सवाल",
  finderTitle: "मैं किन नौकरियों के लिए आवेदन कर सकता/सकती हूं?",
  finderText: "अपनी जन्म तिथि, श्रेणी और योग्यता डालें और हर खुली भर्ती से मिलान करें।",
  alertsTitle: "नौकरी अलर्ट पाएं",
  alertsText: "आपके राज्य, योग्यता और संस्थाओं की नई भर्तियां, प्रकाशित होते ही।",
  noJobs: "अभी कोई नौकरी प्रकाशित नहीं हुई है।",
  noneClosing: "अगले {days} दिनों में किसी भर्ती की अंतिम तिथि नहीं है।",
  nothingYet: "अभी कुछ प्रकाशित नहीं हुआ है।",
  lastDate: "अंतिम तिथि:",
};
