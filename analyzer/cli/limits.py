"""Bounded number options: counts, budgets, fees and run sizes with sane ceilings (``--force``).

A value past 64 bits, ``inf`` or ``nan`` never reaches a kernel: every count is a :class:`Count`
(an ``IntRange`` with a ceiling), every money amount an :class:`Amount` (finite, bounded), and a
run size is a :class:`RunSize`, whose soft ceiling (hours of work) only ``--force`` lifts; its hard
ceiling (:data:`MAX_RUN`) never moves. :func:`check_run_sizes` runs before the command does.

>>> Count(1, 10).convert("7", None, None)
7
>>> RunSize(10**6).soft
1000000
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

import click

__all__ = ["MAX_AMOUNT", "MAX_BUDGET", "MAX_RUN", "Amount", "Count", "RunSize", "check_run_sizes",
           "force_option"]

F = TypeVar("F", bound=Callable[..., Any])

MAX_RUN = 10**12  # the hard ceiling of any run size (int64-safe sums; days of work even so)
MAX_BUDGET = 10**9  # search budgets: nodes or rollouts per decision
MAX_AMOUNT = 10**6  # fees and stakes in antes or chips per hand


class Count(click.IntRange):
    """A whole number in ``[lo, hi]`` (both required: a number past 64 bits is refused here)."""

    def __init__(self, lo: int, hi: int) -> None:
        super().__init__(lo, hi)


class RunSize(Count):
    """A run size (deals, games, trials, samples): at most ``soft`` unless ``--force``, never
    above ``hard``."""

    def __init__(self, soft: int, lo: int = 1, hard: int = MAX_RUN) -> None:
        super().__init__(lo, hard)
        self.soft = soft


class Amount(click.ParamType):
    """A finite number in ``[lo, hi]`` (``inf``, ``nan`` and ``1e400`` refused).

    >>> Amount(0, 10).convert("2.5", None, None)
    2.5
    """

    name = "number"

    def __init__(self, lo: float = 0, hi: float = MAX_AMOUNT) -> None:
        self.lo, self.hi = lo, hi

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            x = float(value)
        except (TypeError, ValueError, OverflowError):
            self.fail(f"{value!r} is not a number", param, ctx)
        if not math.isfinite(x) or not self.lo <= x <= self.hi:
            self.fail(f"{value} is not a finite number in {self.lo:g}..{self.hi:g}", param, ctx)
        return x


def _keep_force(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    ctx.meta["force"] = bool(value)
    return value


def force_option(f: F) -> F:
    """``--force``: run past the run-size ceilings (checked by :func:`check_run_sizes`)."""
    return click.option("--force", is_flag=True, expose_value=False, callback=_keep_force,
                        help="Allow a run size past its ceiling (hours of work or more; "
                             "use --checkpoint to make such a run resumable).")(f)


def check_run_sizes(ctx: click.Context) -> None:
    """A usage error when a :class:`RunSize` option exceeds its soft ceiling without ``--force``."""
    if ctx.meta.get("force"):
        return
    sizes = [p for p in ctx.command.params if isinstance(p.type, RunSize)]
    cap = next((p for p in ctx.command.params if p.name == "max_trials"), None)
    checks = [(p, p.type.soft) for p in sizes if isinstance(p.type, RunSize)]
    if sizes and cap is not None and isinstance(sizes[0].type, RunSize):  # a precision target's cap too
        checks.append((cap, sizes[0].type.soft))
    for param, soft in checks:
        value = ctx.params.get(param.name or "")
        if isinstance(value, int) and value > soft:
            raise click.UsageError(
                f"{param.opts[0]} {value:,} is past this command's ceiling of {soft:,} "
                f"(hours of work or more here); add --force to run it anyway")
