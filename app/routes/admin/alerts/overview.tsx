import { REGISTRY } from "~/content/registry.ts";
import type { Kind } from "~/content/kinds.ts";
import type { TopicFacet } from "~/alerts/admin.server.ts";
import { OUTBOX_CHANNELS } from "~/alerts/outbox-views.ts";
import { card, CHANNEL_LABEL, n } from "./labels.ts";
import type { Route } from "../+types/alerts";

type Data = Route.ComponentProps["loaderData"];

const FACETS: { facet: TopicFacet; title: string; all: string }[] = [
  { facet: "states", title: "States", all: "Any state" },
  { facet: "qualifications", title: "Qualifications", all: "Any qualification" },
  { facet: "organizations", title: "Organizations", all: "Any organization" },
  { facet: "kinds", title: "Kinds", all: "Everything" },
];

const kindLabel = (value: string) => REGISTRY[value as Kind]?.plural ?? value;

/** Which channels are on, how many subscribers there are and what they follow. */
export function AlertsOverview({ overview, channels }: Pick<Data, "overview" | "channels">) {
  return (
    <>
      <section aria-labelledby="channels-title" className={`${card} mb-4`}>
        <h2 id="channels-title" className="mb-2 text-base font-semibold">
          Channels
        </h2>
        <ul className="divide-y divide-stone-100 text-sm">
          {OUTBOX_CHANNELS.map((c) => (
            <li key={c} className="py-2 sm:grid sm:grid-cols-[11rem_1fr] sm:gap-3">
              <p className="flex items-center gap-2">
                <span className="font-semibold">{CHANNEL_LABEL[c]}</span>
                <span
                  className={`rounded-app px-2 py-0.5 text-xs font-semibold ${channels[c].on ? "bg-secondary-light text-secondary" : "bg-stone-100 text-muted"}`}
                >
                  {channels[c].on ? "On" : "Off"}
                </span>
              </p>
              <p className="mt-1 break-words sm:mt-0">{channels[c].detail}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <section aria-labelledby="subscribers-title" className={card}>
          <h2 id="subscribers-title" className="mb-2 text-base font-semibold">
            Subscribers
          </h2>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            <dt>E-mail, confirmed</dt>
            <dd className="text-right tabular-nums" data-testid="email-active">
              {n(overview.subscribers.emailActive)}
            </dd>
            <dt>E-mail, not yet confirmed</dt>
            <dd className="text-right tabular-nums">{n(overview.subscribers.emailPending)}</dd>
            <dt>Web push</dt>
            <dd className="text-right tabular-nums">{n(overview.subscribers.push)}</dd>
          </dl>
        </section>
        <section aria-labelledby="topics-title" className={card}>
          <h2 id="topics-title" className="mb-2 text-base font-semibold">
            What confirmed subscribers follow
          </h2>
          <div className="grid gap-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
            {FACETS.map(({ facet, title, all }) => (
              <div key={facet}>
                <h3 className="font-semibold">{title}</h3>
                <ul>
                  <li className="flex justify-between gap-2 text-muted">
                    <span>{all}</span>
                    <span className="tabular-nums">{n(overview.topics[facet].all)}</span>
                  </li>
                  {overview.topics[facet].top.map((t) => (
                    <li key={t.value} className="flex justify-between gap-2">
                      <span className="truncate">
                        {facet === "kinds" ? kindLabel(t.value) : t.value}
                      </span>
                      <span className="tabular-nums">{n(t.count)}</span>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      </div>
    </>
  );
}
