import { Link } from "react-router";
import { useLocale, useLocalePath, useT } from "~/i18n/context.tsx";
import { fmt } from "~/lib/locale.ts";
import { FEED_KINDS, feedPath } from "~/content/kinds.ts";
import { needsPushAttribute, useDestinations } from "./destinations.ts";

/**
 * The footer of every public page. It lists every destination the drawer does (DESTINATIONS), so
 * they stay reachable on a narrow screen without JavaScript (the drawer needs it).
 */
export function SiteFooter({ siteName, tagline }: { siteName: string; tagline: string }) {
  const t = useT("shell").footer;
  const locale = useLocale();
  const to = useLocalePath();
  const columns = [
    { id: "footer-browse", title: t.browse, links: useDestinations(["lists"]) },
    { id: "footer-tools", title: t.tools, links: useDestinations(["tools"]) },
    { id: "footer-about", title: t.about, links: useDestinations(["about", "policies"]) },
  ];
  return (
    <footer className="mt-12 border-t-4 border-primary bg-ink text-stone-200">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-8 px-4 py-8 md:grid-cols-3 lg:grid-cols-5">
        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <p className="text-lg font-semibold text-white">{siteName}</p>
          {tagline && <p className="mt-2 text-sm text-stone-300">{tagline}</p>}
        </div>
        {columns.map((column) => (
          <FooterList key={column.id} id={column.id} title={column.title}>
            {column.links.map((l) => (
              <li key={l.to} {...needsPushAttribute(l.needsPush)}>
                <Link to={l.to} className={LINK}>
                  {l.label}
                </Link>
              </li>
            ))}
          </FooterList>
        ))}
        <FooterList id="footer-rss-feeds" title={t.feeds}>
          {FEED_KINDS.map((kind) => (
            <li key={kind.key}>
              <a href={to(feedPath(kind))} type="application/rss+xml" className={LINK}>
                {fmt(t.rss, { name: kind.plural[locale] })}
              </a>
            </li>
          ))}
        </FooterList>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs text-stone-400">
        {fmt(t.disclaimer, { site: siteName })}
      </p>
    </footer>
  );
}

/** A footer link: a 28 px row, a target a thumb can hit (issue 29). */
const LINK = "inline-block min-w-6 py-1 no-underline hover:underline";

function FooterList({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-2 text-sm">{children}</ul>
    </nav>
  );
}
