"""Text tables people read: fitted to the terminal, in the one number style of
:mod:`analyzer.numfmt`. CSV and JSON never go through here (they keep full precision).

- a probability, return, house edge, frequency or share prints as a percentage with 4 significant
  digits (``5.224 %``); its SE (2 significant digits) and CI columns in the same unit, to the SE's
  decimals — a bare ``se``/``ci_low`` column takes the unit of the column it follows;
- integers (and floats that hold an integer) print without decimals, with thousands separators;
- every other number prints with 4 significant digits, never in scientific notation;
- a table wider than the terminal (``shutil.get_terminal_size``, 100 columns when unknown) never
  breaks a header, a number, a fraction, a hand or a range: its prose columns (descriptions) wrap
  between words; if that is not enough, the columns are shown in blocks, each repeating the first
  column, or (one row, or columns too wide even so) one record per block, ``name  value`` lines;
- ``columns`` picks and orders columns (``--columns a,b,c``).

>>> rows = [{"category": "royal_flush", "count": 4.0, "probability": 1.539e-06},
...         {"category": "high_card", "count": 1302540, "probability": 0.501177}]
>>> print(format_table(rows, width=60))
category         count  probability
-----------  ---------  -----------
royal_flush          4  0.0001539 %
high_card    1,302,540      50.12 %
>>> format_cell(0.052243, percent=True)
'5.224 %'
"""

from __future__ import annotations

import math
import re
import shutil
import textwrap
from collections.abc import Collection, Sequence
from itertools import pairwise
from typing import Any, TypeGuard

from analyzer import numfmt
from analyzer.errors import JokerOddsError

__all__ = [
    "DEFAULT_WIDTH",
    "format_cell",
    "format_table",
    "is_percent_column",
    "percent",
    "pick_columns",
    "plural",
    "table_cells",
    "terminal_width",
    "wrap_prose",
]

DEFAULT_WIDTH = 100
SIG_DIGITS = 6
MAX_DECIMALS = 8  # a percentage column
MAX_PLAIN_DECIMALS = 6  # any other float column
MIN_TEXT_WIDTH = 12
GAP = "  "

_PERCENT = re.compile(
    r"^(p|p_.*|.*probability.*|cumulative|.*house_edge.*|.*return.*|.*frequency.*|share|share_of_.*|agreement|"
    r"element_of_risk.*|exchange_rate|.*_share|win_rate|.*_rate|taken)$")
_COMPANIONS = ("se", "ci_low", "ci_high", "exact", "estimate")
_NOT_PERCENT = re.compile(r"^(.*_per_unit|seconds)$")


