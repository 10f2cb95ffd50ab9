const ENGLISH_LABELS = { day: "Day", month: "Month", year: "Year" };

/**
 * A date of birth as three number boxes (day, month, year), as GOV.UK asks for a memorable date:
 * quicker than a calendar on a phone, and what `dateFromParts` reads back. Used by the finder and
 * by a job page's "Am I eligible?". `labels` names the boxes in the page's language (English
 * when not given).
 */
export function DateOfBirthFields({
  values,
  invalid,
  describedBy,
  compact = false,
  labels = ENGLISH_LABELS,
}: {
  values: Partial<Record<"dobDay" | "dobMonth" | "dobYear", string>>;
  invalid: boolean;
  describedBy?: string;
  compact?: boolean;
  labels?: { day: string; month: string; year: string };
}) {
  const parts = [
    ["dobDay", labels.day, 2, "bday-day"],
    ["dobMonth", labels.month, 2, "bday-month"],
    ["dobYear", labels.year, 4, "bday-year"],
  ] as const;
  return (
    <div className={`flex ${compact ? "gap-2" : "mt-1 gap-3"}`}>
      {parts.map(([name, label, size, autoComplete]) => (
        <label key={name} className={compact ? "text-xs text-muted" : "text-sm"}>
          {label}
          <input
            name={name}
            inputMode="numeric"
            pattern="[0-9]*"
            maxLength={size}
            autoComplete={autoComplete}
            defaultValue={values[name] ?? ""}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            className={`mt-1 block rounded-app border border-stone-300 bg-white py-2 text-base text-ink ${compact ? "px-2" : "px-3"} ${size === 4 ? "w-20" : compact ? "w-12" : "w-14"}`}
          />
        </label>
      ))}
    </div>
  );
}
