import type { linkStatus as en } from "../en/link-status.ts";

export const linkStatus: typeof en = {
  checkedToday: "लिंक आज जांचा गया",
  checkedYesterday: "लिंक कल जांचा गया",
  workingOn: "लिंक {date} को चालू मिला",
  notWorkingToday: "आज जांचने पर यह लिंक काम नहीं कर रहा था।",
  notWorkingOn: "{date} को जांचने पर यह लिंक काम नहीं कर रहा था।",
  leavesOfficial: "यह लिंक अब {host} पर ले जाता है, जो हमारी आधिकारिक साइटों की सूची में नहीं है।",
  knownFake: "यह लिंक अब एक जानी-पहचानी फर्जी साइट पर ले जाता है। वहां न कोई पैसा दें, न कोई जानकारी भरें।",
  goInstead: "इसके बजाय {host} पर जाएं",
  noFallback: "इसे संस्था की आधिकारिक वेबसाइट पर खोजें।",
  tryAnyway: "फिर भी लिंक खोलें",
};
