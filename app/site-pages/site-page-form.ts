import { z } from "zod";

/**
 * The site page editor's form (app/routes/admin/site-page-edit.tsx), free of server modules so
 * the browser checks it with the same schema before sending. What is stored is the sanitized
 * HTML: the action sanitizes the text after this check and refuses a body that sanitizes to
 * nothing (`hasText` again), which only the server can tell.
 */

export const SITE_PAGE_LIMITS = { title: 120, description: 300, body: 100_000 } as const;

export const EMPTY_PAGE_TEXT = "Write the page's text";

/** Whether HTML has any text outside its tags. */
export const hasText = (html: string) => html.replace(/<[^>]*>/g, "").trim() !== "";

/** The page's form; `version` is the one the editor opened, sent back to catch a lost update. */
export const SitePageSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, "Enter the page title")
    .max(SITE_PAGE_LIMITS.title, `The title must be at most ${SITE_PAGE_LIMITS.title} characters`),
  description: z
    .string()
    .trim()
    .max(
      SITE_PAGE_LIMITS.description,
      `The description must be at most ${SITE_PAGE_LIMITS.description} characters`,
    ),
  body: z
    .string()
    .max(
      SITE_PAGE_LIMITS.body,
      `The page text must be at most ${SITE_PAGE_LIMITS.body} characters of HTML`,
    )
    .refine(hasText, EMPTY_PAGE_TEXT),
  // The Hindi version (issue 14): optional, the English limits, sanitized like the English.
  hi_title: z
    .string()
    .trim()
    .max(
      SITE_PAGE_LIMITS.title,
      `The Hindi title must be at most ${SITE_PAGE_LIMITS.title} characters`,
    )
    .optional(),
  hi_description: z
    .string()
    .trim()
    .max(
      SITE_PAGE_LIMITS.description,
      `The Hindi description must be at most ${SITE_PAGE_LIMITS.description} characters`,
    )
    .optional(),
  hi_body: z
    .string()
    .max(
      SITE_PAGE_LIMITS.body,
      `The Hindi page text must be at most ${SITE_PAGE_LIMITS.body} characters of HTML`,
    )
    .optional(),
  version: z.string().optional(),
});
