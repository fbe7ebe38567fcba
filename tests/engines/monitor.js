/* The engines suite's in-page monitor (tests/engines/, never published).
 *
 * The suite serves a staged copy of the site whose index.html loads this file
 * first in <head> (a same-origin classic script: the page's CSP allows it,
 * and it runs before every other script). Copied to
 * static/js/engines-monitor.js there, so the service worker precaches it
 * like any other file and the page keeps its monitor offline too.
 *
 * It records, in sessionStorage (so a reload does not lose them), what a
 * classic WebDriver cannot observe in WebKitGTK:
 *   console.error / console.warn calls, uncaught errors, unhandled
 *   rejections, elements whose resource failed to load, CSP violations (a
 *   request to another origin is refused by the page's CSP and reported
 *   here), and every resource the document loaded from another origin
 *   (resource timing).
 * Not seen: what workers log (the service worker's own console) and
 * requests that never reach the page's document (the worker's fetches):
 * the test server's log covers HTTP statuses of everything that reaches it.
 */
(function () {
  "use strict";
  var KEY = "engines-monitor";
  function push(kind, text) {
    try {
      var list = JSON.parse(sessionStorage.getItem(KEY) || "[]");
      list.push([kind, String(text).slice(0, 2000), location.href]);
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch (e) {
      /* storage unavailable: nothing else to do */
    }
  }
  function show(value) {
    if (value instanceof Error) return value.name + ": " + value.message;
    if (typeof value === "string") return value;
    try { return JSON.stringify(value); } catch (e) { return String(value); }
  }
  ["error", "warn"].forEach(function (level) {
    var original = console[level];
    console[level] = function () {
      push("console." + level, Array.prototype.map.call(arguments, show).join(" "));
      return original.apply(this, arguments);
    };
  });
  window.addEventListener("error", function (event) {
    if (event instanceof ErrorEvent) {
      push("pageerror", (event.message || show(event.error)) + " (" + event.filename + ":" + event.lineno + ")");
    } else if (event.target && event.target !== window) {
      var el = event.target;
      push("load error", el.tagName + " " + (el.src || el.href || ""));
    }
  }, true);
  window.addEventListener("unhandledrejection", function (event) {
    push("pageerror", "unhandled rejection: " + show(event.reason));
  });
  document.addEventListener("securitypolicyviolation", function (event) {
    push("csp", event.violatedDirective + " refused " + event.blockedURI);
  });
  try {
    new PerformanceObserver(function (entries) {
      entries.getEntries().forEach(function (entry) {
        if (!/^https?:/.test(entry.name)) return;
        if (new URL(entry.name).origin !== location.origin) push("foreign", entry.name);
      });
    }).observe({ type: "resource", buffered: true });
  } catch (e) {
    push("monitor", "no resource timing: " + e);
  }
})();
