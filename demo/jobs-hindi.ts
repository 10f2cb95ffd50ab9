import type { EntryData, Row } from "~/content/fields.ts";
import { optionKey } from "~/content/options.ts";
import { formatDate } from "~/lib/format.ts";
import { demoUploadRules } from "~/photo-kit/demo.ts";
import { HI_DEMO_NOTE, HI_QUALIFICATIONS, HI_STATES, hindiOf } from "./hindi.ts";
import { jobData } from "./jobs.ts";
import { ORGS } from "./organizations.ts";
import { POSTS } from "./posts.ts";

/** The Hindi title of demo job `i`: "CSSA जूनियर क्लर्क भर्ती 2026". */
export function hindiJobTitle(i: number, base: Date): string {
  const org = ORGS[i % ORGS.length];
  const post = POSTS[(i * 7) % POSTS.length];
  return `${org.short} ${post.hi} भर्ती ${base.getUTCFullYear()}`;
}

/** The exam of demo job `i` in Hindi, with its year ("… परीक्षा 2026") or without. */
export function hindiExam(i: number, base: Date, withYear = true): string {
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
  return `आरक्षित वर्ग: 5 वर्ष, केवल ${hindiOf(HI_STATES, optionKey(state))} के मूल निवासियों के लिए।${i % 3 === 1 ? "\nसभी वर्गों की महिलाएं: 5 वर्ष।" : ""}`;
}

/**
 * The Hindi of demo job `i`: its title and every text `jobData` writes in English, tables row by
 * row (only their text columns).
 */
export function jobHindi(i: number, base: Date): EntryData {
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
