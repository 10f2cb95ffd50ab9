import { Link } from "react-router";
import { NAV_LINKS } from "./site-header.tsx";

const POLICY_LINKS = [
  { to: "/eligibility", label: "Eligibility Finder" },
  { to: "/about-us", label: "About Us" },
  { to: "/contact-us", label: "Contact Us" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-of-service", label: "Terms of Service" },
  { to: "/security-policy", label: "Security Policy" },
] as const;

/**
 * The feeds the list pages announce, `/feeds${urlPrefix}.xml` per kind. Written out rather than
 * read from the content registry, which would bring its schemas into every page's script.
 */
const FEED_LINKS = [
  { href: "/feeds/jobs.xml", label: "Jobs" },
  { href: "/feeds/results.xml", label: "Results" },
  { href: "/feeds/admit-cards.xml", label: "Admit Cards" },
  { href: "/feeds/syllabus.xml", label: "Syllabus" },
  { href: "/feeds/answer-key.xml", label: "Answer Keys" },
] as const;

/**
 * The footer of every public page. Its "Browse" list repeats the main links, so they stay
 * reachable on a narrow screen without JavaScript (the drawer needs it).
 */
export function SiteFooter({ siteName, tagline }: { siteName: string; tagline: string }) {
  return (
    <footer className="mt-12 border-t-4 border-primary bg-ink text-stone-200">
      <div className="mx-auto grid max-w-6xl grid-cols-2 gap-x-4 gap-y-8 px-4 py-8 lg:grid-cols-4">
        <div className="col-span-2 lg:col-span-1">
          <p className="text-lg font-semibold text-white">{siteName}</p>
          {tagline && <p className="mt-2 text-sm text-stone-300">{tagline}</p>}
        </div>
        <FooterList title="Browse">
          {NAV_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="no-underline hover:underline">
                {l.label}
              </Link>
            </li>
          ))}
        </FooterList>
        <FooterList title="About">
          {POLICY_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="no-underline hover:underline">
                {l.label}
              </Link>
            </li>
          ))}
        </FooterList>
        <FooterList title="RSS feeds">
          {FEED_LINKS.map((f) => (
            <li key={f.href}>
              <a href={f.href} type="application/rss+xml" className="no-underline hover:underline">
                {f.label} (RSS)
              </a>
            </li>
          ))}
        </FooterList>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs text-stone-400">
        {siteName} is an information service. Always confirm dates and details on the official
        website of the recruiting body.
      </p>
    </footer>
  );
}

function FooterList({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `footer-${title.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </nav>
  );
}
