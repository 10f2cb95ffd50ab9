import type { ScalarField } from "~/content/fields.ts";
import { FieldShell, ScalarControl } from "./field-input.tsx";

/** A preset as the job form offers it. */
export interface PresetChoice {
  key: string;
  name: string;
}

/**
 * The job form's choice of photo and signature preset (issue 31): the presets in the database
 * (the registry's field is their key as text); a key no preset has any more is shown as such.
 */
export function PresetField({
  field,
  value,
  error,
  presets,
}: {
  field: ScalarField;
  value: string;
  error: string | undefined;
  presets: readonly PresetChoice[];
}) {
  const name = `data.${field.name}`;
  const options = [
    ...presets.map((p) => ({ value: p.key, label: p.name })),
    ...(value && !presets.some((p) => p.key === value)
      ? [{ value, label: `${value} (no such preset now)` }]
      : []),
  ];
  return (
    <FieldShell
      name={name}
      label={field.label}
      error={error}
      className="sm:col-span-2"
      help={
        <>
          {field.help}{" "}
          <a href="/admin/photo-presets" className="text-accent underline">
            See and edit the presets
          </a>
        </>
      }
    >
      <ScalarControl
        field={{ ...field, type: "select", options }}
        name={name}
        value={value}
        error={error}
      />
    </FieldShell>
  );
}
