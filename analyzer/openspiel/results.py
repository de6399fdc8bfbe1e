"""The measured ladder, speed and strength curve, kept as data (``openspiel.toml`` beside this
module, written by ``benchmarks/bench_openspiel.py --write``) so the report can quote them
without OpenSpiel installed.

>>> text = to_toml({"command": "x", "ladder": [{"player": "random", "gain": -1.5}]})
>>> text.splitlines()[:4]
['command = "x"', '', '[[ladder]]', 'player = "random"']
"""

from __future__ import annotations

import math
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["RESULTS_FILE", "load_results", "to_toml", "write_results"]

RESULTS_FILE = "openspiel.toml"


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(float(v)) if math.isfinite(v) else "nan"
    return '"' + str(v).replace("\\", "\\\\").replace('"', '\\"') + '"'


def to_toml(data: dict[str, Any]) -> str:
    """Scalars first, then each list of flat tables as ``[[name]]`` blocks."""
    lines = [f"{k} = {_value(v)}" for k, v in data.items() if not isinstance(v, list)]
    for k, rows in data.items():
        if isinstance(rows, list):
            for row in rows:
                lines += ["", f"[[{k}]]"] + [f"{a} = {_value(b)}" for a, b in row.items()]
    return "\n".join(lines) + "\n"


def write_results(data: dict[str, Any], path: Path | None = None) -> Path:
    """Write ``data`` as TOML (by default over the shipped file)."""
    target = path or Path(__file__).with_name(RESULTS_FILE)
    target.write_text(to_toml(data), encoding="utf-8")
    return target


def load_results() -> dict[str, Any]:
    """The shipped measurements (empty when none were written)."""
    f = resources.files("analyzer.openspiel").joinpath(RESULTS_FILE)
    return tomllib.loads(f.read_text("utf-8")) if f.is_file() else {}
