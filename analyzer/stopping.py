"""When a Monte Carlo run stops: a trial count, or a precision target with caps.

The decision is a function of the summed chunk results only, taken after every
``check_every``-th chunk in chunk order, so one seed and one target give the same stopping
point — and the same numbers — on any backend and any number of workers. ``max_time`` is the
one cap that depends on the machine; a run it stops still equals the fixed-trials run of the
same chunks.

>>> rule = StopRule(target_rel_se=0.05, max_trials=10**6)
>>> rule.met({"p": (0.5, 0.01)}), rule.met({"p": (0.1, 0.01)})
(True, False)
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from analyzer.errors import JokerOddsError
from analyzer.stats import relative_se

__all__ = ["DEFAULT_CHECK_EVERY", "Estimates", "RunInterrupted", "StopRule", "StopRuleError", "precision"]

DEFAULT_CHECK_EVERY = 4

Estimates = dict[str, tuple[float, float]]


class StopRuleError(JokerOddsError):
    """Inconsistent stopping options."""


def precision(estimates: Estimates) -> dict[str, float]:
    """The worst absolute and relative standard errors among ``estimates``.

    >>> precision({"a": (0.5, 0.01), "b": (0.01, 0.001)})
    {'max_se': 0.01, 'max_rel_se': 0.1}
    """
    if not estimates:
        return {"max_se": float("nan"), "max_rel_se": float("nan")}
    return {"max_se": max(se for _, se in estimates.values()),
            "max_rel_se": max(relative_se(e, se) for e, se in estimates.values())}


@dataclass(frozen=True)
class StopRule:
    """``trials`` alone, or ``target_se`` / ``target_rel_se`` with ``max_trials`` / ``max_time``."""

    trials: int | None = None
    target_se: float | None = None
    target_rel_se: float | None = None
    max_trials: int | None = None
    max_time: float | None = None
    check_every: int = DEFAULT_CHECK_EVERY

    def __post_init__(self) -> None:
        has_target = self.target_se is not None or self.target_rel_se is not None
        for name in ("trials", "max_trials"):
            v = getattr(self, name)
            if v is not None and (not isinstance(v, int) or v < 1):
                raise StopRuleError(f"{name} must be a positive integer, got {v!r}")
        for name in ("target_se", "target_rel_se", "max_time"):
            v = getattr(self, name)
            if v is not None and not (isinstance(v, (int, float)) and math.isfinite(v) and v > 0):
                raise StopRuleError(f"{name} must be a positive number, got {v!r}")
        if self.check_every < 1:
            raise StopRuleError(f"check_every must be at least 1, got {self.check_every}")
        if self.trials is not None and has_target:
            raise StopRuleError("give either a number of trials or a precision target, not both")
        if self.trials is not None and self.max_trials is not None:
            raise StopRuleError("max_trials caps a precision target; with a fixed trials count drop it")
        if self.trials is None and not has_target:
            raise StopRuleError("give a number of trials or a precision target (target_se / target_rel_se)")
        if has_target and self.max_trials is None and self.max_time is None:
            raise StopRuleError("a precision target needs a cap: max_trials or max_time")

    @property
    def has_target(self) -> bool:
        return self.target_se is not None or self.target_rel_se is not None

    @property
    def cap(self) -> int | None:
        """The most trials the run may take (``None``: only ``max_time`` bounds it)."""
        return self.trials if self.trials is not None else self.max_trials

    def met(self, estimates: Estimates) -> bool:
        """Whether every estimate meets every target (an unobserved one never meets a relative target)."""
        if not self.has_target or not estimates:
            return False
        for est, se in estimates.values():
            if self.target_se is not None and not se <= self.target_se:
                return False
            if self.target_rel_se is not None and not relative_se(est, se) <= self.target_rel_se:
                return False
        return True

    def identity(self) -> dict[str, Any]:
        """What defines the run's numbers (``max_time`` excluded: a resumed run may get more time)."""
        return {"trials": self.trials, "target_se": self.target_se, "target_rel_se": self.target_rel_se,
                "max_trials": self.max_trials, "check_every": self.check_every}


class RunInterrupted(Exception):
    """SIGINT/SIGTERM stopped a run at a chunk boundary (after writing its checkpoint, if any).

    ``result`` holds the chunks completed so far; rerunning with the same checkpoint resumes.
    """

    def __init__(self, message: str, result: Any = None) -> None:
        super().__init__(message)
        self.result = result
