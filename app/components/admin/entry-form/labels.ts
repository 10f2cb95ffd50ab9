import { allFields, HINDI } from "~/content/fields.ts";
import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { Status } from "~/content/kinds/schema.ts";
import { hindiLabel } from "../hindi-panel.tsx";

/** What the person reads for an input in the error summary: its label, with the row if any. */
export function inputLabel(kind: Kind, name: string): string {
  const def = REGISTRY[kind];
  const core: Record<string, string> = {
    title: def.titleLabel,
    slug: "Slug",
    organization: "Organization",
    status: "Status",
    publishAt: "Publish at",
    jobId: "Job",
    notify: "Notify subscribers",
  };
  if (core[name]) return core[name];
  const m = /^data\.([A-Za-z0-9_]+)(?:\[(\d+)\]\.([A-Za-z0-9_]+))?$/.exec(name);
  if (m?.[1] === `${HINDI}title`) return "Title (Hindi)";
  const hindi = m?.[1].startsWith(HINDI) ?? false;
  const fieldName = m && hindi ? m[1].slice(HINDI.length) : m?.[1];
  const field = m && allFields(def.sections).find((f) => f.name === fieldName);
  if (!m || !field) return name;
  const say = (label: string) => (hindi ? hindiLabel(label) : label);
  if (field.type !== "rows" || m[2] === undefined) return say(field.label);
  const column = field.columns.find((c) => c.name === m[3]);
  return `${say(field.label)}, row ${Number(m[2]) + 1}: ${column?.label ?? m[3]}`;
}

/** What the primary button says it will do with the chosen status. */
export function primaryLabel(status: string, saved: Status | null): string {
  if (status === "published") {
    return saved === "published"
      ? "Update"
      : saved === "pending"
        ? "Approve and publish"
        : "Publish";
  }
  if (status === "pending") return "Submit for review";
  if (status === "scheduled") return "Schedule";
  if (status === "draft") return "Save draft";
  return "Save";
}
