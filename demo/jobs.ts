import type { EntryData } from "~/content/fields.ts";
import { formatDate } from "~/lib/format.ts";
import { dateInIndia } from "~/lib/india-date.ts";
import { demoUploadRules } from "~/photo-kit/demo.ts";
import { DEMO_NOTE, ORGS } from "./organizations.ts";
import { POSTS } from "./posts.ts";

/**
 * India's date `offset` days from `base`, the day the site calls today (a UTC date is a day behind
 * from 18:30 to 24:00 UTC). Not the cause of e2e/page-share's restart failures seen at 19:30 UTC:
 * with UTC dates put back, that file passed 3 of 3 runs at 21:30-21:40 UTC.
 */
export function day(offset: number, base: Date): string {
  return dateInIndia(base.getTime() + offset * 86_400_000);
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
