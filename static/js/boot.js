/* Start-up helper that runs before Python: a classic script in <head>, run as
   it is parsed (so the first paint already shows the first screen, below),
   before PyScript starts (core.js is a module, run once the page is parsed).

   index.html holds it inlined (minified by .ci/minify.py), as it holds app.css
   and setup.css: no round trip of a slow network before the first paint.

   1. Gives Python a localStorage that never throws (window.dicePokerStorage).
   2. Starts fetching the start modules (static/mpy/start.bundle: every
      module page start imports, in one file; .ci/start_bundle.py), so they
      arrive while the runtime downloads instead of after it; py/main.py
      has them written into MicroPython's file system (dicePokerBoot.install).
      Without a query it brings the setup form's module too (fetched on
      first use otherwise).
   3. Picks the start language (the player's saved choice, else the first of
      navigator.languages we ship, else English) and starts fetching the
      start part of its message catalogue (static/i18n/start/<lang>.json:
      .ci/start_catalogues.py) at once (English, which the markup speaks
      already: after the first paint), in parallel with the Python runtime;
      Python (py/ui/language/catalogue.py) picks the promise up from window.dicePokerBoot.
      LANGS is py/ui/language/i18n.py's LANGUAGES (a test compares them).
   4. Paints the first screen before Python runs: <html data-first="setup">
      (no query and no saved game: the setup form) or "game" (a link or a
      saved game: the game's screen as far as markup shows it, the card's
      boxes, blank dice and the buttons, which CSS lays out as Python
      will); app.css and setup.css show it, #app stays inert (no tap is
      taken for another) until py/ui/screens.py takes over in the task that
      draws the same screen.  In English at once; in another language once
      the catalogue has worded the markup (#app is not shown before).  A saved
      game's meta says its rules and where its turn stands (py/control/state.py
      first_screen: "yahtzee rolled2"): <html data-rules> and data-turn-phase,
      so app.css shows its rows and its tray's lines, as Python will draw them;
      after a person's roll, with the rolls left, from which the tray's message
      and Roll are worded from the catalogue (English too waits for it then).
      On a link's page too, unless the saved game is over; else the link's
      rules (?rules=yahtzee) go on data-rules.  A friend's link (#play=...)
      has the rules its fragment says (the game it brings is drawn).
   5. Puts the player's look on <html> before the first paint: data-look, the
      words py/ui/feel/settings.py stores under dicepoker.look ("dark" or
      "light", "still", "nopreviews", "nohints"), which app.css reads; a theme
      chosen turns app.css's dark rule on or off (look(): the one place that
      knows it; Python calls it on a change).
   6. Never leaves a blank or frozen page: if the runtime fails, or Python
      finishes without marking the page ready, it shows #boot-failed, in the
      player's language when the catalogue could be read; opened as a file
      (file:), it says the game must be served or opened from its address.
   7. Makes the DOM writes py/ui/platform/dom.py batches (window.dicePokerDom): many
      in one call from Python, where each call costs far more than the write. */
