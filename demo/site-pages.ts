import type { DB } from "~/platform/db/db.server.ts";
import type { SitePageInput } from "~/site-pages/site-pages.repository.server.ts";
import { savePage } from "~/site-pages/site-pages.service.server.ts";
import { DEMO_ACTOR } from "./actor.ts";

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
