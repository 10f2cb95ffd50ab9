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
 * Marks the page `<html data-push="on">` or `"off"` (pushIsOn, as a script of its own): app.css
 * then shows what needs push, or what says it is not available (`data-without-push`; without
 * JavaScript a `<noscript>` says it). The site's layout runs it at the top of the body, before the
 * browser draws anything: marked after hydration instead, the home page's "Job alerts" box
 * appeared 0.8 s late on a phone and pushed every box below it down (a layout shift of 0.059;
 * e2e/layout-shift). Written out rather than taken from the function's source, which a build may
 * rename or wrap; push-support.test checks the two agree.
 */
export const MARK_PUSH_SCRIPT =
  'document.documentElement.dataset.push="serviceWorker"in navigator&&"PushManager"in window&&"Notification"in window&&Notification.permission!=="denied"?"on":"off"';
