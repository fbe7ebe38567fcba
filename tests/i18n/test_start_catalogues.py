"""The start part of each catalogue (static/i18n/start/, .ci/start_catalogues.py).

Page start fetches only these; the rest comes before a hint, the review, the
save and load dialog or a saved game's error is drawn.  A start part must be
fresh (generated from the catalogue the translators edit), hold every key the
markup is translated with at start and every "could not be loaded" message,
and leave out the groups it exists to leave out.
"""

import json
import runpy
import shutil

import pytest

from mpyrun import REPO
from ui.language.i18n import plural_category

TOOL = runpy.run_path(str(REPO / ".ci" / "start_catalogues.py"))
LANGS = TOOL["LANGUAGES"]


def _load(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_committed_start_parts_are_fresh():
    assert TOOL["differences"](str(REPO)) == [], "run: python3 .ci/refresh_site.py"


@pytest.mark.parametrize("lang", LANGS)
def test_a_start_part_is_the_catalogue_without_the_later_groups(lang):
    whole = _load(REPO / "static" / "i18n" / (lang + ".json"))
    start = _load(REPO / "static" / "i18n" / "start" / (lang + ".json"))
    setup = _load(REPO / "static" / "i18n" / "start" / (lang + ".setup.json"))
    for part in (start, setup):        # made by the tool, not a translated message
        del part[TOOL["PLURALS_KEY"]]
    assert all(whole[k] == v for k, v in start.items()), "a start message differs from the catalogue"
    setup_only = set(TOOL["SETUP_ONLY"])
    for key in TOOL["markup_keys"](str(REPO)) | set(TOOL["START_KEEP"]):
        assert key in setup, key
        assert (key in start) == (key not in setup_only), key
    # the setup screen's part is a link's and the setup form's words, nothing else
    assert setup == dict(start, **{k: whole[k] for k in setup_only if k in whole})
    assert setup_only <= set(whole) and not setup_only & set(start)
    later = set(whole) - set(start) - setup_only
    file_only = TOOL["file_only_keys"](str(REPO))
    assert later and all(k.startswith(TOOL["LATER_PREFIXES"]) or k in file_only for k in later), later
    # the page opened as a file cannot fetch a catalogue: its words are never in one
    assert file_only == {"boot.failed_file"} and not file_only & set(setup)
    # what it is for: the hint's and the save dialog's sentences wait, and
    # so does the markup of the dialogs that open after the rest is added
    for key in ("hint.best_hold", "transfer.exported", "import_error.not_json", "_about",
                "transfer.title", "transfer.game_help", "review.title", "hint.more", "end.title",
                "end.winner", "confirm.import_text", "notice.bad_save"):
        if key in whole:
            assert key not in start, key
    assert len(json.dumps(start, ensure_ascii=False)) < 0.6 * len(json.dumps(whole, ensure_ascii=False))


@pytest.mark.parametrize("lang", LANGS)
def test_a_start_part_names_the_plural_form_of_each_count_the_first_screen_shows(lang):
    """boot.js words "2 rolls left" before Python with the form named here: Python's rule."""
    whole = _load(REPO / "static" / "i18n" / (lang + ".json"))
    for name in (lang + ".json", lang + ".setup.json"):
        named = _load(REPO / "static" / "i18n" / "start" / name)[TOOL["PLURALS_KEY"]]
        assert named == [plural_category(lang, n) for n in range(4)]
        assert set(named[1:]) <= set(whole["roll.left"]), "a form roll.left does not give"


def test_markup_keys_leave_out_only_the_later_elements():
    keys = TOOL["markup_keys"](str(REPO))
    assert {"update.reload", "hint.button", "transfer.open", "end.show", "game.undo",
            "rules.open", "scores.open"} <= keys
    assert not keys & {"transfer.title", "transfer.export_game", "review.title", "hint.more",
                       "hint.list_label", "end.title", "end.play_again", "review.open",
                       "scores.title", "rules.title", "dialog.close"}


def test_an_edited_catalogue_makes_its_start_part_stale(tmp_path):
    root = tmp_path / "site"
    (root / "static").mkdir(parents=True)
    shutil.copytree(REPO / "static" / "i18n", root / "static" / "i18n")
    shutil.copy(REPO / "index.html", root / "index.html")
    assert TOOL["differences"](str(root)) == []
    catalogue = root / "static" / "i18n" / "lt.json"
    messages = _load(catalogue)
    messages["roll.button"] = "Mesk!"
    catalogue.write_text(json.dumps(messages, ensure_ascii=False), encoding="utf-8")
    (root / "static" / "i18n" / "start" / "sk.json").unlink()
    assert TOOL["differences"](str(root)) == ["stale static/i18n/start/lt.json",
                                              "stale static/i18n/start/lt.setup.json",
                                              "missing static/i18n/start/sk.json"]
    assert TOOL["main"](["--root", str(root)]) == 0
    assert TOOL["differences"](str(root)) == []
    assert _load(root / "static" / "i18n" / "start" / "lt.json")["roll.button"] == "Mesk!"
