/**
 * An open job's JobPosting markup (Google's job results) and the plain-text description it
 * carries, as pure functions beside seo.server.ts's other JSON-LD.
 */
import type { EntryData, Row } from "~/content/fields.ts";
import { educationRequirements } from "~/content/job-eligibility.ts";
import { ALL_INDIA, optionLabel, QUALIFICATIONS, STATES, toOptionKey } from "~/content/options.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import { formatDate, formatNumber, formatRupees, isClosed } from "../lib/format.ts";
import { canonicalUrl, compact, SCHEMA_ORG, type JsonLd } from "./seo.server.ts";
export interface JobForJsonLd {
  id: string;
  kind: Kind;
  slug: string;
  title: string;
  organization: string;
  publishedAt: string | null;
  lastDate: string | null;
  data: EntryData;
}

/** The end of the last date in India, as an ISO timestamp. */
export function endOfDayInIndia(ymd: string): string {
  return `${ymd}T23:59:59+05:30`;
}

/**
 * A JobPosting for an open job; null for anything else. Google asks that a posting whose
 * application period is over carry no JobPosting at all, so a closed job gets none.
 */
export function jobPostingJsonLd(
  job: JobForJsonLd,
  { baseUrl, today }: { baseUrl: string; today: string },
): JsonLd | null {
  if (job.kind !== "job" || !job.publishedAt || !job.lastDate) return null;
  if (isClosed(job.lastDate, today)) return null;
  const d = job.data;
  const str = (v: unknown) => (v === undefined || v === null ? undefined : String(v));
  const num = (v: unknown) => (typeof v === "number" ? v : v ? Number(v) : undefined);
  // A key; an entry saved before keys holds the English name ("All India").
  const state = d.state === undefined ? undefined : toOptionKey(STATES, String(d.state));
  const salaryMin = num(d.salaryMin);
  const salaryMax = num(d.salaryMax);
  const website = str(d.officialWebsite);
  const openings = ((d.posts as Row[] | undefined) ?? []).reduce(
    (sum, p) => sum + (Number(p.total) || 0),
    0,
  );
  return compact({
    "@context": SCHEMA_ORG,
    "@type": "JobPosting",
    title: job.title,
    description: jobDescription(job),
    url: canonicalUrl(baseUrl, `${REGISTRY.job.urlPrefix}/${job.slug}`),
    datePosted: job.publishedAt,
    validThrough: endOfDayInIndia(job.lastDate),
    employmentType: str(d.employmentType),
    hiringOrganization: {
      "@type": "Organization",
      name: job.organization,
      sameAs: website,
      url: website,
    },
    jobLocation: {
      "@type": "Place",
      address: {
        "@type": "PostalAddress",
        addressRegion: state && state !== ALL_INDIA ? optionLabel(STATES, state) : undefined,
        addressCountry: "IN",
      },
    },
    // A post open to the whole country says so, rather than pretending to have one place.
    applicantLocationRequirements:
      state === ALL_INDIA ? { "@type": "Country", name: "IN" } : undefined,
    baseSalary:
      salaryMin !== undefined || salaryMax !== undefined
        ? {
            "@type": "MonetaryAmount",
            currency: "INR",
            value: {
              "@type": "QuantitativeValue",
              minValue: salaryMin,
              maxValue: salaryMax,
              unitText: "MONTH",
            },
          }
        : undefined,
    totalJobOpenings: openings > 0 ? openings : undefined,
    educationRequirements: educationRequirements(d),
    identifier: {
      "@type": "PropertyValue",
      name: job.organization,
      value: str(d.advertisementNumber) || job.id,
    },
    directApply: false,
  })!;
}

/** The summary followed by the facts a job seeker decides on, as plain text. */
export function jobDescription(job: Pick<JobForJsonLd, "organization" | "lastDate" | "data">) {
  const d = job.data;
  const facts: string[] = [];
  const posts = (d.posts as Row[] | undefined) ?? [];
  const total = posts.reduce((sum, p) => sum + (Number(p.total) || 0), 0);
  if (total > 0) facts.push(`Vacancies: ${formatNumber(total)}`);
  if (posts.length) facts.push(`Posts: ${posts.map((p) => p.post).join(", ")}`);
  if (typeof d.qualification === "string" && d.qualification)
    facts.push(`Qualification: ${optionLabel(QUALIFICATIONS, d.qualification)}`);
  if (d.ageMin !== undefined || d.ageMax !== undefined) {
    facts.push(`Age limit: ${[d.ageMin, d.ageMax].filter((a) => a !== undefined).join("–")} years`);
  }
  if (typeof d.salaryMin === "number" || typeof d.salaryMax === "number") {
    const range = [d.salaryMin, d.salaryMax]
      .filter((s): s is number => typeof s === "number")
      .map(formatRupees)
      .join(" – ");
    facts.push(`Salary: ${range} per month`);
  }
  if (typeof d.state === "string" && d.state)
    facts.push(`Location: ${optionLabel(STATES, d.state)}`);
  const fees = (d.fees as Row[] | undefined) ?? [];
  if (fees.length) {
    facts.push(
      `Application fee: ${fees.map((f) => `${f.category} ${formatRupees(Number(f.amount) || 0)}`).join("; ")}`,
    );
  }
  if (d.applicationStart)
    facts.push(`Application starts: ${formatDate(String(d.applicationStart))}`);
  if (job.lastDate) facts.push(`Last date to apply: ${formatDate(job.lastDate)}`);
  return [String(d.summary ?? "").trim(), ...facts].filter(Boolean).join("\n");
}
