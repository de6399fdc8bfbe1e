"""Pinned command outputs: what the pinned-number tests of several games share.

A pin file holds ``{"cli": {name: {"args": "...", "json": {...}}}, ...}``: the arguments of a
``joker-odds tricks`` command and its JSON output, recorded once; a test reruns the command and
compares, leaving out what depends on the machine (timings, the backend). Counts, names and
integers must match exactly; a float to 1e-12 relative, since numba compiles for the machine's
own processor and one with fused multiply-add rounds the last bit of a sum differently (the
same seed gives the same deals, and so the same counts, everywhere).

>>> strip({"seconds": 1.5, "rows": [{"p": 0.5, "elapsed": 2}]})
{'rows': [{'p': 0.5}]}
>>> same({"p": [0.9026243332908271, 3]}, {"p": [0.9026243332908275, 3]}), same({"n": 3}, {"n": 3.0})
(True, False)
"""

from __future__ import annotations

import hashlib
import json
import math
import shlex
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from analyzer.cli import main

VOLATILE = {"seconds", "elapsed", "time", "rate", "trials_per_second", "workers", "backend"}


def strip(x: Any) -> Any:
    """The output without what depends on the machine (timings, the backend)."""
    if isinstance(x, dict):
        return {k: strip(v) for k, v in x.items() if k not in VOLATILE}
    if isinstance(x, list):
        return [strip(v) for v in x]
    return x


def cases(pins: dict[str, Any], fast: set[str]) -> list[Any]:
    """One test parameter per pinned command; those not in ``fast`` run under ``slow``."""
    return [pytest.param(name, marks=() if name in fast else pytest.mark.slow, id=name)
            for name in sorted(pins["cli"])]


def same(x: Any, y: Any, rel: float = 1e-12) -> bool:
    """``x`` and ``y`` alike in structure, types and values; floats to ``rel`` relative."""
    if type(x) is not type(y):
        return False
    if isinstance(x, dict):
        return x.keys() == y.keys() and all(same(x[k], y[k], rel) for k in x)
    if isinstance(x, list):
        return len(x) == len(y) and all(same(a, b, rel) for a, b in zip(x, y, strict=True))
    if isinstance(x, float):
        return math.isclose(x, y, rel_tol=rel, abs_tol=rel) or (math.isnan(x) and math.isnan(y))
    return bool(x == y)


def check_command(pin: dict[str, Any]) -> None:
    """Rerun a pinned ``tricks`` command and compare its JSON with the pin (:func:`same`)."""
    res = CliRunner().invoke(main, ["tricks", *shlex.split(pin["args"]), "--format", "json"])
    assert res.exit_code == 0, res.output
    got, want = strip(json.loads(res.stdout)), strip(pin["json"])
    assert same(got, want), (got, want)


def digest(a: np.ndarray) -> str:
    """A short fingerprint of an integer array (its SHA-256 prefix and its sum)."""
    a = np.ascontiguousarray(np.asarray(a, np.int64))
    return hashlib.sha256(a.tobytes()).hexdigest()[:16] + f":{int(a.sum())}"
