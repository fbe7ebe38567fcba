/* Registers the service worker (../../sw.js) and offers updates quietly.
 *
 * Loaded through its minified copy, register.min.js (.ci/minify.py), which
 * static/js/boot.js adds to the page after the first paint.
 * All URLs are relative to this file, so the site works from any sub-path.
 *
 * A new version never replaces the running one by itself: when a new worker
 * has installed and is waiting, the page shows #update-banner ("update
 * available — reload"). Only when the player presses #update-reload does the
 * waiting worker take over (message "skip-waiting"), and the page reloads on
 * `controllerchange`; the game itself is saved on every action, so the reload
 * brings it back exactly.
 */
const SW_URL = new URL("../../sw.js", import.meta.url);
const SCOPE = new URL("../../", import.meta.url);

let accepted = false;

function banner() {
  return document.getElementById("update-banner");
}

function offerUpdate(registration) {
  const element = banner();
  if (!element) return;
  element.hidden = false;
  const button = document.getElementById("update-reload");
  if (button && !button.dataset.bound) {
    button.dataset.bound = "1";
    button.addEventListener("click", () => {
      accepted = true;
      const waiting = registration && registration.waiting;
      if (waiting) waiting.postMessage({ type: "skip-waiting" });
      else location.reload(); // another tab already switched versions
    });
  }
}

/** Offer the update once `worker` has installed, if it replaces a version
 * that is already running this page (not the very first install). */
function watch(registration, worker) {
  const check = () => {
    if (worker.state === "installed" && navigator.serviceWorker.controller) offerUpdate(registration);
  };
  worker.addEventListener("statechange", check);
  check();
}

async function register() {
  if (!("serviceWorker" in navigator)) return; // plain http on a LAN address, old browsers
  const container = navigator.serviceWorker;
  // No controller yet = first visit: the worker's clients.claim() then fires
  // controllerchange without any change of version, so nothing to offer.
  let hadController = Boolean(container.controller);
  container.addEventListener("controllerchange", () => {
    if (accepted) location.reload();
    else if (hadController) offerUpdate(null); // another tab took the update: offer a reload here too
    hadController = true;
  });
  let registration;
  try {
    registration = await container.register(SW_URL.href, { scope: SCOPE.href });
  } catch (error) {
    console.warn("Dice Poker: offline mode unavailable:", error);
    return;
  }
  if (!registration) return; // service workers blocked (e.g. by a test harness or policy)
  if (registration.waiting) watch(registration, registration.waiting);
  registration.addEventListener("updatefound", () => {
    if (registration.installing) watch(registration, registration.installing);
  });
}

/** Run `callback` once the game has started (<html data-state> leaves
 * "loading"), the page has loaded and the browser is idle: the worker's
 * install downloads and hashes every file of the game, which must not
 * compete with the page's own start-up and first turn on a slow phone. */
function whenStarted(callback) {
  const html = document.documentElement;
  const idle = () => (window.requestIdleCallback || setTimeout)(callback, { timeout: 5000 });
  const loaded = () => (document.readyState === "complete" ? idle() : addEventListener("load", idle, { once: true }));
  if (html.dataset.state !== "loading") {
    loaded();
    return;
  }
  const observer = new MutationObserver(() => {
    if (html.dataset.state === "loading") return;
    observer.disconnect();
    loaded();
  });
  observer.observe(html, { attributes: true, attributeFilter: ["data-state"] });
}

whenStarted(register);
