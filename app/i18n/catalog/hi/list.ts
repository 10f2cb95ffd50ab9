import { byKind, kindNames } from "../en/kinds.ts";
import { kinds } from "./kinds.ts";
import type { list as en } from "../en/list.ts";
import { OPTION_NAMES } from "./options.ts";

export const list: typeof en = {
  kinds: kindNames("hi"),
  titles: byKind(kinds, "listTitle"),
  descriptions: byKind(kinds, "listDescription"),
  landing: {
    allIndia: "ऑल इंडिया सरकारी नौकरियां",
    state: "{value} में सरकारी नौकरियां",
    qualification: "{value} के लिए सरकारी नौकरियां",
    /** States and qualifications by key; "any" after "के लिए" takes the oblique form. */
    names: { ...OPTION_NAMES, any: "किसी भी योग्यता" },
  },
  landingDescription:
    "{title}: खुली सरकारी भर्तियों की अधिसूचनाएं, कुल पद, योग्यता, आवेदन शुल्क, अंतिम तिथि और ऑनलाइन आवेदन के आधिकारिक लिंक।",
  titlePage: "{title}: पेज {page}",
  feedTitle: "{title}: {site}",
  rss: "RSS फ़ीड",
  filterForm: byKind(kinds, "filterForm"),
  filters: {
    organization: { label: "संस्था", any: "सभी संस्थाएं" },
    state: { label: "राज्य", any: "सभी राज्य" },
    qualification: { label: "योग्यता", any: "सभी योग्यताएं" },
  },
  sortBy: "क्रम",
  newestFirst: "सबसे नई पहले",
  lastDateFirst: "अंतिम तिथि (जो पहले खत्म हो)",
  includeClosed: "बंद भर्तियां भी दिखाएं",
  filter: "देखें",
  clearFilters: "फ़िल्टर हटाएं",
  noOpenJobs:
    "इन फ़िल्टर से कोई खुली भर्ती नहीं मिली। पुरानी भर्तियां देखने के लिए “बंद भर्तियां भी दिखाएं” पर टिक करें।",
  nothing: "इन फ़िल्टर से कुछ नहीं मिला।",
  count: {
    openJob: "{n} खुली भर्ती",
    openJobs: "{n} खुली भर्तियां",
    job: "{n} भर्ती",
    jobs: "{n} भर्तियां",
    entry: "{n} अपडेट",
    entries: "{n} अपडेट",
    pageOf: ", पेज {page} (कुल {pages} पेज)",
  },
  facts: {
    lastDate: "अंतिम तिथि",
    closedOn: "{date} को बंद",
    closesToday: "आज अंतिम दिन",
    closesTomorrow: "कल अंतिम दिन",
    closesInDays: "{n} दिन बाकी",
    resultDeclared: "रिजल्ट जारी",
    examDate: "परीक्षा तिथि",
    objections: "आपत्ति",
    span: "{from} से {to}",
    spanClosed: "{value} (बंद)",
    spanOpen: "{value} (अभी खुला)",
  },
  errors: {
    pageWhole: "पेज नंबर पूरी संख्या होनी चाहिए, जैसे ?page=2",
    pageMin: "पेज नंबर 1 या उससे ज़्यादा होना चाहिए",
    pageMax: "पेज नंबर 10000 से ज़्यादा नहीं हो सकता",
    filterMax: "{label} में 200 से ज़्यादा अक्षर नहीं हो सकते",
    closed: "closed का मान 1 (बंद भर्तियां भी) हो सकता है, या इसे छोड़ दें",
    sort: "sort का मान newest या last-date हो सकता है",
  },
};
