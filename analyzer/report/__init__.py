"""Reports: every registered study written under one folder with an index page.

Studies register in :mod:`analyzer.report.registry`; ``joker-odds report`` builds them all.
"""

from __future__ import annotations

import html
import os
import shutil
import tempfile
from pathlib import Path

from analyzer.io import atomic_write_text, check_output_path, clip
from analyzer.report.registry import STUDIES, StudySpec
from analyzer.report.study import Study

__all__ = ["STUDIES", "Study", "StudySpec", "build_report"]


def build_report(out: Path, only: list[str] | None = None) -> list[Study]:
    """Build the selected studies (all by default) and ``<out>/index.html`` linking them.

    The report is built in a temporary folder beside ``out`` (holding a copy of what ``out``
    had) and swapped in at the end, so an interrupted or failed build leaves the previous
    report as it was.
    """
    out = Path(out)
    chosen = [s for s in STUDIES if only is None or s.name in only]
    unknown = set(only or []) - {s.name for s in STUDIES}
    if unknown:
        from analyzer.errors import JokerOddsError

        raise JokerOddsError(f"unknown study {clip(sorted(unknown)[0])!r} (known: {', '.join(s.name for s in STUDIES)})")
    check_output_path(out, folder=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{out.name}.building-", dir=out.parent))
    try:
        mask = os.umask(0o022)
        os.umask(mask)
        os.chmod(tmp, out.stat().st_mode & 0o777 if out.is_dir() else 0o777 & ~mask)  # not mkdtemp's 0o700
        if out.is_dir():
            shutil.copytree(out, tmp, symlinks=True, dirs_exist_ok=True)
        built = _build_into(tmp, chosen)
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


def _build_into(out: Path, chosen: list[StudySpec]) -> list[Study]:
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
