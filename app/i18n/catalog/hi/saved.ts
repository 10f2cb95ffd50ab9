import type { saved as en } from "../en/saved.ts";

export const saved: typeof en = {
  myExams: "मेरी परीक्षाएं",
  examCalendar: "परीक्षा कैलेंडर",
  save: "सेव करें",
  saved: "सेव है",
  addToCalendar: "कैलेंडर में जोड़ें",
  clashSameDay: "आपकी सेव की गई “{title}” परीक्षा भी इसी दिन ({date}) है।",
  clashOverlap: "आपकी सेव की गई “{title}” परीक्षा की तारीखें इससे टकराती हैं ({date})।",
};
