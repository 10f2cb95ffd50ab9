import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { deflateSync } from "node:zlib";
import PDFDocument from "pdfkit";

/**
 * Notification PDFs made in the test itself, laid out as real notifications are: headings, a
 * dates table, a fee table, a vacancy table with a total row, paragraphs, a Hindi page (IBM Plex
 * Sans Devanagari, embedded: a TrueType-outline WOFF that pdfkit's fontkit subsets; Poppins'
 * Devanagari WOFF2 fails in fontkit's subsetter and its WOFF lacks digits and punctuation), and a
 * scan (one picture, no text layer).
 */

export type Block =
  | { text: string; size?: number; bold?: boolean }
  | { paragraph: string }
  | { table: string[][]; widths: number[] }
  | { hindi: string }
  | { hindiTable: string[][]; widths: number[] };

const require = createRequire(import.meta.url);
const HINDI_FONT =
  require.resolve("@ibm/plex-sans-devanagari/fonts/complete/woff/IBMPlexSansDevanagari-Regular.woff");

function collect(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  return new Promise((resolve) => doc.on("end", () => resolve(Buffer.concat(chunks))));
}

/** A PDF of these pages, each a list of blocks drawn top to bottom. */
export function noticePdf(pages: readonly (readonly Block[])[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 50, autoFirstPage: false });
  const done = collect(doc);
  doc.registerFont("hindi", readFileSync(HINDI_FONT));
  for (const blocks of pages) {
    doc.addPage();
    let y = 60;
    for (const block of blocks) {
      if ("text" in block) {
        doc.font(block.bold ? "Helvetica-Bold" : "Helvetica").fontSize(block.size ?? 11);
        doc.text(block.text, 50, y, { lineBreak: false });
        y += (block.size ?? 11) + 9;
      } else if ("paragraph" in block) {
        doc.font("Helvetica").fontSize(11);
        doc.text(block.paragraph, 50, y, { width: 495 });
        y = doc.y + 8;
      } else if ("hindi" in block) {
        doc.font("hindi").fontSize(12);
        doc.text(block.hindi, 50, y, { lineBreak: false });
        y += 22;
      } else {
        const hindi = "hindiTable" in block;
        const rows = hindi ? block.hindiTable : block.table;
        doc.font(hindi ? "hindi" : "Helvetica").fontSize(10);
        for (const row of rows) {
          let x = 50;
          row.forEach((cell, i) => {
            doc.text(cell, x, y, { lineBreak: false });
            x += block.widths[i];
          });
          y += 18;
        }
        y += 6;
      }
    }
  }
  doc.end();
  return done;
}

/** A grey PNG with dark bars where a scan has lines of print: pixels only, no text. */
export function scanPng(width = 400, height = 560): Buffer {
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const ink = y % 24 < 8 && x > 30 && x < width - 30 - ((y * 7) % 90);
      raw[y * (width + 1) + 1 + x] = ink ? 40 : 235;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, "latin1");
    data.copy(out, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Uint8Array): number {
  let crc = ~0;
  for (const b of bytes) {
    crc ^= b;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A scanned notification: one page that is a picture, with no text layer. */
export function scannedPdf(): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", margin: 0 });
  const done = collect(doc);
  doc.image(scanPng(), 0, 0, { width: 595, height: 842 });
  doc.end();
  return done;
}

/** The organization the sample notification is from (tests put it in the organizations table). */
export const SAMPLE_ORGANIZATION = "Central Recruitment Board";

/**
 * A typical job notification: page 1 has the advertisement, dates table (four date forms), fee
 * table and the age paragraph; page 2 the vacancy table with its Total row, qualification and
 * links. `filler` adds pages of instructions (what makes a notification 20 pages long).
 */
export function sampleNotice({ filler = 0 }: { filler?: number } = {}): Promise<Buffer> {
  const instructions = Array.from({ length: filler }, (_, i) => [
    { text: `General Instructions (continued, part ${i + 1})`, bold: true },
    ...Array.from({ length: 6 }, (_, j) => ({
      paragraph: `${i + 1}.${j + 1} Candidates should read the instructions carefully before filling in the online application form. Incomplete applications will be rejected. The Board will not be responsible for any delay on the part of the candidate. Candidates are advised to keep a printout of the application for future reference and to check the website regularly for updates.`,
    })),
  ]);
  return noticePdf([
    [
      { text: SAMPLE_ORGANIZATION.toUpperCase(), size: 16, bold: true },
      { text: "Advertisement No. CRB/02/2027" },
      { text: "Recruitment of Junior Assistant and Stenographer, 2027", size: 13, bold: true },
      { text: "Important Dates", bold: true },
      {
        table: [
          ["Online application starts", "15.01.2027"],
          ["Last date for online application", "14/02/2027"],
          ["Last date for fee payment", "16 February 2027"],
          ["Correction window", "18-Feb-2027 to 20-Feb-2027"],
          ["Computer Based Examination (tentative)", "12.04.2027"],
        ],
        widths: [260, 200],
      },
      { text: "Application Fee", bold: true },
      {
        table: [
          ["General / OBC / EWS", "Rs. 500/-"],
          ["SC / ST / PwBD / Women", "Nil"],
        ],
        widths: [260, 200],
      },
      { text: "Age Limit", bold: true },
      {
        paragraph:
          "Candidates must be between 18 and 27 years of age as on 01.01.2027. Upper age relaxation for reserved categories is as per Government of India rules.",
      },
    ],
    [
      { text: "Vacancy Details", bold: true },
      {
        table: [
          ["Post Name", "UR", "EWS", "OBC", "SC", "ST", "Total"],
          ["Junior Assistant", "40", "10", "27", "15", "8", "100"],
          ["Stenographer Grade D", "12", "3", "8", "4", "3", "30"],
          ["Total", "52", "13", "35", "19", "11", "130"],
        ],
        widths: [180, 50, 50, 50, 50, 50, 50],
      },
      { text: "Educational Qualification", bold: true },
      { paragraph: "Bachelor's degree in any discipline from a recognised university." },
      { text: "How to Apply", bold: true },
      { paragraph: "Apply online at https://crb.gov.in/apply before the last date." },
      { text: "Official website: https://crb.gov.in" },
    ],
    ...instructions,
  ]);
}

/** A notification in Hindi only (one page, a Devanagari text layer). */
export function hindiNotice(): Promise<Buffer> {
  return noticePdf([
    [
      { hindi: "राज्य लोक सेवा आयोग" },
      { hindi: "विज्ञापन संख्या 07/2027" },
      { hindi: "सहायक अभियंता भर्ती परीक्षा 2027" },
      { hindi: "महत्वपूर्ण तिथियाँ" },
      {
        hindiTable: [
          ["ऑनलाइन आवेदन प्रारंभ", "1 मार्च 2027"],
          ["आवेदन की अंतिम तिथि", "३१.०३.२०२७"],
          ["शुल्क भुगतान की अंतिम तिथि", "02 अप्रैल 2027"],
          ["परीक्षा तिथि", "15 सितंबर 2027"],
        ],
        widths: [260, 200],
      },
      { hindi: "आयु सीमा: 21 से 40 वर्ष, 01.01.2027 को" },
    ],
  ]);
}
