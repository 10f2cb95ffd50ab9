import { refused } from "~/lib/write-result.ts";
import { redirect } from "react-router";
import { z } from "zod";
import { pageParam } from "~/components/admin/backoffice-ui.tsx";
import { SEO_TOOLS } from "~/components/admin/seo-tools/form-state.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { getRedirect, listRedirects } from "~/redirects/redirects.repository.server.ts";
import {
  MAX_DESTINATION_LENGTH,
  MAX_SOURCE_LENGTH,
  REDIRECT_STATUSES,
  REDIRECT_STATUS_LABELS,
} from "~/redirects/redirect-rules.ts";
import {
  removeRedirect,
  saveRedirect,
  switchRedirect,
} from "~/redirects/redirects.service.server.ts";
import { intentForm, refuse, refuseWritten, type SeoToolsIntent } from "./intent.server.ts";

const PAGE_SIZE = 50;

/** The redirects section: one page of rules (`rpage`), the rule being edited (`edit`), a prefill. */
export async function loadRedirects(db: DB, url: URL) {
  const page = pageParam(url.searchParams.get("rpage"));
  const editId = url.searchParams.get("edit");
  const [list, editing] = await Promise.all([
    listRedirects(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    editId ? getRedirect(db, editId) : undefined,
  ]);
  return {
    redirects: list.rules,
    redirectPage: page,
    redirectPages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    redirectTotal: list.total,
    editing: editing ?? null,
    editMissing: !!editId && !editing,
    // "Create redirect" in the 404 log links here with the path filled in.
    prefill: (url.searchParams.get("source") ?? "").slice(0, MAX_SOURCE_LENGTH),
    limits: { source: MAX_SOURCE_LENGTH, destination: MAX_DESTINATION_LENGTH },
    statuses: REDIRECT_STATUSES.map((code) => ({ code, label: REDIRECT_STATUS_LABELS[code] })),
  };
}

const IdSchema = z.string().trim().min(1).max(100);
const UNKNOWN = "This redirect is unknown.";

/**
 * A rule deleted meanwhile is answered 400 with its message, as the section always has (the
 * write result's "not-found" alone would be 404).
 */
const GONE_AS_TODAY = { status: 400 };

const done = (what: string) => redirect(`${SEO_TOOLS}?done=${what}#redirects`);

const save: SeoToolsIntent = async (sub) => {
  const { text, db, actor, ownOrigin } = sub;
  const values = {
    id: text("id"),
    source: text("source"),
    destination: text("destination"),
    statusCode: text("statusCode"),
    enabled: text("enabled") ? "on" : "",
  };
  const id = values.id ? IdSchema.safeParse(values.id) : undefined;
  if (id && !id.success) return refuse(sub, {}, UNKNOWN);
  const result = await saveRedirect(db, { id: id?.data, input: values, actor, ownOrigin });
  if (!result.ok) return refuseWritten(sub, result, GONE_AS_TODAY);
  return done(id ? "redirect-updated" : "redirect-added");
};

const switchTo =
  (enabled: boolean): SeoToolsIntent =>
  async (sub) => {
    const { text, db, actor, ownOrigin } = sub;
    const id = IdSchema.safeParse(text("id"));
    if (!id.success) return refuse(sub, {}, UNKNOWN);
    const result = await switchRedirect(db, { id: id.data, enabled, actor, ownOrigin });
    if (!result.ok) {
      // The switch has no fields: a rule that no longer passes says why for the whole form.
      const why =
        result.reason === "invalid"
          ? refused("invalid", {
              message: `This redirect cannot be switched on: ${Object.values(result.fieldErrors).join(" ")}`,
            })
          : result;
      return refuseWritten(sub, why, GONE_AS_TODAY);
    }
    return done(enabled ? "redirect-enabled" : "redirect-disabled");
  };

const remove: SeoToolsIntent = async (sub) => {
  const { text, db, actor } = sub;
  const id = IdSchema.safeParse(text("id"));
  if (!id.success) return refuse(sub, {}, UNKNOWN);
  const result = await removeRedirect(db, { id: id.data, actor });
  if (!result.ok) return refuseWritten(sub, result, GONE_AS_TODAY);
  return done("redirect-deleted");
};

/** The forms of the redirects section, one per button. */
export const redirectForms = [
  intentForm("redirect-save", ["id", "source", "destination", "statusCode", "enabled"]),
  intentForm("redirect-enable", ["id"]),
  intentForm("redirect-disable", ["id"]),
  intentForm("redirect-delete", ["id"]),
] as const;

/** The buttons of the redirects section, by their `intent`. */
export const redirectIntents: Record<string, SeoToolsIntent> = {
  "redirect-save": save,
  "redirect-enable": switchTo(true),
  "redirect-disable": switchTo(false),
  "redirect-delete": remove,
};
