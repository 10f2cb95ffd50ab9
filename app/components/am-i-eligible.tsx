import { useForm } from "@conform-to/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { PostAnswer, PostEligibility } from "~/content/job-eligibility.ts";
import { loadProfile } from "~/content/profile-storage.ts";
import type { Catalog } from "~/i18n/catalog/types.ts";
import type { RuleWords } from "~/i18n/eligibility-words.ts";
import type { QuickReply } from "~/i18n/quick-reply.ts";
import { useLocalePath, useT } from "~/i18n/context.tsx";
import { accepted } from "~/lib/form-reply.ts";
import { fmt } from "~/lib/locale.ts";
import { DateOfBirthFields } from "./date-of-birth-fields.tsx";

/** The rules code is fetched only by someone who asks: a job page stays light for the rest. */
const rulesCode = () => import("~/i18n/eligibility-code.ts");

/**
 * "Am I eligible?" beside the at-a-glance block: each post answered for the profile remembered
 * on this device, or for a date of birth and category typed here (with the qualification and its
 * subject if given; without them only the age is checked, and a post asking a qualification is
 * "check first"). With JavaScript the answer is worked out on the phone; without it the form is
 * POSTed to the job page itself.
 */
export interface AmIEligibleProps {
  posts: PostEligibility[];
  today: string;
  /** The server's answer to the form posted without JavaScript. */
  posted?: QuickReply;
  /** The rules' sentences in the page's language (English when not given). */
  words?: RuleWords;
}

