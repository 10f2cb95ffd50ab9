import { Link } from "react-router";
import { KIND_LIST } from "~/content/registry.ts";
import { latestPublished } from "~/server/entries.server.ts";
import { db } from "~/server/services.server.ts";
import type { Route } from "./+types/home";

export async function loader() {
  const conn = await db();
  const sections = await Promise.all(
    KIND_LIST.map(async (kind) => ({
      kind: kind.kind,
      plural: kind.plural,
      urlPrefix: kind.urlPrefix,
      items: await latestPublished(conn, kind.kind, 10),
    })),
  );
  return { sections };
}

export function meta() {
  return [
    { title: "govjobs: latest government jobs, results and admit cards" },
    {
      name: "description",
      content:
        "Latest government jobs, exam results, admit cards, syllabus and answer keys in India.",
    },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1 className="sr-only">Latest government jobs, results and admit cards</h1>
      <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {loaderData.sections.map((section) => (
          <section
            key={section.kind}
            aria-labelledby={`home-${section.kind}`}
            className="overflow-hidden rounded-app border border-stone-200 bg-white"
          >
            <h2
              id={`home-${section.kind}`}
              className="bg-secondary px-4 py-2 text-lg font-semibold text-white"
            >
              {section.plural}
            </h2>
            <ul className="divide-y divide-stone-100">
              {section.items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={`${section.urlPrefix}/${item.slug}`}
                    className="block px-4 py-2 text-sm text-accent hover:underline"
                  >
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </main>
  );
}
