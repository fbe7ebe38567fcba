"""What the screen says, as data: a message key and its parameters.

The controller never words anything (it has no catalogue): it says
``message("announce.roll", dice="3, 3, 5", count=2)`` and the shell's
catalogue words it, in whatever language is chosen at the moment it is drawn,
so a notice on screen is worded again after a language switch.

A message is ``{"key": key, "params": {...}}``.  A parameter that is itself a
message (a box's name, a translated reason) is worded first; an engine error
is ``{"error": code, "params": {...}, "prefix": "error"}`` and is worded
through ``<prefix>.<code>`` (see ``ui.language.i18n.Catalogue.say``).
"""


def message(key, **params):
    return {"key": key, "params": params}


def box_name(box):
    """The name of a box on the card, as a message (``box.pair``)."""
    return message("box." + str(box))


def error_message(error, prefix="error"):
    """An engine error (``.code`` + ``.params``) as a message worded later."""
    params = dict(getattr(error, "params", None) or {})
    if "box" in params:
        params["box"] = box_name(params["box"])
    return {"error": getattr(error, "code", None), "params": params, "prefix": prefix}


def names_list(names):
    """Names joined as "Ann, Ben and Cy" (the "and" is the language's)."""
    if len(names) == 1:
        return names[0]
    return message("list.and", first=", ".join(names[:-1]), last=names[-1])
