import type { DB } from "~/platform/db/db.server.ts";
import { demoEntry } from "./actor.ts";
import { HI_DEMO_NOTE, withHindi } from "./hindi.ts";
import { day } from "./jobs.ts";
import { hindiExam } from "./jobs-hindi.ts";
import { DEMO_NOTE, ORGS } from "./organizations.ts";

/** A published demo job, as the results, admit cards, answer keys and syllabi name it. */
export type DemoJob = { id: string; i: number; title: string; org: (typeof ORGS)[number] };

/** Fifteen each of results, admit cards, answer keys and syllabi, each linked to a demo job. */
export async function seedExamEntries(db: DB, jobs: DemoJob[], base: Date): Promise<void> {
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
}
