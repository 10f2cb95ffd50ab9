import type { Option } from "./fields.ts";

/**
 * The labels of a "choices" field's value (a list of option values), in the options' order;
 * a value no option has is shown as stored. Apart from fields.ts so that pages showing an entry
 * do not load its schema (zod) to say it.
 */
export function choiceLabels(field: { options?: readonly Option[] }, value: unknown): string[] {
  const chosen = Array.isArray(value) ? value.map(String) : [];
  const known = (field.options ?? []).filter((o) => chosen.includes(o.value));
  const unknown = chosen.filter((v) => !known.some((o) => o.value === v));
  return [...known.map((o) => o.label), ...unknown];
}
