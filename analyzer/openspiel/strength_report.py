"""The report's "how strong is the player behind these numbers" section, from the measured ladder
(:func:`analyzer.openspiel.results.load_results`; OpenSpiel is not needed to build it).

>>> from analyzer.report.study import Study
>>> s = Study("demo", "Demo")
>>> strength_section(s, ["durak"])
>>> s.sections() in ([], [HEADING])
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from analyzer.openspiel.results import load_results

__all__ = ["curve_figure", "strength_section"]

HEADING = "How strong is the player behind these numbers"


def curve_figure(curve: Sequence[dict[str, Any]]) -> Any:
    """Gain against the heuristic by CPU time a decision: the project's ismcts and OpenSpiel's ISMCTS."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    for prefix, label, mark in (("ismcts@", "joker-odds ismcts (numba)", "o-"),
                                ("openspiel", "OpenSpiel ISMCTS (Python)", "s--")):
        rows = [r for r in curve if str(r["player"]).startswith(prefix)]
        if rows:
            x = [max(float(r["cpu_ms"]), 1e-3) for r in rows]
            y = [float(r["gain"]) for r in rows]
            e = [float(r["half_width"]) for r in rows]
            ax.errorbar(x, y, yerr=e, fmt=mark, capsize=3, label=label)
    ax.axhline(0, color="#888", lw=0.8)
    ax.set_xscale("log")
    ax.set_xlabel("CPU milliseconds a decision")
    ax.set_ylabel("gain vs heuristic (−ΔP(fool))")
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
    study.text("The odds above assume the project's named playing policies. How good they are, measured on the same "
               "deals with every seat rotated (the player at one seat, the heuristic at the others, compared with the "
               "heuristic at that seat): points a deal gained over the heuristic (in durak −ΔP(fool)), 95 % CI, with "
               "OpenSpiel's ISMCTS (the reference algorithm, on these games registered in OpenSpiel) given the CPU time "
               f"a decision of the project's best player and ten times it. Reproduce: `{data.get('command', '')}`.")
    key = "-".join(labels).replace(" ", "-").replace(",", "").lower()
    study.table(f"strength-ladder-{key}", [{"game": r["label"], "player": r["player"], "deals": r["deals"],
                                             "gain": r["gain"], "ci_half_width": r["half_width"],
                                             "cpu_ms_a_decision": r["cpu_ms"]} for r in rows])
    curve = data.get("curve", [])
    if curve and any(str(x).startswith("durak") for x in labels):
        speed = data.get("speed", [{}])[0]
        if speed:
            study.text(f"Speed on the same durak positions: the project's ismcts runs "
                       f"{speed['project_iterations_per_s']:,.0f} tree iterations a CPU-second, OpenSpiel's Python "
                       f"ISMCTS on the wrapped game {speed['openspiel_iterations_per_s']:,.0f}.")
        study.figure(f"strength-vs-time-{key}", curve_figure(curve),
                     "Heads-up durak: gain over the heuristic by CPU time a decision (95 % CI)")
