/**
 * The job editor's "who may apply" preview: for each post, the birth dates each category may
 * have, worked out by the same `jobPostRules` and `eligibility` the public finder uses. An editor
 * compares it with the notification's printed sentence before publishing, so what the site will
 * tell candidates is checked by a person against the source.
 */
import { CATEGORIES, CATEGORY_LABEL, type Category } from "~/content/eligibility-terms.ts";
import { eligibility } from "~/content/eligibility.ts";
import type { Gender, PostRules, Profile } from "~/content/eligibility-types.ts";
import { ENGLISH_RULE_WORDS, requiredText } from "~/i18n/eligibility-code.ts";
import { allFields, dataSchema, type EntryData, type Row } from "~/content/fields.ts";
import type { FormTree } from "~/content/form-data.ts";
import { jobPostRules } from "~/content/job-eligibility.ts";
import { REGISTRY } from "~/content/registry.ts";
import { missing, postNames, ruleInWords, years } from "./eligibility-preview-words.ts";
import { formatDate } from "~/lib/format.ts";

// ---------------------------------------------------------------------------------------------
// From the form's strings to the data the rules read

const JOB_SECTIONS = REGISTRY.job.sections;
let jobDataSchema: ReturnType<typeof dataSchema> | undefined;

const NUMBER_TEXT = /^\s*\d+(?:\.\d+)?\s*$/;
const numberOrSame = (v: unknown) => (typeof v === "string" && NUMBER_TEXT.test(v) ? Number(v) : v);
/** Ticked boxes: a list of strings (what is not on the list is dropped by the rules). */
const ticks = (v: unknown) =>
  Array.isArray(v) ? v.filter((item): item is string => typeof item === "string") : undefined;

/**
 * The job's data as the rules read it, from the form's values (strings all the way down). The
 * data is checked with the same schema as the server; while some field is invalid (a half-typed
 * URL elsewhere in the form), every number field is coerced on its own instead, so the preview
 * keeps answering. Fractional ages ("17.5") also take that path and are kept as typed.
 */
export function jobDataForPreview(formData: FormTree | undefined): EntryData {
  const raw = (formData ?? {}) as Record<string, unknown>;
  jobDataSchema ??= dataSchema(JOB_SECTIONS);
  const parsed = jobDataSchema.safeParse(raw);
  if (parsed.success) return parsed.data as EntryData;
  const data: EntryData = {};
  for (const field of allFields(JOB_SECTIONS)) {
    const value = raw[field.name];
    if (value === undefined) continue;
    if (field.type === "rows") {
      if (!Array.isArray(value)) continue;
      const numbers = field.columns.filter((c) => c.type === "number").map((c) => c.name);
      data[field.name] = value.map((row: Record<string, unknown>) => {
        const out: Row = {};
        for (const [key, v] of Object.entries(row ?? {})) {
          const kept = numbers.includes(key) ? numberOrSame(v) : (ticks(v) ?? v);
          if (typeof kept === "string" || typeof kept === "number" || Array.isArray(kept)) {
            out[key] = kept;
          }
        }
        return out;
      });
    } else {
      const kept = field.type === "number" ? numberOrSame(value) : (ticks(value) ?? value);
      if (typeof kept === "string" || typeof kept === "number" || Array.isArray(kept)) {
        data[field.name] = kept;
      }
    }
  }
  return data;
}

// ---------------------------------------------------------------------------------------------
// The windows

/** Any valid date: the window does not depend on the candidate's own date of birth. */
const ANY_BIRTH_DATE = "2000-01-01";

interface WindowRow {
  label: string;
  from?: string;
  to: string;
}

/** One table for the posts whose age rules are the same; one warning for those without. */
interface PostPreview {
  posts: string[];
  rules: PostRules | null;
  /** For posts without rules: what is missing. */
  missing?: "age" | "date";
  rows: WindowRow[];
  error?: string;
}

function profileFor(
  rules: PostRules,
  category: Category,
  { pwbd = false, gender = "male" }: { pwbd?: boolean; gender?: Gender } = {},
): Profile {
  return {
    dateOfBirth: ANY_BIRTH_DATE,
    category,
    gender,
    pwbd,
    qualification: "postgraduate",
    finalYear: false,
    // The table shows what the category's relaxation gives, which needs the state's domicile.
    ...(rules.reservedRelaxationDomicileOnly && rules.state ? { domicileState: rules.state } : {}),
  };
}

