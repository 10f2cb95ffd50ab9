import { useState } from "react";
import { useLocale, useT } from "~/i18n/context.tsx";
import { savedIds, useSavedStore, writeStore } from "./store.ts";
import { serviceWorker } from "./sync.ts";

type State = "idle" | "busy" | "denied" | "failed" | "unsupported";

const json = (method: string, body: unknown) => ({
  method,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * Reminders by web push (issue 28), opt-in: only now do the list's entry ids and this browser's
 * push subscription go to the server. "Stop reminders" deletes that copy. The subscription itself
 * stays with the browser: job alerts (/alerts) may use it too.
 */
export function RemindersControl() {
  const t = useT("myExams").reminders;
  const locale = useLocale();
  const store = useSavedStore();
  const [state, setState] = useState<State>(() => (pushSupported() ? "idle" : "unsupported"));
  const on = !!store.reminders;

  async function turnOn() {
    setState("busy");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const worker = await serviceWorker();
      const registration = worker && (await navigator.serviceWorker.ready);
      if (!registration) return setState("failed");
      const { publicKey } = (await (await fetch("/alerts/push")).json()) as { publicKey: string };
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: Uint8Array.from(
            atob(publicKey.replaceAll("-", "+").replaceAll("_", "/")),
            (c) => c.charCodeAt(0),
          ),
        }));
      const res = await fetch(
        "/my/reminders",
        json("POST", {
          subscription: subscription.toJSON(),
          ids: savedIds(store),
          language: locale,
        }),
      );
      if (!res.ok) return setState("failed");
      const { secret } = (await res.json()) as { secret: string };
      writeStore((s) => ({ ...s, reminders: { secret } }));
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  const turnOff = () => deleteCopy("reminders", store.reminders?.secret, setState);

  return (
    <section
      className="rounded-app border border-stone-200 bg-white p-4"
      aria-labelledby="my-reminders"
    >
      <h2 id="my-reminders" className="text-lg font-semibold text-ink">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.explain}</p>
      {state === "unsupported" ? (
        <p className="mt-2 text-sm">{t.unsupported}</p>
      ) : (
        <button
          type="button"
          onClick={on ? turnOff : turnOn}
          disabled={state === "busy"}
          className={`mt-3 rounded-app px-4 py-2 font-semibold ${on ? "border border-stone-300 bg-white text-ink" : "bg-primary text-white hover:bg-primary-dark"}`}
        >
          {state === "busy" ? t.busy : on ? t.off : t.on}
        </button>
      )}
      <p role="status" className="mt-2 text-sm">
        {state === "denied" || state === "failed" ? t[state] : on ? t.active : ""}
      </p>
    </section>
  );
}

/**
 * Turning reminders or the calendar address off: the server deletes its copy under the secret,
 * then this browser forgets it.
 */
async function deleteCopy(
  what: "reminders" | "calendar",
  secret: string | undefined,
  setState: (state: "busy" | "idle" | "failed") => void,
) {
  setState("busy");
  try {
    const res = await fetch(`/my/${what}`, json("DELETE", { secret }));
    if (!res.ok) return setState("failed");
    writeStore((s) => ({ ...s, [what]: undefined }));
    setState("idle");
  } catch {
    setState("failed");
  }
}

/**
 * A calendar address of the saved list (issue 28), opt-in: its entry ids go to the server under a
 * secret the address carries. Turning it off deletes that copy; the address then answers 404.
 */
export function CalendarControl() {
  const t = useT("myExams").calendar;
  const locale = useLocale();
  const store = useSavedStore();
  const [state, setState] = useState<"idle" | "busy" | "failed" | "copied">("idle");
  const feed = store.calendar;

  async function create() {
    setState("busy");
    try {
      const res = await fetch(
        "/my/calendar",
        json("POST", { ids: savedIds(store), language: locale }),
      );
      if (!res.ok) return setState("failed");
      const { secret, url, webcal } = (await res.json()) as {
        secret: string;
        url: string;
        webcal: string;
      };
      writeStore((s) => ({ ...s, calendar: { secret, url, webcal } }));
      setState("idle");
    } catch {
      setState("failed");
    }
  }

  const revoke = () => deleteCopy("calendar", feed?.secret, setState);

  return (
    <section
      className="rounded-app border border-stone-200 bg-white p-4"
      aria-labelledby="my-calendar"
    >
      <h2 id="my-calendar" className="text-lg font-semibold text-ink">
        {t.heading}
      </h2>
      <p className="mt-1 text-sm text-muted">{t.explain}</p>
      {feed ? (
        <div className="mt-3 space-y-2">
          <label className="block text-sm font-semibold" htmlFor="my-calendar-url">
            {t.addressLabel}
          </label>
          <input
            id="my-calendar-url"
            readOnly
            value={feed.url}
            className="w-full rounded-app border border-stone-300 bg-stone-50 px-2 py-2 text-sm"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="rounded-app border border-stone-300 px-3 py-1.5 font-semibold"
              onClick={() =>
                void navigator.clipboard?.writeText(feed.url).then(() => setState("copied"))
              }
            >
              {state === "copied" ? t.copied : t.copy}
            </button>
            <a href={feed.webcal} className="self-center text-accent hover:underline">
              {t.subscribe}
            </a>
            <button type="button" className="text-red-800 underline" onClick={revoke}>
              {t.revoke}
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          onClick={create}
          disabled={state === "busy"}
          className="mt-3 rounded-app border border-primary px-4 py-2 font-semibold text-primary-dark"
        >
          {t.get}
        </button>
      )}
      {state === "failed" && (
        <p role="status" className="mt-2 text-sm">
          {t.failed}
        </p>
      )}
    </section>
  );
}
