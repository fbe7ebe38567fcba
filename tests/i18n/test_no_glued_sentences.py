"""Every sentence a player reads is one whole catalogue message (issue 47, point 9).

No name glued to a fragment, in all four catalogues:

- no English possessive made of a placeholder (``"{name}'s turn"``: "You's turn");
- a computer's turn is one sentence per level, never "Robo is playing" beside the
  seat's label "Computer: good";
- today's nameless player (``dicepoker.seats.YOU``) has second-person messages of its
  own (``*_you``), and a named player's solo result is not "You scored";
- what is shown whoever plays (the card's legend, the review of several people's
  decisions) addresses nobody as "you";
- a message about a named player refers back to the name with no gendered (or, in
  English, "their") pronoun;
- the rule set Yahtzee calls its box and bonus by their own name.

The controller's choice among these messages is tested in
tests/control/test_control_sentences.py.
"""

import json
import re

import pytest

from paths import REPO

I18N = REPO / "static" / "i18n"
LANGS = ("en", "lt", "be", "sk")
COMPUTER_LEVELS = ("optimal", "good", "beginner", "to_win")   # dicepoker.seats


def load(lang):
    return json.loads((I18N / ("%s.json" % lang)).read_text(encoding="utf-8"))


def texts(catalogue):
    for key in sorted(catalogue):
        if key.startswith("_"):
            continue
        value = catalogue[key]
        for text in (value.values() if isinstance(value, dict) else [value]):
            yield key, text


def placeholders(text):
    return set(re.findall(r"\{([^{}]*)\}", text))


@pytest.fixture(scope="module", params=LANGS)
def lang(request):
    return request.param


@pytest.fixture(scope="module")
def catalogue(lang):
    return load(lang)


def test_no_english_possessive_is_glued_to_a_placeholder():
    """"{name}'s turn" reads "You's turn" for today's player: a name takes no ending."""
    glued = ["%s: %r" % (key, text) for key, text in texts(load("en"))
             if re.search(r"\{\w+\}['\u2019]s?\b", text)]
    assert not glued, "possessives glued to a placeholder:\n  " + "\n  ".join(glued)


def test_a_computers_turn_is_one_sentence_per_level(lang, catalogue):
    """``computer.turn_<level>`` names the computer and its level in one sentence (the
    tray once put "Robo is playing" beside the seat's label "Computer: good")."""
    problems = []
    for level in COMPUTER_LEVELS:
        key = "computer.turn_" + level
        text = catalogue.get(key)
        if not isinstance(text, str):
            problems.append("missing: " + key)
            continue
        if placeholders(text) != {"name"}:
            problems.append("%s: %r needs {name} and nothing else" % (key, text))
        if catalogue["seat." + level] in text:
            problems.append("%s: %r has the seat's label %r in it"
                            % (key, text, catalogue["seat." + level]))
    if "computer.turn" in catalogue:
        problems.append("computer.turn: a turn without its level is a fragment")
    assert not problems, "\n".join(problems)


# The messages a game says about the player on turn; today's nameless player gets
# ``<key>_you`` instead ("Your turn", not "You's turn", "Ходзіць Вы", "Žaidžia Jūs").
ABOUT_A_PLAYER = ("turn.label", "announce.next", "announce.scored", "announce.undone",
                  "players.chip_current")


def test_todays_player_has_second_person_messages(lang, catalogue):
    problems = []
    for key in ABOUT_A_PLAYER:
        you = catalogue.get(key + "_you")
        if not isinstance(you, str):
            problems.append("missing: %s_you" % key)
            continue
        if "name" in placeholders(you):
            problems.append("%s_you: %r must not take a name" % (key, you))
        if placeholders(you) != placeholders(catalogue[key]) - {"name"}:
            problems.append("%s_you: placeholders %s, %s has %s" % (
                key, sorted(placeholders(you)), key, sorted(placeholders(catalogue[key]))))
    solo = catalogue.get("end.winner_solo_named")
    if not isinstance(solo, str) or "name" not in placeholders(solo) \
            or "points" not in placeholders(solo):
        problems.append("end.winner_solo_named: a named solo player's result (not "
                        "'You scored' above the name) needs {name} and {points}")
    assert not problems, "\n".join(problems)


# Words that address the reader, by language (lower case, whole words).
SECOND_PERSON = {
    "en": ("you", "your", "yours", "my"),
    "lt": ("jūs", "jūsų", "jums", "galite", "savo"),
    "be": ("вы", "ваш", "ваша", "вашы", "вам", "можаце", "свае"),
    "sk": ("vy", "váš", "vaše", "vaša", "vám", "môžete", "svoje"),
}
# Shown whoever plays: the card's legend at a computer's turn, the review of a game
# two people played on one phone ("Your decisions", "You: Keep 3 3" for both).
ADDRESS_NOBODY = ("card.legend_open", "review.open", "review.title", "review.intro",
                  "review.chosen", "review.where_named")


def test_what_anyone_may_be_shown_addresses_nobody(lang, catalogue):
    problems = []
    for key in ADDRESS_NOBODY:
        text = catalogue.get(key)
        if not isinstance(text, str):
            problems.append("missing: " + key)
            continue
        words = set(re.findall(r"\w+", re.sub(r"\{[^{}]*\}", " ", text).lower()))
        found = sorted(words & set(SECOND_PERSON[lang]))
        if found:
            problems.append("%s: %r says %s" % (key, text, found))
    assert not problems, "\n".join(problems)


# Pronouns that would give a named player a gender (or, in English, the "their" of
# "Ann plays on their own phone"): a message names the player and says no more.
PERSONAL_PRONOUNS = {
    "en": r"\b(he|she|his|her|him|they|them|their|theirs)\b",
    "lt": r"(?<!\w)(jis|jo paties|jos pačios)(?!\w)",
    "be": r"(?<!\w)(ён|яго ўласн\w*|яе ўласн\w*)(?!\w)",
    "sk": r"(?<!\w)(on|ona|jeho vlastn\w*|jej vlastn\w*)(?!\w)",
}


def test_a_named_player_gets_no_pronoun(lang, catalogue):
    problems = ["%s: %r" % (key, text) for key, text in texts(catalogue)
                if placeholders(text) & {"name", "names"}
                and re.search(PERSONAL_PRONOUNS[lang], text, re.IGNORECASE)]
    assert not problems, "pronouns for a named player:\n  " + "\n  ".join(problems)


def test_yahtzee_calls_its_box_and_bonus_by_their_own_name(lang, catalogue):
    problems = []
    for key, poker in (("box.yahtzee", "box.poker"), ("card.yahtzee_bonus", "card.poker_bonus"),
                       ("bonus.yahtzee", "bonus.poker"), ("joker.bonus_yahtzee", "joker.bonus")):
        text = catalogue.get(key)
        if not isinstance(text, str):
            problems.append("missing: " + key)
        elif text == catalogue[poker]:
            problems.append("%s: %r is the dice poker name" % (key, text))
    assert not problems, "\n".join(problems)
