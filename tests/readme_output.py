"""The number style of what a command prints, read back from its text output as a person reads it.

- :func:`splits`: every token a table broke across lines (a header cut at ``_``, a hand, a number
  or a range continued on the next line);
- :func:`triples`: every printed (estimate, low, high) triple (``x``/``x_ci_low``/``x_ci_high``, or a
  bare ``ci_low``/``ci_high`` after its estimate), from tables, ``quantity``/``value`` tables and
  one-record-per-block layouts;
- :func:`unit_problems`: an estimate with an interval whose unit is named neither in its cells
  (``%``) nor in its header (``gain (antes)``), and a probability column not in %.

``python tests/readme_output.py FOLDER`` checks saved outputs (one file per README line, the command
on the first line); ``python tests/readme_output.py --run`` runs every README line first.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from pathlib import Path

CARD = re.compile(r"^(?:10|[2-9TJQKA])[shdc♠♥♦♣]$|^Jk\d?$")
NUMBER = re.compile(r"^[−+-]?[\d,]*\.?\d+$")
RULE = re.compile(r"^-+(?: {2}-+)*$")
LOW = re.compile(r"^(?:(.*)_)?(ci_low|ci_lo|low)(?:_pp)?(?: \(.*\))?$")
PROBABILITY = re.compile(r"^(p|p_.*|.*probability|share|.*_share|p_made|p_fool|p_open)$")


def _spans(rule: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in re.finditer(r"-+", rule)]


def _cells(line: str, spans: list[tuple[int, int]]) -> list[str]:
    out = []
    for i, (a, b) in enumerate(spans):
        end = spans[i + 1][0] if i + 1 < len(spans) else len(line)
        out.append(line[max(0, a - 1 if i else a):max(b, end)].strip() if i else line[a:end].strip())
    return out


def tables(text: str) -> Iterator[tuple[list[str], list[list[str]], list[int]]]:
    """Each text table: its header cells, its rows of cells, and the indexes of continuation lines."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if i == 0 or not RULE.match(line.strip()) or not line.startswith("-"):
            continue
        spans = _spans(line)
        head = _cells(lines[i - 1], spans)
        rows: list[list[str]] = []
        cont: list[int] = []
        for j in range(i + 1, len(lines)):
            if not lines[j].strip() or lines[j].startswith("#"):
                break
            cells = _cells(lines[j], spans)
            if rows and ((not cells[0] and any(cells))  # a later cell went on
                         or (cells[0] and rows[-1][0] and CARD.match(cells[0].split()[0])  # the first cell
                             and CARD.match(rows[-1][0].split()[-1])  # (a hand) went on
                             and sum(map(bool, cells)) < sum(map(bool, rows[-1])))):
                cont.append(j)
            rows.append(cells)
        yield head, rows, cont


def records(text: str) -> Iterator[dict[str, str]]:
    """Name → printed value: each table row, each quantity/value table and each record block."""
    lines = text.splitlines()
    for head, rows, _ in tables(text):
        if head and head[0] == "quantity" and len(head) > 1:
            yield {r[0]: r[1] for r in rows if r[0]}
        else:
            for r in rows:
                if r and r[0]:
                    yield dict(zip(head, r, strict=False))
    block: dict[str, str] = {}
    for line in lines:
        m = re.match(r"^([a-z][\w]*(?: \([\w%]+\))?) {2,}(\S.*)$", line)
        if m and not RULE.match(line):
            block[m.group(1)] = m.group(2).strip()
        elif not line.strip() and block:
            yield block
            block = {}
    if block:
        yield block


def number(text: str) -> float | None:
    t = text.replace("−", "-").replace(",", "").replace("%", "").strip()
    t = re.sub(r"\s*\(?[a-z]+\)?$", "", t)
    return float(t) if NUMBER.match(t) else None


def triples(text: str) -> list[tuple[str, float, float, float]]:
    """(name, estimate, low, high) of every printed interval."""
    return [t for rec in records(text) for t in triples_of(rec)]


def triples_of(rec: dict[str, str]) -> list[tuple[str, float, float, float]]:
    """(name, estimate, low, high) of the intervals of one record."""
    out: list[tuple[str, float, float, float]] = []
    names = list(rec)
    if names:
        for k, name in enumerate(names):
            m = LOW.match(name)
            if not m:
                continue
            prefix = m.group(1)
            if prefix is not None and (prefix == "ci" or prefix.endswith("_ci")):
                prefix = prefix[:-3] or None  # house_edge_ci_low → house_edge; ci_low → the column before
            high = next((n for n in names[k + 1:] if re.sub(r"low|lo\b", "high", n) == n.replace("low", "high")
                         and ("high" in n or "hi" in n)), None)
            if prefix is not None:
                base = next((n for n in names if n == prefix or n.startswith(prefix + " (")), None)
                if base is None and prefix == "gain":
                    base = next((n for n in names if n.startswith("exchange_gain")), None)
            else:
                base = next((n for n in reversed(names[:k]) if not re.match(r"^(se|.*_se|se_pp)( \(.*\))?$", n)
                             and not LOW.match(n)), None)
            if base is None or high is None:
                continue
            est, lo, hi = number(rec[base]), number(rec[name]), number(rec[high])
            if est is None or lo is None or hi is None:
                continue
            out.append((base, est, lo, hi))
    return out


