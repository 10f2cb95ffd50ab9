import type { sitePage as en } from "../en/site-page.ts";

export const sitePage: typeof en = {
  securityContact: "सुरक्षा संपर्क:",
  lastUpdated: "आखिरी बार {date} को अपडेट किया गया",
  notTranslated: "यह पेज अभी हिन्दी में उपलब्ध नहीं है, इसलिए नीचे अंग्रेज़ी में दिया गया है।",
};
