import type { home as en } from "../en/home.ts";

export const home: typeof en = {
  // The settings have no Hindi tagline or description yet: the Hindi home page says its own.
  heading: "सरकारी नौकरी, रिजल्ट और एडमिट कार्ड की ताज़ा जानकारी",
  metaTitle: "{site}: सरकारी नौकरी, रिजल्ट, एडमिट कार्ड, सिलेबस और आंसर की",
  metaDescription:
    "लेटेस्ट सरकारी नौकरियां, रिजल्ट, एडमिट कार्ड, सिलेबस और आंसर की हिन्दी में: अंतिम तिथि, योग्यता, आवेदन शुल्क और आधिकारिक लिंक एक जगह।",
  jumpTo: "सीधे जाएं",
  boxes: {
    job: "लेटेस्ट जॉब्स",
    result: "रिजल्ट",
    "admit-card": "एडमिट कार्ड",
    "answer-key": "आंसर की",
    syllabus: "सिलेबस",
  },
  viewAll: {
    job: "सभी नौकरियां देखें",
    result: "सभी रिजल्ट देखें",
    "admit-card": "सभी एडमिट कार्ड देखें",
    "answer-key": "सभी आंसर की देखें",
    syllabus: "सभी सिलेबस देखें",
  },
  closingSoon: "जल्द बंद होने वाली भर्तियां",
  faq: "सवाल-जवाब",
  faqTitle: "अक्सर पूछे जाने वाले सवाल",
  finderTitle: "मैं किन नौकरियों के लिए आवेदन कर सकता/सकती हूं?",
  finderText: "अपनी जन्म तिथि, श्रेणी और योग्यता डालें और हर खुली भर्ती से मिलान करें।",
  noJobs: "अभी कोई नौकरी प्रकाशित नहीं हुई है।",
  noneClosing: "अगले {days} दिनों में किसी भर्ती की अंतिम तिथि नहीं है।",
  nothingYet: "अभी कुछ प्रकाशित नहीं हुआ है।",
  lastDate: "अंतिम तिथि:",
};
