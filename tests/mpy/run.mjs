#!/usr/bin/env node
// Run a Python file (or -c code) on the SAME MicroPython build the browser uses
// (static/vendor/micropython/micropython.mjs), under Node >= 20.
//
//   node tests/mpy/run.mjs [--path DIR]... [options] SCRIPT.py [ARG]...
//   node tests/mpy/run.mjs [--path DIR]... [options] -c "CODE" [ARG]...
//
//   --path DIR      copy DIR (recursively) into MicroPython's in-memory FS and
//                   put it on sys.path, like PYTHONPATH. Repeatable.
//                   `--path py` makes `import dicepoker` work.
//   -c CODE         run CODE instead of a file ("-" as SCRIPT reads stdin).
//   --heapsize N    initial GC heap in bytes (k/m suffix ok); default = the
//                   browser's (the heap grows on demand in this build).
//   --pystack N     Python stack size in words; default = the browser's.
//
// Host paths keep their absolute names inside the virtual FS, and the virtual
// cwd is the host cwd, so tracebacks show real paths and relative open()s of
// copied files work. The script's own directory (its files, not subfolders) is
// copied too and is sys.path[0], as in CPython. sys.argv = [script, ARG...].
//
// Exit status: 0; the SystemExit code; 1 if Python raised (traceback on
// stderr); 2 for a usage error.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, "..", "..");
const MPY = path.join(REPO, "static", "vendor", "micropython", "micropython.mjs");

function usage(msg) {
  process.stderr.write(`run.mjs: ${msg}\nusage: node tests/mpy/run.mjs [--path DIR]... [--heapsize N] [--pystack N] (SCRIPT.py | -c CODE | -) [ARG]...\n`);
  process.exit(2);
}

function parseSize(s) {
  const m = /^(\d+)([kKmM]?)$/.exec(s || "");
  if (!m) usage(`bad size: ${s}`);
  return Number(m[1]) * ({ k: 1024, m: 1024 * 1024 }[m[2].toLowerCase()] || 1);
}

// ---- arguments ------------------------------------------------------------
const paths = [];
let code = null;
let script = null;
let heapsize;
let pystack;
const argv = process.argv.slice(2);
let i = 0;
for (; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--path") paths.push(argv[++i] ?? usage("--path needs a directory"));
  else if (a.startsWith("--path=")) paths.push(a.slice(7));
  else if (a === "--heapsize") heapsize = parseSize(argv[++i]);
  else if (a === "--pystack") pystack = parseSize(argv[++i]);
  else if (a === "-c") { code = argv[++i] ?? usage("-c needs code"); script = "-c"; i++; break; }
  else if (a === "--") { i++; script = argv[i++]; break; }
  else if (a.startsWith("-") && a !== "-") usage(`unknown option ${a}`);
  else { script = a; i++; break; }
}
if (script === null || script === undefined) usage("no script given");
const scriptArgs = argv.slice(i);

if (code === null) {
  if (script === "-") code = fs.readFileSync(0, "utf8");
  else {
    if (!fs.existsSync(script)) usage(`no such file: ${script}`);
    code = fs.readFileSync(script, "utf8");
  }
}

// ---- MicroPython ----------------------------------------------------------
const { loadMicroPython } = await import(pathToFileURL(MPY).href);

// Stdout: collect bytes, write out a line at a time (cheap and still live).
function sink(stream) {
  let buf = [];
  const flush = () => {
    if (buf.length) stream.write(Buffer.from(buf));
    buf = [];
  };
  const write = (bytes) => {
    for (const b of bytes) {
      buf.push(b);
      if (b === 10 || buf.length >= 65536) flush();
    }
  };
  return { write, flush };
}
const out = sink(process.stdout);
const err = sink(process.stderr);

const opts = { stdout: out.write, stderr: err.write, linebuffer: false };
if (heapsize !== undefined) opts.heapsize = heapsize;
if (pystack !== undefined) opts.pystack = pystack;
const mp = await loadMicroPython(opts);
const FS = mp.FS;

function mkdirp(p) {
  let cur = "";
  for (const part of p.split("/").filter(Boolean)) {
    cur += "/" + part;
    try { FS.mkdir(cur); } catch { /* exists */ }
  }
}

const SKIP_DIRS = new Set(["__pycache__", ".git", "node_modules", ".pytest_cache", ".hypothesis"]);
function copyFile(host) {
  mkdirp(path.posix.dirname(host));
  FS.writeFile(host, fs.readFileSync(host));
}
function copyTree(host) {
  mkdirp(host);
  for (const ent of fs.readdirSync(host, { withFileTypes: true })) {
    const p = path.join(host, ent.name);
    if (ent.isDirectory()) { if (!SKIP_DIRS.has(ent.name)) copyTree(p); }
    else if (ent.isFile() && !ent.name.endsWith(".pyc")) copyFile(p);
  }
}

const sysPath = [];
let scriptPath = script;
if (script !== "-c" && script !== "-") {
  scriptPath = path.resolve(script);
  const dir = path.dirname(scriptPath);
  for (const ent of fs.readdirSync(dir, { withFileTypes: true }))
    if (ent.isFile()) copyFile(path.join(dir, ent.name));
  sysPath.push(dir);
} else {
  sysPath.push("");
}
for (const p of paths) {
  const abs = path.resolve(p);
  if (!fs.existsSync(abs) || !fs.statSync(abs).isDirectory()) usage(`--path: not a directory: ${p}`);
  copyTree(abs);
  sysPath.push(abs);
}
mkdirp(process.cwd());

mp.globals.set("_rm_code", code);
mp.globals.set("_rm_file", scriptPath === "-c" ? "<string>" : scriptPath === "-" ? "<stdin>" : scriptPath);
mp.globals.set("_rm_path", JSON.stringify(sysPath));
mp.globals.set("_rm_argv", JSON.stringify([scriptPath, ...scriptArgs]));
mp.globals.set("_rm_cwd", process.cwd());

const boot = `
import sys, os, json
sys.path[:0] = json.loads(_rm_path)
sys.argv[:] = json.loads(_rm_argv)
os.chdir(_rm_cwd)
_rm_exit = 0
try:
    exec(compile(_rm_code, _rm_file, "exec"), {"__name__": "__main__", "__file__": _rm_file})
except SystemExit as e:
    _rm_exit = e.args[0] if e.args else 0
`;

let status = 0;
try {
  mp.runPython(boot);
  const ex = mp.globals.get("_rm_exit");
  if (ex === null || ex === undefined) status = 0;
  else if (typeof ex === "number") status = ex & 0xff;
  else { out.flush(); process.stderr.write(String(ex) + "\n"); status = 1; }
} catch (e) {
  out.flush();
  err.flush();
  // Drop the boot wrapper's own frame ('File "<stdin>", line N') from the traceback.
  if (e && e.name === "PythonError")
    process.stderr.write(e.message.replace(/^( {2}File "<stdin>", line \d+, in <module>\n)/m, ""));
  else process.stderr.write(`run.mjs: ${e && e.stack ? e.stack : e}\n`);
  status = 1;
}
out.flush();
err.flush();
process.exitCode = status;
