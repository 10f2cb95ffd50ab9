import { useEffect, useState, type FormEvent } from "react";
import { CATEGORIES, CATEGORY_LABEL } from "~/content/eligibility-terms.ts";
import type { PostAnswer, PostEligibility, QuickResult } from "~/content/job-eligibility.ts";
import { loadProfile } from "~/content/profile-storage.ts";
import { DateOfBirthFields } from "./date-of-birth-fields.tsx";

/** The rules code is fetched only by someone who asks: a job page stays light for the rest. */
const rulesCode = () => import("~/content/job-eligibility.ts");

export type AgeCheckResult = QuickResult & { values: Record<string, string> };

/**
 * "Am I eligible?" beside the at-a-glance block: each post answered for the profile remembered
 * on this device, or for a date of birth and category typed here. With JavaScript the answer is
 * worked out on the phone; without it the two fields are POSTed to the job page itself.
 */
export interface AmIEligibleProps {
  posts: PostEligibility[];
  today: string;
  /** The server's answer to the form posted without JavaScript. */
  posted?: AgeCheckResult;
}

export function AmIEligible({ posts, today, posted }: AmIEligibleProps) {
  const [local, setLocal] = useState<AgeCheckResult | null>(null);
  const [saved, setSaved] = useState(false);
  const result = local ?? posted ?? null;
  const values = result?.values ?? {};
  const errors = result && !result.ok ? result.errors : {};

  useEffect(() => {
    const stored = loadProfile();
    if (!stored) return;
    void rulesCode()
      .then(({ rememberedProfile, answerPosts }) => {
        const profile = rememberedProfile(stored, today);
        if (!profile) return;
        setSaved(true);
        setLocal({ ok: true, answers: answerPosts(profile, posts), values: {} });
      })
      .catch(() => {});
  }, [posts, today]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const values: Record<string, string> = {};
    for (const name of ["dobDay", "dobMonth", "dobYear", "category"]) {
      const value = form.get(name);
      if (typeof value === "string") values[name] = value;
    }
    void rulesCode()
      .then(({ quickAnswers }) => {
        setSaved(false);
        setLocal({ ...quickAnswers(values, posts, today), values });
      })
      .catch(() => {
        // The code could not be fetched (connection lost): the server answers the same form.
        event.currentTarget?.submit();
      });
  }

  const box = "mt-1 block rounded-app border border-stone-300 bg-white px-2 py-2";
  return (
    <details
      open={result !== null || undefined}
      className="rounded-app border border-stone-200 bg-white px-3 py-2 sm:px-4"
      id="am-i-eligible"
    >
      <summary className="cursor-pointer py-1 font-semibold text-ink">
        Am I eligible? <span className="font-normal text-muted">Check your age for each post</span>
      </summary>
      {result?.ok && (
        <div className="mt-2">
          {saved && (
            <p className="mb-1 text-sm text-muted">
              For the details saved on this phone.{" "}
              <a href="/eligibility" className="text-accent underline">
                Change them
              </a>
            </p>
          )}
          <Answers answers={result.answers} />
          {!saved && (
            <p className="mt-1 text-sm text-muted">
              Age only: check the qualification yourself, or use the finder below with your
              qualification.
            </p>
          )}
        </div>
      )}
      {!saved && (
        <form
          method="post"
          action="#am-i-eligible"
          onSubmit={onSubmit}
          noValidate
          aria-label="Check your age"
          className="mt-2 flex flex-wrap items-end gap-3 pb-1"
        >
          <input type="hidden" name="intent" value="age-check" />
          <fieldset>
            <legend className="text-sm font-semibold">Date of birth</legend>
            <DateOfBirthFields values={values} invalid={!!errors.dob} compact />
          </fieldset>
          <label className="text-sm font-semibold">
            Category
            <select
              name="category"
              defaultValue={values.category ?? ""}
              aria-invalid={errors.category ? true : undefined}
              className={`${box} font-normal`}
            >
              <option value="">Choose…</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {CATEGORY_LABEL[c]}
                </option>
              ))}
            </select>
          </label>
          <button
            type="submit"
            className="rounded-app bg-secondary px-4 py-2 font-semibold text-white hover:opacity-90"
          >
            Check
          </button>
          {(errors.dob || errors.category) && (
            <p role="alert" className="w-full text-sm font-semibold text-red-700">
              {[errors.dob, errors.category].filter(Boolean).join(". ")}
            </p>
          )}
        </form>
      )}
      <p className="pb-1 text-sm">
        <a href="/eligibility" className="text-accent underline">
          Find every open job you can apply for
        </a>
      </p>
    </details>
  );
}

function Answers({ answers }: { answers: PostAnswer[] }) {
  return (
    <ul className="space-y-2" aria-label="Answer for each post">
      {answers.map((answer) => (
        <li key={answer.post} className="text-sm" data-answer={answer.post}>
          <p className="font-semibold">
            {answer.post ? `${answer.post}: ` : ""}
            {answer.eligible === null ? (
              <span className="text-ink">no age limit given here: read the notification</span>
            ) : answer.eligible ? (
              <span className="text-green-800">✓ you can apply</span>
            ) : (
              <span className="text-red-800">✗ not eligible</span>
            )}
          </p>
          {answer.ageText && (
            <details>
              <summary className="cursor-pointer text-muted">{answer.ageText}: why</summary>
              <ul className="mt-1 list-disc pl-5">
                {answer.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </details>
          )}
        </li>
      ))}
    </ul>
  );
}
