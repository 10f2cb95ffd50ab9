import { Link } from "react-router";
import { useLocalePath, useT } from "~/i18n/context.tsx";

/**
 * The saved list (issue 28): a bookmark that leads to /my, named for screen readers. On a phone the
 * header has no room for it: the drawer and the footer list
 * it (DESTINATIONS, app/components/destinations.ts).
 */
export function MyExamsLink() {
  const t = useT("saved");
  const to = useLocalePath();
  return (
    <Link
      to={to("/my")}
      aria-label={t.myExams}
      title={t.myExams}
      className="hidden size-10 shrink-0 place-items-center rounded-app hover:bg-white/15 sm:grid"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d="M6 3h12v18l-6-4-6 4z" />
      </svg>
    </Link>
  );
}
