/**
 * Whether alerts by web push work in this browser: what "push on" means (issue 26). The server
 * always could send them (its VAPID keys are generated once into data/ when not configured), so
 * the browser decides: push is on when it has service workers, the Push API and notifications
 * (browsers offer all three only in a secure context: https, or localhost) and notifications are
 * not blocked for this site. The server cannot know that, so what only push makes sense of is in
 * the page marked `data-needs-push` (hidden by app.css) and shown once `markPush` has run.
 */
export function browserHasPush(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** Push is on: the browser has it and this site's notifications are not blocked. */
export function pushIsOn(): boolean {
  return browserHasPush() && Notification.permission !== "denied";
}

/**
 * Marks the page `<html data-push="on">` or `"off"`: app.css then shows what needs push, or what
 * says it is not available (`data-without-push`; without JavaScript a `<noscript>` says it).
 */
export function markPush(): void {
  document.documentElement.dataset.push = pushIsOn() ? "on" : "off";
}
