import type { DB } from "~/platform/db/db.server.ts";
import { getOrganizationByName } from "~/organizations/organizations.repository.server.ts";
import { getSettings, HindiSettingsSchema } from "~/settings/settings.repository.server.ts";
import { saveOrganization } from "~/organizations/organizations.service.server.ts";
import { saveContentSettings } from "~/settings/settings.service.server.ts";
import { DEMO_ACTOR, demoEntry } from "./actor.ts";
import { seedExamEntries, type DemoJob } from "./exam-entries.ts";
import { withHindi } from "./hindi.ts";
import { jobData } from "./jobs.ts";
import { hindiJobTitle, jobHindi } from "./jobs-hindi.ts";
import { ORGS } from "./organizations.ts";
import { seedSitePages } from "./site-pages.ts";

/**
 * Realistic but fictional demo content: every organization, post and link below is invented, and
 * each entry says so. Dates are relative to the day of seeding so that some jobs always close soon.
 */
export async function seedDemoContent(db: DB, base = new Date()): Promise<void> {
  const jobs: DemoJob[] = [];
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

  await seedExamEntries(db, jobs, base);
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