def terminal_width() -> int:
    """The terminal's width in columns (``COLUMNS`` wins; 100 when unknown, e.g. in a pipe)."""
    return shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns or DEFAULT_WIDTH


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word`` in the right number.

    >>> plural(1, "card"), plural(2, "card"), plural(1_000, "class", "classes")
    ('1 card', '2 cards', '1000 classes')
    """
    return f"{n} {word if n == 1 else (many or word + 's')}"


def percent(x: float, decimals: int = 4) -> str:
    """A fraction as a percentage, the way casino texts print it.

    >>> percent(0.0522431), percent(1.0064629)
    ('5.2243 %', '100.6463 %')
    """
    return f"{x * 100:.{decimals}f} %"


def wrap_prose(text: str, width: int | None = None) -> str:
    """Long prose lines wrapped to the terminal (indentation kept).

    >>> wrap_prose("one two three four", width=9)
    'one two\\nthree\\nfour'
    """
    width = width or terminal_width()
    out = []
    for line in text.split("\n"):
        indent = line[: len(line) - len(line.lstrip())]
        out.append(textwrap.fill(line, width, subsequent_indent=indent) if len(line) > width else line)
    return "\n".join(out)


def is_percent_column(name: str, columns: Sequence[str] = ()) -> bool:
    """Whether a column holds a probability-like fraction shown as a percentage. The SE/CI
    columns of a table whose value is a probability or a return are in the same unit.

    >>> is_percent_column("house_edge"), is_percent_column("ev"), is_percent_column("se", ["probability"])
    (True, False, True)
    """
    if re.match(r"^(p|chance|probability|share)\s*\(", name.strip(), re.IGNORECASE):
        return True  # "P(no match)", "chance (open)"
    name = name.replace(" ", "_")
    if _NOT_PERCENT.match(name):
        return False
    if _PERCENT.match(name):
        return True
    if name in _COMPANIONS:
        return (any(c in ("probability", "return", "p", "house_edge") for c in columns)
                or {"count", "estimate"} <= set(columns))  # a sampled frequency table
    return False


def _is_number(v: Any) -> TypeGuard[int | float]:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


# a companion names its estimate before (``gain_se``, ``edge_ci_low``) or after it (``se_pot_share``)
_SE = re.compile(r"^(?:(?P<pre>.*)_)?se(?:_pp)?$|^se_(?P<post>(?!pp$).+)$")
_CI = re.compile(r"^(?:(?P<pre>.*)_)?(?P<end>ci_low|ci_high|ci_lo|ci_hi|low|high)(?:_pp)?$"
                 r"|^(?P<end2>ci_low|ci_high|ci_lo|ci_hi)_(?P<post>(?!pp$).+)$")
_COUNT = re.compile(r"^(games|deals|trials|hands|samples|count|n)$")  # a count, in no row's unit
# an exact return or house edge shows 6 digits (100.646 %); a small difference of them (return lost,
# a cost) does not: 4 digits, 0.00002050 %, not 0.0000205020 %
_EXACT_SIX = re.compile(r"^(?!.*(lost|cost|gain|diff|change))(.*return.*|.*house_edge.*|edge)$")


def _base(name: str, cols: Sequence[str], i: int) -> int | None:
    """The estimate column a companion (``se``, ``ci_low``, ``x_se`` …) belongs to."""
    m = _SE.match(name) or _CI.match(name)
    if not m:
        return None
    prefix = m.group("pre") or m.group("post") or ""
    if prefix and prefix in cols:
        return list(cols).index(prefix)
    for j in range(i - 1, -1, -1):  # the nearest column before it that is not a companion
        if not (_SE.match(cols[j]) or _CI.match(cols[j])):
            return j
    return None


def _interval_columns(cols: Sequence[str], bases: Sequence[int | None]) -> dict[int, tuple[int, int]]:
    """Estimate column → its (low, high) interval columns, for the estimates that have both.

    >>> _interval_columns(["edge", "edge_ci_low", "edge_ci_high"], [None, 0, 0])
    {0: (1, 2)}
    """
    lows: dict[int, int] = {}
    highs: dict[int, int] = {}
    for i, (c, b) in enumerate(zip(cols, bases, strict=True)):
        m = _CI.match(c)
        if b is not None and m:
            (lows if (m.group("end") or m.group("end2")) in ("ci_low", "ci_lo", "low") else highs)[b] = i
    return {b: (lows[b], highs[b]) for b in lows if b in highs}


def _column_style(values: Sequence[Any], percent: bool) -> tuple[str, int]:
    """("int" | "sig", significant digits) for one column's numbers."""
    if (not percent and all(isinstance(v, int) or float(v).is_integer() for v in values if _is_number(v))
            and all(abs(v) < 1e15 for v in values if _is_number(v))):
        return "int", 0
    return "sig", numfmt.SIG_DIGITS


