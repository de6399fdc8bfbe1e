"""One number style on every built report page: every printed (estimate, low, high) triple — a
table's estimate beside its ci_low/ci_high columns, or "x (95 % CI lo–hi)" in text — has
low ≤ estimate ≤ high in one unit; probability columns print in %; no scientific notation; no
percentage with more digits than an exact figure carries (6 significant); a bare ``estimate``
column only where each row names its quantity.

``check_page`` is the checker; the default run checks the pages that build in seconds, the slow
one (``make test-slow``) every study of ``joker-odds report``.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from analyzer.games.info import StudyDecl
from analyzer.report import build_report

NUM = r"[+\-−]?\d[\d,]*(?:\.\d+)?"
TEXT_TRIPLE = re.compile(rf"({NUM})(\s?%)?[^()\d]{{0,40}}\(95\s%\sCI\s({NUM})(?:–|\sto\s)({NUM})(\s?%)?\)")
SCI = re.compile(r"\d[eE][+-]\d")
TAG = re.compile(r"<[^>]+>")


def _num(text: str) -> float:
    return float(text.replace(",", "").replace("−", "-").replace("+", ""))


def _text(fragment: str) -> str:
    return re.sub(r"\s+", " ", html.unescape(TAG.sub(" ", fragment)).replace("\u00a0", " ")).strip()


def _tables(page: str) -> list[tuple[list[str], list[list[str]]]]:
    out = []
    for t in re.findall(r"<table>(.*?)</table>", page, re.S):
        heads = [_text(h) for h in re.findall(r"<th[^>]*>(.*?)</th>", t, re.S)]
        rows = [[_text(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r, re.S)]
                for r in re.findall(r"<tr>(.*?)</tr>", t, re.S) if "<td" in r]
        out.append((heads, rows))
    return out


def check_page(path: Path) -> int:
    """Assert the number style of one HTML page; returns the (estimate, low, high) triples checked."""
    page = path.read_text(encoding="utf-8")
    body = page.split("<body", 1)[1]
    visible = _text(re.sub(r"<(style|script)[^>]*>.*?</\1>", "", body, flags=re.S))
    where = path.parent.name
    assert not SCI.search(re.sub(r"<code>.*?</code>", "", visible)), f"{where}: scientific notation"
    for m in re.finditer(rf"({NUM}) %", visible):
        digits = re.sub(r"\D", "", m.group(1)).lstrip("0")
        assert len(digits) <= 6, f"{where}: {m.group(0)!r} has more digits than any figure carries"
    triples = 0
    for m in TEXT_TRIPLE.finditer(visible):
        est, lo, hi = (_num(m.group(i)) for i in (1, 3, 4))
        assert bool(m.group(2)) == bool(m.group(5)), f"{where}: {m.group(0)!r}: estimate and interval in two units"
        assert lo <= est <= hi, f"{where}: {m.group(0)!r}: the estimate is outside its interval"
        triples += 1
    for heads, rows in _tables(body):
        if "estimate" in heads:
            assert heads[0] == "quantity", f"{where}: an 'estimate' column without its unit: {heads}"
        for i, h in enumerate(heads):
            if re.search(r"\b(probability|p_|share|frequency)\b", h.replace(" ", "_")) or h.startswith("p "):
                for r in rows:
                    if i < len(r) and re.fullmatch(NUM, r[i]):
                        raise AssertionError(f"{where}: probability column {h!r} prints {r[i]!r} without %")
        lows = [i for i, h in enumerate(heads) if h.startswith("ci low")]
        for lo_i in lows:
            hi_i = next((j for j in range(lo_i + 1, len(heads)) if heads[j].startswith("ci high")), None)
            est_i = next((j for j in range(lo_i - 1, -1, -1) if heads[j] not in ("se",) and not heads[j].startswith("se ")), None)
            if hi_i is None or est_i is None:
                continue
            for r in rows:
                if max(est_i, lo_i, hi_i) >= len(r):
                    continue
                cells = [r[est_i], r[lo_i], r[hi_i]]
                vals = [c.removesuffix(" %").strip() for c in cells]
                if not all(re.fullmatch(NUM, v) for v in vals):
                    continue
                assert len({c.endswith("%") for c in cells}) == 1, f"{where}: {heads[est_i]} {cells}: two units"
                est, lo, hi = (_num(v) for v in vals)
                assert lo <= est <= hi, f"{where}: {heads[est_i]} {cells}: outside its interval"
                triples += 1
    return triples


SPECS = [StudyDecl("calling-and-betting", "The banker's calling game", "analyzer.games.calling.report:build")]


def test_a_misprinted_interval_is_caught(tmp_path: Path) -> None:
    page = tmp_path / "x" / "index.html"
    page.parent.mkdir()
    page.write_text("<html><body><p>wins 30.42 % (95 % CI 31.00–31.50 %)</p></body></html>", encoding="utf-8")
    with pytest.raises(AssertionError, match="outside"):
        check_page(page)
    page.write_text("<html><body><p>wins 30.42 % (95 % CI 0.2997–0.3087)</p></body></html>", encoding="utf-8")
    with pytest.raises(AssertionError, match="two units"):
        check_page(page)


def test_the_quick_pages_keep_one_number_style(tmp_path: Path) -> None:
    out = tmp_path / "reports"
    build_report(out, SPECS)
    pages = [out / "index.html", *(out / s.name / "index.html" for s in SPECS)]
    assert sum(check_page(p) for p in pages) >= 1


@pytest.mark.slow
def test_every_page_of_the_report_keeps_one_number_style(tmp_path: Path) -> None:
    from analyzer.cli.report_cmd import STUDIES

    out = tmp_path / "reports"
    build_report(out, STUDIES)
    pages = [*sorted(out.glob("*/index.html")), out / "index.html", out / "cards.html"]
    triples = sum(check_page(p) for p in pages)
    print(f"number style: {len(pages)} pages, {triples} (estimate, low, high) triples checked")
    assert triples > 50
