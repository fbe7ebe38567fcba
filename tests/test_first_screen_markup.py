"""The game's first screen before Python (index.html's card, boot.js's dice) says what
the engine and the catalogue say: the default rules' boxes, in order, named as in
English, and as many dice as the rules throw.  (What it looks like, and that Python
takes it over without a shift: tests/e2e/test_first_paint.py.)"""

import json
import re

from paths import REPO

from dicepoker.rules import DEFAULT_RULESET, DICE_COUNT, get_ruleset

HTML = (REPO / "index.html").read_text(encoding="utf-8")
EN = json.loads((REPO / "static" / "i18n" / "en.json").read_text(encoding="utf-8"))


def _rows(tbody_id):
    body = re.search(r'<tbody id="%s">(.*?)</tbody>' % tbody_id, HTML, re.S).group(1)
    return re.findall(r'<tr><th class="box-col" data-i18n="box\.([a-z_]+)">([^<]*)</th><td></td></tr>', body)


def test_the_first_card_has_the_default_rules_boxes_named_in_english():
    rules = get_ruleset(DEFAULT_RULESET)
    for tbody_id, boxes in (("card-upper", rules.upper_boxes), ("card-lower", rules.lower_boxes)):
        rows = _rows(tbody_id)
        assert [box for box, _ in rows] == list(boxes), tbody_id
        assert all(EN["box." + box] == name for box, name in rows), rows


def test_boot_copies_the_die_to_as_many_as_the_rules_throw():
    boot = (REPO / "static" / "js" / "boot.js").read_text(encoding="utf-8")
    assert int(re.search(r"var DICE = (\d+);", boot).group(1)) == DICE_COUNT
    assert HTML.count('class="die"') == 1       # the others are its copies


def test_boot_reads_a_friends_links_rules_where_the_link_form_writes_them():
    """boot.js's RULESETS and byte are dicepoker.link_form's: the rule set's number in
    the high 4 bits of the byte after the version and the game's id, the players less
    one in its low 4 bits (the score pad's columns)."""
    from dicepoker import link_form
    boot = (REPO / "static" / "js" / "boot.js").read_text(encoding="utf-8")
    listed = json.loads(re.search(r"var RULESETS = (\[[^\]]*\]);", boot).group(1))
    assert listed == list(link_form.RULESETS)
    assert ".charCodeAt(%d) : -1" % (1 + link_form.ID_BYTES) in boot
    assert "rules = RULESETS[byte >> 4]; players = (byte & 15) + 1;" in boot
    assert link_form.PREFIX == "play=" and "/^#play=(" in boot
    names = ["Ann", "Ben", "Cy"]
    shared = link_form.Shared(bytes(range(6)), "yahtzee", names, ["human", "remote", "human"])
    byte = shared.to_bytes()[1 + link_form.ID_BYTES]
    assert byte >> 4 == listed.index("yahtzee") and (byte & 15) + 1 == len(names)
