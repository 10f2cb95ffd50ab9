// The site's one service worker (issue 28; served at /sw.js by routes/resources/service-worker.ts,
// which puts the catalogue's words in front of this file as WORDS). It does two things:
//
// - Web push: shows a pushed job alert or reminder, and opens its page when tapped (issue 15).
// - Offline copies of what the reader saved: /my and the pages of saved entries are stored each
//   time they are opened online, with the scripts and styles they need. When the network fails,
//   the stored copy is served with a banner saying when it was saved. A page is never served from
//   here while the network answers, and only public answers are kept (Cache-Control "public", no
//   "private" or "no-store": admin and signed-in pages never are).
//
// React Router's own requests are answered offline too, or a client navigation would end on the
// error page: a page's data (`*.data`) with "load the document" (which this worker then serves
// from its copies), route discovery (`/__manifest`) from the answers seen online.
//
// Written by hand: vite-plugin-pwa (Workbox) does not support React Router's framework mode.
/* global WORDS, caches, fetch, Headers, Request, Response, URL, URLSearchParams */
const sw = globalThis;

const PAGES = "govjobs-pages-v1";
const SHELL = "govjobs-shell-v1";
const META = "govjobs-meta-v1";
const OURS = [PAGES, SHELL, META];
/** Where the worker keeps the saved entries' paths (English, without /hi), in META. */
const SAVED_KEY = "/__my-exams-saved-paths";
/** Hashed assets and React Router manifests kept at most; the oldest go first. */
const MAX_SHELL = 300;
const MY_PAGE = /^(\/hi)?\/my$/;
const HINDI = /^\/hi(?=\/|$)/;

sw.addEventListener("install", (event) => {
  // The new worker takes over at once: it answers the same requests the same way, and keeps the
  // caches (and so the scripts an open tab may still load) of the one before.
  event.waitUntil(sw.skipWaiting());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys())
        if (name.startsWith("govjobs-") && !OURS.includes(name)) await caches.delete(name);
      await sw.clients.claim();
    })(),
  );
});

// ---- What the pages tell the worker ----

/** Messages are handled one after another: "keep this page" must see the list saved before it. */
let queue = Promise.resolve();

sw.addEventListener("message", (event) => {
  const message = event.data;
  if (!message || typeof message !== "object") return;
  let work;
  if (message.type === "saved" && Array.isArray(message.paths)) {
    const paths = message.paths.filter((p) => typeof p === "string");
    work = () => rememberSaved(paths);
  } else if (message.type === "keep" && typeof message.path === "string") {
    work = () => keepPage(message.path);
  } else return;
  queue = queue.then(work, work);
  event.waitUntil(queue);
});

async function savedPaths() {
  const found = await (await caches.open(META)).match(SAVED_KEY);
  if (!found) return new Set();
  try {
    return new Set(await found.json());
  } catch {
    return new Set();
  }
}

/** The saved list changed: remember it, and drop the copies of pages no longer saved. */
async function rememberSaved(paths) {
  const meta = await caches.open(META);
  await meta.put(SAVED_KEY, new Response(JSON.stringify(paths)));
  const kept = new Set(paths);
  const pages = await caches.open(PAGES);
  for (const request of await pages.keys()) {
    const path = new URL(request.url).pathname;
    if (!MY_PAGE.test(path) && !kept.has(bare(path))) await pages.delete(request);
  }
}

const bare = (path) => path.replace(HINDI, "") || "/";

async function isKept(path) {
  return MY_PAGE.test(path) || (await savedPaths()).has(bare(path));
}

// ---- Requests ----

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || /^\/(admin|api)(\/|$)/.test(url.pathname)) return;
  if (request.mode === "navigate") return event.respondWith(page(event, url));
  if (url.pathname.endsWith(".data")) return event.respondWith(pageData(request, url));
  if (url.pathname === "/__manifest") return event.respondWith(routeManifest(request, url));
  if (url.pathname.startsWith("/assets/")) return event.respondWith(asset(request));
  if (
    /^(\/hi)?\/my\/entries\.json$|^\/(favicon\.svg|manifest\.webmanifest|icons\/)/.test(
      url.pathname,
    )
  )
    return event.respondWith(networkFirst(request));
});

/** Kept only if public: an admin page, a signed-in page or anything private never is. */
function isPublicAnswer(response) {
  const cc = response.headers.get("cache-control") || "";
  return (
    response.status === 200 &&
    response.type === "basic" &&
    /\bpublic\b/.test(cc) &&
    !/\b(private|no-store)\b/.test(cc)
  );
}

/** A page: the network's answer whenever there is one; offline, the copy saved last. */
async function page(event, url) {
  const kept = await isKept(url.pathname);
  try {
    // A kept page asks the server each time (a 304 when unchanged): the browser's cache would
    // answer a public page from its stale copy (stale-while-revalidate), even offline.
    const response = await fetch(
      kept
        ? new Request(event.request.url, {
            cache: "no-cache",
            credentials: "same-origin",
            redirect: "manual",
            headers: event.request.headers,
          })
        : event.request,
    );
    if (kept && isPublicAnswer(response))
      event.waitUntil(storePage(url.pathname, response.clone()));
    return response;
  } catch {
    const copy = await (await caches.open(PAGES)).match(url.pathname);
    if (copy) return withBanner(copy, url.pathname);
    return offlinePage(url.pathname);
  }
}

