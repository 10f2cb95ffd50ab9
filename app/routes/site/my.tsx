import { PageError, errorMeta } from "~/components/page-error.tsx";
import { packedStrings, requestLocale, stringsFor } from "~/i18n/catalog.server.ts";
import { Strings } from "~/i18n/context.tsx";
import { todayInIndia } from "~/lib/india-date.ts";
import { MyExams } from "~/my-exams/my-list.tsx";
import { env } from "~/platform/env.server.ts";
import { publicSettings } from "~/entries/public-data.server.ts";
import { pageMeta } from "~/seo/seo.server.ts";
import type { RouteHandle } from "~/page-cache/index.ts";
import type { Route } from "./+types/my";

/** The same page for everyone (the list is in the browser): no content write changes it. */
export const handle = { cacheScope: [] } satisfies RouteHandle;

/**
 * `/my`: the reader's saved entries (issue 28), drawn in the browser from its own storage and the
 * public data of their ids. The server sends the words and today's date, nothing personal.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const t = stringsFor(locale, "myExams").myExams;
  return {
    strings: packedStrings(locale, "myExams"),
    today: todayInIndia(),
    meta: pageMeta({
      baseUrl: env().BASE_URL,
      settings: await publicSettings(),
      title: t.title,
      description: t.description,
      path: "/my",
      locale,
      // One reader's list: nothing for a search engine.
      noindex: true,
    }),
  };
}

export default function My({ loaderData }: Route.ComponentProps) {
  return (
    <Strings areas={loaderData.strings}>
      <MyExams today={loaderData.today} />
    </Strings>
  );
}

export function meta({ loaderData, error, matches }: Route.MetaArgs) {
  return loaderData?.meta ?? errorMeta(error, matches);
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} />;
}
