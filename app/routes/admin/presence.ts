import { data } from "react-router";
import { z } from "zod";
import { getEntryById } from "~/entries/entry-row.server.ts";
import { can } from "~/content/policy.ts";
import { forbidden, requireEntryAccess, requireStaff } from "~/users/guard.server.ts";
import { touchPresence } from "~/users/presence.repository.server.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/presence";

const PresenceForm = z.object({
  subject: z.string().regex(/^(entry|page):[A-Za-z0-9-]{1,100}$/, "Unknown screen."),
});

/**
 * `POST /admin/presence`: an edit screen says it is still open, every 30 seconds, and hears who
 * else has the same entry or page open. Nothing public changes.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request);
  // Refusals are the one form reply (app/platform/forms.server.ts); the screen ignores them and
  // reports again 30 seconds later.
  const submission = parseForm(await request.formData(), PresenceForm);
  if (submission.status !== "success") return refuse(submission);
  const database = await db();
  // Who has a screen open is part of that screen: the same rule as opening it.
  const [type, id] = submission.value.subject.split(":");
  if (type === "page") {
    if (!can(user.role, "site-pages")) throw forbidden(user.role, "edit site pages");
  } else {
    const entry = await getEntryById(database, id);
    if (!entry) return refuse(submission, { formError: "No such entry.", status: 404 });
    requireEntryAccess(user, entry, "read");
  }
  const others = await touchPresence(database, submission.value.subject, {
    id: user.id,
    name: user.name || user.email,
  });
  return Response.json({ others }, { headers: { "Cache-Control": "no-store" } });
}

/** Nothing to read here; the guard still answers first, as on every admin address. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  throw data(null, { status: 405 });
}
