import type { MouseEvent } from "react";
import { Form, Link, redirect, useNavigation, useSubmit } from "react-router";
import { z } from "zod";
import { AdminError } from "~/components/admin/admin-error.tsx";
import { AdminPageHeader, Banner, buttonClass } from "~/components/admin/banner.tsx";
import { Pager, pageParam, useFocusFirstError } from "~/components/admin/backoffice-ui.tsx";
import { formatDateTime } from "~/lib/format.ts";
import { ConfirmButton } from "~/components/admin/confirm-button.tsx";
import { formErrorOf } from "~/lib/form-reply.ts";
import { markMessage, openMessage, removeMessage } from "~/messages/messages.service.server.ts";
import { refuse } from "~/platform/forms.server.ts";
import { parseForm } from "~/lib/form-parse.ts";
import { actorOf, requireStaff } from "~/users/guard.server.ts";
import {
  MESSAGE_STATUSES,
  countMessagesByStatus,
  getMessage,
  isMessageStatus,
  listMessagesPage,
  replyMailto,
  type MessageStatus,
} from "~/messages/messages.repository.server.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/messages";

const PAGE_SIZE = 20;

const TAB_LABELS: Record<MessageStatus, string> = {
  unread: "Unread",
  read: "Read",
  archived: "Archived",
  spam: "Spam",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "messages");
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const tab: MessageStatus = isMessageStatus(status) ? status : "unread";
  const conn = await db();
  const id = url.searchParams.get("id")?.slice(0, 100);
  const pageNumber = pageParam(url.searchParams.get("page"));
  // Reading changes nothing: a GET may come from a prefetch or a link elsewhere. Opening an unread
  // message from the list posts "open" (the action marks it read); without JavaScript the link
  // shows it and "Mark read" reads it.
  const [open, page, counts] = await Promise.all([
    id ? getMessage(conn, id) : undefined,
    listMessagesPage(conn, { status: tab, page: pageNumber, pageSize: PAGE_SIZE }),
    countMessagesByStatus(conn),
  ]);
  return {
    tab,
    counts,
    messages: page.messages.map((m) => ({
      id: m.id,
      name: m.name,
      email: m.email,
      preview: m.message.slice(0, 140),
      status: m.status,
      createdAt: m.createdAt,
    })),
    page: page.page,
    pageCount: page.pageCount,
    open: open ?? null,
    replyHref: open ? replyMailto(open, `${formatDateTime(open.createdAt)} (India time)`) : null,
    openMissing: !!id && !open,
    done: url.searchParams.get("done"),
    tabs: MESSAGE_STATUSES,
  };
}

const INTENT_STATUS: Record<string, MessageStatus> = {
  "mark-read": "read",
  "mark-unread": "unread",
  archive: "archived",
  spam: "spam",
};

/** Every button acts on one message and comes back to the tab and page it was pressed on. */
const OnMessage = z.object({
  id: z.string().trim().min(1, "Choose a message").max(100),
  tab: z.enum(MESSAGE_STATUSES).catch("unread"),
  page: z.number().int().min(1).max(100_000).catch(1),
});
const MessageForm = z.discriminatedUnion("intent", [
  OnMessage.extend({ intent: z.literal("open") }),
  OnMessage.extend({ intent: z.literal("mark-read") }),
  OnMessage.extend({ intent: z.literal("mark-unread") }),
  OnMessage.extend({ intent: z.literal("archive") }),
  OnMessage.extend({ intent: z.literal("spam") }),
  OnMessage.extend({ intent: z.literal("delete") }),
]);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "messages");
  const submission = parseForm(await request.formData(), MessageForm);
  if (submission.status !== "success") {
    const error = submission.error ?? {};
    // One line in the banner: which button is unknown, or which message is missing.
    return refuse(submission, { formError: error.intent ? undefined : error.id?.[0] });
  }
  const { intent, id, tab, page } = submission.value;
  const conn = await db();
  const actor = actorOf(user);
  const list = `/admin/messages?status=${tab}${page > 1 ? `&page=${page}` : ""}`;
  const back = (done: string) => redirect(`${list}&done=${done}`);
  if (intent === "open") {
    // Opening is reading; a message already read (or gone) is simply shown (or reported missing).
    await openMessage(conn, actor, id);
    return redirect(`${list}&id=${encodeURIComponent(id)}#message`);
  }
  if (intent === "delete") {
    if (!(await removeMessage(conn, actor, id)))
      return refuse(submission, { status: 404, formError: "This message no longer exists." });
    return back("deleted");
  }
  const status = INTENT_STATUS[intent];
  if (!(await markMessage(conn, actor, id, status)))
    return refuse(submission, { status: 404, formError: "This message no longer exists." });
  return back(status);
}

