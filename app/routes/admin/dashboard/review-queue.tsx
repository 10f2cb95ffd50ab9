import { Form, Link } from "react-router";
import { buttonClass } from "~/components/admin/banner.tsx";
import { DiffTable } from "~/components/admin/diff-table.tsx";
import { formatDateTime } from "~/components/admin/format.ts";
import { STATUS_LABELS } from "~/components/admin/status-badge.tsx";
import { card, h2 } from "./card.ts";
import type { Route } from "../+types/dashboard";

type Data = Route.ComponentProps["loaderData"];

/**
 * An editor's review queue (submissions to approve, suggested changes to apply or decline); an
 * author's own entries, each saying whether a suggestion of theirs waits.
 */
export function ReviewQueue({
  queue,
  suggestions,
  waiting,
  publisher,
  busy,
}: Pick<Data, "queue" | "suggestions" | "waiting" | "publisher"> & { busy: boolean }) {
  return (
    <section className={card} aria-labelledby="queue-title">
      <h2 id="queue-title" className={h2}>
        {publisher ? `Pending review (${queue.length})` : "Your entries"}
      </h2>
      {queue.length === 0 ? (
        <p className="text-sm text-muted">
          {publisher
            ? "No entry is waiting for review."
            : "Nothing yet: add an entry, save it as a draft, then submit it for review."}
        </p>
      ) : (
        <ul className="divide-y divide-stone-100 text-sm">
          {queue.map((e) => (
            <li key={e.id} className="flex flex-wrap items-baseline gap-x-2 py-2">
              <Link to={e.href} className="font-semibold underline decoration-stone-300">
                {e.title}
              </Link>
              <span className="text-xs text-muted">
                {e.kindLabel} · {STATUS_LABELS[e.status]} · {formatDateTime(e.updatedAt)}
                {!publisher && !["draft", "pending"].includes(e.status)
                  ? " · read only: send changes as a suggestion"
                  : ""}
                {waiting.includes(e.id) ? " · your suggested change is waiting" : ""}
              </span>
              {publisher && e.status === "pending" ? (
                <Form method="post" className="ml-auto">
                  <input type="hidden" name="intent" value="approve" />
                  <input type="hidden" name="kind" value={e.kind} />
                  <input type="hidden" name="id" value={e.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    aria-label={`Approve and publish ${e.title}`}
                    className={buttonClass.secondary}
                  >
                    Approve and publish
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {publisher ? (
        <>
          <h3 className="mt-4 mb-2 text-sm font-semibold">
            Suggested changes ({suggestions.length})
          </h3>
          {suggestions.length === 0 ? (
            <p className="text-sm text-muted">
              No suggested change is waiting. (Authors send one when they edit an entry an editor
              has published.)
            </p>
          ) : (
            <ul className="space-y-4 text-sm">
              {suggestions.map((x) => (
                <li
                  key={x.id}
                  data-suggestion={x.id}
                  className="rounded-app border border-stone-200 p-3"
                >
                  <p className="flex flex-wrap items-baseline gap-x-2">
                    <Link to={x.href} className="font-semibold underline decoration-stone-300">
                      {x.title}
                    </Link>
                    <span className="text-xs text-muted">
                      {x.kindLabel} · suggested by {x.authorName ?? "an author"} ·{" "}
                      {formatDateTime(x.createdAt)}
                    </span>
                  </p>
                  <div className="mt-2">
                    {x.problem ? (
                      <p className="text-red-800">{x.problem}</p>
                    ) : x.lines.length === 0 ? (
                      <p className="text-muted">
                        Applying it changes nothing any more: the entry already says the same.
                      </p>
                    ) : (
                      <DiffTable lines={x.lines} beforeTitle="Now" afterTitle="After applying" />
                    )}
                  </div>
                  <div className="mt-2 flex flex-wrap gap-2">
                    {!x.problem ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="apply" />
                        <input type="hidden" name="suggestion" value={x.id} />
                        <input type="hidden" name="version" value={x.version} />
                        <button
                          type="submit"
                          disabled={busy}
                          aria-label={`Apply the suggested change to ${x.title}`}
                          className={buttonClass.primary}
                        >
                          Apply
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="intent" value="decline" />
                      <input type="hidden" name="suggestion" value={x.id} />
                      <button
                        type="submit"
                        disabled={busy}
                        aria-label={`Decline the suggested change to ${x.title}`}
                        className={buttonClass.secondary}
                      >
                        Decline
                      </button>
                    </Form>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
