import { data, type ShouldRevalidateFunctionArgs } from "react-router";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { SuggestionsProvider } from "~/components/admin/suggestion-mark.tsx";
import { defaultData, TEXT_CHANGED_AT, type EntryData } from "~/content/fields.ts";
import { entryToFormTree, type FormTree } from "~/content/form-data.ts";
import { can, newEntryStatus } from "~/content/policy.ts";
import { entryInputSchema, REGISTRY } from "~/content/registry.ts";
import { translationState } from "~/content/translation.ts";
import { packedStrings } from "~/i18n/catalog.server.ts";
import { entryLinksForEditor } from "~/link-monitor/admin.server.ts";
import {
  noticeChecklist,
  noticeFromUrl,
  offersNotice,
  PDF_ERROR,
  PDF_ERRORS,
  startingValues,
} from "~/notice-import/notice-import.server.ts";
import { presetChoices } from "~/photo-kit/presets.server.ts";
import { getAdminEntry, kindFromUrl } from "~/entries/admin.repository.server.ts";
import { countRecipients } from "~/alerts/triggers.server.ts";
import { enteredStatus } from "~/entries/edit-conflicts.server.ts";
import { listSuggestions } from "~/entries/suggestions.repository.server.ts";
import { formConstraint } from "~/lib/form-parse.ts";
import { requireEntryAccess, requireStaff } from "~/users/guard.server.ts";
import { getJobOption } from "~/entries/job-picker.server.ts";
import { listOrganizations } from "~/organizations/organizations.repository.server.ts";
import { touchPresence } from "~/users/presence.repository.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/entry-edit";
import { entryEditAction } from "./entry-edit/action.server.ts";
import { EntryEdit } from "./entry-edit/page.tsx";

// One route module for adding and editing an entry (the Epic Stack's shared-editor pattern): the
// loader here, the buttons' action in ./entry-edit/action.server.ts, the page in ./entry-edit/.

export async function loader({ request, url, params }: Route.LoaderArgs) {
  const user = await requireStaff(request);
  const kind = kindFromUrl(url);
  const id = (params as { id?: string }).id;
  const database = await db();
  const entry = id ? await getAdminEntry(database, kind.kind, id) : undefined;
  if (id && !entry) throw data(null, { status: 404 });
  // An author may open their entry once an editor has published it: to read, and to suggest.
  const access = entry ? requireEntryAccess(user, entry, "read") : "edit";
  // Only the linked job, for its title: the picker searches the rest as the editor types.
  const [linkedJob, organizations, editingNow, taken, suggestions] = await Promise.all([
    kind.linksToJob && entry?.jobId
      ? getJobOption(database, entry.jobId, { includeTrashed: true })
      : undefined,
    listOrganizations(database),
    entry
      ? touchPresence(database, `entry:${entry.id}`, { id: user.id, name: user.name || user.email })
      : [],
    entry && access === "read" ? enteredStatus(database, entry.id, entry.status) : null,
    // An author sees what became of their suggestions; an editor, those waiting.
    entry
      ? listSuggestions(database, {
          entryId: entry.id,
          ...(can(user.role, "publish") ? {} : { authorId: user.id }),
          limit: 10,
        })
      : [],
  ]);
  // "This will notify N subscribers": counted for the entry as stored (a new entry has no count
  // yet); what the form changes before saving (state, qualification) is not counted.
  const publisher = can(user.role, "publish");
  const notify =
    publisher && !entry?.deletedAt
      ? {
          recipients: entry
            ? await countRecipients(database, { ...entry, jobId: entry.jobId })
            : null,
        }
      : null;
  // What the link monitor last found of its links (issue 30).
  const links = entry ? await entryLinksForEditor(database, entry) : [];
  // A new entry may start from a notification PDF's suggestions (issue 32).
  const notice = entry ? null : await noticeFromUrl(database, kind.kind, url);
  const values: FormTree = entry
    ? entryToFormTree(entry)
    : entryToFormTree({
        title: "",
        slug: "",
        organization: "",
        // An author's new entry starts as a draft; an editor's as published.
        status: newEntryStatus(user.role),
        publishAt: null,
        jobId: null,
        data: defaultData(kind.sections),
      });
  return {
    kind: kind.kind,
    entry: entry
      ? {
          id: entry.id,
          slug: entry.slug,
          title: entry.title,
          status: entry.status,
          publishAt: entry.publishAt,
          updatedAt: entry.updatedAt,
          deletedAt: entry.deletedAt,
        }
      : null,
    values: startingValues(values, notice),
    translation: entry ? translationSummary(kind.sections, entry) : null,
    jobChoices: linkedJob ? [linkedJob] : [],
    organizationNames: organizations.map((o) => o.name),
    saved: url.searchParams.get("saved"),
    suggested: url.searchParams.get("suggested") === "1",
    access,
    taken,
    suggestions: suggestions
      .filter((x) => (can(user.role, "publish") ? x.state === "suggested" : true))
      .map((x) => ({
        id: x.id,
        state: x.state,
        authorName: x.authorName,
        createdAt: x.createdAt,
        decidedBy: x.decidedBy,
        decidedAt: x.decidedAt,
      })),
    editingNow,
    canPublish: publisher,
    notify,
    constraint: formConstraint(entryInputSchema(kind.kind)),
    links,
    linkStrings: packedStrings("en", "linkStates"),
    notice:
      !entry && offersNotice(kind.kind)
        ? {
            view: notice,
            uploadError: PDF_ERRORS[url.searchParams.get(PDF_ERROR) ?? ""] ?? null,
            checkFields: noticeChecklist(kind.kind),
          }
        : null,
    photoPresets: kind.kind === "job" ? await presetChoices(database) : [],
  };
}

function translationSummary(
  sections: Parameters<typeof translationState>[0],
  entry: { title: string; data: EntryData },
) {
  const { state, untranslated } = translationState(sections, entry.title, entry.data);
  const at = entry.data[TEXT_CHANGED_AT];
  return { state, left: untranslated.length, changedAt: typeof at === "string" ? at : null };
}

export const action = (args: Route.ActionArgs) => entryEditAction(args);

/**
 * A refused save because the entry changed under the editor (409) reads it again, so the page's
 * status, badge and version say what is stored now; the form keeps what was typed.
 */
export function shouldRevalidate({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

/** A form started from a notification PDF marks each suggested field (issue 32). */
export default function EntryEditPage(props: Route.ComponentProps) {
  return (
    <SuggestionsProvider notice={props.loaderData.notice?.view ?? null}>
      <EntryEdit {...props} />
    </SuggestionsProvider>
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  const def = loaderData ? REGISTRY[loaderData.kind] : null;
  const what = def ? def.label.toLowerCase() : "entry";
  return [
    {
      title: loaderData?.entry
        ? `Edit ${what}: ${loaderData.entry.title} | govjobs admin`
        : `Add ${what} | govjobs admin`,
    },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
