import { redirect } from "react-router";
import { pageParam } from "~/components/admin/backoffice-ui.tsx";
import { SEO_TOOLS } from "~/components/admin/seo-tools/form-state.ts";
import type { DB } from "~/platform/db/db.server.ts";
import { listNotFound } from "~/redirects/not-found-log.repository.server.ts";
import { emptyNotFoundLog, removeNotFound } from "~/redirects/not-found-log.service.server.ts";
import { intentForm, refuseWritten, type SeoToolsIntent } from "./intent.server.ts";

const PAGE_SIZE = 50;

/** The 404 log section: one page of paths (`npage`), most requested first. */
export async function loadNotFound(db: DB, url: URL) {
  const page = pageParam(url.searchParams.get("npage"));
  const list = await listNotFound(db, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return {
    notFound: list.entries,
    notFoundPage: page,
    notFoundPages: Math.max(1, Math.ceil(list.total / PAGE_SIZE)),
    notFoundTotal: list.total,
  };
}

const done = (what: string) => redirect(`${SEO_TOOLS}?done=${what}#not-found`);

/** The forms of the 404 log section, one per button. */
export const notFoundForms = [
  intentForm("not-found-delete", ["path"]),
  intentForm("not-found-clear", []),
] as const;

/** The buttons of the 404 log section, by their `intent`. */
export const notFoundIntents: Record<string, SeoToolsIntent> = {
  "not-found-delete": async (sub) => {
    const { text, db, actor } = sub;
    const result = await removeNotFound(db, { path: text("path"), actor });
    if (!result.ok) return refuseWritten(sub, result);
    return done("not-found-deleted");
  },
  "not-found-clear": async ({ db, actor }) => {
    await emptyNotFoundLog(db, { actor });
    return done("not-found-cleared");
  },
};
