"""How the hint and practice word the points an option gives away (ui.advice.words), on CPython."""

from ui.advice.words import number, shown_loss


class _Cat:
    def t(self, key):
        return {"number.decimal": ","}[key]


def test_the_loss_shown_is_the_difference_of_the_scores_shown():
    """Issue 47, point 13: rows read "310.6 -2.7" beside "310.6 -2.8" when each loss was
    the exact difference rounded; two rows showing the same score show the same loss."""
    best = 313.36
    rows = [310.64, 310.56]                     # both read 310.6
    shown = [number(_Cat(), shown_loss(best, value)) for value in rows]
    assert [number(_Cat(), value) for value in rows] == ["310,6", "310,6"]
    assert shown == ["2,8", "2,8"]              # 313.4 - 310.6, whichever the exact value
    assert [number(_Cat(), best - value) for value in rows] == ["2,7", "2,8"]   # the old way
    assert shown_loss(10.04, 10.0) == 0.0 and number(_Cat(), shown_loss(10.06, 9.94)) == "0,2"   # 10.1 - 9.9