function windows(rules: PostRules): WindowRow[] {
  const wanted: { label: string; profile: Profile }[] = CATEGORIES.map((category) => ({
    label: CATEGORY_LABEL[category],
    profile: profileFor(rules, category),
  }));
  if (rules.pwbdRelaxation) {
    for (const category of CATEGORIES) {
      if (rules.pwbdRelaxation[category] === undefined) continue;
      wanted.push({
        label: `PwBD (${CATEGORY_LABEL[category]})`,
        profile: profileFor(rules, category, { pwbd: true }),
      });
    }
  }
  if (rules.genderLimits?.female) {
    wanted.push({
      label: "Women (General)",
      profile: profileFor(rules, "general", { gender: "female" }),
    });
  }
  return wanted.map(({ label, profile }) => {
    const { window } = eligibility(profile, rules);
    // A window open at the old end ("born on or before" only) has no upper age limit.
    return { label, to: window.to, ...(window.from ? { from: window.from } : {}) };
  });
}

function previews(data: EntryData): PostPreview[] {
  // A notification with many posts usually gives most of them the same ages: one table each.
  const groups = new Map<string, PostPreview>();
  jobPostRules(data).forEach(({ post, rules }, index) => {
    let key: string;
    if (rules) {
      // What does not move a birth date does not split a group.
      const { qualification: _q, subjects: _s, finalYearAllowed: _f, ...ageRules } = rules;
      key = JSON.stringify(ageRules);
    } else {
      key = `missing ${missing(data, index)}`;
    }
    const group = groups.get(key);
    if (group) {
      group.posts.push(post);
      return;
    }
    if (!rules) {
      groups.set(key, { posts: [post], rules, missing: missing(data, index), rows: [] });
      return;
    }
    try {
      groups.set(key, { posts: [post], rules, rows: windows(rules) });
    } catch (err) {
      // A date the rules cannot read (typed without the date picker, or out of range).
      if (!(err instanceof RangeError)) throw err;
      groups.set(key, { posts: [post], rules, rows: [], error: err.message });
    }
  });
  return [...groups.values()];
}

/** Posts that ask the same qualification, subjects and extra qualification, said as the finder will. */
interface QualificationLine {
  posts: string[];
  /** "Graduate in Medicine (MBBS)"; null when the post asks for no qualification. */
  required: string | null;
  /** The notification's words about subjects, when no subject is ticked for them. */
  wordsOnly?: string;
}

function qualificationLines(data: EntryData): QualificationLine[] {
  const lines = new Map<string, QualificationLine>();
  for (const { post, rules } of jobPostRules(data)) {
    if (!rules) continue;
    const { qualification: level, disciplines, alsoRequired, subjects } = rules;
    const required = level
      ? requiredText({ level, disciplines, alsoRequired }, ENGLISH_RULE_WORDS)
      : null;
    const wordsOnly = level && !disciplines && subjects ? subjects : undefined;
    const key = `${required}\n${wordsOnly ?? ""}`;
    const line = lines.get(key);
    if (line) line.posts.push(post);
    else lines.set(key, { posts: [post], required, ...(wordsOnly ? { wordsOnly } : {}) });
  }
  return [...lines.values()];
}

// ---------------------------------------------------------------------------------------------
// The view

const warning = "rounded-app border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900";

