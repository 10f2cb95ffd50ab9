import type { EntryData } from "~/content/fields.ts";
import type { DB } from "./db/db.server.ts";
import { formatDate } from "./format.ts";
import { createEntry, type Author } from "./entries/writes.server.ts";
import { getOrganizationByName, updateOrganization } from "./organizations.server.ts";
import { saveSettings } from "./settings.server.ts";
import { saveSitePage } from "./site-pages.server.ts";

/**
 * Realistic but fictional demo content: every organization, post and link below is invented, and
 * each entry says so. Dates are relative to the day of seeding so that some jobs always close soon.
 */
const ORGS: { name: string; short: string; state: string; site: string }[] = [
  {
    name: "Central Staff Selection Agency",
    short: "CSSA",
    state: "All India",
    site: "https://cssa.example.gov.in",
  },
  {
    name: "Rail Recruitment Council",
    short: "RRC",
    state: "All India",
    site: "https://rrc.example.gov.in",
  },
  {
    name: "National Bank Personnel Institute",
    short: "NBPI",
    state: "All India",
    site: "https://nbpi.example.gov.in",
  },
  {
    name: "Sahyadri Public Service Commission",
    short: "SPSC",
    state: "Maharashtra",
    site: "https://spsc.example.gov.in",
  },
  {
    name: "Ganga Valley Power Corporation",
    short: "GVPC",
    state: "Uttar Pradesh",
    site: "https://gvpc.example.gov.in",
  },
  {
    name: "Deccan State Police Recruitment Board",
    short: "DSPRB",
    state: "Telangana",
    site: "https://dsprb.example.gov.in",
  },
  {
    name: "Thar Rural Health Mission",
    short: "TRHM",
    state: "Rajasthan",
    site: "https://trhm.example.gov.in",
  },
  {
    name: "Kaveri Teachers Selection Board",
    short: "KTSB",
    state: "Karnataka",
    site: "https://ktsb.example.gov.in",
  },
  {
    name: "Brahmaputra Postal Circle",
    short: "BPC",
    state: "Assam",
    site: "https://bpc.example.gov.in",
  },
  {
    name: "Indian Coastal Defence Services",
    short: "ICDS",
    state: "All India",
    site: "https://icds.example.gov.in",
  },
  {
    name: "Malabar Cooperative Bank",
    short: "MCB",
    state: "Kerala",
    site: "https://mcb.example.gov.in",
  },
  {
    name: "Vindhya High Court Establishment",
    short: "VHC",
    state: "Madhya Pradesh",
    site: "https://vhc.example.gov.in",
  },
  {
    name: "Sundarbans Forest Department",
    short: "SFD",
    state: "West Bengal",
    site: "https://sfd.example.gov.in",
  },
  {
    name: "Punjab Water Resources Authority",
    short: "PWRA",
    state: "Punjab",
    site: "https://pwra.example.gov.in",
  },
];

const POSTS: { post: string; qualification: string; min: number; max: number; type: string }[] = [
  { post: "Junior Clerk", qualification: "12th Pass", min: 19900, max: 63200, type: "FULL_TIME" },
  { post: "Assistant Loco Pilot", qualification: "ITI", min: 19900, max: 63200, type: "FULL_TIME" },
  {
    post: "Probationary Officer",
    qualification: "Graduate",
    min: 36000,
    max: 63840,
    type: "FULL_TIME",
  },
  {
    post: "Constable (General Duty)",
    qualification: "10th Pass",
    min: 21700,
    max: 69100,
    type: "FULL_TIME",
  },
  { post: "Staff Nurse", qualification: "Diploma", min: 29200, max: 92300, type: "CONTRACTOR" },
  {
    post: "Primary Teacher",
    qualification: "Graduate",
    min: 35400,
    max: 112400,
    type: "FULL_TIME",
  },
  {
    post: "Junior Engineer (Civil)",
    qualification: "Engineering",
    min: 35400,
    max: 112400,
    type: "FULL_TIME",
  },
  {
    post: "Multi Tasking Staff",
    qualification: "10th Pass",
    min: 18000,
    max: 56900,
    type: "FULL_TIME",
  },
  {
    post: "Gramin Dak Sevak",
    qualification: "10th Pass",
    min: 10000,
    max: 29380,
    type: "PART_TIME",
  },
  {
    post: "Stenographer Grade C",
    qualification: "12th Pass",
    min: 25500,
    max: 81100,
    type: "FULL_TIME",
  },
  {
    post: "Medical Officer",
    qualification: "Medical",
    min: 56100,
    max: 177500,
    type: "CONTRACTOR",
  },
  { post: "Forest Guard", qualification: "12th Pass", min: 19900, max: 63200, type: "FULL_TIME" },
  {
    post: "Civil Judge (Junior Division)",
    qualification: "Law",
    min: 77840,
    max: 136520,
    type: "FULL_TIME",
  },
  { post: "Graduate Apprentice", qualification: "Graduate", min: 9000, max: 15000, type: "INTERN" },
  {
    post: "Data Entry Operator",
    qualification: "12th Pass",
    min: 25500,
    max: 81100,
    type: "TEMPORARY",
  },
  {
    post: "Assistant Professor",
    qualification: "Post Graduate",
    min: 57700,
    max: 182400,
    type: "FULL_TIME",
  },
];

const DEMO_NOTE = "This is fictional demo content: the organization, dates and links are invented.";

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

