import { isRouteErrorResponse } from "react-router";
import type { Catalog } from "~/i18n/catalog/types.ts";
import type { FormReply } from "~/lib/form-contract.ts";
import { fieldErrorsOf, formErrorOf } from "~/lib/form-reply.ts";
import { useLocalePath, useT } from "~/i18n/context.tsx";
import { unpack, type Packed } from "~/lib/packed.ts";
import { NotFoundPage } from "./not-found-page.tsx";

/**
 * What a public page shows when its loader refuses: a missing entry (404: the site's 404 page),
 * a bad address such as ?page=abc (400, with the loader's own message), or a failure of ours.
 */
export function PageError({ error }: { error: unknown }) {
  const t = useT("shell").error;
  const to = useLocalePath();
  const { status, title, detail } = describeError(error, t);
  if (status === 404) return <NotFoundPage />;
  return (
    <main className="mx-auto max-w-xl py-12 text-center">
      <h1 className="text-2xl font-semibold text-primary">{title}</h1>
      <p className="mt-3 text-muted">{detail}</p>
      {status === 400 && <p className="mt-2 text-sm text-muted">{t.badRequestHint}</p>}
      <a
        className="mt-6 inline-block rounded-app bg-primary px-4 py-2 font-semibold text-white no-underline"
        href={to("/")}
      >
        {t.home}
      </a>
    </main>
  );
}

type ErrorStrings = Catalog["shell"]["error"];

/**
 * The error page's title for `meta`, which runs outside the components: the words come from the
 * site layout's loader data (packed), the second of every public page's matches (after the root).
 */
export function errorMeta(error: unknown, matches: readonly unknown[] = []) {
  const strings = (matches[1] as { loaderData?: { strings?: Packed<Pick<Catalog, "shell">> } })
    ?.loaderData?.strings;
  const t = strings && unpack(strings).shell?.error;
  // Without the layout's words (it failed itself) the root error page shows; its title is enough.
  const title = t ? describeError(error, t).title : "Error";
  return [{ title }, { name: "robots", content: "noindex" }];
}

function describeError(error: unknown, t: ErrorStrings) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 404) return { status, title: t.notFound, detail: t.notFoundDetail };
  if (status === 400) {
    // A refused query answers with the one form reply (`rejectQuery`): its first message.
    const reply = isRouteErrorResponse(error) ? (error.data as FormReply | null) : null;
    const message =
      formErrorOf(reply) ?? Object.values(fieldErrorsOf(reply))[0] ?? t.badRequestDetail;
    return { status, title: t.badRequest, detail: message };
  }
  return { status, title: t.failed, detail: t.failedDetail };
}
