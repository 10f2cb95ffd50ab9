import { Link } from "react-router";
import { auditLine } from "~/components/admin/audit-words.ts";
import { formatDateTime } from "~/components/admin/format.ts";
import { REGISTRY } from "~/content/registry.ts";
import { formatDate } from "~/lib/format.ts";
import { card, h2 } from "./card.ts";
import type { Route } from "../+types/dashboard";

type Data = Route.ComponentProps["loaderData"];

function daysLeft(lastDate: string | null, today: string): string {
  if (!lastDate) return "";
  const days = Math.round((Date.parse(lastDate) - Date.parse(today)) / 86_400_000);
  return days <= 0 ? "closes today" : days === 1 ? "1 day left" : `${days} days left`;
}

/** The published jobs whose last date is in the next 7 days. */
export function ClosingJobs({ closing, today }: Pick<Data, "closing" | "today">) {
  return (
    <section className={card} aria-labelledby="closing-title">
      <h2 id="closing-title" className={h2}>
        Jobs closing in the next 7 days
      </h2>
      {closing.length === 0 ? (
        <p className="text-sm text-muted">No published job closes in the next 7 days.</p>
      ) : (
        <ul className="divide-y divide-stone-100 text-sm">
          {closing.map((j) => (
            <li key={j.id} className="py-2">
              <Link
                to={`/admin/${REGISTRY.job.adminSegment}/edit/${j.id}`}
                className="font-semibold underline decoration-stone-300"
              >
                {j.title}
              </Link>
              <span className="block text-xs text-muted">
                {formatDate(j.lastDate)} · {daysLeft(j.lastDate, today)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The newest contact messages, for the roles that answer them. */
export function NewestMessages({ messages }: Pick<Data, "messages">) {
  return (
    <section className={card} aria-labelledby="messages-title">
      <h2 id="messages-title" className={h2}>
        Newest messages
        <Link to="/admin/messages" className="text-sm font-normal text-accent underline">
          All messages
        </Link>
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-muted">No messages yet.</p>
      ) : (
        <ul className="divide-y divide-stone-100 text-sm">
          {messages.map((m) => (
            <li key={m.id} className="py-2">
              <p className="flex flex-wrap justify-between gap-x-3">
                <span className="font-semibold">
                  {m.name}
                  {m.status === "unread" ? (
                    <span className="ml-2 rounded-full bg-primary-light px-2 text-xs text-primary-dark">
                      new
                    </span>
                  ) : null}
                </span>
                <span className="text-xs text-muted">{formatDateTime(m.createdAt)}</span>
              </p>
              <p className="mt-0.5 break-words text-muted">{m.excerpt}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The audit log's newest lines, for editors. */
export function LatestChanges({ audit }: Pick<Data, "audit">) {
  return (
    <section className={card} aria-labelledby="audit-title">
      <h2 id="audit-title" className={h2}>
        Latest changes
      </h2>
      {audit.length === 0 ? (
        <p className="text-sm text-muted">Nothing has been changed yet.</p>
      ) : (
        <ol className="divide-y divide-stone-100 text-sm">
          {audit.map((a) => (
            <li key={a.id} className="flex flex-wrap justify-between gap-x-3 py-2">
              <span className="min-w-0 break-words">
                <strong className="font-semibold">{a.actorEmail ?? "Someone"}</strong>{" "}
                {auditLine(a.action, a.subject)}
              </span>
              <time dateTime={a.createdAt} className="text-xs whitespace-nowrap text-muted">
                {formatDateTime(a.createdAt)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
