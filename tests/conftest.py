"""Shared fixtures. Hypothesis runs derandomized so every test run is the same. Each pytest-xdist
worker gives numba's parallel kernels its share of the cores (on two cores, one thread each: the
whole suite 245 → 181 s); ``make test TEST_JOBS=0`` runs them on every core in one process."""

from __future__ import annotations

import os

from hypothesis import settings

from analyzer.scheduling import share_cores

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=200)
settings.load_profile("ci")

if os.environ.get("PYTEST_XDIST_WORKER_COUNT", "").isdigit():  # before any test imports numba
    share_cores(int(os.environ["PYTEST_XDIST_WORKER_COUNT"]))
