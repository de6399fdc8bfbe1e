"""The one number style: every number a person reads (CLI tables, report pages, headlines) is
written here; CSV and JSON keep full precision and raw units and never come through.

- probabilities, rates and shares print as percentages with 4 significant digits (``50.12 %``,
  ``0.0001539 %``), never in scientific notation (below 10⁻¹⁰ %: ``< 0.0000000001 %``, never 0);
- a standard error prints with 2 significant digits, and an estimate, its SE and its 95 % interval
  share one unit and one number of decimals (the SE's), so ``22.74 % ± 0.13 %`` and
  ``22.49–23.00 %`` read as one quantity;
- counts print as integers with thousands separators; other quantities (antes, points, cards) with
  4 significant digits, the unit in the column name (``gain (antes)``);
- an exact fraction is one token (``9571721884148096/268164241…``) that text never breaks.

>>> pct(0.501177), pct(1.539e-06), pct(1.0064629, digits=6)
('50.12 %', '0.0001539 %', '100.646 %')
>>> estimate(0.227440, 0.00129, percent=True)
'22.74 % ± 0.13 %'
>>> interval(0.224852, 0.230028, percent=True, like=0.00129)
'22.49–23.00 %'
>>> sig(35.6789), sig(1234567.8), sig(-0.000123456), count(1302540)
('35.68', '1,234,568', '-0.0001235', '1,302,540')
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

__all__ = [
    "MAX_DECIMALS",
    "SIG_DIGITS",
    "count",
    "decimals_for",
    "estimate",
    "fraction",
    "interval",
    "pct",
    "se_decimals",
    "sig",
    "signed",
    "with_ci",
    "yes_no",
]

SIG_DIGITS = 4  # what a person reads: 3–4 significant digits
SE_DIGITS = 2  # a standard error's significant digits; the estimate is shown to the same place
MAX_DECIMALS = 10  # below 1e-10 a number prints as ``< 0.0000000001`` (no scientific notation in text)


def decimals_for(x: float, digits: int = SIG_DIGITS) -> int:
    """How many decimals show ``digits`` significant digits of ``x`` (0 for large numbers).

    >>> decimals_for(50.1177), decimals_for(0.0001539), decimals_for(123456.0), decimals_for(0.0)
    (2, 7, 0, 0)
    """
    if x == 0 or not math.isfinite(x):
        return 0
    exp = math.floor(math.log10(abs(x)))
    # rounding can carry into the next power of ten (9.9996 → 10.00): recompute after rounding
    rounded = float(f"{abs(x):.{max(0, digits - 1 - exp)}f}")
    if rounded and math.floor(math.log10(rounded)) > exp:
        exp += 1
    return min(MAX_DECIMALS, max(0, digits - 1 - exp))


def _fixed(x: float, decimals: int) -> str:
    """``x`` with ``decimals`` decimals and thousands separators; ``-0`` prints as ``0``."""
    text = f"{x:,.{decimals}f}"
    return text[1:] if text.startswith("-") and float(text[1:].replace(",", "")) == 0 else text


def _special(x: float) -> str | None:
    if math.isnan(x):
        return "n/a"
    if math.isinf(x):
        return "∞" if x > 0 else "−∞"
    return None


def sig(x: float, digits: int = SIG_DIGITS, decimals: int | None = None) -> str:
    """A quantity with ``digits`` significant digits (or exactly ``decimals``), separators, no
    exponent; a number too small for :data:`MAX_DECIMALS` says so rather than print as zero.

    >>> sig(2.6829), sig(0.30633), sig(12.0), sig(2.6829, decimals=2), sig(1.8e-13)
    ('2.683', '0.3063', '12.00', '2.68', '< 0.0000000001')
    """
    x = float(x)
    special = _special(x)
    if special:
        return special
    text = _fixed(x, decimals_for(x, digits) if decimals is None else decimals)
    if decimals is None and x and not text.strip("-0.,"):  # not zero, yet every digit shown is
        return ("< " if x > 0 else "> -") + _fixed(10.0 ** -MAX_DECIMALS, MAX_DECIMALS)
    return text


def signed(x: float, digits: int = SIG_DIGITS, decimals: int | None = None) -> str:
    """Like :func:`sig` with an explicit sign (gains, edges): ``+35.20``, ``−1.711``.

    >>> signed(35.2), signed(-1.7109), signed(0.0)
    ('+35.20', '−1.711', '0')
    """
    text = sig(x, digits, decimals)
    if text.startswith("-"):
        return "−" + text[1:]
    return text if float(x) == 0 or text in ("n/a", "∞") else "+" + text


def pct(p: float, digits: int = SIG_DIGITS, decimals: int | None = None) -> str:
    """A fraction as a percentage with ``digits`` significant digits (or ``decimals``).

    >>> pct(0.052243), pct(0.0), pct(1.0), pct(0.5, decimals=1)
    ('5.224 %', '0 %', '100.0 %', '50.0 %')
    """
    p = float(p)
    special = _special(p)
    if special:
        return special
    return sig(p * 100, digits, decimals) + " %"


def se_decimals(se: float, scale: float = 1.0) -> int:
    """Decimals that show a standard error ``se`` (times ``scale``) to 2 significant digits.

    >>> se_decimals(0.00129, 100), se_decimals(0.0161)
    (2, 3)
    """
    return decimals_for(float(se) * scale, SE_DIGITS) if se and math.isfinite(se) else 0


def estimate(value: float, se: float, percent: bool = False, unit: str = "") -> str:
    """An estimate with its standard error, both to the SE's precision and in one unit.

    >>> estimate(2.6829, 0.0161, unit=" antes"), estimate(0.5, 0.0, percent=True)
    ('2.683 ± 0.016 antes', '50.00 % ± 0 %')
    """
    scale = 100.0 if percent else 1.0
    suffix = " %" if percent else unit
    if not se:
        return (pct(value) if percent else sig(value) + unit) + f" ± 0{suffix}"
    dec = se_decimals(se, scale)
    head = f"{sig(value * scale, decimals=dec)}{' %' if percent else ''}"
    return f"{head} ± {sig(se * scale, decimals=dec)}{suffix}"


def interval(lo: float, hi: float, percent: bool = False, like: float | None = None,
             unit: str = "", decimals: int | None = None) -> str:
    """A 95 % interval ``lo–hi`` in one unit, to the precision of the SE ``like`` (or ``decimals``).

    >>> interval(2.6513, 2.7145, like=0.0161), interval(-0.0317, 0.0123, percent=True)
    ('2.651–2.715', '−3.170 to +1.230 %')
    """
    scale = 100.0 if percent else 1.0
    if decimals is None:
        if like:
            decimals = se_decimals(like, scale)
        else:
            decimals = max(decimals_for(lo * scale), decimals_for(hi * scale))
    tail = " %" if percent else unit
    if lo < 0:  # signed ends joined by "to", so a minus sign cannot read as a dash
        return f"{signed(lo * scale, decimals=decimals)} to {signed(hi * scale, decimals=decimals)}{tail}"
    return f"{sig(lo * scale, decimals=decimals)}–{sig(hi * scale, decimals=decimals)}{tail}"


def with_ci(value: float, lo: float, hi: float, se: float | None = None, percent: bool = False,
            unit: str = "") -> str:
    """A sampled (or derived) number with its 95 % interval, both in one unit and to the SE's
    decimals (without an SE: the value's 4 significant digits): ``30.42 % (95 % CI 29.97–30.87 %)``.

    >>> with_ci(0.30421, 0.29968, 0.30874, 0.00231, percent=True)
    '30.42 % (95 % CI 29.97–30.87 %)'
    >>> with_ci(5.72, 5.11, 6.33, 0.31, unit=" points")
    '5.72 points (95 % CI 5.11–6.33 points)'
    """
    scale = 100.0 if percent else 1.0
    dec = se_decimals(se, scale) if se else decimals_for(value * scale)
    head = pct(value, decimals=dec) if percent else sig(value, decimals=dec) + unit
    return f"{head} (95 % CI {interval(lo, hi, percent=percent, unit=unit, decimals=dec)})"


def count(n: float) -> str:
    """An integer with thousands separators.

    >>> count(7224), count(1.0e6)
    ('7,224', '1,000,000')
    """
    special = _special(float(n))
    return special if special else f"{round(n):,}"


def fraction(value: Fraction | tuple[int, int] | str) -> str:
    """An exact fraction as one token ``p/q`` (reduced; a whole number prints without ``/1``).

    >>> fraction(Fraction(6, 8)), fraction((10, 5)), fraction("142031221/2718662100")
    ('3/4', '2', '142031221/2718662100')
    """
    if isinstance(value, tuple):
        value = Fraction(*value)
    f = Fraction(value)
    return str(f.numerator) if f.denominator == 1 else f"{f.numerator}/{f.denominator}"


def yes_no(v: Any) -> str:
    """``yes``/``no`` for a flag (one spelling everywhere).

    >>> yes_no(True), yes_no(0)
    ('yes', 'no')
    """
    return "yes" if v else "no"
