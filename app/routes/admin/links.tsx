import { Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { Pager } from "~/components/admin/backoffice-ui.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import {
  LINK_GROUP_LABELS,
  LinkFindings,
  LinkStateBadge,
} from "~/components/admin/link-findings.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { packedStrings } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import { linksScreen, LinksQuery, recheckLink, reviewLink } from "~/link-monitor/admin.server.ts";
import { LINK_GROUPS, type LinkGroup } from "~/link-monitor/rules.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/links";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "links");
  const params = new URL(request.url).searchParams;
  const query = LinksQuery.parse({
    group: params.get("group") ?? undefined,
    organization: params.get("organization") ?? undefined,
    page: params.get("page") ?? undefined,
  });
  return {
    ...(await linksScreen(await db(), query)),
    query,
    done: params.get("done"),
    strings: packedStrings("en", "linkStates"),
  };
}

const LinkForm = z.object({
  intent: z.enum(["review", "recheck"]),
  id: z.string().min(1).max(100),
});

/** "Mark checked" and "Check again", back to the same filter. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "links");
  const submission = parseForm(await request.formData(), LinkForm);
  if (submission.status !== "success")
    return refuse(submission, { formError: "That link is not one of the list's." });
  const { intent, id } = submission.value;
  const conn = await db();
  const done =
    intent === "review"
      ? await reviewLink(conn, id, actorOf(user))
      : await recheckLink(conn, id, actorOf(user));
  if (!done)
    return refuse(submission, { status: 404, formError: "This link is no longer on the list." });
  const back = new URLSearchParams(new URL(request.url).searchParams);
  back.set("done", intent);
  return redirect(`/admin/links?${back}`);
}

export default function Links({ loaderData, actionData }: Route.ComponentProps) {
  const { links, query, counts, total } = loaderData;
  const busy = useNavigation().state === "submitting";
  const hrefFor = (page: number) => {
    const p = new URLSearchParams();
    if (query.group !== "problems") p.set("group", query.group);
    if (query.organization) p.set("organization", query.organization);
    if (page > 1) p.set("page", String(page));
    return `/admin/links${p.size ? `?${p}` : ""}`;
  };
  const countOf = (group: LinkGroup) =>
    LINK_GROUPS[group].reduce((n, state) => n + (counts[state] ?? 0), 0);
  const error = formErrorOf(actionData);
  return (
    <Strings areas={loaderData.strings}>
      <div className="mx-auto max-w-6xl">
        <AdminPageHeader title="Links">
          <Link to="/admin/links/hosts" className={buttonClass.secondary}>
            Vendor hosts and known fakes
          </Link>
        </AdminPageHeader>
        <p className="mb-4 text-sm text-muted">
          Every link of every published, open entry is checked once a day and when it is published
          or changed: broken links, pages that say “not found”, links that moved, and links that end
          off the official hosts (government suffixes, the organization’s domains, its vendor hosts)
          or pass through a known fake.
          {loaderData.lastCheckedAt
            ? ` Last check: ${formatDateTime(loaderData.lastCheckedAt)}.`
            : ""}
        </p>
        {loaderData.done === "review" ? (
          <Banner tone="success">
            Marked checked: it leaves the notice until it breaks again.
          </Banner>
        ) : loaderData.done === "recheck" ? (
          <Banner tone="success">It will be checked again within a minute.</Banner>
        ) : null}
        {error ? <Banner tone="error">{error}</Banner> : null}

        <nav aria-label="Link groups" className="mb-3 flex flex-wrap gap-2 text-sm">
          {(Object.keys(LINK_GROUPS) as LinkGroup[]).map((group) => {
            const p = new URLSearchParams();
            if (group !== "problems") p.set("group", group);
            if (query.organization) p.set("organization", query.organization);
            return (
              <Link
                key={group}
                to={`/admin/links${p.size ? `?${p}` : ""}`}
                aria-current={group === query.group ? "page" : undefined}
                className={`rounded-full border px-3 py-1 no-underline ${group === query.group ? "border-primary bg-primary text-white" : "border-stone-300 bg-white text-ink hover:bg-stone-50"}`}
              >
                {LINK_GROUP_LABELS[group]} <span className="tabular-nums">({countOf(group)})</span>
              </Link>
            );
          })}
        </nav>

        <Form method="get" className="mb-4 flex flex-wrap items-end gap-2">
          {query.group !== "problems" ? (
            <input type="hidden" name="group" value={query.group} />
          ) : null}
          <label className="max-w-full text-sm font-semibold">
            Organization
            <select
              name="organization"
              defaultValue={query.organization}
              className="mt-1 block max-w-full rounded-app border border-stone-300 bg-white px-2 py-1.5 font-normal"
            >
              <option value="">All organizations</option>
              {loaderData.organizations.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={buttonClass.secondary}>
            Show
          </button>
        </Form>

        {links.length === 0 ? (
          <p className="rounded-app border border-stone-200 bg-white p-4 text-sm text-muted">
            No link of an open entry is in this group.
          </p>
        ) : (
          <>
            <p className="mb-2 text-sm text-muted">
              {total} {total === 1 ? "link" : "links"}
            </p>
            <ul className="space-y-3">
              {links.map((link) => (
                <li
                  key={link.id}
                  className={`rounded-app border bg-white p-3 sm:p-4 ${link.needsReview ? "border-red-300" : "border-stone-200"}`}
                >
                  <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                    <LinkStateBadge state={link.state} />
                    <span className="font-semibold">{link.place}</span>
                    <span className="min-w-0 text-sm wrap-anywhere text-muted">
                      on{" "}
                      <Link to={link.entry.editHref} className="text-accent underline">
                        {link.entry.title}
                      </Link>{" "}
                      · {link.entry.organization}
                    </span>
                  </div>
                  <LinkFindings link={link} />
                  <div className="mt-2 flex flex-wrap items-center gap-2">
                    <a
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className={buttonClass.secondary}
                    >
                      Open ↗
                    </a>
                    <Form method="post" className="contents">
                      <input type="hidden" name="id" value={link.id} />
                      {link.needsReview ? (
                        <button
                          type="submit"
                          name="intent"
                          value="review"
                          disabled={busy}
                          className={buttonClass.primary}
                          aria-label={`Mark checked: ${link.place} on ${link.entry.title}`}
                        >
                          Mark checked
                        </button>
                      ) : null}
                      <button
                        type="submit"
                        name="intent"
                        value="recheck"
                        disabled={busy}
                        className={buttonClass.quiet}
                        aria-label={`Check again: ${link.place} on ${link.entry.title}`}
                      >
                        Check again
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
            <Pager
              page={query.page}
              pages={loaderData.pages}
              hrefFor={hrefFor}
              label="Links pages"
            />
          </>
        )}
      </div>
    </Strings>
  );
}

export function meta() {
  return [{ title: "Links | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
