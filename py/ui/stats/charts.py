"""The statistics' charts as SVG text: final scores, scores over time, points per box, par.

Each function returns the markup of one ``<svg>`` (a ``viewBox``, no fixed
size: it scales to the width of a phone); colours come from the stylesheet's
classes (``later.css``), so both themes apply.  The figures come from
``dicepoker.stats``; the only text is numbers and catalogue words, escaped.
The SVG is ``aria-hidden``: each chart's text alternative is a table beside
it (``ui.stats.door``).  Pure string building (tested on CPython): one
``innerHTML`` per chart instead of hundreds of DOM calls from MicroPython.
"""

W, H = 320, 180                 # the viewBox; the plot leaves room for the axes' numbers
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22


from ..advice.words import escape       # noqa: F401 (the charts' callers import it from here too)


def _svg(kind, body, height=H):
    return ('<svg class="chart-svg chart-%s" viewBox="0 0 %d %d" aria-hidden="true" '
            'focusable="false" preserveAspectRatio="xMidYMid meet">%s</svg>'
            % (kind, W, height, "".join(body)))


def _nice_max(value):
    """A round number at or above ``value`` for the top of an axis."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if value <= step * 5:
            return max(step, -(-value // step) * step), step
    return value, value


def _fmt(value):
    return ("%.1f" % value).rstrip("0").rstrip(".")


def _y_axis(top_value, step, plot_h, lines):
    """Grid lines and numbers from 0 to ``top_value``."""
    value = 0
    while value <= top_value:
        y = TOP + plot_h - plot_h * value / top_value
        lines.append('<line class="grid" x1="%d" x2="%d" y1="%s" y2="%s"/>'
                     % (LEFT, W - RIGHT, _fmt(y), _fmt(y)))
        lines.append('<text class="tick" x="%d" y="%s" text-anchor="end">%d</text>'
                     % (LEFT - 4, _fmt(y + 3), value))
        value += step


MIN_SLOTS = 7                   # a bar is never wider than this part of the plot


def distribution_svg(bars):
    """Bars of ``stats.distribution``: games per range of final scores.  Few bars (one
    game: one) stand on an axis of at least ``MIN_SLOTS`` ranges, the empty ones either
    side, so a bar is as slim as among many and the axis still reads as scores."""
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM
    top_value, step = _nice_max(max(b[2] for b in bars))
    body = []
    _y_axis(top_value, step, plot_h, body)
    slots = max(len(bars), MIN_SLOTS)
    bin_w = bars[0][1] - bars[0][0] + 1
    before = min((slots - len(bars)) // 2, bars[0][0] // bin_w)   # no range below 0
    first = bars[0][0] - before * bin_w
    width = plot_w / slots
    label_every = max(1, -(-slots // 6))
    for i in range(slots):
        x = LEFT + i * width
        j = i - before
        count = bars[j][2] if 0 <= j < len(bars) else 0
        if 0 <= j < len(bars):
            h = plot_h * count / top_value
            body.append('<rect class="bar" x="%s" y="%s" width="%s" height="%s"/>'
                        % (_fmt(x + 1), _fmt(TOP + plot_h - h), _fmt(max(width - 2, 1)),
                           _fmt(h)))
        if i % label_every == 0:
            body.append('<text class="tick" x="%s" y="%d" text-anchor="middle">%d</text>'
                        % (_fmt(x + width / 2), H - 6, first + i * bin_w))
    return _svg("scores", body)


def time_svg(scores, moving):
    """Each game's total (dots, a thin line) and the moving average (a thick line)."""
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM
    low = min(scores) // 50 * 50
    high = -(-max(scores) // 50) * 50
    if high == low:
        high = low + 50
    body = []
    span = high - low
    step = 50 if span <= 250 else 100
    value = low
    while value <= high:
        y = TOP + plot_h - plot_h * (value - low) / span
        body.append('<line class="grid" x1="%d" x2="%d" y1="%s" y2="%s"/>'
                    % (LEFT, W - RIGHT, _fmt(y), _fmt(y)))
        body.append('<text class="tick" x="%d" y="%s" text-anchor="end">%d</text>'
                    % (LEFT - 4, _fmt(y + 3), value))
        value += step
    count = len(scores)

    step_x = plot_w / (count - 1) if count > 1 else 0
    first_x = LEFT if count > 1 else LEFT + plot_w / 2
    bottom, scale = TOP + plot_h + plot_h * low / span, plot_h / span

    def points(values):             # the hot part with 1000 games: one format per point
        return " ".join("%.1f,%.1f" % (first_x + i * step_x, bottom - v * scale)
                        for i, v in enumerate(values))
    body.append('<polyline class="line-scores" points="%s"/>' % points(scores))
    body.append('<polyline class="line-moving" points="%s"/>' % points(moving))
    if count <= 60:
        for i, s in enumerate(scores):
            body.append('<circle class="dot" cx="%.1f" cy="%.1f" r="2.2"/>'
                        % (first_x + i * step_x, bottom - s * scale))
    for i in sorted(set((0, count - 1))):
        body.append('<text class="tick" x="%.1f" y="%d" text-anchor="middle">%d</text>'
                    % (first_x + i * step_x, H - 6, i + 1))
    return _svg("time", body)


def boxes_svg(names, yours, optimal):
    """Per box, two bars side by side: the player's average and the optimal one."""
    row, label_w = 16, 118
    height = TOP + row * len(names) + 8
    plot_w = W - label_w - RIGHT - 26
    top_value = max(max(yours), max(optimal), 1)
    body = []
    for i, name in enumerate(names):
        y = TOP + i * row
        body.append('<text class="tick box-name" x="%d" y="%s" text-anchor="end">%s</text>'
                    % (label_w - 4, _fmt(y + 11), escape(name)))
        for j, (cls, value) in enumerate((("bar", yours[i]), ("bar-optimal", optimal[i]))):
            w = plot_w * value / top_value
            body.append('<rect class="%s" x="%d" y="%s" width="%s" height="6.5"/>'
                        % (cls, label_w, _fmt(y + 1 + j * 7), _fmt(max(w, 0.5))))
        body.append('<text class="tick" x="%s" y="%s">%s</text>'
                    % (_fmt(label_w + plot_w * max(yours[i], optimal[i]) / top_value + 3),
                       _fmt(y + 11), _fmt(yours[i])))
    return _svg("boxes", body, height)


def against_par_svg(days, values):
    """Score minus par, a bar a day (``days``: their dates, YYYY-MM-DD) from the zero line:
    up for a score above par, down (``bar-under``) for one below; the first and the last
    day named under the axis (month-day)."""
    plot_w, plot_h = W - LEFT - RIGHT, H - TOP - BOTTOM
    top_value, step = _nice_max(max(max(abs(v) for v in values), 1))
    body = []
    zero = TOP + plot_h / 2
    scale = plot_h / 2 / top_value
    value = -top_value
    while value <= top_value:
        y = zero - value * scale
        body.append('<line class="grid%s" x1="%d" x2="%d" y1="%s" y2="%s"/>'
                    % (" zero" if value == 0 else "", LEFT, W - RIGHT, _fmt(y), _fmt(y)))
        body.append('<text class="tick" x="%d" y="%s" text-anchor="end">%+d</text>'
                    % (LEFT - 4, _fmt(y + 3), value) if value else
                    '<text class="tick" x="%d" y="%s" text-anchor="end">0</text>'
                    % (LEFT - 4, _fmt(y + 3)))
        value += step
    width = plot_w / len(values)
    for i, v in enumerate(values):
        h = abs(v) * scale
        body.append('<rect class="%s" x="%s" y="%s" width="%s" height="%s"/>'
                    % ("bar" if v >= 0 else "bar-under", _fmt(LEFT + i * width + width * 0.15),
                       _fmt(zero - h if v >= 0 else zero), _fmt(max(width * 0.7, 0.8)),
                       _fmt(max(h, 0.8))))
    for i in sorted(set((0, len(values) - 1))):
        body.append('<text class="tick" x="%s" y="%d" text-anchor="middle">%s</text>'
                    % (_fmt(LEFT + (i + 0.5) * width), H - 6, escape(days[i][5:])))
    return _svg("daily", body)
