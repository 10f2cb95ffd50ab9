// The choices of a job-alert subscription (issue 15): what, where, which qualification, which
// organization, language and when. Plain checkboxes and radios: the /alerts form and the manage
// page post them without JavaScript.
import { nameIn, QUALIFICATIONS, STATES, toOptionKey } from "~/content/options.ts";
import { lazy, Suspense, useSyncExternalStore } from "react";
import type { alerts } from "~/i18n/catalog/en/alerts.ts";

type Words = Omit<typeof alerts, "mail">;

export interface AlertChoiceValues {
  kinds: string[];
  states: string[];
  qualifications: string[];
  organizations: string[];
  language: "en" | "hi";
  cadence: "instant" | "daily";
  digestHour: number;
}

export interface AlertChoiceOptions {
  kinds: readonly string[];
  states: readonly string[];
  qualifications: readonly string[];
  organizations: readonly string[];
  /**
   * Names to show for states, qualifications and organizations in the page's language (English:
   * the value).
   */
  names: Record<string, string>;
}

/** What a refused form ticks again: the values sent back (one ticked box comes as one text). */
export function sentChoices(sent: Record<string, unknown>): AlertChoiceValues {
  const list = (name: string) =>
    [sent[name] ?? []].flat().filter((v): v is string => typeof v === "string");
  return {
    kinds: list("kinds"),
    // By key, as the boxes carry them: an old page's "Goa" ticks the "goa" box (issue 27).
    states: list("states").map((v) => toOptionKey(STATES, v)),
    qualifications: list("qualifications").map((v) => toOptionKey(QUALIFICATIONS, v)),
    organizations: list("organizations"),
    language: sent.language === "hi" ? "hi" : "en",
    cadence: sent.cadence === "daily" ? "daily" : "instant",
    digestHour: Number(sent.digestHour || 7) || 0,
  };
}

const box = "rounded-app border border-stone-200 bg-white p-4 shadow-sm";
const legend = "px-1 font-semibold";

function Checkboxes({
  name,
  title,
  hint,
  options,
  checked,
  label,
  columns = "sm:grid-cols-3",
}: {
  name: string;
  title: string;
  hint?: string;
  options: readonly string[];
  checked: readonly string[];
  label: (value: string) => string;
  columns?: string;
}) {
  return (
    <fieldset className={box}>
      <legend className={legend}>{title}</legend>
      {hint && <p className="mb-2 text-sm text-muted">{hint}</p>}
      <div className={`grid grid-cols-1 gap-x-4 gap-y-1 ${columns}`}>
        {options.map((value) => (
          <label key={value} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={value}
              defaultChecked={checked.includes(value)}
              className="mt-1"
            />
            <span>{label(value)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function AlertChoices({
  t,
  options,
  values,
  error,
  pushOnly = false,
}: {
  t: Words;
  options: AlertChoiceOptions;
  values: AlertChoiceValues;
  error?: string;
  /** Alerts by web push alone (no e-mail here): one notification each, no daily digest. */
  pushOnly?: boolean;
}) {
  const name = (v: string) => nameIn(options.names, v);
  const hour = (h: number) => fmtHour(t.hourOption, h);
  return (
    <div className="space-y-4">
      {error && (
        <p role="alert" className="rounded-app bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <Checkboxes
        name="kinds"
        title={t.kinds}
        options={options.kinds}
        checked={values.kinds}
        label={(k) => t.kindNames[k as keyof Words["kindNames"]] ?? k}
        columns="sm:grid-cols-4"
      />
      <Checkboxes
        name="states"
        title={t.states}
        hint={t.statesHint}
        options={options.states}
        checked={values.states}
        label={name}
      />
      <Checkboxes
        name="qualifications"
        title={t.qualifications}
        options={options.qualifications}
        checked={values.qualifications}
        label={name}
      />
      {options.organizations.length > 0 && (
        <Checkboxes
          name="organizations"
          title={t.organizations}
          hint={t.organizationsHint}
          options={options.organizations}
          checked={values.organizations}
          label={name}
          columns="sm:grid-cols-2"
        />
      )}
      <fieldset className={box}>
        <legend className={legend}>{pushOnly ? t.pushLanguage : t.language}</legend>
        <div className="flex flex-wrap gap-4">
          {(["en", "hi"] as const).map((l) => (
            <label key={l} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="language"
                value={l}
                defaultChecked={values.language === l}
              />
              <span lang={l}>{t.languageNames[l]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {!pushOnly && (
        <fieldset className={box}>
          <legend className={legend}>{t.cadence}</legend>
          <div className="space-y-2 text-sm">
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="cadence"
                value="instant"
                defaultChecked={values.cadence === "instant"}
              />
              <span>{t.instant}</span>
            </label>
            <div className="flex flex-wrap items-center gap-2">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="cadence"
                  value="daily"
                  defaultChecked={values.cadence === "daily"}
                />
                <span>{t.daily}</span>
              </label>
              <select
                name="digestHour"
                aria-label={t.daily}
                defaultValue={String(values.digestHour)}
                className="rounded-app border border-stone-300 bg-white px-2 py-1"
              >
                {Array.from({ length: 24 }, (_, h) => (
                  <option key={h} value={h}>
                    {hour(h)}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </fieldset>
      )}
    </div>
  );
}

function fmtHour(pattern: string, h: number) {
  return pattern.replace("{hour}", `${String(h).padStart(2, "0")}:00`);
}

const AlertsPush = lazy(() => import("./alerts-push.tsx"));
const noSubscription = () => () => {};

/**
 * "Also notify this browser" (web push; `alone`, without e-mail: "Turn on alerts in this browser"),
 * on /alerts only: its code is loaded once the page has hydrated, so neither the server's HTML nor
 * any other page carries it.
 */
export function AlertsPushSlot({ alone = false }: { alone?: boolean }) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return hydrated ? (
    <Suspense fallback={null}>
      <AlertsPush alone={alone} />
    </Suspense>
  ) : null;
}
