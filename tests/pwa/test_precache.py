"""The precache list (.ci/precache.py), the manifest, the icons, the staging."""
import json
import os
import struct
import subprocess
import sys

import pytest

from pwa_support import REPO, regenerate_precache

sys.path.insert(0, os.path.join(REPO, ".ci"))
import stage_site  # noqa: E402

PRECACHE = os.path.join(REPO, ".ci", "precache.py")


def check(root):
    return subprocess.run([sys.executable, PRECACHE, "--check", "--root", root],
                          capture_output=True, text=True)


def listed(root):
    with open(os.path.join(root, "static", "pwa", "precache.json"), encoding="utf-8") as f:
        return json.load(f)


@pytest.fixture
def copy(tmp_path):
    root = str(tmp_path / "site")
    stage_site.stage(root)
    return root


def test_the_committed_precache_list_is_current():
    result = check(REPO)
    assert result.returncode == 0, (result.stderr + "\nrun: python3 .ci/refresh_site.py")


def test_a_changed_file_makes_the_list_stale_and_gives_a_new_version(copy):
    before = regenerate_precache(copy)  # independent of the repo's own list
    assert check(copy).returncode == 0
    with open(os.path.join(copy, "static", "css", "later.min.css"), "a", encoding="utf-8") as f:
        f.write("\n/* a new deploy */\n")
    result = check(copy)
    assert result.returncode == 1 and "stale" in result.stderr
    after = regenerate_precache(copy)
    assert after != before
    assert check(copy).returncode == 0
    with open(os.path.join(copy, "sw.js"), encoding="utf-8") as f:
        assert 'const VERSION = "%s";' % after in f.read()
    # Same content, same version: the name is derived from content only.
    assert regenerate_precache(copy) == after


def test_the_list_holds_what_the_game_needs_and_nothing_else():
    files = {e["url"]: e for e in listed(REPO)["files"]}
    import tomllib
    with open(os.path.join(REPO, "pyscript.toml"), "rb") as f:
        config = tomllib.load(f)
    for key in config.get("files", {}):   # none now: the start modules come in start.bundle
        assert key[2:] in files, key
    must = ["index.html", "pyscript.toml", "manifest.webmanifest", "py/main.py",
            "static/pwa/register.min.js", "static/vendor/pyscript/core.js",
            "static/vendor/pyscript/core.css", "static/vendor/micropython/micropython.mjs",
            "static/vendor/micropython/micropython.wasm", "static/icons/app/icon-192.png",
            "static/icons/app/maskable-512.png", "static/i18n/en.json", "static/css/later.min.css",
            "static/mpy/start.bundle"]
    for url in must:
        assert url in files, url
    for lang in ("en", "lt", "be", "sk"):
        assert "static/i18n/%s.json" % lang in files, "every catalogue, for offline switching"
    for url in files:
        assert not url.startswith(("tests/", ".ci/", "node_modules/", "static/strategy/")), url
        assert "/tests/" not in url and url not in ("sw.js", "static/pwa/precache.json"), url
    for url, entry in files.items():
        with open(os.path.join(REPO, url), "rb") as f:
            assert len(f.read()) == entry["bytes"], url


def test_sources_with_a_minified_sibling_are_not_precached(copy):
    """The page loads later.min.css, register.min.js and holds app.css, setup.css and
    boot.js inlined (.ci/minify.py); their readable sources would only double the
    worker's download."""
    pairs = [("static/css/later.css", "static/css/later.min.css"),
             ("static/pwa/register.js", "static/pwa/register.min.js")]
    regenerate_precache(copy)
    for root in (REPO, copy):      # the committed list, and one made now
        urls = {e["url"] for e in listed(root)["files"]}
        for source, minified in pairs:
            assert os.path.isfile(os.path.join(root, source)), source
            assert source not in urls, "%s: the page never requests it" % source
            assert minified in urls, minified
        for source in ("static/css/app.css", "static/css/setup.css", "static/js/boot.js"):  # inlined
            assert os.path.isfile(os.path.join(root, source)) and source not in urls, source
    # The rule follows the files, not a list: a source alone is precached, a
    # new NAME.min.EXT beside it drops NAME.EXT, and a source the page itself
    # references stays listed.
    css = os.path.join(copy, "static", "css")
    with open(os.path.join(css, "extra.css"), "w", encoding="utf-8") as f:
        f.write("p { color: red; }\n")
    regenerate_precache(copy)
    assert "static/css/extra.css" in {e["url"] for e in listed(copy)["files"]}
    with open(os.path.join(css, "extra.min.css"), "w", encoding="utf-8") as f:
        f.write("p{color:red}")
    regenerate_precache(copy)
    urls = {e["url"] for e in listed(copy)["files"]}
    assert "static/css/extra.min.css" in urls and "static/css/extra.css" not in urls
    with open(os.path.join(copy, "index.html"), encoding="utf-8") as f:
        page = f.read()
    with open(os.path.join(copy, "index.html"), "w", encoding="utf-8") as f:
        f.write(page.replace("</head>", '<link rel="stylesheet" href="./static/css/extra.css"></head>'))
    regenerate_precache(copy)
    urls = {e["url"] for e in listed(copy)["files"]}
    assert "static/css/extra.css" in urls, "referenced by the page: listed"


def test_a_missing_referenced_file_is_an_error(copy):
    os.remove(os.path.join(copy, "static", "icons", "icon.svg"))   # index.html's icon
    result = check(copy)
    assert result.returncode == 2 and "static/icons/icon.svg" in result.stderr


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    assert head[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", head[16:24])


def test_the_manifest_names_the_app_and_its_icons():
    with open(os.path.join(REPO, "manifest.webmanifest"), encoding="utf-8") as f:
        manifest = json.load(f)
    assert manifest["name"] == manifest["short_name"] == "Dice Poker"
    assert manifest["start_url"] == manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["theme_color"].startswith("#") and manifest["background_color"].startswith("#")
    seen = set()
    for icon in manifest["icons"]:
        assert not icon["src"].startswith("/"), "relative, for any sub-path"
        width, height = png_size(os.path.join(REPO, icon["src"]))
        assert icon["sizes"] == "%dx%d" % (width, height)
        seen.add((icon["sizes"], icon["purpose"]))
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= seen


def test_staging_publishes_the_site_only(tmp_path):
    root = stage_site.stage(str(tmp_path / "site"))
    top = set(os.listdir(root))
    assert top == {"index.html", "pyscript.toml", "sw.js", "manifest.webmanifest", "py", "static"}
    for folder, dirs, names in os.walk(root):
        assert "tests" not in dirs and "__pycache__" not in dirs, folder