export function EligibilityPreview({ data }: { data: EntryData }) {
  const groups = previews(data);
  const qualifications = qualificationLines(data);
  return (
    <section
      aria-labelledby="eligibility-preview-title"
      data-eligibility-preview=""
      className="mt-5 min-w-0 border-t border-stone-200 pt-4"
    >
      <h3 id="eligibility-preview-title" className="text-base font-semibold">
        Who may apply, by birth date
      </h3>
      <p className="mt-1 text-xs text-muted">
        Worked out from the fields above as the eligibility finder will. Compare it with the
        notification&apos;s own sentence before publishing.
      </p>
      <div className="mt-3 space-y-4">
        {groups.map(({ posts, rules, missing: lacking, rows, error }, index) => (
          <div key={index} data-posts={posts.join("\n")} className="min-w-0">
            {!rules ? (
              <p className={warning} role="status">
                {lacking === "age" ? (
                  <>
                    <strong>No age limit for {postNames(posts)}:</strong> the eligibility finder
                    will list it as &lsquo;read the notification&rsquo;. Fill in the minimum and
                    maximum age (or the printed birth dates).
                  </>
                ) : (
                  <>
                    <strong>No date to count ages on for {postNames(posts)}:</strong> the
                    eligibility finder will list it as &lsquo;read the notification&rsquo;. Fill in
                    &lsquo;Age as on&rsquo; or the last date to apply.
                  </>
                )}
              </p>
            ) : (
              <PostWindows posts={posts} rules={rules} rows={rows} error={error} />
            )}
          </div>
        ))}
      </div>
      {qualifications.length > 0 && (
        <div className="mt-4" data-qualification-preview="">
          <h4 className="text-sm font-semibold text-ink">What the finder checks besides the age</h4>
          <p className="text-xs text-muted">
            From the qualification, the ticked subjects and &lsquo;Also required&rsquo; below. A
            candidate is told &lsquo;you can apply&rsquo; only when each of these fits.
          </p>
          <ul className="mt-1 space-y-1 text-sm">
            {qualifications.map(({ posts, required, wordsOnly }) => (
              <li key={posts.join("\n")} data-posts={posts.join("\n")}>
                <span className="font-semibold">
                  {posts.filter(Boolean).join(", ") || "All posts"}:
                </span>{" "}
                {required ?? "no qualification asked"}
                {wordsOnly ? (
                  <span className={`${warning} mt-1 block`} role="status">
                    The subjects are only in words (&lsquo;{wordsOnly}&rsquo;): candidates will be
                    asked to check them. Tick the subjects the notification accepts under
                    Eligibility for the finder to check them.
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function PostWindows({
  posts,
  rules,
  rows,
  error,
}: {
  posts: string[];
  rules: PostRules;
  rows: WindowRow[];
  error?: string;
}) {
  const asOn = /^\d{4}-\d{2}-\d{2}$/.test(rules.cutoffDate)
    ? formatDate(rules.cutoffDate)
    : rules.cutoffDate;
  const domicileOnly = rules.reservedRelaxationDomicileOnly && rules.state;
  return (
    <>
      <h4 className="text-sm font-semibold text-ink">
        {posts.filter(Boolean).join(", ") || "All posts"}
      </h4>
      <p className="text-xs text-muted">
        {`Age counted on ${asOn}.${error ? "" : ` ${ruleInWords(rules)}`}`}
      </p>
      {error ? (
        <p className={`${warning} mt-2`} role="status">
          <strong>Cannot work out the birth dates for {postNames(posts)}:</strong> {error}
        </p>
      ) : (
        <>
          <div className="mt-2 overflow-x-auto rounded-app border border-stone-200">
            <table className="w-full text-left text-sm tabular-nums">
              <caption className="sr-only">
                Who may apply for {postNames(posts)}, by birth date
              </caption>
              <thead className="bg-stone-100 text-xs text-muted">
                <tr>
                  <th scope="col" className="px-2 py-1.5 font-semibold sm:px-3">
                    Candidate
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-semibold sm:px-3">
                    Born on or after
                  </th>
                  <th scope="col" className="px-2 py-1.5 font-semibold sm:px-3">
                    Born on or before
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const empty = row.from !== undefined && row.from > row.to;
                  return (
                    <tr key={row.label} className="border-t border-stone-100">
                      <th scope="row" className="px-2 py-1.5 font-medium sm:px-3">
                        {row.label}
                      </th>
                      {empty ? (
                        <td colSpan={2} className="px-2 py-1.5 text-amber-900 sm:px-3">
                          No birth date fits: the limits contradict each other.
                        </td>
                      ) : (
                        <>
                          <td className="px-2 py-1.5 whitespace-nowrap sm:px-3">
                            {row.from ? formatDate(row.from) : "No limit"}
                          </td>
                          <td className="px-2 py-1.5 whitespace-nowrap sm:px-3">
                            {formatDate(row.to)}
                          </td>
                        </>
                      )}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <ul className="mt-2 list-disc space-y-0.5 pl-5 text-xs text-muted">
            {domicileOnly ? (
              <li>
                Category relaxations are for domiciles of {rules.state} only; candidates from other
                states are judged as General.
              </li>
            ) : rules.reservedRelaxationDomicileOnly ? (
              <li className="text-amber-900">
                &lsquo;Category relaxation only for the state&apos;s domicile&rsquo; is set, but the
                job is not in one state: it is ignored.
              </li>
            ) : null}
            {Object.values(rules.relaxation).every((years) => !years) ? (
              <li className="text-amber-900">
                No category relaxation is filled in: every category gets the General dates.
              </li>
            ) : null}
            {rows.some((row) => row.from !== undefined) ? (
              <li>
                {rules.exServicemen
                  ? `Ex-servicemen: the upper limit goes up by each person's years of military service plus ${years(rules.exServicemen.plusYears)}, so their dates depend on their service.`
                  : "No age relaxation for ex-servicemen."}
              </li>
            ) : null}
          </ul>
        </>
      )}
    </>
  );
}
