import { createContext, useContext, type ReactNode } from "react";
import { useLocale, useT } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import type { ReaderLinkStatus } from "~/link-monitor/rules.ts";
import { formatDate } from "~/lib/format.ts";
import { NoteIcon } from "./note-icons.tsx";

/**
 * What the link monitor found for each link of an entry (issue 30), by address, decided on the
 * server (readerLinks): the buttons and the links table read it here.
 */
export type ReaderLinks = Readonly<Record<string, ReaderLinkStatus>>;

const LinkStatuses = createContext<{ links: ReaderLinks; today: string }>({ links: {}, today: "" });

export function LinkStatusProvider({
  links,
  today,
  children,
}: {
  links: ReaderLinks | undefined;
  today: string;
  children: ReactNode;
}) {
  return (
    <LinkStatuses.Provider value={{ links: links ?? {}, today }}>{children}</LinkStatuses.Provider>
  );
}

/** What is known of this link, if anything. */
export function useLinkStatus(href: string): ReaderLinkStatus | undefined {
  return useContext(LinkStatuses).links[href];
}

/** A link the reader should not be sent to as it is: not working, or leading off the official sites. */
export const sendsElsewhere = (status: ReaderLinkStatus | undefined) =>
  !!status && status.code !== "working";

const dayBefore = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/** "Link checked today", "… yesterday", "Link last found working on 3 Dec 2026". */
export function LinkCheckedNote({ status }: { status: ReaderLinkStatus }) {
  const t = useT("linkStatus");
  const locale = useLocale();
  const { today } = useContext(LinkStatuses);
  if (status.code !== "working") return null;
  const text =
    status.on === today
      ? t.checkedToday
      : status.on === dayBefore(today)
        ? t.checkedYesterday
        : fmt(t.workingOn, { date: formatDate(status.on, locale) });
  return <>{text}</>;
}

/** Why a link is not offered as it is, in a sentence. */
export function LinkProblem({ status }: { status: ReaderLinkStatus }) {
  const t = useT("linkStatus");
  const locale = useLocale();
  const { today } = useContext(LinkStatuses);
  switch (status.code) {
    case "working":
      return null;
    case "known-fake":
      return <>{t.knownFake}</>;
    case "leaves-official":
      return <>{fmt(t.leavesOfficial, { host: status.host })}</>;
    default:
      return (
        <>
          {status.on === today
            ? t.notWorkingToday
            : fmt(t.notWorkingOn, { date: formatDate(status.on, locale) })}
        </>
      );
  }
}

const hostOfUrl = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
};

/** The organization's site to go to instead, and the link itself in small print. */
function Alternatives({
  href,
  status,
  look,
}: {
  href: string;
  status: Exclude<ReaderLinkStatus, { code: "working" }>;
  look: { instead: string; none: string; anyway: string };
}) {
  const t = useT("linkStatus");
  return (
    <>
      {status.fallback ? (
        <a href={status.fallback} target="_blank" rel="nofollow noopener" className={look.instead}>
          {fmt(t.goInstead, { host: hostOfUrl(status.fallback) })}
        </a>
      ) : (
        <span className={look.none}>{t.noFallback}</span>
      )}
      {/* Never a way on to a known fake. */}
      {status.code !== "known-fake" && (
        <a href={href} target="_blank" rel="nofollow noopener" className={look.anyway}>
          {t.tryAnyway}
        </a>
      )}
    </>
  );
}

/**
 * In place of a button whose link does not work: what it was for, why it is not offered, the
 * organization's site to go to instead, and (unless it leads to a known fake) the link itself
 * in small print, should the reader want to try it.
 */
export function InsteadOfLink({
  label,
  href,
  status,
}: {
  label: string;
  href: string;
  status: ReaderLinkStatus;
}) {
  if (status.code === "working") return null;
  return (
    <div
      role="note"
      className="rounded-app border-2 border-amber-300 bg-amber-50 px-4 py-2 text-center text-amber-950"
    >
      <span className="block text-base font-semibold">{label}</span>
      <span className="block text-sm">
        <NoteIcon mark="warning" />
        <LinkProblem status={status} />
      </span>
      <Alternatives
        href={href}
        status={status}
        look={{
          instead:
            "mt-2 block rounded-app bg-primary px-3 py-1.5 text-sm font-semibold text-white no-underline",
          none: "mt-1 block text-sm",
          anyway: "mt-1 inline-block text-xs text-amber-950 underline",
        }}
      />
    </div>
  );
}

/** The same in a table cell: the link's host, then why it is not offered and where to go. */
export function LinkProblemInline({
  host,
  href,
  status,
}: {
  host: string;
  href: string;
  status: ReaderLinkStatus;
}) {
  if (status.code === "working") return null;
  return (
    <>
      <span className="font-semibold break-all text-ink">{host}</span>
      <span role="note" className="block text-xs text-amber-900">
        <NoteIcon mark="warning" />
        <LinkProblem status={status} />
      </span>
      <Alternatives
        href={href}
        status={status}
        look={{
          instead: "block font-semibold text-accent underline underline-offset-2",
          none: "block text-xs",
          anyway: "text-xs text-muted underline",
        }}
      />
    </>
  );
}
