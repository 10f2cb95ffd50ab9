import { CONTACT_LIMITS } from "~/content/contact.ts";
import type { contact as en } from "../en/contact.ts";

export const contact: typeof en = {
  title: "संपर्क करें",
  metaDescription: "{site} को लिखें: सरकारी नौकरी, रिजल्ट और एडमिट कार्ड से जुड़े सवाल, सुधार और सुझाव।",
  intro: "{site} पर किसी भर्ती के बारे में सवाल, कोई सुधार या सुझाव हो तो हमें लिखें, हम ईमेल से जवाब देंगे।",
  requiredNote: "{star} वाले फ़ील्ड भरना ज़रूरी है।",
  name: "आपका नाम",
  email: "ईमेल पता",
  message: "संदेश",
  messageHint: "कम से कम {min} और ज़्यादा से ज़्यादा {max} अक्षर।",
  honeypot: "इस फ़ील्ड को खाली छोड़ें",
  send: "संदेश भेजें",
  sending: "भेजा जा रहा है...",
  details: "संपर्क जानकारी",
  emailLabel: "ईमेल:",
  phoneLabel: "फ़ोन:",
  text: {
    sent: "संदेश सफलतापूर्वक भेज दिया गया!",
    failed: "संदेश नहीं भेजा जा सका। कृपया फिर से कोशिश करें।",
    nameRequired: "कृपया अपना नाम लिखें।",
    nameTooLong: `आपका नाम ज़्यादा से ज़्यादा ${CONTACT_LIMITS.name} अक्षरों का हो सकता है।`,
    emailRequired: "कृपया अपना ईमेल पता लिखें, ताकि हम जवाब दे सकें।",
    emailInvalid: "यह ईमेल पता सही नहीं लगता; इसे जांच लें (जैसे name@example.com)।",
    emailTooLong: `ईमेल पता ज़्यादा से ज़्यादा ${CONTACT_LIMITS.email} अक्षरों का हो सकता है।`,
    messageRequired: "कृपया अपना संदेश लिखें।",
    messageTooShort: `आपका संदेश बहुत छोटा है: कम से कम ${CONTACT_LIMITS.messageMin} अक्षर लिखें।`,
    messageTooLong: `आपका संदेश ज़्यादा से ज़्यादा ${CONTACT_LIMITS.messageMax} अक्षरों का हो सकता है; कृपया इसे छोटा करें।`,
    retryOne: "आपने कम समय में कई संदेश भेजे हैं। कृपया {n} मिनट बाद फिर से कोशिश करें।",
    retryMany: "आपने कम समय में कई संदेश भेजे हैं। कृपया {n} मिनट बाद फिर से कोशिश करें।",
  },
};