(function () {
  "use strict";
  var LANGS = ["en", "lt", "be", "sk"];
  var lang = null;
  try {
    lang = localStorage.getItem("dicepoker.lang");
  } catch (e) { /* storage blocked: fall through to the browser's languages */ }
  if (LANGS.indexOf(lang) < 0) {
    lang = "en";
    var wanted = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < wanted.length; i++) {
      var base = String(wanted[i]).split("-")[0].toLowerCase();
      if (LANGS.indexOf(base) >= 0) { lang = base; break; }
    }
  }
  function fetchText(path) {
    return fetch(path).then(function (r) {
      if (!r.ok) { throw new Error(path + ": HTTP " + r.status); }
      return r.text();
    });
  }
  // The start bundle as [[path, Uint8Array], ...] (format: .ci/start_bundle.py).
  function unpackModules(buffer) {
    var view = new DataView(buffer);
    var magic = String.fromCharCode(view.getUint8(0), view.getUint8(1), view.getUint8(2), view.getUint8(3));
    if (magic !== "DPMB") { throw new Error("start.bundle: not a module bundle"); }
    var length = view.getUint32(4, true);
    var index = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 8, length)));
    var at = 8 + length;
    var modules = [];
    index.forEach(function (folder) {        // [folder, [[name, size], ...]]
      folder[1].forEach(function (entry) {
        modules.push([folder[0] + entry[0] + ".mpy", new Uint8Array(buffer, at, entry[1])]);
        at += entry[1];
      });
    });
    if (at !== buffer.byteLength) { throw new Error("start.bundle: truncated or padded"); }
    return modules;
  }
  // What the page loads when, and its routes: py/ui/platform/manifest.py, the one list.
  var MANIFEST = {"setup":["ui/setup/__init__.mpy","ui/setup/link_games.mpy","ui/setup/form.mpy"],"loads":"ui/platform/loads.mpy","query":{"players":"game","player":"game","seats":"game","seed":"game","rules":"game","daily":"game","practice":"practice"},"fragment":{"play":"game"}};  // .ci/manifest.py writes this line from py/ui/platform/manifest.py
  // The first screen the address asks for: "practice" (whatever else the query says),
  // "game" (a link: its players, today's game, a friend's #play=), or "" (no route:
  // what the page shows without a query).
  var route = "", query = new URLSearchParams(location.search);
  query.forEach(function (value, name) {
    var screen = MANIFEST.query[name];
    if (screen && (!route || route === "game")) { route = screen; }   // a screen of its own wins
  });
  var fragment = /^#(\w+)=/.exec(location.hash);
  if (fragment && MANIFEST.fragment[fragment[1]]) { route = MANIFEST.fragment[fragment[1]]; }
  // Without a link's route the page may start on the setup screen, whose form and look
  // are not in the start files: they come along (if they cannot, lazy.py fetches them).
  var setup = route !== "game";
  var extra = setup ? MANIFEST.setup : [];
  // localStorage that never throws (blocked in private mode, quota full):
  // MicroPython cannot catch an exception thrown by a JS call, so py/ui/records/storage.py
  // goes through these.  get -> string or null; set/remove -> true or false.
  var store = window.dicePokerStorage = {
    get: function (key) {
      try { return localStorage.getItem(key); } catch (e) { return null; }
    },
    set: function (key, value) {
      try { localStorage.setItem(key, value); return true; } catch (e) { return false; }
    },
    remove: function (key) {
      try { localStorage.removeItem(key); return true; } catch (e) { return false; }
    },
    keys: function (prefix) {
      try {
        return Object.keys(localStorage).filter(function (k) { return k.indexOf(prefix) === 0; }).sort();
      } catch (e) { return []; }
    }
  };

  var root = document.documentElement;
  function byId(id) { return document.getElementById(id); }
  // A friend's link (#play=, base64url: dicepoker/link_form.py) says its rules and its
  // players in its 8th byte: the high 4 bits the rules' number in RULESETS (a test
  // compares the two), the low 4 bits the players less one.
  var RULESETS = ["dice-poker", "dice-poker-classic", "yahtzee"];
  function fragmentByte(hash) {
    var head = /^#play=([\w-]{12})/.exec(hash);
    return head ? atob(head[1].replace(/-/g, "+").replace(/_/g, "/")).charCodeAt(7) : -1;
  }

  // 4. The first screen, before Python (see the top).  Python shows the saved game
  // first when the page is opened without a query, and when a link is (py/control/games.py
  // on_link: its own game again, or another's question over it), unless that game is
  // over: then the link's new game, of the rules it names (?rules=yahtzee), else the
  // default ones.  Left after a person's roll, a game's meta also says the rolls left
  // (py/control/state.py first_screen: yahtzee rolled2): the tray's message and Roll get
  // the catalogue's words, as Python will word them (their lines are the tray's height),
  // so that screen waits for the catalogue in English too.  Else English, the markup's
  // words, is shown at once.
  // The game's players are the score pad's columns (app.css: a tablet's or a desktop's
  // card is as wide as they need): <html style="--players">, as ui/table/board.py sets it on the card.
  var saved = store.get("dicepoker.game"), first = setup && !saved ? "setup" : "game";
  // reading a saved game needs modules fetched on first use: the list of them comes along
  if (saved) { extra = extra.concat([MANIFEST.loads]); }
  var rules, phase = "", left = "", metaText = store.get("dicepoker.game-meta"), meta = null;
  var players = 0, byte;
  // (No meta, the common case, is tested for first: an exception thrown here cost ~15 ms
  // before the first paint on a slow phone, V8 parsing this script again for the source
  // positions of its stack trace: a trace's V8.CollectSourcePositions.)
  try {
    meta = metaText && /^([a-z-]+) ([a-z]+)(\d?)$/.exec((JSON.parse(metaText) || {}).first);
  } catch (e) { /* not JSON: the default rules' first screen */ }
  if (saved && meta && (setup || !location.hash && meta[2] !== "over")) {
    rules = meta[1];
    phase = meta[2];
    left = meta[3];
    root.setAttribute("data-turn-phase", phase);
    try { players = JSON.parse(saved).players.length; } catch (e) { /* the default, one */ }
  } else if (location.hash) {
    byte = fragmentByte(location.hash);
    if (byte >= 0) { rules = RULESETS[byte >> 4]; players = (byte & 15) + 1; }
  } else if (!setup) {
    rules = (/[?&]rules=([a-z-]+)(&|$)/.exec(location.search) || [])[1];
    byte = new URLSearchParams(location.search);       // ?players=Ann,Ben or ?player=Ann&player=Ben
    players = byte.getAll("player").length || (byte.get("players") || "").split(",").length;
  }
  if (rules) { root.setAttribute("data-rules", rules); }
  if (players > 0) { root.style.setProperty("--players", Math.min(players, 8)); }
  var words = lang !== "en" || left !== "";

  var release, afterPaint = new Promise(function (resolve) { release = resolve; });
  var extras = afterPaint.then(function () {
    return Promise.all(extra.map(function (path) {
      return fetch("./static/mpy/" + path).then(function (r) {
        return r.ok ? r.arrayBuffer().then(function (b) { return [path, new Uint8Array(b)]; }) : null;
      }).catch(function () { return null; });
    }));
  });
  var boot = window.dicePokerBoot = {
    modules: afterPaint.then(function () {
      return fetch("./static/mpy/start.bundle");
    }).then(function (r) {
      if (!r.ok) { throw new Error("start.bundle: HTTP " + r.status); }
      // gzipped (.ci/start_bundle.py says why): unpacked by the browser, off the main thread
      if (typeof DecompressionStream !== "function") {
        throw new Error("start.bundle: this browser has no DecompressionStream");
      }
      return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    }).then(unpackModules).then(function (modules) {
      return extras.then(function (more) { return modules.concat(more.filter(Boolean)); });
    }),
    // Writes the start modules into MicroPython's file system (its Module.FS),
    // called by py/main.py: here, not in Python, as every call from Python
    // into JavaScript is slow on a slow phone.
    // Each folder is made once: emscripten answers a folder that is there already with an
    // exception it builds with its message (57 a start when each file made its folders).
    install: function (FS) {
      return boot.modules.then(function (modules) {
        var made = {};
        modules.forEach(function (entry) {
          var parts = entry[0].split("/"), k, folder;
          for (k = 1; k < parts.length; k++) {
            folder = parts.slice(0, k).join("/");
            if (!made[folder]) {
              made[folder] = true;
              try { FS.mkdir(folder); } catch (e) { /* there before the page's modules */ }
            }
          }
          FS.writeFile(entry[0], entry[1]);
        });
      });
    },
    lang: lang,
    query: Object.keys(MANIFEST.query),     // the query names py/ui/platform/dom.py reads
    // with the setup form's words when the page may start on it (.ci/start_catalogues.py);
    // English words the markup has already: asked for after the first paint, not before
    // it (a request costs the parser ~20 ms on a slow phone)
    catalogue: (words ? Promise.resolve() : afterPaint).then(function () {
      return fetchText("./static/i18n/start/" + lang + (setup ? ".setup" : "") + ".json");
    }),
    failed: false
  };
  // A game link opened in this page (its fragment changed): ui/remote/door.py hears it once
  // it is in, else the page starts again with it.
  window.addEventListener("hashchange", function () { if (!boot.links) { location.reload(); } });
  // A failed prefetch is handled by whoever awaits it; don't report it twice.
  boot.catalogue.catch(function () {});
  boot.modules.catch(function () {});

  // 5. The look (see the top).  app.css's second rule is its dark one (tests/e2e/test_settings.py
  // test_theme_applies_at_once_and_after_a_reload fails if not).
  // The dark rule's media is written only when it changes: a write to a style
  // sheet rebuilds the page's rule set (and the first paint waits for that).
  var auto = "(prefers-color-scheme:dark)", media = auto;
  boot.look = function (words) {
    var theme = /dark|light/.exec(words), wanted = theme ? (theme[0] == "dark" ? "all" : "not all") : auto;
    root.setAttribute("data-look", words);
    if (wanted === media) { return; }
    try {
      document.styleSheets[0].cssRules[1].media.mediaText = media = wanted;
    } catch (e) { /* app.css missing: no theme to turn */ }
  };
  boot.look(store.get("dicepoker.look") || "");
  function state() { return root.getAttribute("data-state"); }

  // The markup in the catalogue's words (Python's ui.language.catalogue.apply_static_texts
  // does the same on a language switch).
  function translate(messages, scope) {
    var nodes = scope.querySelectorAll("[data-i18n]"), j, k, pairs, pair;
    for (j = 0; j < nodes.length; j++) {
      pair = messages[nodes[j].getAttribute("data-i18n")];
      if (typeof pair === "string") { nodes[j].textContent = pair; }
    }
    nodes = scope.querySelectorAll("[data-i18n-attr]");
    for (j = 0; j < nodes.length; j++) {
      pairs = nodes[j].getAttribute("data-i18n-attr").split(" ");
      for (k = 0; k < pairs.length; k++) {
        pair = pairs[k].split(":");
        if (typeof messages[pair[1]] === "string") { nodes[j].setAttribute(pair[0], messages[pair[1]]); }
      }
    }
  }

  function showFirst(messages) {
    if (messages && state() === "loading") {
      translate(messages, document);
      root.lang = lang;
      byId("lang").value = lang;
      byId("lang-code").textContent = lang.toUpperCase();
      if (left) { wordTray(messages, +left, true); }
      else if (first === "game" && !/rolled|over/.test(phase)) { wordTray(messages, 3); }
    }
    root.setAttribute("data-first", first);
  }
  // The tray as py/ui/table/tray.py words it for a person: Roll's two lines (roll.left's
  // plural form for n rolls, as the start part names it: .ci/start_catalogues.py
  // PLURALS_KEY; at a turn's start Roll, 3 rolls left), and after a roll the turn's message.
  function wordTray(messages, n, rolled) {
    var forms = messages["roll.left"] || {}, plurals = messages["@plurals"] || [];
    if (rolled) { byId("handover-main").textContent = messages[n ? "handover.pick" : "handover.last"] || ""; }
    byId("roll-text").textContent = messages[rolled ? (n ? "roll.again" : "roll.none_left") : "roll.button"] || "";
    byId("roll-left").textContent = n ? String(forms[plurals[n]]).replace("{count}", n) : "";
  }
  if (!words) {
    showFirst();
  } else {
    boot.catalogue.then(function (text) {
      var messages = JSON.parse(text);
      if (document.readyState !== "loading") { showFirst(messages); return; }
      // parsed: readyState leaves "loading" before the module scripts run
      document.addEventListener("readystatechange", function () { showFirst(messages); }, { once: true });
    }).catch(function () { showFirst(); });
  }

  function fail() {
    if (boot.failed || state() !== "loading") { return; }
    boot.failed = true;
    var panel = byId("boot");
    if (!panel) { return; }
    panel.hidden = false;
    byId("app").hidden = true;
    if (location.protocol === "file:") {
      // Opened as a file (index.html double-clicked): no connection can fix that.
      byId("boot-body").hidden = true;
      byId("boot-file").hidden = false;
      byId("boot-reload").hidden = true;
    }
    byId("boot-reload").addEventListener("click", function () {
      location.reload();
    });
    boot.catalogue.then(function (text) {
      translate(JSON.parse(text), panel);
    }).catch(function () { /* keep the English fallback text */ });
  }
  boot.fail = fail;

  // The Python script ran to its end (or died) without making the page ready.
  ["mpy:done", "py:all-done"].forEach(function (name) {
    window.addEventListener(name, function () { setTimeout(fail, 0); });
  });
  // The runtime itself could not load (missing file, no WebAssembly, ...).
  window.addEventListener("error", function (event) {
    var target = event.target;
    if (target && target !== window && (target.tagName === "SCRIPT" || target.tagName === "LINK")) {
      fail();
    }
  }, true);
  window.addEventListener("unhandledrejection", function () { setTimeout(fail, 0); });
  // 6. The runtime starts once the first screen is painted: PyScript's core.js,
  // the files it will ask for (preloaded, not as each is found:
  // docs/performance.md#what-was-tried-and-why-it-matters), the start modules
  // and the service worker's registration.
  // Before the paint they would only compete with the first screen on a slow
  // network (and Lighthouse counts whatever ends before the paint as on its
  // way).  Painted means on the screen: the first-contentful-paint entry, which
  // comes once the frame is shown; a frame's animation callback runs before
  // the frame is laid out, rastered and shown.  That is where the runtime
  // starts without paint timing, or when the first screen waits for its
  // catalogue (a language other than English: its paint is not the first
  // frame's).  A hidden page (no frames) starts at once; the timer is a last
  // resort.
  function startRuntime() {
    if (!release) { return; }
    var start = release, v = "./static/vendor/";
    release = null;
    var urls = [v + "pyscript/core-C9KDLldu.js", v + "pyscript/toml-V4Savzlc.js", v + "micropython/micropython.mjs",
     v + "pyscript/error-D2315lOB.js", v + "micropython/micropython.wasm", "./py/main.py",
     "./pyscript.toml", v + "pyscript/core.js",
     // and the service worker's registration (it waits for an idle page anyway)
     "./static/pwa/register.min.js"];
    // The web app manifest: index.html names it with data-rel, as the browser fetches
    // a page's manifest once it has loaded, and this page loads before its first paint
    // (no subresource holds it): Lighthouse counted it on the way to the first screen
    // (docs/performance.md#what-was-tried-and-why-it-matters).  The icon stays linked:
    // without one the browser asks for /favicon.ico, outside the site's folder.
    // A new element, as Chromium takes a manifest link's later rel for no change of
    // manifest: it would call the game not installable.
    function links() {
      var found = document.querySelectorAll("link[data-rel]"), i, node;
      for (i = 0; i < found.length; i++) {
        node = document.createElement("link");
        node.rel = found[i].getAttribute("data-rel");
        node.href = found[i].getAttribute("href");
        found[i].replaceWith(node);
      }
    }
    function add(i) {
      var url = urls[i], node = document.createElement(i > 6 ? "script" : "link");
      if (i > 6) { node.type = "module"; node.src = url; }
      else {
        node.rel = i < 4 ? "modulepreload" : "preload";
        if (i > 3) { node.as = "fetch"; node.crossOrigin = "anonymous"; }
        node.href = url;
      }
      document.head.appendChild(node);
    }
    // A request costs the main thread ~5-10 ms on a slow phone (CPU / 4): twelve in
    // one task were a long task of 70-80 ms after the first paint (total blocking
    // time), and five in one still 36-72 ms in Lighthouse's count; so two at a time,
    // a task each.  The start bundle, the setup form and the catalogue (start():
    // afterPaint) have a task of their own before PyScript's script.
    var steps = [[0, 1], [2, 3], [4], [5, 6], start, [7, 8], links];
    (function step(k) {
      if (typeof steps[k] === "function") { steps[k](); } else { steps[k].forEach(add); }
      if (++k < steps.length) { setTimeout(function () { step(k); }, 0); }
    })(0);
  }

  // The five dice: index.html holds one (its markup once, not five times: bytes of
  // every first visit), copied here before the first frame is drawn (a frame's
  // animation callbacks run before its layout), or once the page is parsed if a frame
  // came before the dice did; py/ui/table/tray.py calls it too, before it takes the dice (a
  // hidden page draws no frames).  Copies only what is missing.  5 is
  // dicepoker.rules.DICE_COUNT (a test compares them).
  var DICE = 5;
  boot.copyDice = copyDice;
  function copyDice() {
    var dice = document.querySelectorAll(".die"), first = dice[0], i, die;
    for (i = dice.length; first && i < DICE; i++) {
      die = first.cloneNode(true);
      die.setAttribute("data-index", i);
      die.setAttribute("data-action", '{"hold":' + i + '}');
      first.parentNode.appendChild(die);
    }
  }
  document.addEventListener("DOMContentLoaded", copyDice);

  var onPaint = !words && ((window.PerformanceObserver || {}).supportedEntryTypes || []).indexOf("paint") >= 0;
  if (onPaint) {   // (a later entry finds the runtime started: startRuntime runs once)
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName("first-contentful-paint").length) { startRuntime(); }
    }).observe({ type: "paint", buffered: true });
  }
  if (document.visibilityState === "hidden") { startRuntime(); }
  requestAnimationFrame(function () { copyDice(); if (!onPaint) { setTimeout(startRuntime, 0); } });
  setTimeout(startRuntime, 3000);

  // The writes of ui.platform.dom.Node, in one call per draw: [node, kind, name, value] x N in
  // JSON; a node is the index add() gave its element (held weakly: a card rebuilt
  // for a new game lets its old cells go).  Kinds: 0 text, 1 attribute set,
  // 2 attribute removed, 3 class on or off, 4 the node numbered value its one child.
  var nodes = [];
  window.dicePokerDom = {
    add: function (element) { nodes.push(new WeakRef(element)); return nodes.length - 1; },
    apply: function (json) {
      var ops = JSON.parse(json);
      for (var i = 0; i < ops.length; i += 4) {
        var element = nodes[ops[i]].deref();
        if (!element) { continue; }
        var kind = ops[i + 1], name = ops[i + 2], value = ops[i + 3];
        if (kind === 0) { element.textContent = value; }
        else if (kind === 1) { element.setAttribute(name, value); }
        else if (kind === 2) { element.removeAttribute(name); }
        else if (kind === 3) { element.classList.toggle(name, value); }
        else { element.replaceChildren(nodes[value].deref()); }
      }
    }
  };

  // Last resort: still loading after a long time (a very slow phone gets a reload offer).
  setTimeout(fail, 45000);
})();
