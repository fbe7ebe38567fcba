/* The one-file game's loader: the first script of dist/dice-poker.html (.ci/onefile.py),
   run before the page's own (static/js/boot.js, PyScript, Python), which stay as they are.

   The page asks for its files by relative URL, as the site does (fetch() of the start
   bundle, the catalogues, the modules of py/ui/platform/lazy.py, the rules, the strategy tables;
   a <script src> or <link href> for PyScript, files.js and later.css).  Opened as a file
   there is no folder beside it to ask, so every such URL is answered from inside the file:

   - fetch(): a Response made from the file's copy (the Content-Type the site would send);
   - a <script src> or <link href> given by script (a property or setAttribute): the
     module's data: URL from the import map (PyScript's core.js, the service worker's
     registration), else a blob: URL of the file's copy (files.js, later.min.css); a
     preload or modulepreload of what is in the file already is not made (nothing to
     bring: the link is left with neither rel nor address);
   - MicroPython's wasm: window.dicePokerOneFile.instantiateWasm(path), which .ci/onefile.py
     has the vendored micropython.mjs give emscripten as its Module.instantiateWasm.

   The copies are in <div id="dice-poker-files" hidden> at the end of <body>, one element
   a file, <i data-path="static/mpy/ui/table/hint.mpy" data-type="...">, its bytes in base64 in
   its one child, a comment: found once the page is parsed (a read before that waits for
   it), each decoded when asked for.  In comments, as WebKitGTK parses 7 MB of script text
   in ~13 s (comments in ~0.1 s; Chromium and Firefox alike either way).  (Reading each
   file as soon as the parser is past it gained nothing: the parser holds the main thread
   until its end, in Chromium, and boot.js starts the runtime only after it.)  A relative
   URL the file does not hold is an error on the console and a 404 (the build missed a
   file: the tests fail on it).  Any other URL (data:, blob:) goes to the browser; the page's CSP refuses
   every network origin.

   window.dicePokerOneFile.site: where the links made in this page lead (py/ui/platform/share.py):
   the hosted site's address, <meta name="dice-poker-site"> (--site of .ci/onefile.py);
   without one, this file's own address. */
(function () {
  "use strict";
  var FILES = "dice-poker-files";
  var folder = new URL("./", location.href).href;
  var imports = JSON.parse(document.querySelector('script[type="importmap"]').textContent).imports;
  var files = null;       // path -> its <i data-path data-type><!--base64--></i>, once parsed
  var blobs = {};
  var parsed = new Promise(function (resolve) {
    if (document.readyState !== "loading") { resolve(); return; }
    document.addEventListener("readystatechange", function () { resolve(); }, { once: true });
  });

  function table() {
    if (files === null) {
      files = {};
      var holder = document.getElementById(FILES), node;
      for (node = holder ? holder.firstElementChild : null; node; node = node.nextElementSibling) {
        files[node.getAttribute("data-path")] = node;
      }
      if (holder) { holder.remove(); }     // out of the page (and of a copy saved from it)
    }
    return files;
  }
  // The site path ("static/mpy/ui/table/hint.mpy") of a URL in the page's folder, else null.
  function sitePath(url) {
    var href;
    try { href = new URL(String(url), document.baseURI).href; } catch (e) { return null; }
    if (href.indexOf(folder) !== 0) { return null; }
    return decodeURIComponent(href.slice(folder.length).split(/[?#]/)[0]);
  }
  function type(path) {
    return table()[path].getAttribute("data-type");
  }
  function bytes(path) {           // the file's bytes, or null
    var node = table()[path];
    if (!node) { return null; }
    var base64 = node.firstChild ? node.firstChild.data : "";
    if (typeof Uint8Array.fromBase64 === "function") { return Uint8Array.fromBase64(base64); }
    var text = atob(base64), out = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) { out[i] = text.charCodeAt(i); }
    return out;
  }
  function missing(path) {
    console.error("dice-poker.html does not hold " + path);
  }

  var browserFetch = window.fetch;
  window.fetch = function (input, init) {
    var path = sitePath(input && typeof input === "object" ? input.url : input);
    if (path === null) { return browserFetch.apply(window, arguments); }
    return parsed.then(function () {
      var body = bytes(path);
      if (body === null) {
        missing(path);
        return new Response("", { status: 404, statusText: "Not Found" });
      }
      return new Response(body, { status: 200, headers: { "Content-Type": type(path) } });
    });
  };

  // The URL a script or stylesheet of the site is loaded from here; null: none needed.
  function local(url, element) {
    var path = sitePath(url);
    if (path === null) { return url; }
    if (/^(module)?preload$/.test(element.rel)) {  // what it would bring is here already; and
      element.removeAttribute("rel");    // WebKit refuses a data: modulepreload (a load error);
      return null;                       // a preload without an address is a warning
    }
    var module = imports[path] || imports["./" + path];
    if (module) { return module; }
    if (!blobs[path]) {
      var body = document.readyState === "loading" ? null : bytes(path);
      if (body === null) { missing(path); return url; }
      blobs[path] = URL.createObjectURL(new Blob([body], { type: type(path) }));
    }
    return blobs[path];
  }
  function redirect(prototype, name) {
    var property = Object.getOwnPropertyDescriptor(prototype, name);
    Object.defineProperty(prototype, name, {
      configurable: true, enumerable: property.enumerable, get: property.get,
      set: function (url) {
        var here = local(url, this);
        if (here !== null) { property.set.call(this, here); }
      }
    });
  }
  redirect(HTMLScriptElement.prototype, "src");
  redirect(HTMLLinkElement.prototype, "href");
  var setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if ((name === "src" && this instanceof HTMLScriptElement) ||
        (name === "href" && this instanceof HTMLLinkElement)) {
      value = local(value, this);
      if (value === null) { return; }
    }
    return setAttribute.call(this, name, value);
  };

  // emscripten's Module.instantiateWasm for the wasm at `path`: compiled from a stream, as
  // the site's is (WebAssembly.instantiate of the bytes made Firefox ESR's start ~8 s slower).
  function instantiateWasm(path) {
    return function (imports, done) {
      parsed.then(function () {
        var body = bytes(path);
        if (body === null) { throw new Error("dice-poker.html does not hold " + path); }
        return typeof WebAssembly.instantiateStreaming === "function"
          ? WebAssembly.instantiateStreaming(new Response(body, { headers: { "Content-Type": "application/wasm" } }),
                                             imports)
          : WebAssembly.instantiate(body, imports);
      }).then(function (result) { done(result.instance, result.module); }, function (error) {
        console.error("MicroPython could not start: " + error);
        if (window.dicePokerBoot) { window.dicePokerBoot.fail(); }
      });
      return {};      // emscripten waits for done()
    };
  }

  var site = document.querySelector('meta[name="dice-poker-site"]');
  window.dicePokerOneFile = {
    site: site && site.content || location.href.split(/[?#]/)[0],
    instantiateWasm: instantiateWasm
  };
})();
