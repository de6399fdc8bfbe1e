"""Report pages as a person sees them, in a real headless Chromium (Debian's ``chromium``): no
numeric cell wraps, nothing sticks out of a 1280 px (or 390 px phone) window except inside its
own scroll box, every image loads, and the answer box is on the first screen.

The default run checks a page exercising every block (a 22-column table, a 60-row table, a
figure, a strategy card, terms) and the real pages that build in seconds; ``slow`` builds and
checks every study of ``joker-odds report``. Without Chromium the tests skip with one line
(``.ci/run`` installs it).
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from analyzer.games.info import StudyDecl
from analyzer.report import build_report
from analyzer.report.study import Study
from tests.browser import CHROMIUM, pdf_pages, probe

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no chromium: the browser checks of the report "
                                                          "pages need Debian's chromium (apt-get install chromium)")


def every_block() -> Study:
    import matplotlib.pyplot as plt

    s = Study("every-block", "A page with every kind of block")
    s.answer("Joker Poker, Kings or Better, optimal play returns **100.6 %** (exact: 100.6463 %).",
             "The red joker lowers your chance of being the fool by 5.7 points (95 % CI 5.1 to 6.3).",
             "**A whole bold sentence in the answer box must wrap on a phone: one joker is worth +52.96 "
             "points a deal [49.31, 56.61] against none**")
    s.headline = "every block"
    s.term("hook", "the rule that the last bidder may not make the bids add up to the cards dealt")
    s.heading("A wide table")
    wide = [{"deal": d, **{f"p_{k}_tricks": (d * 7 + k) % 97 / 97 for k in range(20)},
             "exact": str(Fraction(9571721884148096 + d, 26816424180170625))} for d in range(1, 13)]
    s.table("wide", wide, "Twenty probability columns and an exact fraction, with the hook")
    s.heading("A long table")
    s.table("long", [{"hand": f"hand {i}", "count": 1234567 * i, "probability": 1 / (i + 3),
                      "se": 0.0001 * i, "ci_low": 1 / (i + 3) - 0.0002 * i, "ci_high": 1 / (i + 3) + 0.0002 * i}
                     for i in range(60)], "Sixty rows, folded")
    s.heading("A card and a figure")
    s.term("meld", "a set (3–4 cards of one rank) or a run (3+ cards in sequence of one suit)")
    s.rules(["Deal five cards; a meld of 3–4 cards counts.", "Bet or fold."], ["the deck"])
    s.card("Strategy card: bet or fold", ["Bet with a pair or better.", "Fold ace-king or worse, a meld of 3–4."],
           [{"hand": "pair", "action": "bet", "gain_antes": 0.351},
            {"hand": "ace-king", "action": "fold (49.4 %, 40.1–51.0 %)", "gain_antes": -0.25}], name="card", top=True,
           notes=["¹ a footnote"], after=["This card returns 99.54 % (95 % CI 99.50–99.58 %)."])
    s.card("Strategy card: a long one", [f"line {i}: hold Kh Kd 7c 4s 2h" for i in range(30)], ordered=True)
    fig, ax = plt.subplots(figsize=(12, 3))
    ax.plot([0, 1], [0, 1])
    s.figure("line", fig, "A line: read the slope")
    s.text("A long sentence " * 40)
    return s


SPECS = [StudyDecl("every-block", "Every block", f"{__name__}:every_block"),
         StudyDecl("calling-and-betting", "The banker's calling game",
                   "analyzer.games.calling.report:build")]


def assert_readable(page: Path, width: int) -> dict[str, object]:
    found = probe(page, width=width)
    assert found["wrapped"] == [], f"{page.parent.name} at {width}px: numbers wrap: {found['wrapped'][:5]}"
    assert found["wide"] == [] and not found["page_scrolls"], \
        f"{page.parent.name} at {width}px: wider than the window: {found['wide'][:5]}"
    assert found["broken_images"] == [], f"{page.parent.name}: images not loaded: {found['broken_images']}"
    assert found["raw_markup"] == [], f"{page.parent.name} at {width}px: markup shown as text: {found['raw_markup'][:3]}"
    if page.name == "index.html" and page.parent.name not in ("", "reports") and found["answer_top"] is not None:
        assert found["answer_top"] < 900, f"{page.parent.name}: answer box at {found['answer_top']}px"
    return found


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("report") / "reports"
    build_report(out, SPECS)
    return out


@pytest.mark.parametrize("width", [1280, 390])
def test_every_block_reads_at_desktop_and_phone_width(built: Path, width: int) -> None:
    found = assert_readable(built / "every-block" / "index.html", width)
    assert found["answer_top"] is not None and found["answer_top"] < 300
    assert found["rows"] <= 12 + 1 + 1 + 2  # the wide table and the card; the 60 rows stay folded


def test_real_pages_and_index_read_at_desktop_width(built: Path) -> None:
    found = assert_readable(built / "calling-and-betting" / "index.html", 1280)
    assert found["answer_top"] is not None and found["answer_top"] < 900
    assert_readable(built / "index.html", 1280)
    assert_readable(built / "glossary.html", 390)


def test_a_wrapping_number_is_caught(tmp_path: Path) -> None:
    """The probe itself can fail: a numeric cell squeezed to wrap is reported."""
    page = tmp_path / "index.html"
    page.write_text("<!doctype html><html><body><table style='width:40px'><tr>"
                    "<td class='n' style='white-space:normal;width:40px'>0.0013 0467 1234</td></tr></table>"
                    "<div style='width:3000px'>wide</div></body></html>", encoding="utf-8")
    found = probe(page, width=1280)
    assert found["wrapped"] and found["page_scrolls"]


def test_an_estimate_split_from_its_interval_is_caught(tmp_path: Path) -> None:
    """The probe fails an estimate whose interval went to the next line, and passes the report's
    own rendering of the same cell in the same narrow column."""
    from analyzer.report.study import CSS, _whole_numbers

    cell = "bid 0 (66.2 %, 60.4–71.5 %)"
    page = tmp_path / "index.html"
    for text, split in ((cell.replace(" %", "&nbsp;%"), True), (_whole_numbers(cell), False)):
        page.write_text(f"<!doctype html><html><head><style>{CSS}</style></head><body><table><tr>"
                        f"<td style='width:90px;max-width:90px'>{text}</td></tr></table></body></html>",
                        encoding="utf-8")
        assert bool(probe(page, width=390)["wrapped"]) is split, text


def test_markup_shown_as_text_is_caught(tmp_path: Path) -> None:
    """The probe fails a page whose text shows markup (an attribute's quote, a closing tag)."""
    page = tmp_path / "index.html"
    page.write_text("<!doctype html><html><body><p>in sequence of one suit)'&gt;meld &lt;/span&gt;</p></body></html>",
                    encoding="utf-8")
    assert len(probe(page, width=1280)["raw_markup"]) == 2


def assert_cards_print(out: Path) -> None:
    """The cards page prints each card on a page of its own: as many pages as cards (a card longer
    than a page would add one)."""
    cards = out / "cards.html"
    n = probe(cards, width=1280)["cards"]
    assert n >= 1
    pages = pdf_pages(cards)  # (printed once: a Chromium start each)
    assert pages == n, f"{n} cards printed on {pages} pages"


def test_the_cards_page_prints_one_card_a_page(built: Path) -> None:
    assert (built / "cards.html").is_file() and "cards.html" in (built / "index.html").read_text(encoding="utf-8")
    assert "../cards.html" in (built / "every-block" / "index.html").read_text(encoding="utf-8")
    assert_readable(built / "cards.html", 390)
    assert_cards_print(built)


def test_a_card_longer_than_a_page_is_caught(tmp_path: Path) -> None:
    out = tmp_path / "reports"
    build_report(out, [StudyDecl("long-card", "Long card", f"{__name__}:_long_card")])
    with pytest.raises(AssertionError, match="printed on"):
        assert_cards_print(out)


def _long_card() -> Study:
    s = Study("long-card", "A card too long to print")
    s.card("Strategy card: far too long", [f"line {i}: a hold in words long enough to fill its line" for i in range(400)])
    return s


@pytest.mark.slow
def test_every_study_of_the_report_reads(tmp_path: Path) -> None:
    from analyzer.cli.report_cmd import STUDIES

    out = tmp_path / "reports"
    build_report(out, STUDIES)
    for spec in STUDIES:
        for width in (1280, 390):
            found = assert_readable(out / spec.name / "index.html", width)
            assert found["answer_top"] is not None and found["answer_top"] < 900, spec.name
    assert_readable(out / "cards.html", 1280)
    assert_cards_print(out)
