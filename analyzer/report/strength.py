"""How strong the players behind the odds are: the measured strength ladder, speed and curve, kept as
data (``strength.toml`` beside this module, written by ``benchmarks/bench_openspiel.py --write``), and
the report section that quotes them. Neither OpenSpiel nor any game is needed to read or show them.

>>> text = to_toml({"command": "x", "ladder": [{"player": "random", "gain": -1.5}]})
>>> text.splitlines()[:4]
['command = "x"', '', '[[ladder]]', 'player = "random"']
>>> from analyzer.report.study import Study
>>> s = Study("demo", "Demo")
>>> strength_section(s, ["durak"])
>>> s.sections() in ([], [HEADING])
True
"""

from __future__ import annotations

import math
import re
import tomllib
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["HEADING", "RESULTS_FILE", "curve_figure", "load_results", "page_commands", "strength_section", "to_toml",
           "write_results"]

RESULTS_FILE = "strength.toml"
HEADING = "How strong is the player behind these numbers"


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
    f = resources.files("analyzer.report").joinpath(RESULTS_FILE)
    return tomllib.loads(f.read_text("utf-8")) if f.is_file() else {}

def page_commands(command: str, row_labels: Sequence[str]) -> str:
    """The runs of ``command`` (``;``-separated) that measured rows of these labels: a run with
    ``--only 'X'`` where a row's label starts with X, and the runs without ``--only`` when some row
    is measured by none of those.

    >>> c = "b.py --deals 24; b.py --only 'durak, 3' --write; b.py --only 'Remi' --write"
    >>> page_commands(c, ["Remi 51, 4 players"])
    "b.py --only 'Remi' --write"
    >>> page_commands(c, ["durak, 2 players", "durak, 3 players"])
    "b.py --deals 24; b.py --only 'durak, 3' --write"
    """
    runs = [(p.strip(), re.search(r"--only '([^']*)'", p)) for p in command.split(";") if p.strip()]
    named = [(p, m.group(1)) for p, m in runs if m]
    covered = {x for x in row_labels if any(x.startswith(only) for _, only in named)}
    keep = [p for p, m in runs if (m is None and covered != set(row_labels))
            or (m is not None and any(x.startswith(m.group(1)) for x in row_labels))]
    return "; ".join(keep)


def curve_figure(curve: Sequence[dict[str, Any]]) -> Any:
    """Gain over the heuristic (percentage points of P(fool), as the ladder's table) by CPU time a
    decision: the project's ismcts and OpenSpiel's ISMCTS."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for prefix, label, mark in (("ismcts@", "joker-odds ismcts (numba)", "o-"),
                                ("openspiel", "OpenSpiel ISMCTS (Python)", "s--")):
        rows = [r for r in curve if str(r["player"]).startswith(prefix)]
        if rows:
            x = [max(float(r["cpu_ms"]), 1e-3) for r in rows]
            y = [100.0 * float(r["gain"]) for r in rows]  # percentage points, as the ladder's table
            e = [100.0 * float(r["half_width"]) for r in rows]
            ax.errorbar(x, y, yerr=e, fmt=mark, capsize=3, label=label)
    ax.axhline(0, color="#888", lw=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("CPU milliseconds a decision")
    ax.set_ylabel("gain over the heuristic (pp of P(fool))")
    ax.legend(fontsize=8)
    return fig


def strength_section(study: Any, labels: Sequence[str]) -> None:
    """Add the section for the ladders whose label starts with one of ``labels`` (nothing when no
    measurements ship)."""
    data = load_results()
    rows = [r for r in data.get("ladder", []) if any(str(r["label"]).startswith(x) for x in labels)]
    if not rows:
        return
    study.heading(HEADING)
    durak = all(str(x).startswith("durak") for x in labels)
    scale, unit = (100.0, "pp of P(fool)") if durak else (1.0, "points a deal")  # Remi: minus penalty points
    remi = all(str(x).startswith("Remi") for x in labels)
    measure = ("the fall in its chance of being the fool, in percentage points" if durak
               else "the penalty points a deal it saved against the greedy heuristic" if remi
               else "the points a deal it gained over the heuristic")
    budget = ("is given fixed CPU budgets a decision: the project's Remi players are drawing heuristics that decide in "
              "microseconds (there is no Remi search player), far too little time for a tree search" if remi else
              "is given the CPU time a decision of the project's best player, and ten times it")
    study.text("The odds above assume the project's named playing policies. How good they are, measured on the same "
               "deals with every seat rotated (the player at one seat, the heuristic at the others, compared with the "
               f"heuristic at that seat): {measure}, with its 95 % CI. OpenSpiel's ISMCTS (the reference algorithm, "
               f"run on these games registered in OpenSpiel) {budget}. Reproduce: "
               f"`{page_commands(data.get('command', ''), [str(r['label']) for r in rows])}`.")
    key = "-".join(labels).replace(" ", "-").replace(",", "").lower()
    study.table(f"strength-ladder-{key}", [
        {"game": r["label"], "player": r["player"], "deals": r["deals"], f"gain ({unit})": scale * r["gain"],
         "ci_low": scale * (r["gain"] - r["half_width"]), "ci_high": scale * (r["gain"] + r["half_width"]),
         "CPU ms a decision": r["cpu_ms"]} for r in rows])
    curve = data.get("curve", [])
    if curve and any(str(x).startswith("durak") for x in labels):
        speed = data.get("speed", [{}])[0]
        if speed:
            study.text(f"Speed on the same durak positions: the project's ismcts runs "
                       f"{speed['project_iterations_per_s']:,.0f} tree iterations a CPU-second, OpenSpiel's Python "
                       f"ISMCTS on the wrapped game {speed['openspiel_iterations_per_s']:,.0f}.")
        study.figure(f"strength-vs-time-{key}", curve_figure(curve),
                     "Heads-up durak: gain over the heuristic in percentage points of P(fool), by CPU time a "
                     "decision (95 % CI)")
