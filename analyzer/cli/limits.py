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

__all__ = ["CEILING_SECONDS", "MAX_AMOUNT", "MAX_BUDGET", "MAX_RUN", "Amount", "Count", "RunSize",
           "check_run_sizes", "duration", "force_option"]

F = TypeVar("F", bound=Callable[..., Any])

MAX_RUN = 10**12  # the hard ceiling of any run size (int64-safe sums; days of work even so)
MAX_BUDGET = 10**9  # search budgets: nodes or rollouts per decision
MAX_AMOUNT = 10**6  # fees and stakes in antes or chips per hand


class Count(click.IntRange):
    """A whole number in ``[lo, hi]`` (both required: a number past 64 bits is refused here)."""

    def __init__(self, lo: int, hi: int) -> None:
        super().__init__(lo, hi)


CEILING_SECONDS = 3600.0  # a run estimated to take longer is refused without --force


class RunSize(Count):
    """A run size (deals, games, trials, samples), never above ``hard``. Its cost is estimated from
    a measured ``rate`` (units a second on two cores; ``soft`` units take about
    :data:`CEILING_SECONDS`) times ``cost(params)`` (how much dearer a unit is under the command's
    other options: a search budget, pimc's worlds, several configurations); a run estimated past
    the ceiling is refused, with the estimate, unless ``--force``."""

    def __init__(self, soft: int | None = None, lo: int = 1, hard: int = MAX_RUN, *, rate: float | None = None,
                 unit: str = "trials", cost: Callable[[dict[str, Any]], float] | None = None) -> None:
        super().__init__(lo, hard)
        if rate is None:
            rate = (soft or 1) / CEILING_SECONDS
        self.rate, self.unit, self.cost = float(rate), unit, cost
        self.soft = int(soft if soft is not None else rate * CEILING_SECONDS)

    def seconds(self, value: int, params: dict[str, Any]) -> float:
        """The estimated wall seconds of a run of ``value`` units (two cores).

        >>> RunSize(rate=1000.0).seconds(7200, {})
        7.2
        """
        return value / self.rate * (self.cost(params) if self.cost is not None else 1.0)


def duration(seconds: float) -> str:
    """A run's estimated length in words.

    >>> duration(90), duration(7200), duration(3e6), duration(1e10)
    ('2 minutes', '2.0 hours', '35 days', '317 years')
    """
    if seconds < 3600:
        return f"{max(1, round(seconds / 60))} minutes"
    if seconds < 86400 * 2:
        return f"{seconds / 3600:.1f} hours"
    if seconds < 86400 * 365 * 2:
        return f"{seconds / 86400:,.0f} days"
    return f"{seconds / (86400 * 365):,.0f} years"


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
    """A usage error when a run's estimated cost is past :data:`CEILING_SECONDS` without
    ``--force``: :meth:`RunSize.seconds` of each size option, of a precision target's
    ``--max-trials``, and of the size options together (a command's sizes are parts of one run,
    such as a sample and its screen); the message gives the estimate and the rates it comes from."""
    if ctx.meta.get("force"):
        return
    sizes = [p for p in ctx.command.params if isinstance(p.type, RunSize)]
    cap = next((p for p in ctx.command.params if p.name == "max_trials"), None)
    parts: list[tuple[str, int, RunSize]] = []
    for param in sizes:
        value = ctx.params.get(param.name or "")
        if isinstance(value, int) and not isinstance(value, bool) and isinstance(param.type, RunSize):
            check_size(param.opts[0], value, param.type, ctx.params)
            parts.append((param.opts[0], value, param.type))
    if sizes and cap is not None and isinstance(sizes[0].type, RunSize):  # a precision target's cap too
        value = ctx.params.get(cap.name or "")
        if isinstance(value, int) and not isinstance(value, bool):
            check_size(cap.opts[0], value, sizes[0].type, ctx.params)
    seconds = sum(size.seconds(value, ctx.params) for _, value, size in parts)
    if len(parts) > 1 and seconds > CEILING_SECONDS:
        raise click.UsageError(
            f"{' and '.join(f'{label} {value:,}' for label, value, _ in parts)}: about {duration(seconds)} of "
            f"work here together (about {' and '.join(_rate(size, ctx.params) for _, _, size in parts)} a second "
            f"on two cores with these options), past this command's ceiling of an hour; add --force to run it "
            f"anyway")


def _rate(size: RunSize, params: dict[str, Any]) -> str:
    """``size``'s units a second under the command's options, in words (``"6.4 situations"``)."""
    rate = size.rate / (size.cost(params) if size.cost is not None else 1.0)
    return f"{f'{rate:,.0f}' if rate >= 10 else f'{rate:.2g}'} {size.unit}"


def check_size(label: str, value: int, size: RunSize, params: dict[str, Any]) -> None:
    """A usage error when ``value`` units of ``size`` (named ``label``: an option, or a file's key)
    cost more than :data:`CEILING_SECONDS`; the caller has already looked at ``--force``."""
    seconds = size.seconds(value, params)
    if seconds > CEILING_SECONDS:
        raise click.UsageError(
            f"{label} {value:,}: about {duration(seconds)} of work here (about {_rate(size, params)} a second "
            f"on two cores with these options), past this command's ceiling of an hour; add --force to run it "
            f"anyway")
