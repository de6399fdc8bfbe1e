"""Root pytest configuration (also applies to the doctests in analyzer/)."""

from __future__ import annotations

import os
import tempfile

# Built score tables are cached on disk; the test run uses a fresh private cache.
os.environ["JOKER_ODDS_CACHE"] = tempfile.mkdtemp(prefix="joker-odds-test-cache-")
