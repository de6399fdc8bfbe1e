"""Reports: every registered study written under one folder with an index page.

Studies register in :mod:`analyzer.report.registry`; ``joker-odds report`` builds them all.
"""

from __future__ import annotations

import html
from pathlib import Path

from analyzer.io import atomic_write_text
from analyzer.report.registry import STUDIES, StudySpec
from analyzer.report.study import Study

__all__ = ["STUDIES", "Study", "StudySpec", "build_report"]


def build_report(out: Path, only: list[str] | None = None) -> list[Study]:
    """Build the selected studies (all by default) and ``<out>/index.html`` linking them."""
    out = Path(out)
    chosen = [s for s in STUDIES if only is None or s.name in only]
    unknown = set(only or []) - {s.name for s in STUDIES}
    if unknown:
        from analyzer.errors import JokerOddsError

        raise JokerOddsError(f"unknown study {sorted(unknown)[0]!r} (known: {', '.join(s.name for s in STUDIES)})")
    built = []
    for spec in chosen:
        study = spec.build()
        study.write(out)
        built.append(study)
    existing = sorted(p.parent.name for p in out.glob("*/index.html"))
    titles = {s.name: s.title for s in STUDIES}
    items = "".join(
        f"<li><a href='{html.escape(n)}/index.html'>{html.escape(titles.get(n, n))}</a></li>" for n in existing
    )
    atomic_write_text(out / "index.html",
                      "<!doctype html><html><head><meta charset='utf-8'><title>joker-odds reports</title>"
                      f"</head><body><h1>joker-odds reports</h1><ul>{items}</ul></body></html>\n")
    md = "# joker-odds reports\n\n" + "".join(f"- [{titles.get(n, n)}]({n}/index.md)\n" for n in existing)
    atomic_write_text(out / "index.md", md)
    return built
