import { redirect } from "react-router";
import { z } from "zod";
import type { KindDefinition } from "~/content/registry.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { actorOf, type StaffUser } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import { setStatuses, trashEntries } from "~/entries/entries.service.server.ts";
import { listSearch, readListQuery } from "./list-query.ts";

/** The ticked rows; the bulk buttons send them all under one name. */
const Ids = z
  .array(z.string().min(1).max(64))
  .min(1, "Select at least one entry with its checkbox first.")
  .max(200, "Select at most 200 entries at a time.");

/** The bulk buttons above the list, by their `intent`. */
const BulkForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("publish"), ids: Ids }),
  z.object({ intent: z.literal("archive"), ids: Ids }),
  z.object({ intent: z.literal("draft"), ids: Ids }),
  z.object({ intent: z.literal("trash"), ids: Ids }),
]);

const NEW_STATUS = { publish: "published", archive: "archived", draft: "draft" } as const;

/** Change the ticked entries, then back to the same list view with what was done. */
export async function bulkAction(
  request: Request,
  url: URL,
  kind: KindDefinition,
  user: StaffUser,
) {
  const submission = parseForm(await request.formData(), BulkForm, { multiple: ["ids"] });
  if (submission.status !== "success") {
    const error = submission.error ?? {};
    const first = Object.values(error).find((e) => e?.length)?.[0];
    return refuse(submission, {
      formError: error.intent
        ? "Choose what to do with the selected entries."
        : (first ?? "Nothing was changed."),
    });
  }
  const { intent, ids } = submission.value;
  const database = await db();
  const actor = actorOf(user);
  const changed =
    intent === "trash"
      ? await trashEntries(database, kind.kind, ids, actor)
      : await setStatuses(database, kind.kind, ids, NEW_STATUS[intent], actor);
  return redirect(
    `/admin/${kind.adminSegment}${listSearch(readListQuery(url), { done: intent, n: String(changed.length) })}`,
  );
}