/** One notification, two posts with their own ages and qualifications. */
function seniorPost(
  name: string,
  qualification: string,
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
    { ...second, post: `Senior ${name}`, ageMin: 21, ageMax: 35, qualification: higher },
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
        ? seniorPost(post.post, post.qualification, { total, ur, ews, obc, sc, st })
        : i % 3 === 0
          ? splitPosts(post.post, { total, ur, ews, obc, sc, st })
          : [{ post: post.post, total, ur, ews, obc, sc, st }],
    qualification: post.qualification,
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

export async function seedDemoContent(db: DB, base = new Date()): Promise<void> {
  const author: Author = { id: null, name: "Demo content" };
  const jobs: { id: string; title: string; org: (typeof ORGS)[number]; data: EntryData }[] = [];
  // Oldest first, so the newest demo job is also the newest entry.
  for (let i = 44; i >= 0; i--) {
    const { title, org, data } = jobData(i, base);
    const entry = await createEntry(
      db,
      "job",
      { title, organization: org.name, status: "published", data },
      author,
    );
    jobs.push({ id: entry.id, title, org, data });
  }
  // A draft, so editors see one in the admin; it is never public.
  const draft = jobData(45, base);
  await createEntry(
    db,
    "job",
    {
      title: `${draft.title} (draft)`,
      organization: draft.org.name,
      status: "draft",
      data: draft.data,
    },
    author,
  );

  const related = (n: number) => jobs[(n * 3) % jobs.length];
  for (let n = 0; n < 15; n++) {
    const job = related(n);
    const exam = job.title.replace(/ Recruitment /, " Exam ");
    await createEntry(
      db,
      "result",
      {
        title: `${exam} Result`,
        organization: job.org.name,
        status: "published",
        jobId: job.id,
        data: {
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
      },
      author,
    );
  }
  for (let n = 0; n < 15; n++) {
    const job = related(n + 1);
    const exam = job.title.replace(/ Recruitment /, " Exam ");
    await createEntry(
      db,
      "admit-card",
      {
        title: `${exam} Admit Card`,
        organization: job.org.name,
        status: "published",
        jobId: job.id,
        data: {
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
      },
      author,
    );
  }
  for (let n = 0; n < 15; n++) {
    const job = related(n + 2);
    const exam = job.title.replace(/ Recruitment /, " Exam ");
    await createEntry(
      db,
      "answer-key",
      {
        title: `${exam} Answer Key`,
        organization: job.org.name,
        status: "published",
        jobId: job.id,
        data: {
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
      },
      author,
    );
  }
  for (let n = 0; n < 15; n++) {
    const job = related(n + 4);
    const exam = job.title.replace(/ Recruitment \d+/, " Exam");
    await createEntry(
      db,
      "syllabus",
      {
        title: `${exam} Syllabus and Exam Pattern`,
        organization: job.org.name,
        status: "published",
        jobId: job.id,
        data: {
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
      },
      author,
    );
  }
  // Each organization's official domain, short name and state, as an admin would fill them in.
  for (const org of ORGS) {
    const row = await getOrganizationByName(db, org.name);
    if (row)
      await updateOrganization(db, row.id, {
        shortName: org.short,
        domains: [new URL(org.site).hostname],
        state: org.state,
      });
  }
  await seedSitePages(db);
  await saveSettings(db, {
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
  });
}

const PAGES = [
  {
    slug: "about-us",
    title: "About Us",
    description: "What govjobs is and how we collect government job information.",
    body: `<p>govjobs helps job seekers across India find government jobs, exam results, admit cards, syllabi and answer keys in one place.</p>
<p>Our editors read official notifications every day and publish the facts that matter: vacancies, eligibility, fees, important dates and the official links. We always link to the official website so you can check every detail at the source.</p>
<h2>What we do not do</h2>
<ul><li>We never charge job seekers.</li><li>We never ask for your passwords or payment details.</li><li>We are not a recruiting body and cannot influence any selection.</li></ul>`,
  },
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    description: "What information govjobs collects and how it is used.",
    body: `<p>We collect as little as we can. Browsing the site needs no account.</p>
<h2>What we collect</h2>
<ul><li>Messages you send through the contact form: your name, e-mail address and message, kept so that we can reply.</li><li>Standard server logs (address, page, time) kept for security for a short period.</li></ul>
<h2>What we do not do</h2>
<ul><li>We do not sell or share your information.</li><li>We do not use advertising trackers.</li></ul>
<p>To have your message deleted, write to us from the contact page.</p>`,
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
  },
  {
    slug: "security-policy",
    title: "Security Policy",
    description: "How govjobs protects the site and your information.",
    body: `<p>We protect this site and the information you send us with these measures:</p>
<ul><li><strong>Encryption:</strong> all traffic is served over HTTPS.</li><li><strong>Authentication:</strong> the back-office requires a strong password for each editor.</li><li><strong>Firewall:</strong> only the web ports are reachable from the internet.</li><li><strong>Secure storage:</strong> passwords are stored only as salted hashes.</li><li><strong>Regular updates:</strong> software and dependencies are updated regularly.</li><li><strong>Audits:</strong> every change made in the back-office is recorded.</li><li><strong>Access control:</strong> only administrators can open the back-office.</li><li><strong>Backups:</strong> the database is backed up regularly and restores are tested.</li></ul>`,
  },
];

export async function seedSitePages(db: DB): Promise<void> {
  for (const page of PAGES) await saveSitePage(db, page, { id: null, name: "Demo content" });
}