async function storePage(path, response) {
  const headers = new Headers(response.headers);
  headers.set("x-saved-at", new Date().toISOString());
  const body = await response.text();
  await (
    await caches.open(PAGES)
  ).put(path, new Response(body, { status: 200, statusText: "OK", headers }));
  await keepAssetsOf(body);
}

/** Save a page now (the reader just saved it): the page and what it loads. */
async function keepPage(path) {
  if (!(await isKept(path))) return;
  try {
    const response = await fetch(path, { credentials: "omit" });
    if (isPublicAnswer(response)) await storePage(path, response);
  } catch {
    // Offline: it is stored the next time it is opened online.
  }
}

/** The hashed scripts, styles and fonts a page names, so its copy works offline. */
async function keepAssetsOf(html) {
  const shell = await caches.open(SHELL);
  const found = new Set(html.match(/\/assets\/[\w.-]+\.(?:js|css|woff2)/g) || []);
  for (const path of found) {
    if (await shell.match(path)) continue;
    try {
      const response = await fetch(path);
      if (response.ok) await shell.put(path, response);
    } catch {
      return;
    }
  }
  await trim(shell);
}

async function trim(cache) {
  const keys = await cache.keys();
  for (const request of keys.slice(0, Math.max(0, keys.length - MAX_SHELL)))
    await cache.delete(request);
}

/** The copy with its banner, first in the body: "Saved on 26 Nov, 10:42: may be out of date". */
async function withBanner(copy, path) {
  const words = WORDS[HINDI.test(path) ? "hi" : "en"];
  const at = new Date(copy.headers.get("x-saved-at") || Date.now());
  const zone = { timeZone: "Asia/Kolkata", numberingSystem: "latn" };
  const date = new Intl.DateTimeFormat(words.tag, { day: "numeric", month: "short", ...zone });
  const time = new Intl.DateTimeFormat("en-IN", {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    ...zone,
  });
  const text = words.savedCopy
    .replace("{date}", date.format(at))
    .replace("{time}", time.format(at));
  const banner = `<p role="status" data-offline-copy class="${WORDS.bannerClass}">${escape(text)}</p>`;
  const html = (await copy.text()).replace(/<body[^>]*>/, (tag) => tag + banner);
  const headers = new Headers(copy.headers);
  headers.delete("content-length");
  return new Response(html, { status: 200, headers });
}

const escape = (s) =>
  s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

/** Offline, a page never saved here: say so, and lead to the saved list, which is. */
function offlinePage(path) {
  const locale = HINDI.test(path) ? "hi" : "en";
  const words = WORDS[locale];
  const my = locale === "hi" ? "/hi/my" : "/my";
  const html = `<!doctype html><html lang="${words.tag}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(words.offlineTitle)}</title><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5"><h1>${escape(words.offlineTitle)}</h1><p>${escape(words.offlineBody)} <a href="${my}">${escape(words.myExams)}</a></p></body></html>`;
  return new Response(html, {
    status: 503,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" },
  });
}

/**
 * A client navigation's data (`/jobs/x.data?_routes=…`). Offline, React Router is told to load
 * the page as a document instead (its single-fetch redirect with "reload document"), which the
 * page handler above answers from the saved copy.
 */
async function pageData(request, url) {
  try {
    return await fetch(request);
  } catch {
    const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/");
    const search = new URLSearchParams(url.search);
    search.delete("_routes");
    const query = search.toString();
    return new Response(null, {
      status: 204,
      headers: {
        "X-Remix-Redirect": query ? `${path}?${query}` : path,
        "X-Remix-Status": "302",
        "X-Remix-Reload-Document": "true",
      },
    });
  }
}

/**
 * Route discovery (`/__manifest?paths=…&version=…`). Each answer seen online is kept, and merged
 * into one per build version: offline, the same question gets the same answer, another the
 * routes known so far (extra routes are harmless to React Router), or none.
 */
async function routeManifest(request, url) {
  const shell = await caches.open(SHELL);
  const unionKey = `/__manifest-union?version=${encodeURIComponent(url.searchParams.get("version") || "")}`;
  try {
    const response = await fetch(request);
    if (response.ok && response.status === 200) {
      const patch = await response.clone().json();
      const union = await shell.match(unionKey);
      const merged = { ...(union ? await union.json() : {}), ...patch };
      await shell.put(request, response.clone());
      await shell.put(unionKey, Response.json(merged));
    }
    return response;
  } catch {
    return (await shell.match(request)) || (await shell.match(unionKey)) || Response.json({});
  }
}

/** Hashed files never change: the stored one when there is one. */
async function asset(request) {
  const shell = await caches.open(SHELL);
  const stored = await shell.match(request);
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok && response.status === 200) await shell.put(request, response.clone());
  return response;
}

/** Icons, the app manifest and /my's data: the network's, else the copy seen last. */
async function networkFirst(request) {
  const shell = await caches.open(SHELL);
  try {
    const response = await fetch(request);
    if (response.ok && response.status === 200 && isPublicAnswer(response))
      await shell.put(request, response.clone());
    return response;
  } catch (err) {
    const stored = await shell.match(request);
    if (stored) return stored;
    throw err;
  }
}

// ---- Push (issue 15 alerts, issue 28 reminders) ----

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
