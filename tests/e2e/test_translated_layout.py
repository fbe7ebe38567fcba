"""Translators' layout reports, checked in every language on a phone.

- The rules table split words mid-word ("Lang|elis"): every word of it must
  sit on one line, and the table must fit the dialog, at 320 and 360 px.
- The default player name stayed "Player 1" after switching the language on
  the setup screen: unedited default names follow the language, edited ones
  are kept.
"""

import json

import pytest

from mpyrun import REPO
from click_point import click
from waits import wait_for

LANGS = ["en", "lt", "be", "sk"]

# Every word (split at spaces and at hyphens, where a break is legitimate) of
# the rules tables: the ones drawn on more than one line box.
SPLIT_WORDS = r"""
() => {
  const split = [];
  for (const table of document.querySelectorAll('#rules-body table')) {
    const walker = document.createTreeWalker(table, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const re = /[^\s\-\u2010\u2011\u2013\u2014\/]+/g;
      let m;
      while ((m = re.exec(node.data))) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        if (tops.size > 1) split.push(m[0]);
      }
    }
  }
  return split;
}
"""


def catalogue(lang):
    with open(REPO / "static" / "i18n" / ("%s.json" % lang), encoding="utf-8") as f:
        return json.load(f)


def phone(new_context, width, lang):
    context = new_context(viewport={"width": width, "height": 740}, has_touch=True,
                          is_mobile=True, device_scale_factor=2)
    context.add_init_script("try { localStorage.setItem('dicepoker.lang', '%s'); } catch (e) {}" % lang)
    return context.new_page()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [320, 360])
def test_rules_table_keeps_words_whole_and_fits(new_context, site_url, goto_ready, width, lang):
    page = phone(new_context, width, lang)
    goto_ready(page, site_url, state="setup")
    click(page, "#open-rules")
    wait_for(page, "#rules-body table", state="attached")
    assert page.evaluate("document.querySelectorAll('#rules-body table td').length") > 10
    assert page.evaluate(SPLIT_WORDS) == []
    fits = page.evaluate("(() => { const b = document.getElementById('rules-body');"
                         " return b.scrollWidth <= b.clientWidth; })()")
    assert fits, "the rules table is wider than the dialog"


def test_default_names_follow_the_language_edited_names_stay(page, site_url, goto_ready):
    goto_ready(page, site_url, state="setup")
    click(page, "#add-player")
    click(page, "#add-player")
    page.fill("#player-name-2", "Ona")
    english = catalogue("en")["setup.default_name"]
    assert page.input_value("#player-name-1") == english.format(number=1)
    for lang in ("lt", "be", "sk", "en"):
        page.select_option("#lang", lang)
        default = catalogue(lang)["setup.default_name"]
        page.wait_for_function("document.getElementById('player-name-1').value === %s"
                               % json.dumps(default.format(number=1)))
        assert page.input_value("#player-name-3") == default.format(number=3)
        assert page.input_value("#player-name-2") == "Ona"
    # removing a row renumbers the defaults that are left, not the edited name
    click(page, '#setup-players li:nth-child(1) .remove-player')
    names = page.eval_on_selector_all("#setup-players .player-name", "els => els.map(e => e.value)")
    assert names == ["Ona", english.format(number=2)]
