"""What every result object offers a notebook: ``to_dict()`` (plain, JSON-ready values) and
``to_frame()`` (a pandas DataFrame of its rows).

A result is a frozen dataclass that mixes in :class:`TableResult` and defines ``rows()`` (its
table, one dict per row) and optionally ``summary()`` (its headline numbers).

>>> from dataclasses import dataclass
>>> from fractions import Fraction
>>> @dataclass(frozen=True)
... class Demo(TableResult):
...     p: Fraction
...     def rows(self): return [{"event": "win", "p": self.p}]
...     def summary(self): return {"p": self.p}
>>> Demo(Fraction(1, 3)).to_dict()
{'p': '1/3', 'rows': [{'event': 'win', 'p': '1/3'}]}
>>> Demo(Fraction(1, 4)).to_frame()
  event     p
0   win  0.25
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["TableResult", "plain"]


def plain(value: Any) -> Any:
    """``value`` with Fractions as exact text, NumPy scalars and arrays as Python values."""
    if isinstance(value, Fraction):
        return str(value) if value.denominator != 1 else int(value)
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    return value


def _numeric(value: Any) -> Any:
    return float(value) if isinstance(value, Fraction) else value


class TableResult:
    """Mixin: ``to_dict()`` = ``summary()`` plus ``rows``; ``to_frame()`` = the rows."""

    def rows(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def summary(self) -> dict[str, Any]:
        return {}

    def to_dict(self) -> dict[str, Any]:
        out = plain(dict(self.summary()))
        out["rows"] = plain(self.rows())
        return out  # type: ignore[no-any-return]

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame([{k: _numeric(v) for k, v in r.items()} for r in self.rows()])
