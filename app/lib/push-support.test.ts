import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it } from "vitest";
import { MARK_PUSH_SCRIPT, pushIsOn } from "./push-support.ts";

/** The browsers the page may meet: what each has of push, and what the site's notifications are. */
const BROWSERS = [
  { serviceWorker: true, pushManager: true, permission: "default" },
  { serviceWorker: true, pushManager: true, permission: "granted" },
  { serviceWorker: true, pushManager: true, permission: "denied" },
  { serviceWorker: false, pushManager: true, permission: "default" },
  { serviceWorker: true, pushManager: false, permission: "default" },
  { serviceWorker: true, pushManager: true, permission: null },
];

type Browser = (typeof BROWSERS)[number];

function globalsOf(b: Browser) {
  const window: Record<string, unknown> = {};
  if (b.pushManager) window.PushManager = class {};
  if (b.permission) window.Notification = { permission: b.permission };
  const navigator = b.serviceWorker ? { serviceWorker: {} } : {};
  return { window, navigator, Notification: window.Notification };
}

const saved = Object.getOwnPropertyDescriptors(globalThis);
afterEach(() => {
  for (const key of ["window", "navigator", "Notification"]) {
    if (key in saved) Object.defineProperty(globalThis, key, saved[key]);
    else delete (globalThis as Record<string, unknown>)[key];
  }
});

describe("the push mark written before the first paint", () => {
  it.each(BROWSERS)("agrees with pushIsOn: %o", (b) => {
    const g = globalsOf(b);
    const document = { documentElement: { dataset: {} as Record<string, string> } };
    // The script, run as the page runs it: its globals are the window's.
    runInNewContext(MARK_PUSH_SCRIPT, { ...g.window, ...g, document });
    for (const [key, value] of Object.entries(g))
      Object.defineProperty(globalThis, key, { value, configurable: true, writable: true });
    expect(document.documentElement.dataset.push).toBe(pushIsOn() ? "on" : "off");
  });

  it("says on only where the browser has all three and notifications are not blocked", () => {
    const on = BROWSERS.map((b) => {
      const g = globalsOf(b);
      const document = { documentElement: { dataset: {} as Record<string, string> } };
      runInNewContext(MARK_PUSH_SCRIPT, { ...g.window, ...g, document });
      return document.documentElement.dataset.push;
    });
    expect(on).toEqual(["on", "on", "off", "off", "off", "off"]);
  });
});
