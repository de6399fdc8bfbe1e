"""Ctrl-C stops long computations within about a second: kernels run in short pieces
(:mod:`analyzer.pieces`), so Python sees SIGINT between two calls and the CLI exits with 130.

Each case starts the real command in a subprocess, waits until it is past its start-up (twice
the time the same command takes to refuse a bad option, plus two seconds: imports and cache
loads are done), sends SIGINT and times the exit. The bound (5 s) is generous: the pieces take
about 0.1 s and the exit itself a fraction of a second, even on a loaded machine.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOUND = 5.0
CASES = {
    # the exact edge (the class sweep over every up card), phase 1 (the joker alone on 2,000
    # situations), then 40 situations on all 37 options (seconds each): minutes in all
    "options-edge": (["stud", "options-edge", "--situations", "40", "--screen", "2000"], ["--situations", "1"]),
    # the searching durak policies: games of milliseconds each, run in timed pieces (issue 51: 3-7 s before)
    "durak simulate ismcts": (["durak", "simulate", "--policy", "ismcts", "--games", "1000000", "--quiet", "--force"],
                              ["--games", "0"]),
    "durak strength ismcts": (["durak", "strength", "--pair", "ismcts:heuristic", "--deals", "1000000", "--quiet", "--force"],
                              ["--deals", "0"]),
    "durak odds search": (["durak", "odds", "--hand", "As Jk1 7h 9c Td Qs", "--trump", "h", "--policy", "search",
                           "--games", "1000000", "--quiet", "--force"], ["--games", "0"]),
}


def _cli(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", "from analyzer.cli import main; main()", *args], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})


@pytest.mark.slow
@pytest.mark.parametrize("name", list(CASES))
def test_ctrl_c_stops_a_long_computation_within_seconds(name: str) -> None:
    run_args, bad = CASES[name]
    t = time.monotonic()
    probe = _cli(run_args[:2] + bad)
    probe.communicate(timeout=300)
    assert probe.returncode == 2
    startup = time.monotonic() - t
    proc = _cli(run_args)
    try:
        time.sleep(2 * startup + 2)
        assert proc.poll() is None, f"finished before the signal: {proc.communicate()}"
        t = time.monotonic()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
        took = time.monotonic() - t
    finally:
        proc.kill()
    assert proc.returncode == 130, err
    assert out == "" and "Traceback" not in err
    assert took <= BOUND, f"{name}: {took:.1f} s from SIGINT to exit"
