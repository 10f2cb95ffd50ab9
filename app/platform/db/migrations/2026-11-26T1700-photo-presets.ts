import type { Kysely } from "kysely";

/**
 * Photo and signature presets (issue 31): a recruiter's usual upload rules, with the notification
 * they come from and the day they were compared with it. Editors change them on the admin's
 * "Photo presets" screen; a job names one and its own values win. The first five are written
 * here, frozen: a migration must not change when the app's presets do. `rules` is a JSON array
 * of rules (app/photo-kit/rules.ts `PresetRule`).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("photo_presets")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_hi", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("source_title", "text", (c) => c.notNull())
    .addColumn("source_url", "text", (c) => c.notNull())
    .addColumn("checked_on", "text", (c) => c.notNull())
    .addColumn("rules", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .execute();
  const at = new Date().toISOString();
  for (const preset of PRESETS) {
    await db
      .insertInto("photo_presets")
      .values({
        key: preset.key,
        name: preset.name,
        name_hi: preset.nameHi,
        source_title: preset.sourceTitle,
        source_url: preset.sourceUrl,
        checked_on: CHECKED_ON,
        rules: JSON.stringify(preset.rules),
        created_at: at,
        updated_at: at,
        updated_by: null,
      })
      .execute();
  }
}

/**
 * The day these were compared with the recruiters' published guidelines (as reproduced from
 * their notifications; an editor re-checks against the official PDF and moves the date).
 */
const CHECKED_ON = "2026-11-26";

const PHOTO_NOTE = "Recent passport-style colour photo, light (preferably white) background.";
const PHOTO_NOTE_HI = "हाल की पासपोर्ट साइज़ रंगीन फोटो, हल्का (बेहतर हो सफेद) बैकग्राउंड।";
const SIGN_NOTE = "Sign in black ink on white paper; not in capital letters.";
const SIGN_NOTE_HI = "सफेद कागज़ पर काली स्याही से हस्ताक्षर करें; कैपिटल लेटर्स में नहीं।";

