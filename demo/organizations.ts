/** `hi`: the name as Hindi job sites write it; the short name stays as people write it. */
export const ORGS: { name: string; short: string; hi: string; state: string; site: string }[] = [
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

export const DEMO_NOTE =
  "This is fictional demo content: the organization, dates and links are invented.";
