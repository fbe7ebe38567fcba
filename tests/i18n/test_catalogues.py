"""The Lithuanian, Belarusian and Slovak catalogues and rules pages.

English (``static/i18n/en.json``, ``rules.en.html``) is the reference: every
other catalogue must carry exactly its keys, the same placeholders, the
language's own plural categories, and a rules page with the same skeleton.
On top of that, the translations must follow ``/work/shared/GLOSSARY.md``:
glossary box names, Belarusian official orthography, and none of the
machine-translation slips of the seed texts.

Every check collects *all* offending keys before failing, so one run tells a
translator everything to fix.
"""

import importlib.util
import json
import re
from html.parser import HTMLParser

import pytest

from paths import REPO
from plurals import categories

ROOT = REPO
I18N = ROOT / "static" / "i18n"
LANGS = ("lt", "be", "sk")


def _load_i18n_module():
    """``py/ui/language/i18n.py`` by path: it is pure Python, the package ``ui`` is not."""
    spec = importlib.util.spec_from_file_location("dicepoker_ui_i18n", ROOT / "py" / "ui" / "language" / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


I18N_MODULE = _load_i18n_module()
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")


def load(lang):
    return json.loads((I18N / ("%s.json" % lang)).read_text(encoding="utf-8"))


ENGLISH = load("en")


def shown_keys(catalogue):
    """Keys a player sees (``_`` keys are notes for translators)."""
    return {key for key in catalogue if not key.startswith("_")}


def forms(value):
    """The texts of a message: one string, or each form of a plural."""
    return list(value.values()) if isinstance(value, dict) else [value]


def texts(catalogue):
    """(key, text) for every shown text, plural forms included."""
    out = []
    for key in sorted(shown_keys(catalogue)):
        value = catalogue[key]
        if isinstance(value, dict):
            out.extend(("%s[%s]" % (key, cat), text) for cat, text in sorted(value.items()))
        else:
            out.append((key, value))
    return out


def placeholders(text):
    return set(PLACEHOLDER.findall(text)) if isinstance(text, str) else set()


def report(title, problems):
    return "%s (%d):\n  %s" % (title, len(problems), "\n  ".join(problems))


@pytest.fixture(scope="module", params=LANGS)
def lang(request):
    return request.param


@pytest.fixture(scope="module")
def catalogue(lang):
    return load(lang)


# ------------------------------------------------------------- structure

def test_catalogue_is_a_json_object_of_strings_and_plurals(lang):
    path = I18N / ("%s.json" % lang)
    assert path.exists(), "missing catalogue %s" % path
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except ValueError as err:
        pytest.fail("%s is not valid JSON: %s" % (path.name, err))
    assert isinstance(data, dict), "%s must hold one JSON object" % path.name
    bad = ["%s: %r" % (key, value) for key, value in data.items()
           if not (isinstance(value, str) and value.strip())
           and not (isinstance(value, dict) and value
                    and all(isinstance(v, str) and v.strip() for v in value.values()))]
    assert not bad, report("%s: values that are neither a non-empty text nor a plural" % lang, bad)


def test_catalogue_has_exactly_the_english_keys(lang, catalogue):
    missing = sorted(shown_keys(ENGLISH) - shown_keys(catalogue))
    extra = sorted(shown_keys(catalogue) - shown_keys(ENGLISH))
    problems = ["missing: " + key for key in missing] + ["not in en.json: " + key for key in extra]
    assert not problems, report("%s.json keys differ from en.json" % lang, problems)
    assert catalogue.get("_language_name"), "%s.json needs _language_name" % lang


def test_plurals_use_exactly_the_languages_categories(lang, catalogue):
    wanted = set(categories(lang))
    problems = []
    for key in sorted(shown_keys(ENGLISH) & shown_keys(catalogue)):
        english, value = ENGLISH[key], catalogue[key]
        if isinstance(english, dict) != isinstance(value, dict):
            problems.append("%s: %s in English, %s here" % (
                key, "plural" if isinstance(english, dict) else "text",
                "plural" if isinstance(value, dict) else "text"))
        elif isinstance(value, dict) and set(value) != wanted:
            problems.append("%s: has %s, needs %s" % (key, sorted(value), sorted(wanted)))
    assert not problems, report("%s.json plural problems" % lang, problems)


def test_placeholders_match_english(lang, catalogue):
    """Same names as English; a plural's ``one`` form may spell its number out."""
    problems = []
    for key in sorted(shown_keys(ENGLISH) & shown_keys(catalogue)):
        english = set()
        for text in forms(ENGLISH[key]):
            english |= placeholders(text)
        value = catalogue[key]
        if not isinstance(value, dict):
            found = placeholders(value)
            if found != english:
                problems.append("%s: %s, English has %s" % (key, sorted(found), sorted(english)))
            continue
        for category, text in sorted(value.items()):
            found = placeholders(text)
            required = english - {"count"} if category == "one" else english
            if not required <= found or not found <= english:
                problems.append("%s[%s]: %s, English has %s" % (key, category, sorted(found), sorted(english)))
    assert not problems, report("%s.json placeholder mismatches" % lang, problems)


def test_plurals_fill_for_every_count_a_game_shows(lang, catalogue):
    """Each number 0..400 picks a form that exists and leaves no placeholder open."""
    cat = I18N_MODULE.Catalogue(lang, catalogue)
    problems = []
    for key in sorted(k for k in shown_keys(catalogue) if isinstance(catalogue[k], dict)):
        params = {}
        for text in forms(ENGLISH.get(key, {})):
            params.update((name, "x") for name in placeholders(text))
        for n in range(0, 401):
            params["count"] = n
            text = cat.t(key, **params)
            if "{" in text or not text.strip():
                problems.append("%s with count=%d: %r" % (key, n, text))
                break
    assert not problems, report("%s.json plurals that do not fill" % lang, problems)


LANGUAGE_NEUTRAL = re.compile(r"^[\s\d{}a-z_.:·−+\-]*$")
SAME_AS_ENGLISH_OK = {
    "lt": {"ruleset.yahtzee", "box.yahtzee"},
    "be": {"ruleset.yahtzee", "box.yahtzee"},
    "sk": {"ruleset.yahtzee", "box.yahtzee", "card.upper_bonus", "box.full_house",
           "stats.daily_par"},     # Slovak golf says "par" too ("pod par", "nad par")
}


def test_every_text_is_translated(lang, catalogue):
    """A text equal to the English one is a forgotten key (unless it has no words)."""
    same = [key for key in sorted(shown_keys(ENGLISH) & shown_keys(catalogue))
            if catalogue[key] == ENGLISH[key] and key not in SAME_AS_ENGLISH_OK[lang]
            and key != "rules.file"
            and not all(LANGUAGE_NEUTRAL.match(t) for t in forms(ENGLISH[key]))]
    assert not same, report("%s.json texts still in English" % lang, same)


def test_rules_file_names_the_languages_own_page(lang, catalogue):
    assert catalogue.get("rules.file") == "rules.%s.html" % lang
    assert (I18N / catalogue["rules.file"]).exists()


# ------------------------------------------------------------- glossary

# Box names: the glossary's recommended form first, then its accepted alternatives.
GLOSSARY_BOXES = {
    "lt": {
        "ones": ["Vienetai"], "twos": ["Dvejetai"], "threes": ["Trejetai"],
        "fours": ["Ketvertai"], "fives": ["Penketai"], "sixes": ["Šešetai"],
        "pair": ["Pora"], "two_pairs": ["Dvi poros"], "three_kind": ["Trys vienodi"],
        "four_kind": ["Keturi vienodi"], "full_house": ["Pilni namai", "Full House"],
        "small_straight": ["Mažoji eilė", "Maža eilė"], "large_straight": ["Didžioji eilė", "Didelė eilė"],
        "poker": ["Pokeris", "Penki vienodi"], "chance": ["Šansas"],
    },
    "be": {
        "ones": ["Адзінкі"], "twos": ["Двойкі"], "threes": ["Тройкі"],
        "fours": ["Чацвёркі"], "fives": ["Пяцёркі"], "sixes": ["Шасцёркі"],
        "pair": ["Пара"], "two_pairs": ["Дзве пары"], "three_kind": ["Тройка", "Тры аднолькавыя"],
        "four_kind": ["Карэ", "Чатыры аднолькавыя"], "full_house": ["Фул-хаўс"],
        "small_straight": ["Малы стрыт"], "large_straight": ["Вялікі стрыт"],
        "poker": ["Покер", "Пяцёрка"], "chance": ["Шанс", "Шанец"],
    },
    "sk": {
        "ones": ["Jednotky"], "twos": ["Dvojky"], "threes": ["Trojky"],
        "fours": ["Štvorky"], "fives": ["Päťky"], "sixes": ["Šestky"],
        "pair": ["Pár", "Dvojica"], "two_pairs": ["Dva páry"], "three_kind": ["Trojica"],
        "four_kind": ["Štvorica"], "full_house": ["Full House"],
        "small_straight": ["Malá postupka"], "large_straight": ["Veľká postupka"],
        # A bare "Poker" means four of a kind to Slovak card players.
        "poker": ["Pätica", "Poker (5 rovnakých)"], "chance": ["Šanca"],
    },
}


def test_box_names_are_glossary_terms(lang, catalogue):
    problems = []
    for box, allowed in sorted(GLOSSARY_BOXES[lang].items()):
        key = "box." + box
        if key in catalogue and catalogue[key] not in allowed:
            problems.append("%s = %r, glossary allows %s" % (key, catalogue[key], allowed))
    assert not problems, report("%s box names outside the glossary" % lang, problems)


# Machine-translation slips of the seed texts and of weak sources (GLOSSARY's
# reject table, plus what the seeds themselves got wrong). Stems, case-insensitive.
REJECTED = {
    "lt": ["tiesus", "tiesūs", "juokdar", "pokšt", "kūbel", "riedėjim", "tūzai", "dviese",
           "pilnas namas", "suporuoti", "vienodos", "rezultatų dėžut"],
    "be": ["жартаўнік", "рулон", "прагортк", "фулл", "хаус", "смолл", "ладж", "костк",
           "кампутар", "шасьц", "чацьв", "пяцерк", "малый", "тузы", "аншлаг", "прамая",
           "прамы", "ў родзе", "у родзе"],
    "sk": ["valcovan", "rolovan", "pätky", "esá", "velká", "čtveřic", "šance", "pětic",
           "jedničk", "kostky", "postupnosť", "small straight", "large straight",
           "svojho druhu", "jedného druhu"],
}


def find_rejected(lang, pairs):
    problems = []
    for where, text in pairs:
        low = text.lower()
        for stem in REJECTED[lang]:
            if re.search(r"(?<!\w)" + re.escape(stem), low):
                problems.append("%s: %r contains %r" % (where, text, stem))
    return problems


def test_no_known_machine_translation_slips(lang, catalogue):
    problems = find_rejected(lang, texts(catalogue))
    problems += find_rejected(lang, [("rules.%s.html" % lang, rules_text(lang))])
    assert not problems, report("%s: rejected machine-translation terms" % lang, problems)


# ------------------------------------------------------------- Belarusian

CYRILLIC = "\u0400-\u04ff"
LATIN_IN_CYRILLIC_WORD = re.compile(r"[%s][A-Za-z]|[A-Za-z][%s]" % (CYRILLIC, CYRILLIC))
LATIN_WORDS_OK = {"JavaScript", "Yahtzee"}
NOT_BELARUSIAN = re.compile("[иИщЩъЪ]")
VOWELS = "аеёіоуыэюяАЕЁІОУЫЭЮЯ"


def belarusian_problems(pairs):
    problems = []
    for where, text in pairs:
        if where == "rules.file":
            continue
        for match in LATIN_IN_CYRILLIC_WORD.finditer(text):
            problems.append("%s: Latin letter inside a Cyrillic word near %r" % (
                where, text[max(0, match.start() - 6):match.end() + 6]))
        for word in re.findall(r"[A-Za-z]+", PLACEHOLDER.sub("", text)):
            if word not in LATIN_WORDS_OK:
                problems.append("%s: Latin word %r" % (where, word))
        if NOT_BELARUSIAN.search(text):
            problems.append("%s: и/щ/ъ are not Belarusian letters: %r" % (where, text))
        if "'" in text or "\u02bc" in text:
            problems.append("%s: apostrophe must be U+2019 (’) throughout: %r" % (where, text))
        # у/ў at a word start: ў after a vowel, у after a consonant (same phrase, plain space).
        for match in re.finditer(r"(\S)\s([уўУЎ])(?=[%s]|\s|$)" % CYRILLIC, text):
            before, letter = match.group(1), match.group(2)
            if before == "}":
                problems.append("%s: у/ў right after a placeholder depends on the value: %r" % (where, text))
            elif before in VOWELS and letter in "уУ":
                problems.append("%s: 'у' after a vowel must be 'ў' near %r" % (
                    where, text[max(0, match.start() - 10):match.end() + 10]))
            elif before.isalpha() and before not in VOWELS and letter in "ўЎ":
                problems.append("%s: 'ў' after a consonant must be 'у' near %r" % (
                    where, text[max(0, match.start() - 10):match.end() + 10]))
    return problems


def test_belarusian_spelling():
    catalogue = load("be")
    problems = belarusian_problems(texts(catalogue))
    problems += belarusian_problems([("rules.be.html", rules_text("be"))])
    assert not problems, report("be: orthography problems", problems)


def test_belarusian_save_reasons_do_not_start_with_u():
    """They follow "…гульню: " (a vowel), where a leading у would have to be ў."""
    catalogue = load("be")
    bad = [key for key in sorted(shown_keys(catalogue))
           if key.startswith("save_error.") and catalogue[key][:1] in "уўУЎ"]
    assert not bad, report("be: save_error reasons starting with у/ў", bad)


# ------------------------------------------------------------- rules pages

class Skeleton(HTMLParser):
    """Tags (with ids and classes) and text of an HTML fragment."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags, self.ids, self.classes, self.text, self.attrs = [], [], [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        attrs = dict(attrs)
        self.attrs.append((tag, attrs))
        if "id" in attrs:
            self.ids.append(attrs["id"])
        self.classes.extend((attrs.get("class") or "").split())

    def handle_data(self, data):
        self.text.append(data)


def parse_rules(lang):
    path = I18N / ("rules.%s.html" % lang)
    assert path.exists(), "missing rules page %s" % path
    page = Skeleton()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def rules_text(lang):
    return " ".join(" ".join(parse_rules(lang).text).split())


def test_rules_page_has_the_english_skeleton(lang):
    english, page = parse_rules("en"), parse_rules(lang)
    assert page.ids == english.ids, "ids differ: %s vs English %s" % (page.ids, english.ids)
    assert page.classes == english.classes, "classes differ: %s vs English %s" % (page.classes, english.classes)
    if page.tags != english.tags:
        for i, (mine, theirs) in enumerate(zip(page.tags + [None] * 999, english.tags + [None] * 999)):
            if mine != theirs:
                pytest.fail("rules.%s.html: element %d is <%s>, English has <%s> (tags so far: %s)"
                            % (lang, i, mine, theirs, page.tags[max(0, i - 5):i]))


def test_rules_page_is_in_its_language_and_inert(lang):
    page = parse_rules(lang)
    assert page.attrs and page.attrs[0][1].get("lang") == lang, "the root element must say lang=%r" % lang
    risky = ["<%s %s>" % (tag, name) for tag, attrs in page.attrs for name in attrs
             if name.startswith("on") or (name in ("href", "src") and "javascript:" in (attrs[name] or ""))]
    risky += ["<%s>" % tag for tag in page.tags if tag in ("script", "iframe", "object", "embed", "style")]
    assert not risky, report("rules.%s.html: active content in a page set as innerHTML" % lang, risky)


def test_rules_page_states_the_bonuses_and_box_names(lang, catalogue):
    text = rules_text(lang)
    problems = ["the bonus amount %s is not mentioned" % amount
                for amount in ("35", "63", "100", "50", "25", "30", "40") if not re.search(r"\b%s\b" % amount, text)]
    for box in ("ones", "sixes", "pair", "two_pairs", "three_kind", "four_kind", "full_house",
                "small_straight", "large_straight", "poker", "chance"):
        name = catalogue.get("box." + box, "")
        if name and name not in text:
            problems.append("box name %r (box.%s) does not appear" % (name, box))
    for ruleset in ("ruleset.dice-poker", "ruleset.dice-poker-classic", "ruleset.yahtzee"):
        if catalogue.get(ruleset) and catalogue[ruleset] not in text:
            problems.append("rule set %r (%s) is not described" % (catalogue[ruleset], ruleset))
    assert not problems, report("rules.%s.html" % lang, problems)


def test_one_list_of_languages():
    """ui.language.i18n.LANGUAGES is the list: the page's language menu offers exactly those, boot.js
    picks the start language among the same (its LANGS: it runs before the menu is
    parsed), and each has its catalogues."""
    html = (REPO / "index.html").read_text(encoding="utf-8")
    menu = re.search(r'<select id="lang">(.*?)</select>', html, re.S).group(1)
    assert tuple(re.findall(r'<option value="([a-z]+)"', menu)) == I18N_MODULE.LANGUAGES
    boot = (REPO / "static" / "js" / "boot.js").read_text(encoding="utf-8")
    langs = re.search(r"var LANGS = \[(.*?)\];", boot).group(1)
    assert tuple(re.findall(r'"([a-z]+)"', langs)) == I18N_MODULE.LANGUAGES
    for lang in I18N_MODULE.LANGUAGES:
        assert (REPO / "static" / "i18n" / ("%s.json" % lang)).is_file(), lang
        assert categories(lang)[-1] in ("other", "many"), lang
