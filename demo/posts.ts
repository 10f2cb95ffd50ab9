/** `hi`: the post's name on a Hindi job site (most keep the English word in Devanagari). */
export const POSTS: {
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