export function AmIEligible({ posts, today, posted, words }: AmIEligibleProps) {
  const t = useT("detail").eligible;
  const to = useLocalePath();
  const [local, setLocal] = useState<QuickReply | null>(null);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const result = local ?? posted ?? null;
  // Conform holds the form's state: the server's reply without JavaScript, the same rules' reply
  // from the browser with it (`local`), each problem at its field.
  const [form, fields] = useForm({ id: "am-i-eligible-form", lastResult: result });
  const values = (result?.initialValue ?? {}) as Record<string, string>;
  const errors: Record<string, string | undefined> = {};
  for (const name of ["dob", "category", "qualification", "discipline"])
    errors[name] = fields[name].errors?.[0];
  const answers = result?.status === "success" ? result.detail?.answers : undefined;

  useEffect(() => {
    const stored = loadProfile();
    if (!stored) return;
    void rulesCode()
      .then(({ rememberedProfile, answerPosts, sayAnswers, ENGLISH_RULE_WORDS }) => {
        const profile = rememberedProfile(stored, today);
        if (!profile) return;
        setSaved(true);
        const answers = sayAnswers(answerPosts(profile, posts), words ?? ENGLISH_RULE_WORDS);
        setLocal(accepted({ answers }));
      })
      .catch(() => {});
  }, [posts, today, words]);

  // After the browser's own check refused: the first field with a problem, read out with it.
  // (Conform's own focus finds no field named "dob": the day box is "dobDay".) Once the errors
  // are on the fields, which is the render after the reply's.
  const shown = Object.values(errors).join("|");
  useEffect(() => {
    if (local?.status === "error" && shown)
      formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [local, shown]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    // Every field the form has; the rules read the ones they know.
    const values: Record<string, string> = {};
    for (const [name, value] of form) if (typeof value === "string") values[name] = value;
    void rulesCode()
      .then(({ quickAnswers, quickReply, sayQuick, ENGLISH_RULE_WORDS }) => {
        setSaved(false);
        const answer = sayQuick(quickAnswers(values, posts, today), words ?? ENGLISH_RULE_WORDS);
        setLocal(quickReply(answer, values));
      })
      .catch(() => {
        // The code could not be fetched (connection lost): the server answers the same form.
        formElement.submit();
      });
  }

  const box = "mt-1 block rounded-app border border-stone-300 bg-white px-2 py-2";
  /** A drop-down of the form: an empty first choice, then the catalogue's, in its order. */
  const select = (
    name: "category" | "qualification" | "discipline",
    label: string,
    first: string,
    options: Record<string, string>,
  ) => (
    <div>
      <label className="text-sm font-semibold">
        {label}
        <select
          name={name}
          defaultValue={values[name] ?? ""}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `quick-${name}-error` : undefined}
          className={`${box} max-w-full font-normal`}
        >
          <option value="">{first}</option>
          {Object.entries(options).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      </label>
      <FieldError id={`quick-${name}-error`} error={errors[name]} />
    </div>
  );
  return (
    <details
      open={result !== null || undefined}
      className="rounded-app border border-stone-200 bg-white px-3 py-2 sm:px-4"
      id="am-i-eligible"
    >
      <summary className="cursor-pointer py-1 font-semibold text-ink">
        {t.summary} <span className="font-normal text-muted">{t.summaryHint}</span>
      </summary>
      {answers && (
        <div className="mt-2">
          {saved && (
            <p className="mb-1 text-sm text-muted">
              {t.savedFor}{" "}
              <a href={to("/eligibility")} className="text-accent underline">
                {t.change}
              </a>
            </p>
          )}
          <Answers answers={answers} t={t} />
          {!saved && !values.qualification && (
            <p className="mt-1 text-sm text-muted">{t.ageOnly}</p>
          )}
        </div>
      )}
      {!saved && (
        <form
          id={form.id}
          ref={formRef}
          method="post"
          action="#am-i-eligible"
          onSubmit={onSubmit}
          noValidate
          aria-label={t.formLabel}
          // The fields line up at their foot, or at their head when problems are said below them.
          className={`mt-2 flex flex-wrap gap-3 pb-1 ${Object.values(errors).some(Boolean) ? "items-start" : "items-end"}`}
        >
          <input type="hidden" name="intent" value="age-check" />
          <fieldset>
            <legend className="text-sm font-semibold">{t.dob}</legend>
            <DateOfBirthFields
              values={values}
              invalid={!!errors.dob}
              describedBy={errors.dob ? "quick-dob-error" : undefined}
              compact
              labels={t.dobParts}
            />
            <FieldError id="quick-dob-error" error={errors.dob} />
          </fieldset>
          {select("category", t.category, t.choose, t.categories)}
          {select("qualification", t.qualification, t.notGiven, t.levels)}
          {select("discipline", t.discipline, t.notGiven, t.disciplines)}
          <button
            type="submit"
            className="self-end rounded-app bg-secondary px-4 py-2 font-semibold text-white hover:opacity-90"
          >
            {t.check}
          </button>
        </form>
      )}
      <p className="pb-1 text-sm">
        <a href={to("/eligibility")} className="text-accent underline">
          {t.findAll}
        </a>
      </p>
    </details>
  );
}

/** A field's problem, beside it (the field names it with aria-describedby). */
function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 max-w-56 text-sm font-semibold text-red-700">
      {error}
    </p>
  );
}

function Answers({ answers, t }: { answers: PostAnswer[]; t: Catalog["detail"]["eligible"] }) {
  return (
    <ul className="space-y-2" aria-label={t.answersLabel}>
      {answers.map((answer) => (
        <li key={answer.post} className="text-sm" data-answer={answer.post}>
          <p className="font-semibold">
            {answer.post ? `${answer.post}: ` : ""}
            {answer.verdict === null ? (
              <span className="text-ink">{t.noAgeLimit}</span>
            ) : answer.verdict === "eligible" ? (
              <span className="text-green-800">{t.canApply}</span>
            ) : answer.verdict === "check" ? (
              <span className="text-amber-900">{t.toCheck}</span>
            ) : (
              <span className="text-red-800">{t.notEligible}</span>
            )}
          </p>
          {answer.missed && <p className="text-red-800">{answer.missed}</p>}
          {answer.checks.map((sentence) => (
            <p key={sentence} data-check="" className="text-amber-900">
              {sentence}
            </p>
          ))}
          {answer.ageText && (
            <details>
              <summary className="cursor-pointer text-muted">
                {fmt(t.why, { age: answer.ageText })}
              </summary>
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
