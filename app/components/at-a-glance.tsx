import type { Glance, GlanceAction } from "~/content/glance.ts";
import type { LinkTrust } from "~/content/official-links.ts";
import { useLocale, useT } from "~/i18n/context.tsx";
import { formatDate } from "~/lib/format.ts";
import { InsteadOfLink, LinkCheckedNote, sendsElsewhere, useLinkStatus } from "./link-status.tsx";
import { NoteIcon } from "./note-icons.tsx";

/**
 * The first screen of an entry's page on a phone: the facts a job seeker decides on and the
 * buttons to the official pages, each saying where it leads.
 */
export function AtAGlance({ glance, checkedOn }: { glance: Glance; checkedOn?: string }) {
  const t = useT("detail");
  const locale = useLocale();
  if (glance.facts.length === 0 && glance.actions.length === 0 && !checkedOn) return null;
  // Facts whose values run long take the whole width of a phone.
  const wide = new Set([
    t.glance.lastDate,
    t.glance.applicationFee,
    t.glance.ageLimit,
    t.glance.objections,
    t.glance.examDate,
  ]);
  const [beforeDate, afterDate = ""] = t.checkedOn.split("{date}");
  const buttons = glance.actions.filter((a) => !a.shut);
  const shut = glance.actions.filter((a) => a.shut);
  return (
    <section
      aria-label={t.atAGlance}
      className="space-y-3 rounded-app border border-stone-200 bg-white p-3 sm:p-4"
    >
      {glance.facts.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 sm:grid-cols-3 sm:gap-y-2">
          {glance.facts.map((fact) => (
            <div
              key={fact.label}
              className={wide.has(fact.label) ? "col-span-2 sm:col-span-1" : undefined}
            >
              <dt className="text-xs font-semibold tracking-wide text-muted uppercase">
                {fact.label}
              </dt>
              <dd
                className={`font-semibold ${fact.tone === "closed" ? "text-red-800" : fact.tone === "urgent" ? "text-primary-dark" : "text-ink"}`}
              >
                {fact.value}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {buttons.length > 0 && (
        <div className="grid gap-2 sm:grid-cols-2">
          {buttons.map((action, i) => (
            <GlanceButton key={action.label} action={action} primary={i === 0} />
          ))}
        </div>
      )}
      {shut.length > 0 && (
        // An action whose window is closed (or not open yet) is no button: what the reader needs
        // is that it is closed; the page stays reachable by a small link, to look things up.
        <ul className="space-y-1">
          {shut.map((action) => (
            <li
              key={action.label}
              className="rounded-app border border-stone-200 bg-stone-50 px-3 py-2 text-sm"
            >
              <span className="font-semibold text-ink">{action.label}</span>
              {" · "}
              <span
                className={`font-semibold whitespace-nowrap ${action.shut!.closed ? "text-red-800" : "text-ink"}`}
              >
                {action.shut!.text}
              </span>
              {" · "}
              <a
                href={action.href}
                target="_blank"
                rel="nofollow noopener"
                className="break-all text-accent underline underline-offset-2"
              >
                {action.trust.host}
                <span aria-hidden="true"> ↗</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {glance.actions.some((a) => !a.trust.official) && (
        <p role="note" className="rounded-app bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {t.notOfficialWarning}
        </p>
      )}
      {checkedOn && (
        <p className="text-sm text-muted">
          {beforeDate}
          <time dateTime={checkedOn}>{formatDate(checkedOn, locale)}</time>
          {afterDate}
        </p>
      )}
    </section>
  );
}

/**
 * A button to an official page, saying where it leads and when the link was last found working;
 * in its place, when the link does not work, the organization's site to go to instead (issue 30).
 */
function GlanceButton({ action, primary }: { action: GlanceAction; primary: boolean }) {
  const status = useLinkStatus(action.href);
  if (status && sendsElsewhere(status))
    return <InsteadOfLink label={action.label} href={action.href} status={status} />;
  return (
    <a
      href={action.href}
      target="_blank"
      rel="nofollow noopener"
      className={`block rounded-app px-4 py-2 text-center no-underline ${primary ? "bg-primary text-white" : "border-2 border-secondary text-secondary"}`}
    >
      <span className="block text-base font-semibold">{action.label}</span>
      <span className={`block text-xs ${primary ? "text-white" : "text-ink"}`}>
        <TrustNote trust={action.trust} />
        {status && (
          <span className="block">
            <NoteIcon mark="check" />
            <LinkCheckedNote status={status} />
          </span>
        )}
      </span>
    </a>
  );
}

/**
 * "✓ Official site · ssc.gov.in" or "⚠ Not an official site · example.com" (host optional), or
 * "[file] Copy kept on this site" for a file uploaded here (the marks: ./note-icons.tsx).
 */
export function TrustNote({ trust, host = true }: { trust: LinkTrust; host?: boolean }) {
  const t = useT("detail");
  // An uploaded copy: its "host" is only "PDF copy", which says nothing more.
  if (trust.official && trust.why === "copy")
    return (
      <>
        <NoteIcon mark="file" />
        {t.copyKept}
      </>
    );
  const where = host ? ` · ${trust.host}` : "";
  return trust.official ? (
    <>
      <NoteIcon mark="check" />
      {t.officialSite}
      {where}
    </>
  ) : (
    <>
      <NoteIcon mark="warning" />
      {t.notOfficialSite}
      {where}
    </>
  );
}
