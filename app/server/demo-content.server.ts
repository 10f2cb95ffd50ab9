import type { EntryData, Row } from "~/content/fields.ts";
import type { Kind } from "~/content/registry.ts";
import { optionKey } from "~/content/options.ts";
import type { DB } from "./db/db.server.ts";
import { formatDate } from "../lib/format.ts";
import type { Entry } from "./entries/shared.server.ts";
import type { EntryWrite } from "./entries/writes.server.ts";
import { getOrganizationByName } from "./organizations.server.ts";
import { getSettings, HindiSettingsSchema } from "./settings.server.ts";
import { STATES as STATES_IN_HINDI } from "~/i18n/catalog/hi/states.ts";
import type { SitePageInput } from "./site-pages.server.ts";
import { saveEntry } from "./write/entries.server.ts";
import { saveOrganization } from "./write/organizations.server.ts";
import { saveContentSettings } from "./write/settings.server.ts";
import { savePage } from "./write/site-pages.server.ts";
import type { Actor } from "./write/transaction.server.ts";
import { demoUploadRules } from "~/photo-kit/demo.ts";

/**
 * Realistic but fictional demo content: every organization, post and link below is invented, and
 * each entry says so. Dates are relative to the day of seeding so that some jobs always close soon.
 */
/** `hi`: the name as Hindi job sites write it; the short name stays as people write it. */
const ORGS: { name: string; short: string; hi: string; state: string; site: string }[] = [
  {
    name: "Central Staff Selection Agency",
    short: "CSSA",
    hi: "केंद्रीय कर्मचारी चयन एजेंसी",
    state: "All India",
    site: "https://cssa.example.gov.in",
  },
  {
    name: "Rail Recruitment Council",
    short: "RRC",
    hi: "रेल भर्ती परिषद",
    state: "All India",
    site: "https://rrc.example.gov.in",
  },
  {
    name: "National Bank Personnel Institute",
    short: "NBPI",
    hi: "राष्ट्रीय बैंक कार्मिक संस्थान",
    state: "All India",
    site: "https://nbpi.example.gov.in",
  },
  {
    name: "Sahyadri Public Service Commission",
    short: "SPSC",
    hi: "सह्याद्रि लोक सेवा आयोग",
    state: "Maharashtra",
    site: "https://spsc.example.gov.in",
  },
  {
    name: "Ganga Valley Power Corporation",
    short: "GVPC",
    hi: "गंगा घाटी विद्युत निगम",
    state: "Uttar Pradesh",
    site: "https://gvpc.example.gov.in",
  },
  {
    name: "Deccan State Police Recruitment Board",
    short: "DSPRB",
    hi: "दक्कन राज्य पुलिस भर्ती बोर्ड",
    state: "Telangana",
    site: "https://dsprb.example.gov.in",
  },
  {
    name: "Thar Rural Health Mission",
    short: "TRHM",
    hi: "थार ग्रामीण स्वास्थ्य मिशन",
    state: "Rajasthan",
    site: "https://trhm.example.gov.in",
  },
  {
    name: "Kaveri Teachers Selection Board",
    short: "KTSB",
    hi: "कावेरी शिक्षक चयन बोर्ड",
    state: "Karnataka",
    site: "https://ktsb.example.gov.in",
  },
  {
    name: "Brahmaputra Postal Circle",
    short: "BPC",
    hi: "ब्रह्मपुत्र डाक सर्किल",
    state: "Assam",
    site: "https://bpc.example.gov.in",
  },
  {
    name: "Indian Coastal Defence Services",
    short: "ICDS",
    hi: "भारतीय तटीय रक्षा सेवा",
    state: "All India",
    site: "https://icds.example.gov.in",
  },
  {
    name: "Malabar Cooperative Bank",
    short: "MCB",
    hi: "मालाबार सहकारी बैंक",
    state: "Kerala",
    site: "https://mcb.example.gov.in",
  },
  {
    name: "Vindhya High Court Establishment",
    short: "VHC",
    hi: "विंध्य हाईकोर्ट",
    state: "Madhya Pradesh",
    site: "https://vhc.example.gov.in",
  },
  {
    name: "Sundarbans Forest Department",
    short: "SFD",
    hi: "सुंदरबन वन विभाग",
    state: "West Bengal",
    site: "https://sfd.example.gov.in",
  },
  {
    name: "Punjab Water Resources Authority",
    short: "PWRA",
    hi: "पंजाब जल संसाधन प्राधिकरण",
    state: "Punjab",
    site: "https://pwra.example.gov.in",
  },
];

