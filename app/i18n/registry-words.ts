import type { Field, Option, ScalarField, Section } from "~/content/fields.ts";
import type { KindDefinition } from "~/content/registry.ts";
import type { RegistryWords } from "./catalog/en/detail.ts";

/**
 * A kind's public words (its name, section titles, field labels, choices) in a page's language:
 * the registry stays English, the catalogue's `detail.registry` holds the other languages' words,
 * and this puts them into a copy of the definition the page renders. English maps are empty, so
 * an English page gets the registry's own words. Pure: the detail page's loader runs it.
 */
export function definitionIn(
  kind: Pick<KindDefinition, "kind" | "label" | "plural" | "sections">,
  words: RegistryWords,
): KindWords {
  // Both come from modules (the registry, a catalogue) and never change: made once per pair, not
  // per page view. The answer is shared, so read-only.
  let byWords = made.get(kind);
  if (!byWords) made.set(kind, (byWords = new WeakMap()));
  let out = byWords.get(words);
  if (!out) byWords.set(words, (out = translated(kind, words)));
  return out;
}

type KindWords = { readonly label: string; readonly plural: string; readonly sections: Section[] };
const made = new WeakMap<object, WeakMap<RegistryWords, KindWords>>();

function translated(
  kind: Pick<KindDefinition, "kind" | "label" | "plural" | "sections">,
  words: RegistryWords,
): KindWords {
  const pick = (map: Record<string, string>, key: string) => map[`${kind.kind}:${key}`] ?? map[key];
  const options = (list: readonly Option[] | undefined) =>
    list?.map((o) => ({ ...o, label: words.options[o.value] ?? o.label }));
  const scalar = (field: ScalarField, key: string): ScalarField => {
    const publicLabel = pick(words.fields, key);
    return {
      ...field,
      ...(publicLabel ? { publicLabel } : {}),
      ...(field.options ? { options: options(field.options) } : {}),
    };
  };
  const field = (f: Field): Field =>
    f.type === "rows"
      ? {
          ...f,
          ...(pick(words.fields, f.name) ? { publicLabel: pick(words.fields, f.name) } : {}),
          columns: f.columns.map((c) => scalar(c, `${f.name}.${c.name}`)),
        }
      : scalar(f, f.name);
  const name = words.kinds[kind.kind];
  return {
    label: name?.label ?? kind.label,
    plural: name?.plural ?? kind.plural,
    sections: kind.sections.map((s) => ({
      ...s,
      title: pick(words.sections, s.id) ?? s.title,
      fields: s.fields.map(field),
    })),
  };
}
