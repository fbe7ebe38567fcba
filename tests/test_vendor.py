"""The vendored runtime is intact, pinned, and every page uses it (no CDN).

Static checks, no browser: fast guards against a page or config that would
make PyScript fetch MicroPython (or anything else) from a CDN.
"""

import hashlib
import json
import re
import tomllib

import pytest

from harness import REPO

VENDOR = REPO / "static" / "vendor"
PINS = {
    "@pyscript/core": "0.7.31",
    "@micropython/micropython-webassembly-pyscript": "1.28.0-6",
}
SKIP_DIRS = {"node_modules", "test-artifacts", ".git", "test-results", ".pytest_cache"}


def _versions_rows():
    rows = []
    for line in (VENDOR / "VERSIONS.txt").read_text().splitlines():
        parts = line.split()
        if len(parts) == 4 and not line.startswith("#"):
            rows.append(parts)
    return rows


def test_package_json_pins_exact_versions():
    pkg = json.loads((REPO / "package.json").read_text())
    assert pkg["dependencies"] == PINS
    lock = json.loads((REPO / "package-lock.json").read_text())
    for name, version in PINS.items():
        assert lock["packages"][f"node_modules/{name}"]["version"] == version


def test_vendored_files_match_versions_txt():
    rows = _versions_rows()
    assert rows, "VERSIONS.txt lists no files"
    listed = set()
    for rel, size, sha, origin in rows:
        f = VENDOR / rel
        data = f.read_bytes()
        assert len(data) == int(size), rel
        assert hashlib.sha256(data).hexdigest() == sha, f"{rel} differs from VERSIONS.txt: re-run `npm run vendor`"
        name, version = origin.rsplit("@", 1)
        assert PINS[name] == version
        listed.add(rel)
    on_disk = {
        p.relative_to(VENDOR).as_posix()
        for p in VENDOR.rglob("*")
        if p.is_file() and p.name not in ("VERSIONS.txt", "LICENSE")
    }
    assert on_disk == listed, "static/vendor/ has files VERSIONS.txt doesn't list (or vice versa)"


def test_vendored_chunks_import_only_vendored_files():
    pys = VENDOR / "pyscript"
    static_re = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")
    for js in pys.glob("*.js"):
        for rel in static_re.findall(js.read_text()):
            assert (pys / rel).exists(), f"{js.name} imports {rel}, which is not vendored"


def _pages():
    for html in REPO.rglob("*.html"):
        if SKIP_DIRS & set(html.relative_to(REPO).parts):
            continue
        text = html.read_text(encoding="utf-8", errors="replace")
        if re.search(r"""<script[^>]*type=["']mpy["']""", text) or "<mpy-config" in text:
            yield html, text


PAGES = sorted(_pages())


def _assert_vendored(html, url, vendored):
    """`url` (relative to the page) must be static/vendor/<vendored>. Pages under
    tests/ may be fixtures that are copied into a staged site before use, so
    for them only the shape of the URL is checked."""
    assert url.startswith(("./", "../")), f"{url}: keep it relative, so sub-paths work"
    assert url.endswith("static/vendor/" + vendored), f"{url}: not the vendored {vendored}"
    if html.relative_to(REPO).parts[0] != "tests" or html.parent.name == "bare":
        assert (html.parent / url).resolve() == (VENDOR / vendored).resolve(), url


def test_bare_page_is_found():
    assert any(p.relative_to(REPO).as_posix() == "tests/fixtures/bare/index.html" for p, _ in PAGES)


@pytest.mark.parametrize("html,text", PAGES, ids=[p.relative_to(REPO).as_posix() for p, _ in PAGES])
def test_page_uses_the_vendored_runtime(html, text):
    page_dir = html.parent
    # No external script/style/link at all.
    for url in re.findall(r"""<(?:script|link)[^>]*(?:src|href)=["']([^"']+)["']""", text):
        assert not re.match(r"^(?:[a-z]+:)?//", url, re.I), f"external URL in {html.name}: {url}"
    # core.js from static/vendor (the game's page: started by boot.js once painted).
    cores = re.findall(r"""<script[^>]*src=["']([^"']*core\.js)["']""", text)
    if html == REPO / "index.html":
        assert not cores, "index.html: boot.js starts core.js after the first paint"
        boot = (REPO / "static" / "js" / "boot.js").read_text()
        assert 'v = "./static/vendor/"' in boot and 'v + "pyscript/core.js"' in boot
        cores = ["./static/vendor/pyscript/core.js"]
    assert cores, "no PyScript core.js script"
    for src in cores:
        _assert_vendored(html, src, "pyscript/core.js")
    # Every mpy config sets `interpreter` to the vendored MicroPython,
    # resolved against the PAGE (that is how PyScript resolves it).
    configs = set(re.findall(r"""<script[^>]*type=["']mpy["'][^>]*config=["']([^"']+)["']""", text))
    configs |= set(re.findall(r"""<mpy-config[^>]*src=["']([^"']+)["']""", text))
    assert configs, f"{html.name}: an mpy script without config would load MicroPython from a CDN"
    for cfg in configs:
        conf = tomllib.loads((page_dir / cfg).read_text())
        interp = conf.get("interpreter")
        assert interp, f"{cfg}: no `interpreter`: PyScript would import MicroPython from a CDN"
        _assert_vendored(html, interp, "micropython/micropython.mjs")
        assert not conf.get("packages"), f"{cfg}: `packages` makes PyScript's mip fetch from the network"
        assert not conf.get("debug"), f"{cfg}: `debug = true` needs micropython-settrace.wasm (not vendored)"