def _tolerance(*texts: str) -> float:
    """Half a unit in the last printed decimal (an exact 6-digit edge beside a 4-digit interval)."""
    decimals = [len(m.group(1)) for t in texts if (m := re.search(r"\.(\d+)", t))]
    return 0.5 * 10.0 ** -min(decimals) if decimals else 0.5


def ordered(text: str) -> list[tuple[str, float, float, float]]:
    """The printed triples whose estimate is not inside its interval (rounding allowed)."""
    out = []
    for rec in records(text):
        for base, est, lo, hi in triples_of(rec):
            tol = _tolerance(rec[base])
            if not lo - tol <= est <= hi + tol:
                out.append((base, est, lo, hi))
    return out


def splits(text: str) -> list[str]:
    """Tokens a table split across lines."""
    bad = [ln for ln in text.splitlines() if not ln.startswith("#") and re.search(r"[a-z]_(?=\s|$)", ln)]
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if not (RULE.match(line.strip()) and line.startswith("-")):
            continue
        spans = _spans(line)
        for _head, _rows, cont in tables("\n".join(lines[i - 1:])):
            for j in (i - 1 + k for k in cont):
                before, after = _cells(lines[j - 1], spans), _cells(lines[j], spans)
                for b, a in zip(before, after, strict=False):
                    words = a.split()
                    first = words[0] if words else ""
                    count = len(words) > 1 and re.fullmatch(r"[a-z]+", words[1])  # "2 high cards": prose
                    if first and (CARD.match(first) or (number(first) is not None and not count)):
                        bad.append(f"{b} / {a}")
            break
    return bad


PLUS_MINUS = re.compile(r"([−+-]?[\d,]*\.?\d+)(?: %| [a-z]+)? ± ([\d,]*\.?\d+)")
SE_NAME = re.compile(r"^(?:(.*)_)?se(?:_pp)?$|^se_(.+)$")
CI_NAME = re.compile(r"^(?:(.*)_)?ci_(?:low|high)$|^ci_(?:low|high)_(.+)$")


def _decimals(text: str) -> int:
    m = re.search(r"\.(\d+)", text)
    return len(m.group(1)) if m else 0


def _significant(text: str) -> int:
    digits = re.sub(r"[^\d.]", "", text)
    digits = digits.replace(".", "").lstrip("0") if "." in digits else digits.lstrip("0").rstrip("0")
    return len(digits)


def _se_problem(name: str, est: str, se: str) -> str | None:
    """An SE past 2 significant digits, or its estimate (or interval end) past the SE's decimals."""
    if number(se) is None or number(est) is None or not number(se):
        return None
    if _significant(se) > 2:
        return f"{name}: SE {se} has more than 2 significant digits"
    if _decimals(est) > _decimals(se):
        return f"{name}: {est} has more decimals than its SE {se}"
    return None


def precision_problems(text: str) -> list[str]:
    """Digits beyond an SE's second significant digit: in every ``x ± y`` and every table row
    with an SE column (the estimate and its interval shown to the SE's decimals, the SE to 2
    significant digits)."""
    out = [p for m in PLUS_MINUS.finditer(text) if (p := _se_problem(m.group(0), m.group(1), m.group(2)))]
    for rec in records(text):
        names = list(rec)
        bare = [n.split(" (")[0] for n in names]
        for k, name in enumerate(bare):
            m = SE_NAME.match(name)
            if not m or not names[k]:
                continue
            base = m.group(1) or m.group(2)
            j = (bare.index(base) if base in bare else
                 next((i for i in range(k - 1, -1, -1) if not SE_NAME.match(bare[i]) and not CI_NAME.match(bare[i])),
                      None))
            if j is None:
                continue
            ends = [i for i, n in enumerate(bare) if (c := CI_NAME.match(n)) and (c.group(1) or c.group(2)) == base]
            for i in (j, *ends):
                if (p := _se_problem(f"{names[i]} ({names[j]})", rec[names[i]], rec[names[k]])):
                    out.append(p)
    return out


def unit_problems(text: str) -> list[str]:
    out = []
    for rec in records(text):
        for name, value in rec.items():
            bare = name.split(" (")[0]
            if PROBABILITY.match(bare) and number(value) is not None and "/" not in value and not value.endswith("%"):
                out.append(f"{name} = {value}: a probability not in %")
    for base, est, *_ in triples(text):
        del est
        if "(" not in base and not any(base in rec and rec[base].endswith("%") for rec in records(text)):
            out.append(f"{base}: an estimate with an interval and no unit (% in its cells or a unit in its header)")
    return out


def check_folder(folder: Path) -> None:
    outputs = sorted(folder.glob("[0-9][0-9].txt"))
    total_triples = bad_outputs = 0
    for f in outputs:
        text = f.read_text(encoding="utf-8").split("\n--stderr--")[0]
        s, t = splits(text), triples(text)
        total_triples += len(t)
        wrong = ordered(text)
        if s:
            bad_outputs += 1
        if s or wrong:
            print(f.name, text.splitlines()[0][:90], "| splits:", len(s), s[:2], "| bad triples:", wrong[:2],
              "| units:", unit_problems(text)[:2])
    print(f"{len(outputs)} outputs, {bad_outputs} split a token, {total_triples} triples checked")


if __name__ == "__main__":
    check_folder(Path(sys.argv[1]))
