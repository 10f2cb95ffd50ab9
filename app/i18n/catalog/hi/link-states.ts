import type { linkStates as en } from "../en/link-states.ts";

export const linkStates: typeof en = {
  states: {
    unchecked: "अभी जांचा नहीं गया",
    ok: "चालू",
    moved: "पता बदल गया",
    broken: "टूटा हुआ",
    "soft-404": "“नहीं मिला” दिखाता है",
    "off-official": "आधिकारिक साइट से बाहर ले जाता है",
    "known-fake": "फर्जी साइट पर ले जाता है",
    unreachable: "कोई जवाब नहीं",
    refused: "जांचा नहीं गया (पता अनुमत नहीं)",
  },
  reasons: {
    "bad-url": "सही पता नहीं",
    scheme: "http या https नहीं",
    port: "80 या 443 के अलावा पोर्ट",
    credentials: "पते में यूज़र नाम या पासवर्ड है",
    "blocked-address": "सार्वजनिक पता नहीं",
    dns: "होस्ट का नाम नहीं मिला",
    connect: "जुड़ नहीं सका",
    tls: "TLS प्रमाणपत्र या हैंडशेक विफल",
    timeout: "समय पर जवाब नहीं आया",
    aborted: "रद्द किया गया",
    "too-large": "जवाब बहुत बड़ा",
    protocol: "सही वेब जवाब नहीं",
    "too-many-redirects": "5 से ज़्यादा रीडायरेक्ट",
    "bad-redirect": "सही पते के बिना रीडायरेक्ट",
  },
};
