/* Dice Poker service worker: the game works offline after one visit.
 *
 * Why it lives at the top level: a service worker controls only its own
 * folder and below, and GitHub Pages cannot send `Service-Worker-Allowed`.
 *
 * - Precache: every file the game needs, listed with content hashes in
 *   static/pwa/precache.json (written by .ci/precache.py), is fetched on
 *   install, checked against its hash, and stored in the cache
 *   "dice-poker-<VERSION>". VERSION is a hash of that list (so of every
 *   file's content) and of this script; a deploy that changes any file
 *   changes VERSION, so the browser sees a new worker and a new cache.
 * - A worker of the version already running fails its install (runningVersion):
 *   nothing new to offer.
 * - The new worker waits (no skipWaiting on install) until the player accepts
 *   the update offer (static/pwa/register.js posts "skip-waiting"); activate
 *   then deletes the caches of older versions. Never a swap mid-game.
 * - Fetch: precached files cache-first; any other same-origin GET (strategy
 *   tables static/strategy/*, anything else) network first, then a runtime
 *   cache, so what was used once keeps working offline. Cross-origin
 *   requests are never touched, nor dice-poker.html (the game as one file,
 *   published beside the site: a download, not a file of this page).
 * - Every URL is resolved against this script's own location, so the site
 *   works from any sub-path (GitHub Pages serves /<repo>/).
 */
"use strict";

// The next line is written by `python3 .ci/precache.py`: do not edit by hand.
const VERSION = "c08bf7add6cf036d";

const PREFIX = "dice-poker-";
const PRECACHE = PREFIX + VERSION;
const RUNTIME = PREFIX + VERSION + "-runtime";
const BASE = new URL("./", self.location.href);
const LIST_URL = new URL("static/pwa/precache.json", BASE).href;

/** Absolute URL (no query, no fragment) -> true, for the precached files. */
let precached = null;

async function readList(init) {
  const response = await fetch(LIST_URL, init);
  if (!response.ok) throw new Error("precache list: HTTP " + response.status);
  const list = await response.json();
  if (list.version !== VERSION) {
    // A deploy happened between fetching sw.js and the list: fail the
    // install, the browser tries again on a later visit.
    throw new Error("precache list is version " + list.version + ", worker is " + VERSION);
  }
  return list;
}

async function sha256Hex(buffer) {
  const digest = await crypto.subtle.digest("SHA-256", buffer);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Fetch one listed file, revalidated with the server, and check its content
 * hash. "no-cache" (not "reload"): a file the page has just loaded is
 * answered by a 304 from the HTTP cache instead of being downloaded a second
 * time (the first visit's data halves); a changed file still comes in full. */
async function fetchChecked(entry) {
  const url = new URL(entry.url, BASE).href;
  const response = await fetch(url, { cache: "no-cache" });
  if (!response.ok) throw new Error(entry.url + ": HTTP " + response.status);
  const hash = await sha256Hex(await response.clone().arrayBuffer());
  if (hash !== entry.sha256) throw new Error(entry.url + ": content does not match the precache list");
  return [url, response];
}

/** Refresh what the previous version cached at run time (e.g. strategy
 * tables already used), so an update taken online does not lose them
 * offline. Best effort: a file that cannot be fetched now is dropped. */
async function carryOverRuntime(target) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || !name.endsWith("-runtime") || name === RUNTIME) continue;
    const old = await caches.open(name);
    for (const request of await old.keys()) {
      try {
        const response = await fetch(request.url, { cache: "reload" });
        if (response.ok) await target.put(request.url, response);
      } catch (e) {
        /* offline or gone: the file is fetched again when next used */
      }
    }
  }
}

/** The VERSION of the worker that runs the pages now: null if none, or if it does not
 * answer within a second (a version from before workers answered "version"). */
function runningVersion() {
  const active = self.registration.active;
  if (!active) return Promise.resolve(null);
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data);
    setTimeout(() => resolve(null), 1000);
    try {
      active.postMessage({ type: "version" }, [channel.port2]);
    } catch (e) {
      resolve(null);
    }
  });
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // The same version installed again (WebKit did, after an update check it could
    // not make): fail this install, so the player is not offered the version they run.
    if ((await runningVersion()) === VERSION) throw new Error("version " + VERSION + " runs already");
    const list = await readList({ cache: "no-store" });
    // Two files at a time, not all at once: a page still starting (or the first
    // turn's files fetched on first use) is not queued behind the whole list.
    const fetched = [];
    const queue = list.files.slice();
    const step = async () => {
      while (queue.length) fetched.push(await fetchChecked(queue.shift()));
    };
    await Promise.all([step(), step()]);
    // Only a complete, verified set is stored: a failed install leaves no
    // half-filled cache behind.
    await caches.delete(PRECACHE);
    const cache = await caches.open(PRECACHE);
    await Promise.all(fetched.map(([url, response]) => cache.put(url, response)));
    await cache.put(LIST_URL, new Response(JSON.stringify(list), {
      headers: { "Content-Type": "application/json" },
    }));
    await carryOverRuntime(await caches.open(RUNTIME));
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== PRECACHE && name !== RUNTIME) await caches.delete(name);
    }
    // Control pages opened before the first install, so what they use from
    // now on (strategy tables, catalogues) is cached for offline play. On an
    // update this runs only after the player accepted it.
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") self.skipWaiting();
  else if (type === "version" && event.ports[0]) event.ports[0].postMessage(VERSION);   // runningVersion()
});

async function precachedUrls() {
  if (precached) return precached;
  const cache = await caches.open(PRECACHE);
  const response = await cache.match(LIST_URL);
  const list = response ? await response.json() : { files: [] };
  precached = new Set(list.files.map((entry) => new URL(entry.url, BASE).href));
  return precached;
}

function withoutQuery(url) {
  return url.origin + url.pathname;
}

/** The page itself: "./", "./index.html", with or without a query such as
 * "?players=Ann,Ben&seed=42". */
function isStartPage(url) {
  const path = url.pathname;
  return path === BASE.pathname || path === BASE.pathname + "index.html";
}

async function fromPrecache(key) {
  const cache = await caches.open(PRECACHE);
  return cache.match(key);
}

async function networkThenRuntime(request) {
  const cache = await caches.open(RUNTIME);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

async function respond(request) {
  const url = new URL(request.url);
  if (request.mode === "navigate" && isStartPage(url)) {
    const page = await fromPrecache(new URL("index.html", BASE).href);
    if (page) return page;
  }
  const key = withoutQuery(url);
  if ((await precachedUrls()).has(key)) {
    const hit = await fromPrecache(key);
    if (hit) return hit;
  }
  return networkThenRuntime(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return; // never touch other origins
  if (!url.pathname.startsWith(BASE.pathname)) return; // outside our folder
  // the game as one file (docs/offline.md): a 7 MB download, never kept
  if (url.pathname === BASE.pathname + "dice-poker.html") return;
  if (request.headers.has("range")) return; // partial content: let the network answer
  event.respondWith(respond(request));
});