/** `hi`: the post's name on a Hindi job site (most keep the English word in Devanagari). */
const POSTS: {
  post: string;
  hi: string;
  qualification: string;
  /** The subjects the post accepts, ticked (issue 26); none: any subject. */
  disciplines?: string[];
  min: number;
  max: number;
  type: string;
}[] = [
  {
    post: "Junior Clerk",
    hi: "जूनियर क्लर्क",
    qualification: "12th Pass",
    min: 19900,
    max: 63200,
    type: "FULL_TIME",
  },
  {
    post: "Assistant Loco Pilot",
    hi: "असिस्टेंट लोको पायलट",
    qualification: "ITI",
    min: 19900,
    max: 63200,
    type: "FULL_TIME",
  },
  {
    post: "Probationary Officer",
    hi: "प्रोबेशनरी ऑफिसर",
    qualification: "Graduate",
    min: 36000,
    max: 63840,
    type: "FULL_TIME",
  },
  {
    post: "Constable (General Duty)",
    hi: "कांस्टेबल (जनरल ड्यूटी)",
    qualification: "10th Pass",
    min: 21700,
    max: 69100,
    type: "FULL_TIME",
  },
  {
    post: "Staff Nurse",
    hi: "स्टाफ नर्स",
    qualification: "Diploma",
    disciplines: ["nursing"],
    min: 29200,
    max: 92300,
    type: "CONTRACTOR",
  },
  {
    post: "Primary Teacher",
    hi: "प्राथमिक शिक्षक",
    qualification: "Graduate",
    min: 35400,
    max: 112400,
    type: "FULL_TIME",
  },
  {
    post: "Junior Engineer (Civil)",
    hi: "जूनियर इंजीनियर (सिविल)",
    qualification: "Engineering",
    disciplines: ["engineering"],
    min: 35400,
    max: 112400,
    type: "FULL_TIME",
  },
  {
    post: "Multi Tasking Staff",
    hi: "मल्टी टास्किंग स्टाफ",
    qualification: "10th Pass",
    min: 18000,
    max: 56900,
    type: "FULL_TIME",
  },
  {
    post: "Gramin Dak Sevak",
    hi: "ग्रामीण डाक सेवक",
    qualification: "10th Pass",
    min: 10000,
    max: 29380,
    type: "PART_TIME",
  },
  {
    post: "Stenographer Grade C",
    hi: "स्टेनोग्राफर ग्रेड C",
    qualification: "12th Pass",
    min: 25500,
    max: 81100,
    type: "FULL_TIME",
  },
  {
    post: "Medical Officer",
    hi: "मेडिकल ऑफिसर",
    qualification: "Medical",
    disciplines: ["medicine"],
    min: 56100,
    max: 177500,
    type: "CONTRACTOR",
  },
  {
    post: "Forest Guard",
    hi: "वनरक्षक",
    qualification: "12th Pass",
    min: 19900,
    max: 63200,
    type: "FULL_TIME",
  },
  {
    post: "Civil Judge (Junior Division)",
    hi: "सिविल जज (जूनियर डिवीजन)",
    qualification: "Law",
    disciplines: ["law"],
    min: 77840,
    max: 136520,
    type: "FULL_TIME",
  },
  {
    post: "Graduate Apprentice",
    hi: "ग्रेजुएट अप्रेंटिस",
    qualification: "Graduate",
    min: 9000,
    max: 15000,
    type: "INTERN",
  },
  {
    post: "Data Entry Operator",
    hi: "डेटा एंट्री ऑपरेटर",
    qualification: "12th Pass",
    min: 25500,
    max: 81100,
    type: "TEMPORARY",
  },
  {
    post: "Assistant Professor",
    hi: "असिस्टेंट प्रोफेसर",
    qualification: "Post Graduate",
    min: 57700,
    max: 182400,
    type: "FULL_TIME",
  },
];

const DEMO_NOTE = "This is fictional demo content: the organization, dates and links are invented.";

/**
 * The Hindi of the demo content (issue 14), written from templates the way the English is: the
 * words a Hindi job site uses ("भर्ती", "अंतिम तिथि", "ऑनलाइन आवेदन"), short names and post names
 * as people write them, international digits. It sits beside the English in each entry's data as
 * `hi_<field>` keys (`hindiFields` in app/content/fields.ts).
 */
const HI_DEMO_NOTE = "यह काल्पनिक डेमो सामग्री है: संस्था, तिथियां और लिंक बनावटी हैं।";

/** The same Hindi state names as the site's pages. */

/** The qualification as the Hindi eligibility sentence names it. */
const HI_QUALIFICATIONS: Record<string, string> = {
  "10th Pass": "10वीं पास",
  "12th Pass": "12वीं पास",
  ITI: "संबंधित ट्रेड में ITI",
  Diploma: "नर्सिंग में डिप्लोमा",
  Graduate: "स्नातक (ग्रेजुएशन)",
  Engineering: "इंजीनियरिंग डिग्री (B.E. / B.Tech)",
  Medical: "मेडिकल डिग्री (MBBS)",
  Law: "विधि स्नातक (LLB)",
  "Post Graduate": "स्नातकोत्तर (पोस्ट ग्रेजुएशन)",
};

function hindiOf(map: Record<string, string>, english: string): string {
  const hindi = map[english];
  if (!hindi) throw new Error(`The demo content has no Hindi for "${english}"`);
  return hindi;
}

/**
 * Which demo entries have Hindi: most do; every seventh of each kind (4, 11, 18, …) has none, so
 * the admin and the Hindi pages show untranslated entries too, and job 9 and admit card 9 have
 * only a Hindi title and summary, as an editor's half-done translation would.
 */
function hindiCoverage(kind: Kind, n: number): "complete" | "partial" | "none" {
  if (n % 7 === 4) return "none";
  if (n === 9 && (kind === "job" || kind === "admit-card")) return "partial";
  return "complete";
}

/** An entry's data with as much of its Hindi as `hindiCoverage` gives it. */
function withHindi(kind: Kind, n: number, english: EntryData, hindi: EntryData): EntryData {
  switch (hindiCoverage(kind, n)) {
    case "none":
      return english;
    case "partial":
      return { ...english, hi_title: hindi.hi_title, hi_summary: hindi.hi_summary };
    default:
      return { ...english, ...hindi };
  }
}

