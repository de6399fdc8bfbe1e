"""Shared fixtures. Hypothesis runs derandomized so every test run is the same."""

from __future__ import annotations

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, max_examples=200)
settings.load_profile("ci")
