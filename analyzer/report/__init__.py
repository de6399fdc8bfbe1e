"""Reports: every registered study written under one folder with an index page.

``joker-odds report`` passes every study in: the core one (:mod:`analyzer.report.registry`) and
each game's declared study; ``report/`` itself imports no game.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from analyzer.report.index import write_index, write_meta
from analyzer.report.registry import CORE_STUDIES, StudySpec, build_study
from analyzer.report.study import PageContext, Study

__all__ = ["CORE_STUDIES", "Study", "StudySpec", "build_report", "build_study"]


def build_report(out: Path, studies: Sequence[StudySpec], only: list[str] | None = None) -> list[Study]:
    """Build the selected ``studies`` (all by default) and ``<out>/index.html`` linking them.

    Each page links to the others and ends with its build time and the command rebuilding it.
    """
    out = Path(out)
    specs = list(studies)
    chosen = [s for s in specs if only is None or s.name in only]
    unknown = set(only or []) - {s.name for s in specs}
    if unknown:
        from analyzer.errors import JokerOddsError

        raise JokerOddsError(f"unknown study {sorted(unknown)[0]!r} (known: {', '.join(s.name for s in specs)})")
    chosen_names = {s.name for s in chosen}
    nav = tuple((s.name, s.title) for s in specs
                if s.name in chosen_names or (out / s.name / "index.html").is_file())
    built = []
    for spec in chosen:
        t0 = time.perf_counter()
        study = build_study(spec)
        seconds = time.perf_counter() - t0
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        command = f"joker-odds report --study {spec.name}"
        study.write(out, PageContext(nav, stamp, seconds, command))
        write_meta(out, spec.name, spec.title, study.headline, stamp, seconds, command)
        built.append(study)
    write_index(out, [(s.name, s.title) for s in specs])
    return built
