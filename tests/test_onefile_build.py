"""The game as one file (.ci/onefile.py, issue 43), without a browser: the build is
deterministic, holds every file of the site as it is (the PyScript chunks and
MicroPython's loader changed only as the build says), allows no network origin, is what
the Pages workflow would publish, and is as big as the rules and README say.

The browsers play it in tests/e2e/test_onefile_play.py and tests/engines/test_engines_onefile.py."""

import base64
import html.parser
import json
import re
import subprocess
import sys

import pytest

from onefile_page import BUILD, SITE, built
from paths import REPO

STAGE = REPO / ".ci" / "stage_site.py"


class Parts(html.parser.HTMLParser):
    """The import map, the files (<i data-path data-type><!--base64-->) and the CSP."""

    def __init__(self):
        super().__init__()
        self.imports, self.files, self.csp, self.site = None, {}, None, None
        self._in, self._file = None, None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "script" and attrs.get("type") == "importmap":
            self._in = "importmap"
        elif tag == "i" and "data-path" in attrs:
            self._file = (attrs["data-path"], attrs["data-type"])
            self.files[attrs["data-path"]] = (attrs["data-type"], b"")
        elif tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy":
            self.csp = attrs["content"]
        elif tag == "meta" and attrs.get("name") == "dice-poker-site":
            self.site = attrs["content"]

    def handle_data(self, data):
        if self._in == "importmap":
            self.imports = json.loads(data)["imports"]
            self._in = None

    def handle_comment(self, data):
        if self._file:
            self.files[self._file[0]] = (self._file[1], base64.b64decode(data))
            self._file = None


@pytest.fixture(scope="module")
def parts():
    found = Parts()
    found.feed(built().read_text(encoding="utf-8"))
    return found


def module_source(url):
    assert url.startswith("data:text/javascript;base64,")
    return base64.b64decode(url.split(",", 1)[1]).decode("utf-8")


def test_the_same_sources_give_the_same_bytes():
    assert BUILD["build"](str(REPO), SITE) == built().read_bytes()


def test_the_command_writes_the_file_the_pages_workflow_publishes(tmp_path):
    """As .github/workflows/pages.yml: the staged site, packed by the command; the same
    bytes as packed from the repository."""
    subprocess.run([sys.executable, str(STAGE), str(tmp_path / "_site")], check=True, capture_output=True)
    out = tmp_path / "_site" / "dice-poker.html"
    done = subprocess.run([sys.executable, str(REPO / ".ci" / "onefile.py"), "--root", str(tmp_path / "_site"),
                           "--out", str(out), "--site", SITE], capture_output=True, text=True, check=True)
    assert out.read_bytes() == built().read_bytes()
    assert "MB" in done.stdout and SITE in done.stdout


def test_every_site_file_is_in_it_as_it_is(parts):
    """What the service worker keeps (.ci/precache.py), and the strategy tables; the page
    itself and the manifest's files aside. Non-modules byte for byte; PyScript's chunks with
    their relative imports named by site path; micropython.mjs with its one edit; the
    service worker's registration empty."""
    precache = __import__("runpy").run_path(str(REPO / ".ci" / "precache.py"))
    wanted = set(precache["site_files"](str(REPO))) | {
        "static/strategy/" + p.name for p in (REPO / "static" / "strategy").iterdir()}
    wanted -= {"index.html", "manifest.webmanifest"}
    wanted = {p for p in wanted if not p.startswith("static/icons/app/")}
    modules = {key.removeprefix("./") for key in parts.imports}
    assert modules | set(parts.files) == wanted
    assert not modules & set(parts.files)
    for path, (kind, data) in parts.files.items():
        assert data == (REPO / path).read_bytes(), path
        assert kind == BUILD["content_type"](path)
    assert parts.files["static/mpy/start.bundle"][1][:2] == b"\x1f\x8b"      # as served: gzipped
    for key, url in parts.imports.items():
        path = key.removeprefix("./")
        text = module_source(url)
        source = (REPO / path).read_text(encoding="utf-8")
        if path == "static/pwa/register.min.js":
            assert text == ""
        elif path.endswith("micropython.mjs"):
            assert text == source.replace(BUILD["WASM_FROM"], BUILD["WASM_TO"]) != source
        else:
            assert not re.search(r"""(from|import)\s*\(?\s*["']\./""", text), path
            assert re.sub(r"static/vendor/pyscript/", "./", text) == source, path


def test_no_network_origin_and_every_inline_script_by_its_hash(parts):
    page = built().read_text(encoding="utf-8")
    csp = parts.csp
    assert csp.startswith("default-src 'none';")
    assert not re.search(r"'self'|https?:|\*", csp), csp
    directives = {d.split()[0]: d.split()[1:] for d in csp.split(";") if d.strip()}
    assert directives["connect-src"] == ["data:", "blob:"]
    scripts = re.findall(r"<script(?![^>]*\b(?:src|type=\"mpy\")\b)[^>]*>(.*?)</script>", page, re.S)
    assert len(scripts) == 3            # the import map, the loader, boot.js
    assert sorted(w for w in directives["script-src"] if w.startswith("'sha256-")) == sorted(
        BUILD["_csp_hash"](text) for text in scripts)
    assert parts.site == SITE
    assert 'rel="manifest"' not in page and 'src="./static/icons/' not in page


def test_the_size_the_rules_and_readme_state_is_true():
    """"about N MB" (10^6 bytes), rounded: the rules page of every language and README."""
    size = round(built().stat().st_size / 1e6)
    texts = {lang: (REPO / "static" / "i18n" / ("rules.%s.html" % lang)).read_text(encoding="utf-8")
             for lang in ("en", "lt", "be", "sk")}
    texts["README.md"] = (REPO / "README.md").read_text(encoding="utf-8")
    for where, text in texts.items():
        part = re.search(r'id="rules-onefile".*?</p>' if where != "README.md"
                         else r"\*\*The game as one file\*\*.*?(?=\n- |\n\n)", text, re.S)
        assert part, "%s: no offer of the file" % where
        stated = re.findall(r"(\d+)\s*(?:MB|МБ)", part.group(0))
        assert stated == [str(size)], "%s says %s MB; the file is %.2f MB" % (
            where, stated, built().stat().st_size / 1e6)


@pytest.mark.parametrize("remote, site", [
    ("https://github.com/Ann/dice-poker.git", "https://ann.github.io/dice-poker/"),
    ("git@github.com:Ann/dice-poker", "https://ann.github.io/dice-poker/"),
    ("https://github.com/Ann/ann.github.io", "https://ann.github.io/"),
    ("https://gitlab.com/Ann/dice-poker.git", None),
])
def test_links_lead_by_default_to_the_pages_site_of_the_origin_remote(tmp_path, remote, site):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run(["git", "-C", str(tmp_path), "remote", "add", "origin", remote], check=True)
    assert BUILD["default_site"](str(tmp_path)) == site
