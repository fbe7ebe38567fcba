"""How strategy advice is worded: numbers, dice and options (the hint and the review).

Pure functions of a catalogue and plain data, so both views share one wording.
"""


def number(cat, value):
    """``value`` with one decimal, in the language's decimal separator."""
    return ("%.1f" % value).replace(".", cat.t("number.decimal"))


def dice_text(faces):
    return " ".join(str(f) for f in faces)


def option_text(cat, option):
    """What an option does, in words: "Keep 3 3", "Roll all five", "Full house: 25"."""
    if option["kind"] == "score":
        text = cat.t("hint.option_box", box=cat.t("box." + option["box"]),
                     points=option["points"])
        if option.get("bonus"):
            text += " " + cat.t("hint.option_bonus", points=option["bonus"])
        return text
    if option["kind"] == "roll" or not option["keep"]:
        return cat.t("hint.option_keep_none")
    return cat.t("hint.option_keep", dice=dice_text(option["keep"]))
