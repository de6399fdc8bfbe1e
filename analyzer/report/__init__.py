"""Reports: every registered study written under one folder with an index page.

``joker-odds report`` passes every study in: the core one (:mod:`analyzer.report.registry`) and
each game's declared study; ``report/`` itself imports no game.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path

from analyzer.io import atomic_write_text
from analyzer.report.registry import CORE_STUDIES, StudySpec, build_study
from analyzer.report.study import Study

__all__ = ["CORE_STUDIES", "Study", "StudySpec", "build_report", "build_study"]


def build_report(out: Path, studies: Sequence[StudySpec], only: list[str] | None = None) -> list[Study]:
    """Build the selected ``studies`` (all by default) and ``<out>/index.html`` linking them."""
    out = Path(out)
    specs = list(studies)
    chosen = [s for s in specs if only is None or s.name in only]
    unknown = set(only or []) - {s.name for s in specs}
    if unknown:
        from analyzer.errors import JokerOddsError

        raise JokerOddsError(f"unknown study {sorted(unknown)[0]!r} (known: {', '.join(s.name for s in specs)})")
    built = []
    for spec in chosen:
        study = build_study(spec)
        study.write(out)
        built.append(study)
    existing = sorted(p.parent.name for p in out.glob("*/index.html"))
    titles = {s.name: s.title for s in specs}
    items = "".join(
        f"<li><a href='{html.escape(n)}/index.html'>{html.escape(titles.get(n, n))}</a></li>" for n in existing
    )
    atomic_write_text(out / "index.html",
                      "<!doctype html><html><head><meta charset='utf-8'><title>joker-odds reports</title>"
                      f"</head><body><h1>joker-odds reports</h1><ul>{items}</ul></body></html>\n")
    md = "# joker-odds reports\n\n" + "".join(f"- [{titles.get(n, n)}]({n}/index.md)\n" for n in existing)
    atomic_write_text(out / "index.md", md)
    return built
