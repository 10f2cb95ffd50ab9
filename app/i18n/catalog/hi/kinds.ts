import type { kinds as en } from "../en/kinds.ts";

export const kinds: typeof en = {
  job: {
    listTitle: "लेटेस्ट सरकारी नौकरियां",
    listDescription:
      "भारत की लेटेस्ट सरकारी नौकरियों की अधिसूचनाएं: कुल पद, योग्यता, आवेदन शुल्क, महत्वपूर्ण तिथियां और ऑनलाइन आवेदन के आधिकारिक लिंक।",
    filterForm: "नौकरियां छांटें",
    feed: "सरकारी नौकरियां",
    searchWords: ["भर्ती", "नौकरियाँ"],
    published: "भर्ती प्रकाशित",
    homeBox: "लेटेस्ट जॉब्स",
    viewAll: "सभी नौकरियां देखें",
    organizationSection: "खुली भर्तियां",
    alertName: "नौकरियां",
  },
  result: {
    listTitle: "लेटेस्ट परीक्षा रिजल्ट",
    listDescription:
      "सरकारी परीक्षाओं के लेटेस्ट रिजल्ट: कट-ऑफ मार्क्स, मेरिट लिस्ट और रिजल्ट देखने के आधिकारिक लिंक।",
    filterForm: "रिजल्ट छांटें",
    feed: "रिजल्ट",
    searchWords: ["परिणाम", "रिज़ल्ट"],
    published: "रिजल्ट जारी",
    homeBox: "रिजल्ट",
    viewAll: "सभी रिजल्ट देखें",
    organizationSection: "रिजल्ट",
    alertName: "रिजल्ट",
  },
  "admit-card": {
    listTitle: "लेटेस्ट एडमिट कार्ड",
    listDescription:
      "सरकारी परीक्षाओं के लेटेस्ट एडमिट कार्ड और हॉल टिकट: परीक्षा तिथि और डाउनलोड करने के आधिकारिक लिंक।",
    filterForm: "एडमिट कार्ड छांटें",
    feed: "एडमिट कार्ड",
    searchWords: ["प्रवेश पत्र"],
    published: "एडमिट कार्ड जारी",
    homeBox: "एडमिट कार्ड",
    viewAll: "सभी एडमिट कार्ड देखें",
    organizationSection: "एडमिट कार्ड",
    alertName: "एडमिट कार्ड",
  },
  syllabus: {
    listTitle: "परीक्षा सिलेबस और एग्जाम पैटर्न",
    listDescription: "सरकारी भर्ती परीक्षाओं का सिलेबस और एग्जाम पैटर्न: पेपर, अंक, समय और टॉपिक।",
    filterForm: "सिलेबस छांटें",
    feed: "सिलेबस",
    searchWords: ["पाठ्यक्रम"],
    published: "सिलेबस जारी",
    homeBox: "सिलेबस",
    viewAll: "सभी सिलेबस देखें",
  },
  "answer-key": {
    listTitle: "लेटेस्ट आंसर की",
    listDescription:
      "सरकारी परीक्षाओं की लेटेस्ट आंसर की: आपत्ति दर्ज करने की तिथियां और डाउनलोड करने के आधिकारिक लिंक।",
    filterForm: "आंसर की छांटें",
    feed: "आंसर की",
    searchWords: ["उत्तर कुंजी"],
    published: "आंसर की जारी",
    homeBox: "आंसर की",
    viewAll: "सभी आंसर की देखें",
    organizationSection: "आंसर की",
    alertName: "आंसर की",
  },
};
