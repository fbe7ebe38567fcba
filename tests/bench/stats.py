"""Small statistics for the benchmark table: median, range, nearest-rank percentiles."""

import math


def median(values):
    s = sorted(values)
    n = len(s)
    if not n:
        return float("nan")
    return s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2


def percentile(values, p):
    """Nearest-rank percentile (p in 0..100): a value that was really observed."""
    s = sorted(values)
    if not s:
        return float("nan")
    rank = max(1, math.ceil(p / 100 * len(s)))
    return s[rank - 1]


def spread(values, fmt="%.0f"):
    """'median (min-max)' as text."""
    if not values:
        return "n/a"
    return (fmt + " (" + fmt + "-" + fmt + ")") % (median(values), min(values), max(values))


def kib(n):
    return "%.1f KB" % (n / 1000)
