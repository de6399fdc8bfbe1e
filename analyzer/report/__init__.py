"""Reports: every registered study written under one folder with an index page.

``joker-odds report`` passes every study in: the core one (:mod:`analyzer.report.registry`) and
each game's declared study; ``report/`` itself imports no game. The report is built in a
temporary folder beside ``out`` and swapped in at the end, so an interrupted or failed build
leaves the previous report as it was.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from analyzer.io import check_output_path, clip
from analyzer.report.index import write_index, write_meta
from analyzer.report.registry import CORE_STUDIES, StudySpec, build_study
from analyzer.report.study import PageContext, Study

__all__ = ["CORE_STUDIES", "Study", "StudySpec", "build_report", "build_study"]


def build_report(out: Path, studies: Sequence[StudySpec], only: list[str] | None = None) -> list[Study]:
    """Build the selected ``studies`` (all by default) and ``<out>/index.html`` linking them.

    Each page links to the others and ends with its build time and the command rebuilding it.
    The build happens in a temporary folder (holding a copy of what ``out`` had) that replaces
    ``out`` only once every study is written.
    """
    out = Path(out)
    specs = list(studies)
    chosen = [s for s in specs if only is None or s.name in only]
    unknown = set(only or []) - {s.name for s in specs}
    if unknown:
        from analyzer.errors import JokerOddsError

        raise JokerOddsError(f"unknown study {clip(sorted(unknown)[0])!r} "
                             f"(known: {', '.join(s.name for s in specs)})")
    check_output_path(out, folder=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    try:
        mask = os.umask(0o022)
        os.umask(mask)
        os.chmod(tmp, out.stat().st_mode & 0o777 if out.is_dir() else 0o777 & ~mask)  # not mkdtemp's 0o700
        if out.is_dir():
            shutil.copytree(out, tmp, symlinks=True, dirs_exist_ok=True)
        built = _build_into(tmp, specs, chosen)
        _swap(tmp, out)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return built


def _swap(new: Path, out: Path) -> None:
    """Put folder ``new`` where ``out`` is (the old one removed once the new one is in place)."""
    if not out.exists():
        os.rename(new, out)
        return
    old = Path(tempfile.mkdtemp(prefix=f".{out.name}.old-", dir=out.parent))
    os.rename(out, old / out.name)
    try:
        os.rename(new, out)
    except OSError:
        os.rename(old / out.name, out)
        raise
    shutil.rmtree(old, ignore_errors=True)


def _build_into(out: Path, specs: list[StudySpec], chosen: list[StudySpec]) -> list[Study]:
    """Write the ``chosen`` studies under ``out`` and the index of every study found there."""
    chosen_names = {s.name for s in chosen}
    nav = tuple((s.name, s.title) for s in specs
                if s.name in chosen_names or (out / s.name / "index.html").is_file())
    built = []
    from analyzer.progress import status

    for i, spec in enumerate(chosen, 1):
        t0 = time.perf_counter()
        with status(f"report {i}/{len(chosen)}: {spec.name}"):  # one line per study, terminal only
            study = build_study(spec)
        seconds = time.perf_counter() - t0
        stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
        command = f"joker-odds report --study {spec.name}"
        study.write(out, PageContext(nav, stamp, seconds, command))
        write_meta(out, spec.name, spec.title, study.headline, stamp, seconds, command, study.terms)
        built.append(study)
    write_index(out, [(s.name, s.title) for s in specs])
    return built