const PRESETS = [
  {
    key: "ibps",
    name: "IBPS (bank PO, clerk, SO)",
    nameHi: "IBPS (बैंक PO, क्लर्क, SO)",
    sourceTitle: "IBPS CRP PO/MT notification: guidelines for scanning and upload of documents",
    sourceUrl: "https://www.ibps.in/",
    rules: [
      {
        slot: "photo",
        widthMin: 200,
        widthMax: 200,
        heightMin: 230,
        heightMax: 230,
        widthMm: 35,
        heightMm: 45,
        kbMin: 20,
        kbMax: 50,
        format: "jpeg",
        notes: `${PHOTO_NOTE} No cap or dark glasses.`,
        notesHi: `${PHOTO_NOTE_HI} टोपी या काला चश्मा नहीं।`,
      },
      {
        slot: "signature",
        widthMin: 140,
        widthMax: 140,
        heightMin: 60,
        heightMax: 60,
        kbMin: 10,
        kbMax: 20,
        format: "jpeg",
        notes: SIGN_NOTE,
        notesHi: SIGN_NOTE_HI,
      },
      {
        slot: "left-thumb",
        widthMin: 240,
        widthMax: 240,
        heightMin: 240,
        heightMax: 240,
        widthMm: 30,
        heightMm: 30,
        kbMin: 20,
        kbMax: 50,
        format: "jpeg",
        notes: "Left thumb, in black or blue ink, on white paper.",
        notesHi: "सफेद कागज़ पर काली या नीली स्याही से बाएं अंगूठे का निशान।",
      },
      {
        slot: "declaration",
        widthMin: 800,
        widthMax: 800,
        heightMin: 400,
        heightMax: 400,
        widthMm: 100,
        heightMm: 50,
        kbMin: 50,
        kbMax: 100,
        format: "jpeg",
        notes:
          "The declaration's text (in the notification) in your own handwriting, in English, black ink on white paper; not in capital letters.",
        notesHi:
          "घोषणा का पाठ (नोटिफिकेशन में दिया है) अपनी लिखावट में, अंग्रेज़ी में, सफेद कागज़ पर काली स्याही से; कैपिटल लेटर्स में नहीं।",
      },
    ],
  },
  {
    key: "upsc",
    name: "UPSC (civil services and other exams)",
    nameHi: "UPSC (सिविल सेवा और अन्य परीक्षाएं)",
    sourceTitle: "UPSC examination notices: instructions for the online application (OTR)",
    sourceUrl: "https://upsc.gov.in/",
    rules: [
      {
        slot: "photo",
        widthMin: 350,
        widthMax: 1000,
        heightMin: 350,
        heightMax: 1000,
        kbMin: 20,
        kbMax: 300,
        format: "jpeg",
        notes:
          "Plain white background. A recent photo with your name and the date it was taken printed on it, as the notice asks.",
        notesHi:
          "सादा सफेद बैकग्राउंड। हाल की फोटो, जिस पर आपका नाम और फोटो खींचने की तारीख छपी हो, जैसा नोटिस में कहा गया है।",
      },
      {
        slot: "signature",
        widthMin: 350,
        widthMax: 1000,
        heightMin: 350,
        heightMax: 1000,
        kbMin: 20,
        kbMax: 300,
        format: "jpeg",
        notes: "Black ink on white paper; nothing but the signature.",
        notesHi: "सफेद कागज़ पर काली स्याही; हस्ताक्षर के अलावा कुछ नहीं।",
      },
    ],
  },
  {
    key: "rrb",
    name: "RRB (railway recruitment, 2024 notices)",
    nameHi: "RRB (रेलवे भर्ती, 2024 के नोटिस)",
    sourceTitle: "RRB centralised employment notices (CEN) of 2024: photograph and signature",
    sourceUrl: "https://indianrailways.gov.in/",
    rules: [
      {
        slot: "photo",
        widthMm: 35,
        heightMm: 45,
        kbMin: 30,
        kbMax: 70,
        format: "jpeg",
        notes:
          "Colour passport photo taken at a studio (not a mobile selfie), white or light background, face clearly visible.",
        notesHi:
          "स्टूडियो में खिंची रंगीन पासपोर्ट फोटो (मोबाइल सेल्फी नहीं), सफेद या हल्का बैकग्राउंड, चेहरा साफ दिखे।",
      },
      {
        slot: "signature",
        kbMin: 30,
        kbMax: 70,
        format: "jpeg",
        notes: "Black ink on white paper, in running letters.",
        notesHi: "सफेद कागज़ पर काली स्याही, रनिंग लेटर्स में।",
      },
    ],
  },
  {
    key: "ssc",
    name: "SSC (CGL, CHSL, MTS, GD and other exams, since 2024)",
    nameHi: "SSC (CGL, CHSL, MTS, GD और अन्य परीक्षाएं, 2024 से)",
    sourceTitle: "SSC notices since 2024: live photograph in the application; scanned signature",
    sourceUrl: "https://ssc.gov.in/",
    rules: [
      {
        slot: "photo",
        mode: "live",
        notes:
          "Good light, plain background, camera at eye level; no cap, mask or glasses. The old scanned-photo sizes no longer apply.",
        notesHi:
          "अच्छी रोशनी, सादा बैकग्राउंड, कैमरा आंखों की ऊंचाई पर; टोपी, मास्क या चश्मा नहीं। स्कैन की हुई फोटो के पुराने साइज अब लागू नहीं हैं।",
      },
      {
        slot: "signature",
        widthMm: 40,
        heightMm: 20,
        kbMin: 10,
        kbMax: 20,
        format: "jpeg",
        notes: SIGN_NOTE,
        notesHi: SIGN_NOTE_HI,
      },
    ],
  },
  {
    key: "bpsc",
    name: "BPSC (Bihar Public Service Commission)",
    nameHi: "BPSC (बिहार लोक सेवा आयोग)",
    sourceTitle: "BPSC online application: photograph and signature specifications",
    sourceUrl: "https://www.bpsc.bihar.gov.in/",
    rules: [
      {
        slot: "photo",
        widthMin: 150,
        widthMax: 150,
        heightMin: 200,
        heightMax: 200,
        kbMin: 20,
        kbMax: 50,
        format: "jpeg",
        notes: PHOTO_NOTE,
        notesHi: PHOTO_NOTE_HI,
      },
      {
        slot: "signature",
        widthMin: 140,
        widthMax: 140,
        heightMin: 60,
        heightMax: 60,
        kbMin: 10,
        kbMax: 20,
        format: "jpeg",
        notes: SIGN_NOTE,
        notesHi: SIGN_NOTE_HI,
      },
    ],
  },
];