function day(offset: number, base: Date): string {
  return new Date(base.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
}

/** One notification, two posts (regular and backlog), the categories split between them. */
function splitPosts(
  name: string,
  counts: Record<"total" | "ur" | "ews" | "obc" | "sc" | "st", number>,
) {
  const regular = { ur: 0, ews: 0, obc: 0, sc: 0, st: 0 };
  const backlog = { ur: 0, ews: 0, obc: 0, sc: 0, st: 0 };
  for (const c of ["ur", "ews", "obc", "sc", "st"] as const) {
    regular[c] = Math.ceil(counts[c] * 0.7);
    backlog[c] = counts[c] - regular[c];
  }
  const sum = (r: typeof regular) => r.ur + r.ews + r.obc + r.sc + r.st;
  return [
    { post: name, total: sum(regular), ...regular },
    { post: `${name} (backlog)`, total: sum(backlog), ...backlog },
  ];
}

const CENTRAL_RELAXATIONS = [
  { category: "general", years: 0, pwbdYears: 10 },
  { category: "ews", years: 0, pwbdYears: 10 },
  { category: "obc", years: 3, pwbdYears: 13 },
  { category: "sc", years: 5, pwbdYears: 15 },
  { category: "st", years: 5, pwbdYears: 15 },
];
/** A state's own table: five years for every reserved category, PwBD ten on top of it. */
const STATE_RELAXATIONS = [
  { category: "general", years: 0, pwbdYears: 10 },
  { category: "ews", years: 5, pwbdYears: 15 },
  { category: "obc", years: 5, pwbdYears: 15 },
  { category: "sc", years: 5, pwbdYears: 15 },
  { category: "st", years: 5, pwbdYears: 15 },
];

/** `date` moved by whole years, as a notification's printed birth dates are. */
function yearsBefore(date: string, years: number, days = 0): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return new Date(d.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Varied, realistic age rules. Central recruiters count "must not have attained" on a fixed
 * date with the central relaxations, and every fourth prints its birth-date window; state
 * recruiters often count completed years, give their own relaxations to their domicile only, and
 * some allow women five more years. Job 7 has no age data at all, as a notice sometimes omits it.
 */
function eligibilityData(i: number, state: string, lastDate: string): EntryData {
  if (i === 7) return { ageRelaxation: "As per the rules of the State Government." };
  const minAge = i % 5 === 4 ? 21 : 18;
  const maxAge = 27 + (i % 4) * 3;
  const firstOfMonth = `${lastDate.slice(0, 8)}01`;
  if (state === "All India") {
    const cutoff = i % 2 ? firstOfMonth : lastDate;
    return {
      ageMin: minAge,
      ageMax: maxAge,
      ageCutoffDate: cutoff,
      ageRule: "not-attained",
      ...(i % 4 === 1
        ? { bornFrom: yearsBefore(cutoff, maxAge, 1), bornTo: yearsBefore(cutoff, minAge) }
        : {}),
      ageRelaxations: CENTRAL_RELAXATIONS,
      exServicemenPlusYears: 3,
      ageRelaxation: "Ex-servicemen: years of military service plus 3 years.",
    };
  }
  return {
    ageMin: minAge,
    ageMax: maxAge,
    ageCutoffDate: firstOfMonth,
    ageRule: i % 2 ? "completed-years" : "not-attained",
    ...(i % 3 === 1 ? { ageMaxFemale: maxAge + 5 } : {}),
    ageRelaxations: STATE_RELAXATIONS,
    relaxationDomicileOnly: "yes",
    ...(i % 2 ? {} : { exServicemenPlusYears: 3 }),
    ageRelaxation: `Reserved categories: 5 years, for domiciles of ${state} only.${i % 3 === 1 ? "\nWomen of all categories: 5 years." : ""}`,
  };
}

/**
 * One notification, two posts with their own ages and qualifications; the senior post asks the
 * same subjects at the higher level (a Senior Medical Officer: a postgraduate in medicine).
 */
function seniorPost(
  name: string,
  qualification: string,
  disciplines: string[] | undefined,
  counts: Record<"total" | "ur" | "ews" | "obc" | "sc" | "st", number>,
) {
  const [first, second] = splitPosts(name, counts);
  const higher = ["Graduate", "Engineering", "Post Graduate", "Medical", "Law"].includes(
    qualification,
  )
    ? "Post Graduate"
    : "Graduate";
  return [
    first,
    {
      ...second,
      post: `Senior ${name}`,
      ageMin: 21,
      ageMax: 35,
      qualification: higher,
      ...(disciplines ? { disciplines } : {}),
    },
  ];
}

export function jobData(
  i: number,
  base: Date,
): { title: string; org: (typeof ORGS)[number]; data: EntryData } {
  const org = ORGS[i % ORGS.length];
  const post = POSTS[(i * 7) % POSTS.length];
  const year = base.getUTCFullYear();
  // Spread last dates from 20 days ago to 60 days ahead; every fifth job closes within a week.
  const lastOffset = i % 5 === 0 ? (i % 7) + 1 : ((i * 13) % 80) - 20;
  const total = 50 + ((i * 137) % 4000);
  const ur = Math.round(total * 0.4);
  const ews = Math.round(total * 0.1);
  const obc = Math.round(total * 0.27);
  const sc = Math.round(total * 0.15);
  const st = total - ur - ews - obc - sc;
  const title = `${org.short} ${post.post} Recruitment ${year}`;
  const data: EntryData = {
    summary: `${org.name} has announced ${total} vacancies for the post of ${post.post}. Eligible candidates can apply online before the last date. ${DEMO_NOTE}`,
    department: `${org.name}, Department of Personnel`,
    advertisementNumber: `${org.short}/${year}/${String(i + 1).padStart(2, "0")}`,
    employmentType: post.type,
    state: org.state,
    salaryMin: post.min,
    salaryMax: post.max,
    applicationStart: day(lastOffset - 30, base),
    lastDate: day(lastOffset, base),
    feeLastDate: day(lastOffset + 2, base),
    examDate: day(lastOffset + 45, base),
    admitCardDate: day(lastOffset + 35, base),
    fees: [
      { category: "General / OBC / EWS", amount: 100 + (i % 5) * 100 },
      { category: "SC / ST / PwD", amount: 0 },
      { category: "Women (all categories)", amount: 0 },
    ],
    feeNote: "Pay online by debit card, credit card, net banking or UPI.",
    ...eligibilityData(i, org.state, day(lastOffset, base)),
    posts:
      i % 6 === 3
        ? seniorPost(post.post, post.qualification, post.disciplines, {
            total,
            ur,
            ews,
            obc,
            sc,
            st,
          })
        : i % 3 === 0
          ? splitPosts(post.post, { total, ur, ews, obc, sc, st })
          : [{ post: post.post, total, ur, ews, obc, sc, st }],
    qualification: post.qualification,
    ...(post.disciplines ? { disciplines: post.disciplines } : {}),
    ...(i % 4 === 2 && ["Graduate", "Engineering"].includes(post.qualification)
      ? { finalYearAllowed: "yes" }
      : {}),
    eligibility:
      i % 4 === 2 && ["Graduate", "Engineering"].includes(post.qualification)
        ? `${post.qualification} from a recognised university. Final-year students may apply if they pass before the date of document verification.`
        : `${post.qualification} from a recognised board or university. Candidates awaiting their final result may not apply.`,
    selectionProcess:
      "Computer based test\nSkill / physical test where applicable\nDocument verification\nMedical examination",
    howTo: `Open the official website of ${org.name}.\nRegister with your mobile number and e-mail address.\nFill in the application form and upload your photo and signature.\nPay the fee and print the confirmation page.`,
    applyUrl: `${org.site}/apply`,
    notificationUrl: `${org.site}/notice-${year}-${i + 1}.pdf`,
    officialWebsite: org.site,
    // Some notices also point at a private coaching site: the page must flag it as unofficial.
    ...(i % 4 === 1
      ? {
          links: [
            { label: "Free mock test (private site)", url: "https://mocktest-hub.example.com/" },
          ],
        }
      : {}),
    checkedOn: day(-((i % 3) + 1), base),
    ...demoUploadRules(org.short).en,
    faqs: [
      {
        question: `What is the last date for ${title}?`,
        answer: `The last date to apply is ${formatDate(day(lastOffset, base))}.`,
      },
      {
        question: "How many vacancies are there?",
        answer: `There are ${total} vacancies in all categories.`,
      },
    ],
  };
  return { title, org, data };
}

/** The Hindi title of demo job `i`: "CSSA जूनियर क्लर्क भर्ती 2026". */
function hindiJobTitle(i: number, base: Date): string {
  const org = ORGS[i % ORGS.length];
  const post = POSTS[(i * 7) % POSTS.length];
  return `${org.short} ${post.hi} भर्ती ${base.getUTCFullYear()}`;
}

/** The exam of demo job `i` in Hindi, with its year ("… परीक्षा 2026") or without. */
function hindiExam(i: number, base: Date, withYear = true): string {
  const exam = hindiJobTitle(i, base).replace(" भर्ती ", " परीक्षा ");
  return withYear ? exam : exam.replace(/ \d+$/, "");
}

/** A vacancy row's post in Hindi: the post, its backlog or its senior grade (`jobData`). */
function hindiPost(name: unknown, post: (typeof POSTS)[number]): string {
  if (name === post.post) return post.hi;
  if (name === `${post.post} (backlog)`) return `${post.hi} (बैकलॉग)`;
  if (name === `Senior ${post.post}`) return `सीनियर ${post.hi}`;
  throw new Error(`The demo content has no Hindi for the post "${String(name)}"`);
}

/** The Hindi of `eligibilityData`'s "other relaxations". */
function hindiAgeRelaxation(i: number, state: string): string {
  if (i === 7) return "राज्य सरकार के नियमानुसार।";
  if (state === "All India") return "पूर्व सैनिक: सैन्य सेवा की अवधि के साथ 3 वर्ष अतिरिक्त।";
  return `आरक्षित वर्ग: 5 वर्ष, केवल ${hindiOf(STATES_IN_HINDI, optionKey(state))} के मूल निवासियों के लिए।${i % 3 === 1 ? "\nसभी वर्गों की महिलाएं: 5 वर्ष।" : ""}`;
}

/**
 * The Hindi of demo job `i`: its title and every text `jobData` writes in English, tables row by
 * row (only their text columns).
 */
function jobHindi(i: number, base: Date): EntryData {
  const { org, data } = jobData(i, base);
  const post = POSTS[(i * 7) % POSTS.length];
  const title = hindiJobTitle(i, base);
  const rows = (value: unknown) => (Array.isArray(value) ? (value as Row[]) : []);
  const total = rows(data.posts).reduce((sum, row) => sum + Number(row.total), 0);
  const qualification = hindiOf(HI_QUALIFICATIONS, post.qualification);
  return {
    hi_title: title,
    hi_summary: `${org.hi} (${org.short}) ने ${post.hi} के ${total} पदों पर भर्ती का नोटिफिकेशन जारी किया है। योग्य उम्मीदवार अंतिम तिथि से पहले ऑनलाइन आवेदन कर सकते हैं। ${HI_DEMO_NOTE}`,
    hi_department: `${org.hi}, कार्मिक विभाग`,
    // As printed on the notice, in either language.
    hi_advertisementNumber: data.advertisementNumber,
    hi_fees: [
      { category: "सामान्य / OBC / EWS" },
      { category: "SC / ST / PwD" },
      { category: "महिलाएं (सभी वर्ग)" },
    ],
    hi_feeNote: "आवेदन शुल्क का भुगतान डेबिट कार्ड, क्रेडिट कार्ड, नेट बैंकिंग या UPI से ऑनलाइन करें।",
    hi_ageRelaxation: hindiAgeRelaxation(i, org.state),
    hi_posts: rows(data.posts).map((row) => ({ post: hindiPost(row.post, post) })),
    hi_eligibility:
      data.finalYearAllowed === "yes"
        ? `किसी मान्यता प्राप्त विश्वविद्यालय से ${qualification}। अंतिम वर्ष के छात्र भी आवेदन कर सकते हैं, बशर्ते वे दस्तावेज़ सत्यापन की तिथि से पहले पास हो जाएं।`
        : `किसी मान्यता प्राप्त बोर्ड या विश्वविद्यालय से ${qualification}। फाइनल रिजल्ट का इंतजार कर रहे उम्मीदवार आवेदन नहीं कर सकते।`,
    hi_selectionProcess:
      "कंप्यूटर आधारित परीक्षा (CBT)\nस्किल / शारीरिक परीक्षा (जहां लागू हो)\nदस्तावेज़ सत्यापन\nमेडिकल जांच",
    hi_howTo: `${org.hi} की आधिकारिक वेबसाइट खोलें।\nअपने मोबाइल नंबर और ई-मेल आईडी से रजिस्ट्रेशन करें।\nआवेदन फॉर्म भरें और अपनी फोटो व हस्ताक्षर अपलोड करें।\nआवेदन शुल्क जमा करें और कन्फर्मेशन पेज का प्रिंट निकाल लें।`,
    ...(data.links ? { hi_links: [{ label: "फ्री मॉक टेस्ट (प्राइवेट वेबसाइट)" }] } : {}),
    ...demoUploadRules(org.short).hi,
    hi_faqs: [
      {
        question: `${title} की अंतिम तिथि क्या है?`,
        answer: `ऑनलाइन आवेदन की अंतिम तिथि ${formatDate(String(data.lastDate), "hi")} है।`,
      },
      {
        question: "इस भर्ती में कुल कितने पद हैं?",
        answer: `सभी वर्गों को मिलाकर कुल ${total} पद हैं।`,
      },
    ],
  };
}

/**
 * Who the demo content is by: no user; revisions and the audit log name it "Demo content". It is
 * written through the write path as an editor's saves are.
 */
const DEMO_ACTOR: Actor = { id: null, email: null, name: "Demo content" };

async function demoEntry(db: DB, kind: Kind, input: EntryWrite): Promise<Entry> {
  const saved = await saveEntry(db, { kind, input, actor: DEMO_ACTOR });
  if (!saved.ok) throw new Error(`The demo ${kind} "${input.title}" was refused: ${saved.reason}`);
  return saved.entry;
}

export async function seedDemoContent(db: DB, base = new Date()): Promise<void> {
  const jobs: { id: string; i: number; title: string; org: (typeof ORGS)[number] }[] = [];
  // Oldest first, so the newest demo job is also the newest entry.
  for (let i = 44; i >= 0; i--) {
    const { title, org, data } = jobData(i, base);
    const entry = await demoEntry(db, "job", {
      title,
      organization: org.name,
      status: "published",
      data: withHindi("job", i, data, jobHindi(i, base)),
    });
    jobs.push({ id: entry.id, i, title, org });
  }
  // A draft, so editors see one in the admin; it is never public.
  const draft = jobData(45, base);
  await demoEntry(db, "job", {
    title: `${draft.title} (draft)`,
    organization: draft.org.name,
    status: "draft",
    data: withHindi("job", 45, draft.data, {
      ...jobHindi(45, base),
      hi_title: `${hindiJobTitle(45, base)} (ड्राफ्ट)`,
    }),
  });

  const related = (n: number) => jobs[(n * 3) % jobs.length];
  for (let n = 0; n < 15; n++) {
    const job = related(n);
    const exam = job.title.replace(/ Recruitment /, " Exam ");
    const hiExam = hindiExam(job.i, base);
    await demoEntry(db, "result", {
      title: `${exam} Result`,
      organization: job.org.name,
      status: "published",
      jobId: job.id,
      data: withHindi(
        "result",
        n,
        {
          summary: `${job.org.name} has declared the result of the ${exam}. Candidates can check their roll number in the merit list. ${DEMO_NOTE}`,
          resultDate: day(-n, base),
          nextStage: "Shortlisted candidates will be called for document verification.",
          cutoffs: [
            { category: "UR", marks: String(140 - n) },
            { category: "OBC", marks: String(132 - n) },
            { category: "SC", marks: String(118 - n) },
            { category: "ST", marks: String(110 - n) },
          ],
          howTo:
            "Open the official website.\nClick on the result link.\nEnter your roll number and date of birth.\nDownload the scorecard.",
          resultUrl: `${job.org.site}/result`,
          meritListUrl: `${job.org.site}/merit-list.pdf`,
          officialWebsite: job.org.site,
          faqs: [
            {
              question: "Where can I see my marks?",
              answer: "Marks are in the scorecard on the official website.",
            },
          ],
        },
        {
          hi_title: `${hiExam} रिजल्ट`,
          hi_summary: `${job.org.hi} ने ${hiExam} का रिजल्ट जारी कर दिया है। उम्मीदवार मेरिट लिस्ट में अपना रोल नंबर देख सकते हैं। ${HI_DEMO_NOTE}`,
          hi_nextStage: "शॉर्टलिस्ट किए गए उम्मीदवारों को दस्तावेज़ सत्यापन के लिए बुलाया जाएगा।",
          hi_cutoffs: [
            { category: "अनारक्षित (UR)", marks: String(140 - n) },
            { category: "OBC", marks: String(132 - n) },
            { category: "SC", marks: String(118 - n) },
            { category: "ST", marks: String(110 - n) },
          ],
          hi_howTo:
            "आधिकारिक वेबसाइट खोलें।\nरिजल्ट के लिंक पर क्लिक करें।\nअपना रोल नंबर और जन्म तिथि दर्ज करें।\nस्कोरकार्ड डाउनलोड करें।",
          hi_faqs: [
            {
              question: "मैं अपने अंक कहां देख सकता हूं?",
              answer: "अंक आधिकारिक वेबसाइट पर आपके स्कोरकार्ड में दिए गए हैं।",
            },
          ],
        },
      ),
    });
  }
  for (let n = 0; n < 15; n++) {
    const job = related(n + 1);
    const exam = job.title.replace(/ Recruitment /, " Exam ");
    const hiExam = hindiExam(job.i, base);
    await demoEntry(db, "admit-card", {
      title: `${exam} Admit Card`,
      organization: job.org.name,
      status: "published",
      jobId: job.id,
      data: withHindi(
        "admit-card",
        n,
        {
          summary: `The admit card for the ${exam} is available. Download it with your registration number. ${DEMO_NOTE}`,
          releaseDate: day(-n, base),
          examDate: day(7 + n, base),
          instructions:
            "Reach the centre 60 minutes before the exam.\nCarry a printed admit card and a photo identity card.\nNo electronic devices are allowed.",
          howTo:
            "Open the official website.\nClick on the admit card link.\nEnter your registration number and password.\nDownload and print the admit card.",
          downloadUrl: `${job.org.site}/admit-card`,
          officialWebsite: job.org.site,
        },
        {
          hi_title: `${hiExam} एडमिट कार्ड`,
          hi_summary: `${hiExam} का एडमिट कार्ड जारी हो गया है। अपने रजिस्ट्रेशन नंबर से इसे डाउनलोड करें। ${HI_DEMO_NOTE}`,
          hi_instructions:
            "परीक्षा शुरू होने से 60 मिनट पहले परीक्षा केंद्र पहुंचें।\nएडमिट कार्ड का प्रिंट और फोटो वाला पहचान पत्र साथ लाएं।\nकोई भी इलेक्ट्रॉनिक उपकरण ले जाने की अनुमति नहीं है।",
          hi_howTo:
            "आधिकारिक वेबसाइट खोलें।\nएडमिट कार्ड के लिंक पर क्लिक करें।\nअपना रजिस्ट्रेशन नंबर और पासवर्ड दर्ज करें।\nएडमिट कार्ड डाउनलोड करें और उसका प्रिंट निकाल लें।",
        },
      ),
    });
  }
  for (let n = 0; n < 15; n++) {
    const job = related(n + 2);
    const exam = job.title.replace(/ Recruitment /, " Exam ");
    const hiExam = hindiExam(job.i, base);
    await demoEntry(db, "answer-key", {
      title: `${exam} Answer Key`,
      organization: job.org.name,
      status: "published",
      jobId: job.id,
      data: withHindi(
        "answer-key",
        n,
        {
          summary: `The ${n % 3 === 0 ? "final" : "provisional"} answer key of the ${exam} has been released. ${DEMO_NOTE}`,
          keyType: n % 3 === 0 ? "final" : "provisional",
          examDate: day(-10 - n, base),
          releaseDate: day(-n, base),
          objectionStart: day(-n, base),
          objectionEnd: day(5 - n, base),
          objectionFee: 100,
          objectionNote:
            "Log in, choose the question, attach your evidence and pay the fee per question.",
          answerKeyUrl: `${job.org.site}/answer-key.pdf`,
          objectionUrl: `${job.org.site}/objection`,
          officialWebsite: job.org.site,
        },
        {
          hi_title: `${hiExam} आंसर की`,
          hi_summary: `${hiExam} की ${n % 3 === 0 ? "फाइनल" : "प्रोविजनल"} आंसर की जारी कर दी गई है। ${HI_DEMO_NOTE}`,
          hi_objectionNote:
            "लॉग इन करें, प्रश्न चुनें, अपने दावे का प्रमाण अपलोड करें और प्रति प्रश्न निर्धारित शुल्क का भुगतान करें।",
        },
      ),
    });
  }
  for (let n = 0; n < 15; n++) {
    const job = related(n + 4);
    const exam = job.title.replace(/ Recruitment \d+/, " Exam");
    const hiExam = hindiExam(job.i, base, false);
    await demoEntry(db, "syllabus", {
      title: `${exam} Syllabus and Exam Pattern`,
      organization: job.org.name,
      status: "published",
      jobId: job.id,
      data: withHindi(
        "syllabus",
        n,
        {
          summary: `Subject-wise syllabus and exam pattern of the ${exam}. ${DEMO_NOTE}`,
          pattern: [
            {
              paper: "General Intelligence and Reasoning",
              questions: 25,
              marks: 50,
              duration: "60 minutes (total)",
            },
            { paper: "General Awareness", questions: 25, marks: 50 },
            { paper: "Quantitative Aptitude", questions: 25, marks: 50 },
            { paper: "English Language", questions: 25, marks: 50 },
          ],
          subjects: [
            {
              subject: "Reasoning",
              topics: "Analogies, coding-decoding, series, puzzles, blood relations",
            },
            {
              subject: "General Awareness",
              topics: "History, geography, polity, economy, current affairs",
            },
            {
              subject: "Quantitative Aptitude",
              topics: "Percentages, ratio, time and work, geometry, data interpretation",
            },
            {
              subject: "English",
              topics: "Reading comprehension, error spotting, vocabulary, grammar",
            },
          ],
          pdfUrl: `${job.org.site}/syllabus.pdf`,
          officialWebsite: job.org.site,
        },
        {
          hi_title: `${hiExam} सिलेबस और एग्जाम पैटर्न`,
          hi_summary: `${hiExam} का विषयवार सिलेबस और परीक्षा पैटर्न। ${HI_DEMO_NOTE}`,
          hi_pattern: [
            { paper: "सामान्य बुद्धि एवं तर्कशक्ति (रीजनिंग)", duration: "60 मिनट (कुल)" },
            { paper: "सामान्य जागरूकता" },
            { paper: "मात्रात्मक योग्यता (क्वांटिटेटिव एप्टीट्यूड)" },
            { paper: "अंग्रेजी भाषा" },
          ],
          hi_subjects: [
            {
              subject: "रीजनिंग",
              topics: "सादृश्यता (एनालॉजी), कोडिंग-डिकोडिंग, श्रृंखला, पहेलियां, रक्त संबंध",
            },
            {
              subject: "सामान्य जागरूकता",
              topics: "इतिहास, भूगोल, राजव्यवस्था, अर्थव्यवस्था, करेंट अफेयर्स",
            },
            {
              subject: "मात्रात्मक योग्यता",
              topics: "प्रतिशत, अनुपात, समय और कार्य, ज्यामिति, डेटा इंटरप्रिटेशन",
            },
            {
              subject: "अंग्रेजी",
              topics: "रीडिंग कॉम्प्रिहेंशन, एरर स्पॉटिंग, शब्दावली (वोकैबुलरी), व्याकरण (ग्रामर)",
            },
          ],
        },
      ),
    });
  }
  // Each organization's official domain, short name and state, as an admin fills them in.
  for (const org of ORGS) {
    const row = await getOrganizationByName(db, org.name);
    if (!row) continue;
    const domains = new URL(org.site).hostname;
    const input = { hiName: org.hi, shortName: org.short, domains, state: org.state };
    const saved = await saveOrganization(db, { id: row.id, input, actor: DEMO_ACTOR });
    if (!saved.ok)
      throw new Error(`The demo organization ${org.name} was refused: ${saved.reason}`);
  }
  await seedSitePages(db);
  // The Content settings screen's save: every other value as it is now.
  const current = await getSettings(db);
  const settings = await saveContentSettings(
    db,
    {
      ...current,
      sameAs: current.organization.sameAs,
      homeFaq: [
        {
          question: "Is govjobs an official government website?",
          answer:
            "No. govjobs collects notifications from official websites; always confirm on the official website before you apply.",
        },
        {
          question: "How often is the site updated?",
          answer: "Every day. The bell at the top shows the newest jobs, results and admit cards.",
        },
        {
          question: "Do I pay anything to use govjobs?",
          answer:
            "No. The site is free. Application fees are paid only on the official website of the recruiting body.",
        },
      ],
      // The tagline and description keep their Hindi defaults; the FAQ is the one above in Hindi.
      hindi: HindiSettingsSchema.parse({
        homeFaq: [
          {
            question: "क्या govjobs एक आधिकारिक सरकारी वेबसाइट है?",
            answer:
              "नहीं। govjobs आधिकारिक वेबसाइटों से भर्ती के नोटिफिकेशन इकट्ठा करता है; आवेदन करने से पहले हर जानकारी आधिकारिक वेबसाइट पर ज़रूर जांच लें।",
          },
          {
            question: "साइट कितनी बार अपडेट होती है?",
            answer: "हर दिन। ऊपर दी गई घंटी में सबसे नई नौकरियां, रिजल्ट और एडमिट कार्ड दिखते हैं।",
          },
          {
            question: "क्या govjobs इस्तेमाल करने के लिए कोई पैसा देना पड़ता है?",
            answer:
              "नहीं। यह साइट पूरी तरह मुफ्त है। आवेदन शुल्क केवल भर्ती करने वाली संस्था की आधिकारिक वेबसाइट पर ही जमा किया जाता है।",
          },
        ],
      }),
    },
    DEMO_ACTOR,
  );
  if (!settings.ok) throw new Error(`The demo settings were refused: ${JSON.stringify(settings)}`);
}

/** The site pages, each with its Hindi: the same HTML, tag for tag. */
const PAGES: SitePageInput[] = [
  {
    slug: "about-us",
    title: "About Us",
    description: "What govjobs is and how we collect government job information.",
    body: `<p>govjobs helps job seekers across India find government jobs, exam results, admit cards, syllabi and answer keys in one place.</p>
<p>Our editors read official notifications every day and publish the facts that matter: vacancies, eligibility, fees, important dates and the official links. We always link to the official website so you can check every detail at the source.</p>
<h2>What we do not do</h2>
<ul><li>We never charge job seekers.</li><li>We never ask for your passwords or payment details.</li><li>We are not a recruiting body and cannot influence any selection.</li></ul>`,
    hindi: {
      title: "हमारे बारे में",
      description: "govjobs क्या है और हम सरकारी नौकरियों की जानकारी कैसे जुटाते हैं।",
      body: `<p>govjobs भारत भर के नौकरी खोजने वालों को सरकारी नौकरियां, परीक्षा रिजल्ट, एडमिट कार्ड, सिलेबस और आंसर की एक ही जगह पर ढूंढने में मदद करता है।</p>
<p>हमारे संपादक हर दिन आधिकारिक नोटिफिकेशन पढ़ते हैं और काम की जानकारी प्रकाशित करते हैं: पदों की संख्या, योग्यता, आवेदन शुल्क, महत्वपूर्ण तिथियां और आधिकारिक लिंक। हम हमेशा आधिकारिक वेबसाइट का लिंक देते हैं, ताकि आप हर जानकारी उसके मूल स्रोत पर जांच सकें।</p>
<h2>हम क्या नहीं करते</h2>
<ul><li>हम नौकरी खोजने वालों से कभी कोई पैसा नहीं लेते।</li><li>हम कभी आपका पासवर्ड या भुगतान की जानकारी नहीं मांगते।</li><li>हम कोई भर्ती संस्था नहीं हैं और किसी भी चयन को प्रभावित नहीं कर सकते।</li></ul>`,
    },
  },
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    description: "What information govjobs collects and how it is used.",
    body: `<p>We collect as little as we can. Browsing the site needs no account.</p>
<h2>What we collect</h2>
<ul><li>Messages you send through the contact form: your name, e-mail address and message, kept so that we can reply.</li><li>Standard server logs (address, page, time) kept for security for a short period.</li><li>Job alerts, if you subscribe: your e-mail address, the language and topics you chose (states, qualifications, organizations, kinds), daily or instant and the hour, when you subscribed and confirmed, and the alerts queued or sent to you. An unconfirmed subscription keeps only a hashed confirmation code that expires after 7 days. Every alert has links to change your choices, download all of this as a file, or delete it; deleting removes your address and every alert kept for it.</li></ul>
<h2>What we do not do</h2>
<ul><li>We do not sell or share your information.</li><li>We do not use advertising trackers.</li></ul>
<p>To have your message deleted, write to us from the contact page.</p>`,
    hindi: {
      title: "गोपनीयता नीति",
      description: "govjobs आपकी कौन-सी जानकारी रखता है और उसका उपयोग कैसे होता है।",
      body: `<p>हम आपकी कम से कम जानकारी रखते हैं। साइट देखने के लिए किसी अकाउंट की ज़रूरत नहीं है।</p>
<h2>हम कौन-सी जानकारी रखते हैं</h2>
<ul><li>संपर्क फॉर्म से भेजे गए आपके संदेश: आपका नाम, ई-मेल पता और संदेश, ताकि हम आपको जवाब दे सकें।</li><li>सामान्य सर्वर लॉग (IP पता, पेज, समय), जो सुरक्षा के लिए थोड़े समय तक रखे जाते हैं।</li><li>नौकरी अलर्ट, अगर आप सदस्यता लेते हैं: आपका ई-मेल पता, आपकी चुनी भाषा और विषय (राज्य, योग्यता, संस्थान, प्रकार), तुरंत या रोज़ाना और उसका समय, आपने कब सदस्यता ली और पुष्टि की, और आपके लिए कतार में या भेजे गए अलर्ट। पुष्टि से पहले केवल पुष्टि कोड का हैश रखा जाता है, जो 7 दिन में समाप्त हो जाता है। हर अलर्ट में अपने विकल्प बदलने, यह सारी जानकारी फ़ाइल के रूप में डाउनलोड करने या इसे हटाने के लिंक होते हैं; हटाने पर आपका पता और उसके लिए रखे सभी अलर्ट मिट जाते हैं।</li></ul>
<h2>हम क्या नहीं करते</h2>
<ul><li>हम आपकी जानकारी न किसी को बेचते हैं, न किसी से साझा करते हैं।</li><li>हम विज्ञापन वाले ट्रैकर इस्तेमाल नहीं करते।</li></ul>
<p>अपना संदेश हटवाने के लिए संपर्क पेज से हमें लिखें।</p>`,
    },
  },
  {
    slug: "terms-of-service",
    title: "Terms of Service",
    description: "The terms on which govjobs is offered.",
    body: `<p>govjobs publishes information collected from official notifications. We work to keep it accurate, but the official notification is always the authority.</p>
<h2>Your responsibilities</h2>
<ul><li>Check every date, fee and eligibility rule on the official website before you apply.</li><li>Do not misuse the contact form or try to disrupt the site.</li></ul>
<h2>Liability</h2>
<p>govjobs is not responsible for losses arising from errors in, or reliance on, the information on this site.</p>`,
    hindi: {
      title: "उपयोग की शर्तें",
      description: "वे शर्तें जिन पर govjobs की सेवा दी जाती है।",
      body: `<p>govjobs आधिकारिक नोटिफिकेशन से जुटाई गई जानकारी प्रकाशित करता है। हम इसे सही रखने की पूरी कोशिश करते हैं, लेकिन अंतिम मान्यता हमेशा आधिकारिक नोटिफिकेशन की ही होती है।</p>
<h2>आपकी ज़िम्मेदारियां</h2>
<ul><li>आवेदन करने से पहले हर तिथि, शुल्क और योग्यता का नियम आधिकारिक वेबसाइट पर ज़रूर जांच लें।</li><li>संपर्क फॉर्म का दुरुपयोग न करें और साइट के कामकाज में बाधा डालने की कोशिश न करें।</li></ul>
<h2>दायित्व</h2>
<p>इस साइट की जानकारी में किसी गलती से, या उस जानकारी पर भरोसा करने से होने वाले किसी भी नुकसान के लिए govjobs ज़िम्मेदार नहीं है।</p>`,
    },
  },
  {
    slug: "security-policy",
    title: "Security Policy",
    description: "How govjobs protects the site and your information.",
    body: `<p>We protect this site and the information you send us with these measures:</p>
<ul><li><strong>Encryption:</strong> all traffic is served over HTTPS.</li><li><strong>Authentication:</strong> the back-office requires a strong password for each editor.</li><li><strong>Firewall:</strong> only the web ports are reachable from the internet.</li><li><strong>Secure storage:</strong> passwords are stored only as salted hashes.</li><li><strong>Regular updates:</strong> software and dependencies are updated regularly.</li><li><strong>Audits:</strong> every change made in the back-office is recorded.</li><li><strong>Access control:</strong> only administrators can open the back-office.</li><li><strong>Backups:</strong> the database is backed up regularly and restores are tested.</li></ul>`,
    hindi: {
      title: "सुरक्षा नीति",
      description: "govjobs इस साइट और आपकी जानकारी को कैसे सुरक्षित रखता है।",
      body: `<p>हम इस साइट और आपकी भेजी गई जानकारी को इन उपायों से सुरक्षित रखते हैं:</p>
<ul><li><strong>एन्क्रिप्शन:</strong> साइट का पूरा ट्रैफ़िक HTTPS पर चलता है।</li><li><strong>ऑथेंटिकेशन:</strong> बैक-ऑफिस में हर संपादक के लिए मज़बूत पासवर्ड ज़रूरी है।</li><li><strong>फ़ायरवॉल:</strong> इंटरनेट से केवल वेब पोर्ट ही खुले हैं।</li><li><strong>सुरक्षित स्टोरेज:</strong> पासवर्ड केवल सॉल्टेड हैश के रूप में रखे जाते हैं।</li><li><strong>नियमित अपडेट:</strong> सॉफ़्टवेयर और उसकी डिपेंडेंसी नियमित रूप से अपडेट की जाती हैं।</li><li><strong>ऑडिट:</strong> बैक-ऑफिस में किया गया हर बदलाव दर्ज होता है।</li><li><strong>एक्सेस कंट्रोल:</strong> केवल एडमिन ही बैक-ऑफिस खोल सकते हैं।</li><li><strong>बैकअप:</strong> डेटाबेस का नियमित बैकअप लिया जाता है और रीस्टोर करके जांचा जाता है।</li></ul>`,
    },
  },
];

export async function seedSitePages(db: DB): Promise<void> {
  for (const page of PAGES) await savePage(db, page, { actor: DEMO_ACTOR });
}
