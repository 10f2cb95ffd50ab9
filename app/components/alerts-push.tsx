// "Also notify this browser" (issue 15): subscribes this browser to web push with the choices of
// the /alerts form around it. Loaded only on /alerts, after hydration (AlertsPushSlot): no other
// page carries this code. The service worker (/sw.js) shows the notifications.
import { useEffect, useState, type MouseEvent } from "react";
import { useLocale } from "~/i18n/context.tsx";
import { browserHasPush } from "~/lib/push-support.ts";

const WORDS = {
  en: {
    enable: "Also notify this browser",
    /** Without e-mail alerts, the one way to get them. */
    enableAlone: "Turn on alerts in this browser",
    disable: "Stop notifying this browser",
    busy: "One moment…",
    on: "This browser will show an alert for each match.",
    denied: "Notifications are blocked for this site in the browser's settings.",
    failed: "This browser could not be subscribed. Please try again.",
  },
  hi: {
    enable: "इस ब्राउज़र पर भी सूचना दें",
    enableAlone: "इस ब्राउज़र पर अलर्ट चालू करें",
    disable: "इस ब्राउज़र पर सूचना बंद करें",
    busy: "एक क्षण…",
    on: "हर मेल खाने वाली सूचना इस ब्राउज़र पर दिखेगी।",
    denied: "ब्राउज़र की सेटिंग में इस साइट की सूचनाएँ बंद हैं।",
    failed: "इस ब्राउज़र को जोड़ा नहीं जा सका। फिर से कोशिश करें।",
  },
};

type State = "unsupported" | "off" | "busy" | "on" | "denied" | "failed";

const SW = "/sw.js";
const ENDPOINT = "/alerts/push";

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SW);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The /alerts form's choices, as the server's PreferencesSchema reads them. */
function preferencesOf(form: HTMLFormElement | null) {
  const data = new FormData(form ?? undefined);
  const list = (name: string) =>
    data.getAll(name).filter((v): v is string => typeof v === "string");
  const typed = data.get("organization");
  return {
    language: data.get("language") === "hi" ? "hi" : "en",
    states: list("states"),
    qualifications: list("qualifications"),
    kinds: list("kinds"),
    organizations: [
      ...list("organizations"),
      ...(typeof typed === "string" && typed.trim() ? [typed.trim()] : []),
    ],
  };
}

/** `alone`: the site sends no e-mail alerts, so this button is the form's only one. */
export default function AlertsPush({ alone = false }: { alone?: boolean }) {
  const words = WORDS[useLocale() === "hi" ? "hi" : "en"];
  // Rendered in the browser only (AlertsPushSlot waits for hydration), so window is there.
  const [state, setState] = useState<State>(() =>
    !browserHasPush() ? "unsupported" : Notification.permission === "denied" ? "denied" : "off",
  );

  useEffect(() => {
    if (!browserHasPush() || Notification.permission === "denied") return;
    currentSubscription()
      .then((sub) => sub && setState("on"))
      .catch(() => {});
  }, []);

  async function enable(event: MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    setState("busy");
    try {
      if ((await Notification.requestPermission()) !== "granted") return setState("denied");
      const registration = await navigator.serviceWorker.register(SW, { scope: "/" });
      await navigator.serviceWorker.ready;
      const { publicKey } = (await (await fetch(ENDPOINT)).json()) as { publicKey: string };
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: Uint8Array.from(
          atob(publicKey.replaceAll("-", "+").replaceAll("_", "/")),
          (c) => c.charCodeAt(0),
        ),
      });
      const response = await fetch(ENDPOINT, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          subscription: subscription.toJSON(),
          preferences: preferencesOf(form),
        }),
      });
      setState(response.ok ? "on" : "failed");
    } catch {
      setState("failed");
    }
  }

  async function disable() {
    setState("busy");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await fetch(ENDPOINT, {
          method: "DELETE",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ endpoint: subscription.endpoint }),
        });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch {
      setState("failed");
    }
  }

  if (state === "unsupported") return null;
  return (
    <div className="mt-4">
      {state === "on" ? (
        <button type="button" className="underline" onClick={disable}>
          {words.disable}
        </button>
      ) : (
        <button
          type="button"
          className={
            alone
              ? "rounded-app bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark disabled:opacity-70"
              : "rounded border px-4 py-2"
          }
          onClick={enable}
          disabled={state === "busy" || state === "denied"}
        >
          {state === "busy" ? words.busy : alone ? words.enableAlone : words.enable}
        </button>
      )}
      <p role="status" className="mt-2 text-sm text-muted">
        {state === "on" || state === "denied" || state === "failed" ? words[state] : ""}
      </p>
    </div>
  );
}
