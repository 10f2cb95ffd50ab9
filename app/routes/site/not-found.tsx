import { data } from "react-router";
import { NotFoundPage } from "~/components/not-found-page.tsx";
import { catalog, requestLocale } from "~/i18n/catalog.server.ts";
import { recordNotFound } from "~/redirects/not-found-log.repository.server.ts";
import { goneContext } from "~/lib/request-context.ts";
import { pagePath } from "~/lib/page-path.ts";
import { db } from "~/platform/services.server.ts";
import type { Route } from "./+types/not-found";
import { logger } from "~/platform/logger.server.ts";

/** Every path nothing else answers (spec §2). Counted in the 404 log the SEO tools show. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const path = pagePath(request);
  const { shell, search } = catalog(requestLocale(request));
  const t = { title: shell.error.notFound, ...search.notFound };
  // A redirect rule with status 410: removed on purpose, not missing (and not a 404 to log).
  if (context.get(goneContext)) return data({ path, gone: true, t }, { status: 410 });
  try {
    await recordNotFound(await db(), path, request.headers.get("referer"));
  } catch (err) {
    // The visitor still gets the page; only the statistics miss one.
    logger.warn(`[not-found] could not record ${path}: ${(err as Error).message}`);
  }
  return data({ path, gone: false, t }, { status: 404 });
}

export default function NotFound({ loaderData }: Route.ComponentProps) {
  const { gone, t } = loaderData;
  return gone ? (
    <NotFoundPage code={410} title={t.goneTitle} detail={t.goneDetail} />
  ) : (
    <NotFoundPage />
  );
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData
        ? loaderData.gone
          ? loaderData.t.goneTitle
          : loaderData.t.title
        : "Page not found",
    },
    { name: "robots", content: "noindex" },
  ];
}
