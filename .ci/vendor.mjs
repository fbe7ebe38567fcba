#!/usr/bin/env node
// Copy the pinned PyScript + MicroPython runtime from node_modules into
// static/vendor/ (committed, so the site runs from a clone with only Python).
//
//   npm ci && npm run vendor        # after changing a version in package.json
//
// What is copied:
//   static/vendor/pyscript/    core.js, core.css and the dist chunks that
//                              core.js can load for a main-thread
//                              <script type="mpy"> page: the closure of
//                              static imports, plus the lazy (dynamic) imports
//                              of the plugins that PyScript always loads,
//                              MINUS the lazy features this project never uses
//                              (see SKIP_LAZY below). No source maps.
//   static/vendor/micropython/ micropython.mjs + micropython.wasm (the plain
//                              variant: no settrace = no `debug = true`,
//                              no ulab = no `packages = ["ulab"]`).
// and writes static/vendor/VERSIONS.txt (versions, sizes, sha256).
//
// A page that uses a skipped feature gets a 404 for its chunk, which the
// Playwright harness reports as a console error, so it cannot go unnoticed.

import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const NM = path.join(ROOT, "node_modules");
const OUT = path.join(ROOT, "static", "vendor");

const PYSCRIPT_PKG = "@pyscript/core";
const MPY_PKG = "@micropython/micropython-webassembly-pyscript";

// Dynamic imports that are NOT followed, by importer chunk -> predicate on the
// imported chunk's file name. Each is a feature we don't use:
//   - codemirror*: only for <script type="mpy-editor"> (py-editor plugin)
//   - zip: only when [files] lists a .zip/.whl archive to unpack
//   - pyodide_graph: only for the Pyodide interpreter with `packages`
//   - everything lazily imported by the py-editor, py-game and py-terminal
//     plugins (xterm*, the terminal chunks mpy-*/py-*, their TOML parser):
//     only for mpy-editor / py-game / `terminal` scripts.
const rollupBase = (file) => file.replace(/-[A-Za-z0-9_-]{8}\.js$/, "");
const SKIP_LAZY = [
  [/^core-/, (f) => /^codemirror/.test(rollupBase(f))],
  [/^core-/, (f) => rollupBase(f) === "zip"],
  [/^core-/, (f) => rollupBase(f) === "pyodide_graph"],
  [/^py-(editor|game|terminal)-/, () => true],
];

function readJSON(p) {
  return JSON.parse(fs.readFileSync(p, "utf8"));
}

function pkgDir(name) {
  const dir = path.join(NM, name);
  if (!fs.existsSync(dir)) {
    console.error(`vendor: ${dir} is missing: run \`npm ci\` first`);
    process.exit(1);
  }
  return dir;
}

// Pinned versions must be what is installed.
const rootPkg = readJSON(path.join(ROOT, "package.json"));
for (const name of [PYSCRIPT_PKG, MPY_PKG]) {
  const want = rootPkg.dependencies?.[name];
  const have = readJSON(path.join(pkgDir(name), "package.json")).version;
  if (want !== have) {
    console.error(`vendor: package.json pins ${name}@${want} but node_modules has ${have}: run \`npm ci\``);
    process.exit(1);
  }
}

// ---- PyScript: walk the chunk graph from core.js -------------------------
const DIST = path.join(pkgDir(PYSCRIPT_PKG), "dist");
const STATIC_RE = /(?:\bfrom|\bimport)\s*["'](\.\/[^"']+)["']/g;
const DYNAMIC_RE = /\bimport\(\s*["'](\.\/[^"']+)["']\s*\)/g;

function importsOf(file) {
  const src = fs.readFileSync(path.join(DIST, file), "utf8");
  const stat = new Set([...src.matchAll(STATIC_RE)].map((m) => path.basename(m[1])));
  const dyn = new Set([...src.matchAll(DYNAMIC_RE)].map((m) => path.basename(m[1])));
  return { stat, dyn };
}

const keep = new Set();
const skipped = new Set();
const queue = ["core.js"];
while (queue.length) {
  const file = queue.shift();
  if (keep.has(file)) continue;
  if (!fs.existsSync(path.join(DIST, file))) {
    console.error(`vendor: ${file} is imported but missing from ${DIST}`);
    process.exit(1);
  }
  keep.add(file);
  const { stat, dyn } = importsOf(file);
  for (const f of stat) queue.push(f);
  for (const f of dyn) {
    const skip = SKIP_LAZY.some(([importer, pred]) => importer.test(file) && pred(f));
    if (skip) skipped.add(f);
    else queue.push(f);
  }
}
for (const f of keep) skipped.delete(f);
keep.add("core.css");

// ---- write ----------------------------------------------------------------
const PY_OUT = path.join(OUT, "pyscript");
const MPY_OUT = path.join(OUT, "micropython");
fs.rmSync(PY_OUT, { recursive: true, force: true });
fs.rmSync(MPY_OUT, { recursive: true, force: true });
fs.mkdirSync(PY_OUT, { recursive: true });
fs.mkdirSync(MPY_OUT, { recursive: true });

const copied = [];
function copy(srcDir, file, outDir, pkg) {
  fs.copyFileSync(path.join(srcDir, file), path.join(outDir, file));
  const buf = fs.readFileSync(path.join(outDir, file));
  copied.push({
    rel: path.relative(OUT, path.join(outDir, file)).split(path.sep).join("/"),
    size: buf.length,
    sha256: createHash("sha256").update(buf).digest("hex"),
    pkg,
  });
}

const pyVersion = readJSON(path.join(pkgDir(PYSCRIPT_PKG), "package.json")).version;
const mpyVersion = readJSON(path.join(pkgDir(MPY_PKG), "package.json")).version;
for (const f of [...keep].sort()) copy(DIST, f, PY_OUT, `${PYSCRIPT_PKG}@${pyVersion}`);
for (const f of ["micropython.mjs", "micropython.wasm"])
  copy(pkgDir(MPY_PKG), f, MPY_OUT, `${MPY_PKG}@${mpyVersion}`);
for (const name of ["LICENSE"]) {
  const p = path.join(pkgDir(PYSCRIPT_PKG), name);
  if (fs.existsSync(p)) fs.copyFileSync(p, path.join(PY_OUT, name));
}

const lines = [
  "# Vendored runtime. Generated by `npm run vendor` (.ci/vendor.mjs): do not edit by hand.",
  `${PYSCRIPT_PKG} ${pyVersion}`,
  `${MPY_PKG} ${mpyVersion}`,
  "# Licences: @pyscript/core Apache-2.0 (pyscript/LICENSE); MicroPython MIT.",
  "",
  "# Not copied (lazy chunks for features this project does not use; see .ci/vendor.mjs):",
  ...[...skipped].sort().map((f) => `#   pyscript/${f}`),
  "# Also not copied: source maps (*.map), micropython-{settrace,ulab,settrace-ulab}.wasm.",
  "",
  "# path  bytes  sha256  from",
  ...copied.map((c) => `${c.rel}  ${c.size}  ${c.sha256}  ${c.pkg}`),
  "",
];
fs.writeFileSync(path.join(OUT, "VERSIONS.txt"), lines.join("\n"));

const total = copied.reduce((a, c) => a + c.size, 0);
console.log(`vendor: copied ${copied.length} files (${total} bytes) into ${path.relative(ROOT, OUT)}/`);
for (const c of copied) console.log(`  ${c.rel} ${c.size}`);
