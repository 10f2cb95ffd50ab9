// Job alerts' service worker (issue 15): it shows a pushed alert and opens the entry when the
// notification is tapped. It has no fetch handler, so pages, React Router's navigations and its
// data requests never pass through it, and nothing is cached.
/* global URL */
const sw = globalThis;

sw.addEventListener("install", () => sw.skipWaiting());
sw.addEventListener("activate", (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener("push", (event) => {
  let alert = null;
  try {
    alert = event.data ? event.data.json() : null;
  } catch {
    alert = null;
  }
  // A push must show something (browsers revoke the permission of sites that stay silent).
  const title = alert && typeof alert.title === "string" ? alert.title : "New job alert";
  event.waitUntil(
    sw.registration.showNotification(title, {
      body: alert && typeof alert.body === "string" ? alert.body : "",
      // The same entry's newer alert replaces the older one on the screen too.
      tag: alert && typeof alert.tag === "string" ? alert.tag : undefined,
      icon: "/favicon.svg",
      data: { url: alert && typeof alert.url === "string" ? alert.url : "/" },
    }),
  );
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/", sw.location.origin);
  if (target.protocol !== "https:" && target.protocol !== "http:") return;
  event.waitUntil(
    sw.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === target.href);
      return open ? open.focus() : sw.clients.openWindow(target.href);
    }),
  );
});