const DONE: Record<string, string> = {
  read: "Message marked as read.",
  unread: "Message marked as unread.",
  archived: "Message archived.",
  spam: "Message moved to spam.",
  deleted: "Message deleted.",
};

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  useFocusFirstError(actionData);
  const busy = useNavigation().state === "submitting";
  const submit = useSubmit();
  const d = loaderData;
  const listHref = (tab: MessageStatus, page = 1) =>
    `/admin/messages?status=${tab}${page > 1 ? `&page=${page}` : ""}`;
  // An unread message opens through the action, which marks it read; a click meant for a new tab
  // or window follows the link and only shows it.
  const openUnread = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    event.preventDefault();
    void submit({ intent: "open", id, tab: d.tab, page: String(d.page) }, { method: "post" });
  };
  return (
    <div className="mx-auto max-w-6xl">
      <AdminPageHeader title="Messages" />
      {d.done && DONE[d.done] && !actionData ? (
        <Banner tone="success">{DONE[d.done]}</Banner>
      ) : null}
      {formErrorOf(actionData) ? <Banner tone="error">{formErrorOf(actionData)}</Banner> : null}
      {d.openMissing ? <Banner tone="warning">That message no longer exists.</Banner> : null}

      <nav aria-label="Message folders" className="relative mb-4 overflow-x-auto">
        <ul className="flex gap-1 border-b border-stone-200">
          {d.tabs.map((s) => (
            <li key={s} className="shrink-0">
              <Link
                to={listHref(s)}
                aria-current={s === d.tab ? "page" : undefined}
                className={`-mb-px inline-flex items-center gap-2 border-b-2 px-3 py-2 text-sm no-underline ${s === d.tab ? "border-primary font-semibold text-primary" : "border-transparent text-muted hover:text-ink"}`}
              >
                {TAB_LABELS[s]}
                <span
                  className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${s === d.tab ? "bg-primary-light text-primary-dark" : "bg-stone-200 text-stone-700"}`}
                >
                  {d.counts[s]}
                  <span className="sr-only"> messages</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label={`${TAB_LABELS[d.tab]} messages`} className="min-w-0">
          {d.messages.length === 0 ? (
            <p className="rounded-app border border-stone-200 bg-white p-4 text-sm text-muted">
              No {TAB_LABELS[d.tab].toLowerCase()} messages.
            </p>
          ) : (
            <ul className="divide-y divide-stone-100 overflow-hidden rounded-app border border-stone-200 bg-white">
              {d.messages.map((m) => {
                const selected = d.open?.id === m.id;
                return (
                  <li key={m.id}>
                    <Link
                      to={`${listHref(d.tab, d.page)}&id=${encodeURIComponent(m.id)}#message`}
                      aria-current={selected ? "true" : undefined}
                      onClick={m.status === "unread" ? (e) => openUnread(e, m.id) : undefined}
                      className={`block px-4 py-3 no-underline hover:bg-stone-50 ${selected ? "bg-primary-light/60" : ""}`}
                    >
                      <span className="flex items-baseline justify-between gap-2">
                        <span
                          className={`truncate ${m.status === "unread" ? "font-semibold text-ink" : "text-ink"}`}
                        >
                          {m.status === "unread" ? <span className="sr-only">Unread: </span> : null}
                          {m.name}
                        </span>
                        <span className="shrink-0 text-xs text-muted">
                          {formatDateTime(m.createdAt)}
                        </span>
                      </span>
                      <span className="block truncate text-xs text-muted">{m.email}</span>
                      <span className="mt-1 line-clamp-2 text-sm break-words text-muted">
                        {m.preview}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
          <Pager
            label="Message pages"
            page={d.page}
            pages={d.pageCount}
            hrefFor={(p) => listHref(d.tab, p)}
          />
        </section>

        <section id="message" aria-label="Message" className="min-w-0 scroll-mt-4">
          {d.open ? (
            <article className="rounded-app border border-stone-200 bg-white p-4 md:p-5">
              <header className="border-b border-stone-100 pb-3">
                <h2 className="text-lg font-semibold break-words">{d.open.name}</h2>
                <p className="text-sm break-all">
                  <a href={`mailto:${d.open.email}`} className="text-accent underline">
                    {d.open.email}
                  </a>
                </p>
                <p className="text-xs text-muted">
                  Sent {formatDateTime(d.open.createdAt)} · {TAB_LABELS[d.open.status]}
                </p>
              </header>
              {/* Plain text, never HTML: whatever a visitor typed is shown as typed. */}
              <p
                className="mt-3 text-sm leading-relaxed whitespace-pre-wrap break-words"
                data-testid="message-text"
              >
                {d.open.message}
              </p>
              <Form
                method="post"
                className="mt-4 flex flex-wrap items-start gap-2 border-t border-stone-100 pt-3"
              >
                {d.replyHref ? (
                  <a href={d.replyHref} className={buttonClass.primary}>
                    Reply
                  </a>
                ) : null}
                <input type="hidden" name="id" value={d.open.id} />
                <input type="hidden" name="tab" value={d.tab} />
                <input type="hidden" name="page" value={d.page} />
                {d.open.status !== "unread" ? (
                  <button
                    type="submit"
                    name="intent"
                    value="mark-unread"
                    disabled={busy}
                    className={buttonClass.secondary}
                  >
                    Mark unread
                  </button>
                ) : (
                  <button
                    type="submit"
                    name="intent"
                    value="mark-read"
                    disabled={busy}
                    className={buttonClass.secondary}
                  >
                    Mark read
                  </button>
                )}
                {d.open.status !== "archived" ? (
                  <button
                    type="submit"
                    name="intent"
                    value="archive"
                    disabled={busy}
                    className={buttonClass.secondary}
                  >
                    Archive
                  </button>
                ) : (
                  <button
                    type="submit"
                    name="intent"
                    value="mark-read"
                    disabled={busy}
                    className={buttonClass.secondary}
                  >
                    Move to read
                  </button>
                )}
                {d.open.status !== "spam" ? (
                  <button
                    type="submit"
                    name="intent"
                    value="spam"
                    disabled={busy}
                    className={buttonClass.secondary}
                  >
                    Spam
                  </button>
                ) : null}
                <ConfirmButton
                  label="Delete"
                  question="Delete this message for good? This cannot be undone."
                  confirmLabel="Yes, delete it"
                  value="delete"
                />
              </Form>
            </article>
          ) : (
            <p className="hidden rounded-app border border-dashed border-stone-300 p-6 text-center text-sm text-muted lg:block">
              Choose a message to read it.
            </p>
          )}
        </section>
      </div>
    </div>
  );
}

export function meta() {
  return [{ title: "Messages | govjobs admin" }];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminError error={error} />;
}
