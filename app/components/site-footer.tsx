import { Link } from "react-router";
import { useLocalePath, useT } from "~/i18n/context.tsx";
import { fmt } from "~/i18n/locale.ts";
import { useNavLinks } from "./site-header.tsx";
import { useMyExamsLinks } from "~/my-exams/header-link.tsx";

const POLICY_LINKS = [
  ["/eligibility", "eligibility"],
  ["/check-link", "checkLink"],
  ["/about-us", "aboutUs"],
  ["/contact-us", "contactUs"],
  ["/privacy-policy", "privacy"],
  ["/terms-of-service", "terms"],
  ["/security-policy", "security"],
] as const;

/**
 * The feeds the list pages announce, `/feeds${urlPrefix}.xml` per kind. Written out rather than
 * read from the content registry, which would bring its schemas into every page's script.
 */
const FEED_LINKS = [
  ["/feeds/jobs.xml", "feedJobs"],
  ["/feeds/results.xml", "feedResults"],
  ["/feeds/admit-cards.xml", "feedAdmitCards"],
  ["/feeds/syllabus.xml", "feedSyllabus"],
  ["/feeds/answer-key.xml", "feedAnswerKeys"],
] as const;

/**
 * The footer of every public page. Its "Browse" list repeats the main links, so they stay
 * reachable on a narrow screen without JavaScript (the drawer needs it).
 */
export function SiteFooter({ siteName, tagline }: { siteName: string; tagline: string }) {
  const t = useT("shell").footer;
  const to = useLocalePath();
  const navLinks = useNavLinks();
  const myExams = useMyExamsLinks();
  return (
    <footer className="mt-12 border-t-4 border-primary bg-ink text-stone-200">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-8 px-4 py-8 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-lg font-semibold text-white">{siteName}</p>
          {tagline && <p className="mt-2 text-sm text-stone-300">{tagline}</p>}
        </div>
        <FooterList id="footer-browse" title={t.browse}>
          {navLinks.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="no-underline hover:underline">
                {l.label}
              </Link>
            </li>
          ))}
        </FooterList>
        <FooterList id="footer-about" title={t.about}>
          {myExams.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="no-underline hover:underline">
                {l.label}
              </Link>
            </li>
          ))}
          {POLICY_LINKS.map(([path, key]) => (
            <li key={path}>
              <Link to={to(path)} className="no-underline hover:underline">
                {t[key]}
              </Link>
            </li>
          ))}
        </FooterList>
        <FooterList id="footer-rss-feeds" title={t.feeds}>
          {FEED_LINKS.map(([href, key]) => (
            <li key={href}>
              <a
                href={to(href)}
                type="application/rss+xml"
                className="no-underline hover:underline"
              >
                {fmt(t.rss, { name: t[key] })}
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
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </nav>
  );
}
