"""Files not precached: strategy tables are cached once used; catalogues are precached."""
import json
import os

import pytest

pytestmark = pytest.mark.e2e

FETCH_TEXT = "url => fetch(url).then(r => r.ok ? r.text() : 'HTTP ' + r.status, e => 'failed')"


def write(site, rel, text):
    path = os.path.join(site.root, rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


# The browser logs the refused fetch of the never-used table offline.
@pytest.mark.allow_console_errors(r"pwa-unused\.json")
def test_a_strategy_table_used_once_works_offline(visit):
    site = visit.site
    write(site, "static/strategy/pwa-used.json", '{"table": "used"}')
    write(site, "static/strategy/pwa-unused.json", '{"table": "unused"}')
    listed = {e["url"] for e in site.precache_list()["files"]}
    assert not any(u.startswith("static/strategy/") for u in listed), "tables are not precached"
    visit.open()
    visit.wait_offline_ready()
    assert visit.page.evaluate(FETCH_TEXT, "static/strategy/pwa-used.json") == '{"table": "used"}'

    visit.go_offline()
    visit.page.reload()
    visit.wait_ready()
    page = visit.page
    assert page.evaluate(FETCH_TEXT, "static/strategy/pwa-used.json") == '{"table": "used"}'
    # A table never used before is not there offline: the cache is real, not a pass-through.
    assert page.evaluate(FETCH_TEXT, "static/strategy/pwa-unused.json") == "failed"


def test_every_catalogue_is_there_offline_for_a_language_switch(visit):
    site = visit.site
    folder = os.path.join(site.root, "static", "i18n")
    catalogues = sorted(n for n in os.listdir(folder) if n.endswith(".json"))
    assert catalogues, "no catalogues in static/i18n"
    visit.open()
    visit.wait_offline_ready()
    visit.go_offline()
    visit.page.reload()
    visit.wait_ready()
    for name in catalogues:
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            expected = json.load(f)
        got = visit.page.evaluate(FETCH_TEXT, "static/i18n/" + name)
        assert json.loads(got) == expected, name


def test_the_game_as_one_file_is_never_kept_by_the_worker(visit):
    """dice-poker.html, the game as one file published beside the site (docs/offline.md),
    is a download of about 7 MB: the worker lets the network answer it and keeps no copy
    (a runtime copy would be fetched again at every update, for every player who once
    downloaded it)."""
    write(visit.site, "dice-poker.html", "<!doctype html><title>one file</title>")
    visit.open()
    visit.wait_offline_ready()
    page = visit.page
    assert page.evaluate(FETCH_TEXT, "dice-poker.html") == "<!doctype html><title>one file</title>"
    kept = page.evaluate("""() => caches.keys().then((names) => Promise.all(names.map((name) =>
        caches.open(name).then((cache) => cache.keys())))).then((lists) => lists.flat().map((r) => r.url))""")
    assert kept and not [url for url in kept if url.endswith("/dice-poker.html")]