def format_cell(v: Any, percent: bool = False, style: tuple[str, int] | None = None,
                decimals: int | None = None) -> str:
    """One value as text (:mod:`analyzer.numfmt`): ``style`` from the column, ``decimals``
    from the row's standard error when there is one."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return numfmt.yes_no(v)
    if not _is_number(v):
        return str(v)
    kind, digits = style or _column_style([v], percent)
    if kind == "int" and decimals is None:
        return numfmt.count(v)
    if percent:
        return numfmt.pct(v, digits, decimals)
    return numfmt.sig(v, digits, decimals)


def table_cells(rows: Sequence[dict[str, Any]], cols: list[str],
                percent: Collection[str] = ()) -> tuple[list[list[str]], list[bool]]:
    """Every cell of ``rows`` as text, and which columns are numeric — the one place a table's
    numbers are written, for the terminal and for report pages alike.

    An estimate's SE shows 2 significant digits; the estimate and its interval show as many
    decimals as the SE, in the estimate's unit (a bare ``se``/``ci_low`` column takes the unit of
    the column it follows). ``percent``: columns that hold probabilities whatever their names.

    >>> table_cells([{"category": "pair", "short-32 (32+1)": 0.505902}, {"category": "flush", "short-32 (32+1)": "-"}],
    ...             ["category", "short-32 (32+1)"], percent=["short-32 (32+1)"])[0]
    [['pair', '50.59 %'], ['flush', '-']]
    >>> cells, _ = table_cells([{"p_fool": 0.227440, "se": 0.00129, "ci_low": 0.224852}],
    ...                        ["p_fool", "se", "ci_low"])
    >>> cells
    [['22.74 %', '0.13 %', '22.49 %']]
    """
    # a declared probability column stays one even where a rule set has no such category ("-")
    numeric = [all(_is_number(r.get(c)) or (c in percent and isinstance(r.get(c), str))
                   for r in rows if r.get(c) is not None)
               and any(_is_number(r.get(c)) for r in rows) for c in cols]
    keyed = bool(cols) and cols[0] == "quantity"  # each row names its own quantity (and unit)
    bases = [_base(c, cols, i) for i, c in enumerate(cols)]
    pcts = []
    for i, (c, num) in enumerate(zip(cols, numeric, strict=True)):
        b = bases[i]
        # a companion is in its estimate's unit: a gain in antes keeps its interval in antes even
        # beside a house-edge column (which made a bare ci_low a percentage: 2.516 antes, 200.3 %)
        pcts.append(num and (c in percent or is_percent_column(c if b is None else cols[b], cols)))
    se_col = {b: i for i, b in enumerate(bases) if b is not None and _SE.match(cols[i])}
    ci_cols = _interval_columns(cols, bases)
    se_rows = ({str(r.get("quantity")): float(r[cols[1]]) for r in rows
                if len(cols) > 1 and _is_number(r.get(cols[1])) and r.get(cols[1])
                and _SE.match(str(r.get("quantity")))} if keyed else {})
    # one style per column (its numbers as a whole), worked out once, not once per row
    styles = [_column_style([x.get(c) for x in rows], pcts[i]) for i, c in enumerate(cols)]
    out: list[list[str]] = []
    for r in rows:
        line = []
        for i, c in enumerate(cols):
            v = r.get(c)
            dec: int | None = None
            # the row's quantity says the unit of every value in it, not of a count beside them
            # (games: 20,000, not 2,000,000 % on a probability's row)
            if keyed and i > 0 and _is_number(v) and not _COUNT.match(c):
                numeric[i] = True
                row_pct = is_percent_column(str(r.get("quantity")))
                own_se = r.get("se")
                quantity = str(r.get("quantity"))
                if _SE.match(quantity.replace(" ", "_")):
                    dec = numfmt.se_decimals(float(v or 0), 100.0 if row_pct else 1.0)
                elif f"{quantity}_se" in se_rows:
                    dec = numfmt.se_decimals(se_rows[f"{quantity}_se"], 100.0 if row_pct else 1.0)
                elif own_se is not None and _is_number(own_se) and own_se and c in (
                        "estimate", "se", "ci_low", "ci_high"):
                    dec = numfmt.se_decimals(float(own_se), 100.0 if row_pct else 1.0)
                style = _column_style([v], row_pct)
                line.append(format_cell(v, row_pct, style if style[0] == "int" else ("sig", numfmt.SIG_DIGITS), dec))
                continue
            if not numeric[i]:
                line.append(format_cell(v))
                continue
            scale = 100.0 if pcts[i] else 1.0
            b = bases[i]
            owner = i if i in se_col else b
            se = r.get(cols[se_col[owner]]) if owner is not None and owner in se_col else None
            if _SE.match(c) and v is not None and _is_number(v):
                dec = numfmt.se_decimals(float(v), scale)
            elif _is_number(se) and se and math.isfinite(se):
                dec = numfmt.se_decimals(float(se), scale)
            elif (i if b is None else b) in ci_cols:  # no SE column: the interval's half-width says it
                lo, hi = (r.get(cols[k]) for k in ci_cols[i if b is None else b])
                width = hi - lo if _is_number(lo) and _is_number(hi) else math.nan
                if math.isfinite(width) and width > 0:
                    from analyzer.stats import Z95  # (numpy: not at the CLI's start-up)

                    dec = numfmt.se_decimals(width / (2 * Z95), scale)
            style = styles[i]
            if style[0] == "sig" and dec is None and _EXACT_SIX.match(c) and b is None:
                style = ("sig", 6)  # an exact return or house edge: the digits are the point
            line.append(format_cell(v, pcts[i], style, dec))
        out.append(line)
    return out, numeric


def pick_columns(rows: Sequence[dict[str, Any]], columns: Sequence[str] | None) -> list[dict[str, Any]]:
    """The rows with only ``columns``, in that order (an unknown name is an error naming the known).

    >>> pick_columns([{"a": 1, "b": 2, "c": 3}], ["c", "a"])
    [{'c': 3, 'a': 1}]
    """
    if not columns:
        return list(rows)
    known = list(rows[0]) if rows else []
    unknown = [c for c in columns if c not in known]
    if rows and unknown:
        raise JokerOddsError(f"--columns: no column {', '.join(map(repr, unknown))}; "
                             f"the columns are {', '.join(known)}")
    return [{c: r.get(c) for c in columns} for r in rows]


def _longest_token(texts: Sequence[str]) -> int:
    """The widest word in a text column (a fraction or a number is never broken)."""
    return max((len(w) for t in texts for w in t.split(" ")), default=0)


_CARD = re.compile(r"^(?:10|[2-9TJQKA])[shdc♠♥♦♣]$|^Jk\d?$")
_PROSE_NAME = re.compile(r"^(description|note|notes|meaning|comment|why|reason|rule|rules_text|words|advice|text|"
                         r"explanation|in_words|strategy_in_words|what)$")
NBSP = "\u00a0"


def _glued(text: str) -> str:
    """``text`` with the spaces before a card made unbreakable: a hand, or a meld with its name
    (``set Tc Td Th``), stays on one line.

    >>> _glued("hold As Kd and 9h = 30, 2 high cards").replace(NBSP, "~")
    'hold~As~Kd and~9h = 30, 2~high cards'
    """
    words = text.split(" ")
    out = words[:1]
    for prev, word in pairwise(words):  # nor a count from what it counts ("1 high card")
        out.append((NBSP if _CARD.match(word) or re.fullmatch(r"[\d.,/-]*\d", prev) else " ") + word)
    return "".join(out)


def _is_prose(name: str, texts: Sequence[str]) -> bool:
    """A text column that may wrap between its words: a description, not a name, hand or range
    (its name says so, or its cells average five words or more)."""
    if _PROSE_NAME.match(name.replace(" ", "_")):
        return True
    filled = [t for t in texts if t]
    if any(t.startswith("joker-odds ") for t in filled):  # a command stays on one line, to copy
        return False
    return bool(filled) and sum(len(t.split()) for t in filled) >= 5 * len(filled)


def _wrap(text: str, width: int) -> list[str]:
    """A prose cell in lines of at most ``width`` (longer only for a word that is longer), broken
    at spaces only and never inside a hand."""
    lines = textwrap.wrap(_glued(text), width, break_on_hyphens=False, break_long_words=False) or [""]
    return [ln.replace(NBSP, " ") for ln in lines]


def _block(cols: list[str], cells: list[list[str]], numeric: list[bool], widths: list[int]) -> list[str]:
    """One table: a one-line header, a rule, the rows (a prose cell narrower than its text wraps)."""
    def line(vals: Sequence[str]) -> str:
        return GAP.join(v.rjust(w) if num else v.ljust(w)
                        for v, w, num in zip(vals, widths, numeric, strict=True)).rstrip()

    lines = [line(cols), GAP.join("-" * w for w in widths)]
    for row in cells:
        wrapped = [_wrap(v, w) if len(v) > w and not num else [v]
                   for v, w, num in zip(row, widths, numeric, strict=True)]
        for i in range(max(len(x) for x in wrapped)):
            lines.append(line([x[i] if i < len(x) else "" for x in wrapped]))
    return lines


def _records(cols: list[str], cells: list[list[str]], width: int) -> str:
    """One record per block (``name  value`` lines, a blank line between records): the layout of
    a table too wide for the terminal, so no cell is ever cut. A long value wraps at spaces under
    itself (never inside a hand or a number); an empty value is left out."""
    key = max(len(c) for c in cols)
    room = max(MIN_TEXT_WIDTH, width - key - len(GAP))
    blocks = []
    for row in cells:
        lines = []
        for c, v in zip(cols, row, strict=True):
            if v == "":
                continue
            parts = _wrap(v, room) if len(v) > room else [v]
            lines.append(f"{c.ljust(key)}{GAP}{parts[0]}".rstrip())
            lines += [" " * (key + len(GAP)) + p for p in parts[1:]]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def format_table(rows: Sequence[dict[str, Any]], width: int | None = None,
                 columns: Sequence[str] | None = None, units: dict[str, str] | None = None) -> str:
    """Rows as an aligned text table at most ``width`` columns wide (see the module docstring).

    Headers, numbers, hands and ranges are never broken: when the table is too wide, prose
    columns (descriptions) wrap between words; if that is not enough, the columns are shown in
    blocks, each repeating the first column; a table whose columns cannot be laid out so (or of
    one row) prints one record per block. ``units`` names the unit of a column in its header
    (``{"gain": "antes"}``: ``gain (antes)``); a percentage column needs none, its cells say ``%``
    (``{"decimal": "%"}`` shows a column of fractions as percentages).

    >>> print(format_table([{"hand": "As Kd 9h 5c 2s", "exchange_gain_ci_low": 0.0123,
    ...                      "exchange_rate": 0.25}], width=40))
    hand                  As Kd 9h 5c 2s
    exchange_gain_ci_low  0.01230
    exchange_rate         25.00 %
    """
    rows = pick_columns(rows, columns)
    if not rows:
        return "(no rows)"
    width = max(40, width or terminal_width())
    cols = list(rows[0])
    units = units or {}
    cells, numeric = table_cells(rows, cols, percent=[c for c in cols if units.get(c) == "%"])
    cols = [f"{c} ({units[c]})" if units.get(c, "%") != "%" else c for c in cols]
    need = [max([len(c)] + [len(row[i]) for row in cells]) for i, c in enumerate(cols)]
    prose = [not num and _is_prose(c, [row[i] for row in cells])
             for i, (c, num) in enumerate(zip(cols, numeric, strict=True))]
    # a prose column may narrow down to its longest word (a hand counts as one word)
    floor = [max(len(c), MIN_TEXT_WIDTH, _longest_token([_glued(row[i]) for row in cells])) if p else need[i]
             for i, (c, p) in enumerate(zip(cols, prose, strict=True))]
    floor = [min(f, n) for f, n in zip(floor, need, strict=True)]

    def total(ws: Sequence[int]) -> int:
        return sum(ws) + len(GAP) * (len(ws) - 1)

    if total(need) <= width:
        return "\n".join(_block(cols, cells, numeric, need))
    if total(floor) <= width:
        return "\n".join(_block(cols, cells, numeric, _fit(need, floor, numeric, width)))
    if len(rows) == 1 or len(cols) < 3 or floor[0] + len(GAP) + max(floor[1:]) > width:
        return _records(cols, cells, width)
    # the columns in blocks, each starting with the first column
    blocks: list[list[int]] = []
    current: list[int] = [0]
    used = floor[0]
    for i in range(1, len(cols)):
        if len(current) > 1 and used + len(GAP) + floor[i] > width:
            blocks.append(current)
            current, used = [0], floor[0]
        current.append(i)
        used += len(GAP) + floor[i]
    blocks.append(current)
    parts = []
    for idx in blocks:
        fitted = _fit([need[i] for i in idx], [floor[i] for i in idx], [numeric[i] for i in idx], width)
        parts.append("\n".join(_block([cols[i] for i in idx], [[row[i] for i in idx] for row in cells],
                                      [numeric[i] for i in idx], fitted)))
    return "\n\n".join(parts)


def _fit(need: list[int], floor: list[int], numeric: list[bool], width: int) -> list[int]:
    """Column widths: narrow the widest prose column first, one character at a time, until the
    row fits ``width`` or nothing can narrow (a header, a number or a hand never does)."""
    widths = list(need)
    total = sum(widths) + len(GAP) * (len(widths) - 1)
    while total > width:
        spare = [i for i in range(len(widths)) if widths[i] > floor[i]]
        if not spare:
            break
        i = max(spare, key=lambda j: widths[j])
        widths[i] -= 1
        total -= 1
    return widths
