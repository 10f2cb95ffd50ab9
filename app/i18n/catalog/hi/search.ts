import { byKind } from "../en/kinds.ts";
import { kinds } from "./kinds.ts";
import type { search as en } from "../en/search.ts";

export const search: typeof en = {
  title: "खोजें",
  resultsFor: "“{q}” के खोज परिणाम",
  description: "{site} पर सरकारी नौकरी, रिजल्ट, एडमिट कार्ड, सिलेबस और आंसर की खोजें।",
  wordsLabel: "खोज के शब्द",
  placeholder: "पद, परीक्षा या संस्था, जैसे clerk",
  button: "खोजें",
  hint: "ऊपर पद, परीक्षा या संस्था का नाम लिखें, जैसे “clerk”, “police” या “SSC”। भर्तियों की जानकारी अंग्रेज़ी में है, इसलिए अंग्रेज़ी शब्दों से खोजने पर ज़्यादा परिणाम मिलते हैं।",
  noMore: "इससे आगे कोई परिणाम नहीं है।",
  noResults: "“{q}” के लिए कुछ नहीं मिला। कम या दूसरे शब्दों से खोजें।",
  byType: "प्रकार से छांटें",
  all: "सभी",
  result: "{n} परिणाम",
  results: "{n} परिणाम",
  pageOf: ", पेज {page} (कुल {pages} पेज)",
  resultsLabel: "खोज परिणाम",
  lastDate: "अंतिम तिथि: {value}",
  kindWords: byKind(kinds, "searchWords"),
  errors: {
    tooMany: "आपके कनेक्शन से बहुत ज़्यादा खोजें हुई हैं। कृपया {seconds} सेकंड रुककर फिर कोशिश करें।",
    tooLong: "खोज के शब्द ज़्यादा से ज़्यादा {max} अक्षर के हो सकते हैं। कम शब्द लिखें।",
    type: "सूची में से कोई प्रकार चुनें: {types}।",
    pageWhole: "पेज नंबर पूरी संख्या होनी चाहिए, जैसे ?page=2",
    pageMin: "पेज नंबर 1 या उससे ज़्यादा होना चाहिए",
    pageMax: "पेज नंबर 10000 से ज़्यादा नहीं हो सकता",
  },
  notFound: {
    goneTitle: "यह पेज हटा दिया गया है",
    goneDetail:
      "जो पेज यहां था वह अब उपलब्ध नहीं है। आपको जो चाहिए उसे खोजें, या नीचे दी गई किसी सूची से शुरू करें।",
  },
};
