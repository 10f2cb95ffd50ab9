import { dataSchema } from "./fields.ts";
import { KIND_LINES, kindLineByAdminSegment, kindLineByUrlPrefix, type Kind } from "./kinds.ts";
import { KIND_FIELDS } from "./kinds/fields.ts";
import type { KindFields } from "./kinds/kind-fields.ts";
import { entryInputSchemaOf } from "./kinds/schema.ts";

/**
 * A kind as the code uses it: its catalogue line (./kinds.ts) joined to its fields
 * (./kinds/fields/<kind>.ts). The schema of an entry is ./kinds/schema.ts; the kinds' keys and
 * their browser-safe facts are ./kinds.ts (import them from there).
 */
export interface KindDefinition extends KindFields {
  kind: Kind;
  /** One of them, as a person says it, in English: "Job", "Admit Card". */
  label: string;
  /** Several: "Jobs", "Admit Cards". */
  plural: string;
  /** The public list's address; a detail page is `${urlPrefix}/${slug}`. */
  urlPrefix: string;
  /** The admin's segment: /admin/manage-jobs. */
  adminSegment: string;
}

/** The catalogue's kinds with their fields (a test adds one by mocking ./kinds/fields.ts). */
function registryOf(fields: Record<Kind, KindFields>) {
  const lines = KIND_LINES.filter((line) => fields[line.key]);
  const REGISTRY = Object.fromEntries(
    lines.map((line) => [
      line.key,
      {
        kind: line.key,
        label: line.label.en,
        plural: line.plural.en,
        urlPrefix: line.urlPrefix,
        adminSegment: line.adminSegment,
        ...fields[line.key],
      } satisfies KindDefinition,
    ]),
  ) as Record<Kind, KindDefinition>;
  const KIND_LIST: readonly KindDefinition[] = lines.map((line) => REGISTRY[line.key]);
  const byLine = (line?: { key: Kind }) => line && REGISTRY[line.key];
  const dataSchemas = new Map(KIND_LIST.map((k) => [k.kind, dataSchema(k.sections)]));
  return {
    REGISTRY,
    KIND_LIST,
    kindByUrlPrefix: (prefix: string): KindDefinition | undefined =>
      byLine(kindLineByUrlPrefix(prefix)),
    kindByAdminSegment: (segment: string): KindDefinition | undefined =>
      byLine(kindLineByAdminSegment(segment)),
    /** The complete input of one kind: the core fields plus the kind's own fields under `data`. */
    entryInputSchema: (kind: Kind) => entryInputSchemaOf(REGISTRY[kind], dataSchemas.get(kind)!),
  };
}

export const { REGISTRY, KIND_LIST, kindByUrlPrefix, kindByAdminSegment, entryInputSchema } =
  registryOf(KIND_FIELDS);
