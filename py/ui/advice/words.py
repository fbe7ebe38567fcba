"""How strategy advice is worded: numbers, dice and options (the hint and the review).

Pure functions of a catalogue and plain data, so both views share one wording.
"""

from control.messages import box_key


def escape(text):
    """``text`` as markup text or an attribute value (views that write many rows at once)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def number(cat, value, point=None):
    """``value`` with one decimal, in the language's decimal separator (``point``: that
    separator, looked up once by a caller that writes many numbers)."""
    return ("%.1f" % value).replace(".", point or cat.t("number.decimal"))


def shown_loss(best, value):
    """The points an option gives away as the player reads them: the difference of the two
    expected scores as shown (one decimal each), so two rows that show the same score
    never show different losses ("310.6 -2.7" beside "310.6 -2.8")."""
    return float("%.1f" % best) - float("%.1f" % value)


def around(cat, key, name):
    """The text of ``key`` before and after its placeholder ``name`` (a caller that words
    many numbers in it fills the template once, not once for each)."""
    return cat.t(key, **{name: "\x00"}).split("\x00")


def format_percent(chance):
    """A whole percent; "<1" and ">99" rather than a 0 or 100 that is not certain."""
    if 0.0 < chance < 0.005:
        return "<1"
    if 0.995 < chance < 1.0:
        return ">99"
    return str(int(chance * 100 + 0.5))


def dice_text(faces):
    return " ".join(str(f) for f in faces)


_worded = {}        # (catalogue, what an option does) -> its words: the same come up again


def option_text(cat, option, rules=None):
    """What an option does, in words: "Keep 3 3", "Roll all five", "Full house: 25".
    Remembered per catalogue (a list of ~45 options is worded in a tap)."""
    if option["kind"] == "score":
        key = (cat, option["box"], option["points"], option.get("bonus"), rules)
    else:
        key = (cat, tuple(option["keep"]) if option["kind"] != "roll" else ())
    text = _worded.get(key)
    if text is None:
        text = _option_text(cat, option, rules)
        if cat.complete:            # (a start catalogue has no such words yet)
            if len(_worded) > 4000:
                _worded.clear()
            _worded[key] = text
    return text


def _option_text(cat, option, rules=None):
    if option["kind"] == "score":
        text = cat.t("hint.option_box", box=cat.t(box_key(option["box"], rules)),
                     points=option["points"])
        if option.get("bonus"):
            text += " " + cat.t("hint.option_bonus", points=option["bonus"])
        return text
    if option["kind"] == "roll" or not option["keep"]:
        return cat.t("hint.option_keep_none")
    return cat.t("hint.option_keep", dice=dice_text(option["keep"]))
