import { z } from "zod";

/**
 * The settings the SEO tools edit (the organization record, the SEO defaults), pure so that the
 * browser checks a form with the same schema the settings service saves with
 * (app/settings/settings.service.server.ts), and the forms' own readings of them: the social
 * profiles are one textarea, one address a line.
 */

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
  } catch {
    return false;
  }
}

/** The organization behind the site, for its structured-data record and social links. */
export const OrganizationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Enter the organization's name")
    .max(120, "The name must be at most 120 characters")
    .default("govjobs"),
  url: z
    .string()
    .trim()
    .max(300, "The address must be at most 300 characters")
    .refine((v) => v === "" || isHttpUrl(v), "The address must start with http:// or https://")
    .default(""),
  logo: z
    .string()
    .trim()
    .max(300, "The logo address must be at most 300 characters")
    .refine(
      (v) => v === "" || (v.startsWith("/") && !v.startsWith("//")) || isHttpUrl(v),
      "The logo must be a path on this site (like /logo.svg) or an http(s) address",
    )
    .default("/logo.svg"),
  sameAs: z
    .array(
      z
        .string()
        .trim()
        .max(300, "Each profile address must be at most 300 characters")
        .refine(isHttpUrl, "Each profile must be a full http:// or https:// address"),
    )
    .max(10, "List at most 10 profiles")
    .default([]),
  contactType: z
    .string()
    .trim()
    .max(60, "The contact type must be at most 60 characters")
    .default("customer service"),
});

export const SeoSchema = z.object({
  titleTemplate: z
    .string()
    .trim()
    .min(1, "Enter a title template such as %s | govjobs")
    .max(120, "The title template must be at most 120 characters")
    .refine((v) => v.includes("%s"), "The title template must contain %s where the page title goes")
    .default("%s | govjobs"),
  defaultDescription: z
    .string()
    .trim()
    .max(300, "The description must be at most 300 characters")
    .default(
      "Latest government jobs, exam results, admit cards, syllabus and answer keys in India.",
    ),
  robotsTxt: z.string().max(5000, "robots.txt must be at most 5000 characters").default(""),
});

/** The social profiles of the organization form's textarea, one a line. */
export const sameAsLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * What is wrong with the textarea of social profiles, said for the textarea: a wrong line by its
 * number (the first one), else the list's own message (too many).
 */
export function sameAsProblem(fieldErrors: Record<string, string | undefined>): string | undefined {
  const line = Object.keys(fieldErrors).find((k) => k.startsWith("sameAs."));
  if (line) return `Line ${Number(line.split(".")[1]) + 1}: ${fieldErrors[line]}`;
  return fieldErrors.sameAs;
}

/** The first message of each field of a failed parse, by its dotted path. */
function messagesByPath(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) out[issue.path.join(".")] ??= issue.message;
  return out;
}

/** The organization form as the browser sends it: the profiles as one text, checked by line. */
export const OrganizationFormSchema = OrganizationSchema.extend({
  sameAs: z.string().superRefine((text, ctx) => {
    const parsed = z.object({ sameAs: OrganizationSchema.shape.sameAs }).safeParse({
      sameAs: sameAsLines(text),
    });
    const problem = parsed.success ? undefined : sameAsProblem(messagesByPath(parsed.error));
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  }),
});

/** The SEO defaults form as the browser sends it: a textarea's line breaks are read as \n. */
export const SeoFormSchema = SeoSchema.extend({
  robotsTxt: z
    .string()
    .transform((text) => text.replace(/\r\n/g, "\n"))
    .pipe(SeoSchema.shape.robotsTxt.unwrap()),
});
