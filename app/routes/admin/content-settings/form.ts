import { z } from "zod";
import type { Settings } from "~/settings/settings.repository.server.ts";

/** The form's fields, all as text, as the inputs are named (`latestBar.count`, `homeFaq.0.question`). */
export function toFormValues(s: Settings) {
  return {
    siteName: s.siteName,
    tagline: s.tagline,
    contactEmail: s.contactEmail,
    contactPhone: s.contactPhone,
    securityEmail: s.securityEmail,
    sameAs: s.organization.sameAs.join("\n"),
    latestBar: {
      count: String(s.latestBar.count),
      rotateMs: String(s.latestBar.rotateMs),
      refreshMs: String(s.latestBar.refreshMs),
    },
    bell: { perKind: String(s.bell.perKind), max: String(s.bell.max) },
    homeFaq: Object.fromEntries(s.homeFaq.map((row, i) => [String(i), row])),
    hindi: {
      tagline: s.hindi.tagline,
      defaultDescription: s.hindi.defaultDescription,
      homeFaq: Object.fromEntries(s.hindi.homeFaq.map((row, i) => [String(i), row])),
    },
    uploads: {
      perUserFiles: String(s.uploads.perUserFiles),
      perUserMb: String(s.uploads.perUserMb),
      storageMb: String(s.uploads.storageMb),
    },
  };
}

export const MAX_FAQ = 20;

/**
 * The form's shape, all text; what the values may be is the settings' own rules, checked by the
 * write path. FAQ rows arrive as homeFaq.N.question / homeFaq.N.answer (N a number).
 */
const Text = z.string();
const FaqRows = z.record(
  z.string(),
  z.object({ question: Text.default(""), answer: Text.default(""), remove: Text.optional() }),
);
const SaveForm = z.object({
  intent: z.literal("save"),
  siteName: Text,
  tagline: Text,
  contactEmail: Text,
  contactPhone: Text,
  securityEmail: Text,
  sameAs: Text,
  latestBar: z.object({ count: Text, rotateMs: Text, refreshMs: Text }),
  bell: z.object({ perKind: Text, max: Text }),
  homeFaq: z.preprocess((v) => (v && typeof v === "object" ? v : {}), FaqRows),
  // The Hindi words of the home page (issue 14); the Hindi FAQ replaces the English one there.
  // A form without the Hindi section (sent before it existed, or by a script) leaves the stored
  // Hindi alone; the screen always sends it.
  hindi: z.object({
    tagline: Text,
    defaultDescription: Text,
    homeFaq: z.preprocess((v) => (v && typeof v === "object" ? v : {}), FaqRows),
  }),
  // The upload limits (issue 25); a form without them leaves the stored ones alone, as above.
  uploads: z.object({ perUserFiles: Text, perUserMb: Text, storageMb: Text }),
});
export const ContentSettingsForm = z.discriminatedUnion("intent", [
  SaveForm,
  // Without JavaScript a new FAQ row needs a round trip; nothing is saved.
  SaveForm.extend({ intent: z.literal("add-faq") }),
]);

/** An empty box is "no number", not zero. */
export const num = (v: string) => (v.trim() === "" ? Number.NaN : Number(v));

/**
 * The FAQ rows a form holds, in order: a ticked "remove" drops a row, and so does an empty one.
 * The page shows the same rows again after a refused save, so an error's row number is the
 * row's place on the page.
 */
export function faqRows(rows: unknown): { question: string; answer: string }[] {
  if (!rows || typeof rows !== "object") return [];
  return Object.entries(rows as Record<string, Record<string, unknown>>)
    .filter(([key, row]) => /^\d{1,3}$/.test(key) && row && typeof row === "object")
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, row]) => row)
    .filter((row) => !row.remove)
    .map((row) => ({
      question: typeof row.question === "string" ? row.question : "",
      answer: typeof row.answer === "string" ? row.answer : "",
    }))
    .filter((row) => row.question.trim() !== "" || row.answer.trim() !== "");
}
