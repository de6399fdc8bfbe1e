"""Which kernels numba compiles, and which it compiles twice for the same argument types.

A jitted function calling another with a constant (``f(x, 0)``, ``f(x, True)``) makes numba
compile the callee for that constant's own type (``Literal[int](0)``) beside the copy for a plain
``int64``: the same machine code, paid once more (a second or two each). :func:`record_compiles`
notes every compile while a block runs; :func:`constant_copies` names those that differ from an
earlier compile of the same kernel only by such constants. A kernel may be meant to specialise on
one argument; list it in ``intended``.

The other large cost is depth: numba optimizes each kernel's machine code together with every
kernel it calls, so a chain of thin wrappers (deal → bid and play → play → decisions → pimc's move)
optimizes the search at the bottom once per level. Such wrappers are inlined into their callers
(``@kernel(inline="always")``: the trick search in its two entry kernels, the trick games' seat
loop, the durak search's two entry points, Remi's opening value); the trick group's cold compile
fell from 80 to 56 CPU-seconds. The other way round, what the trick search calls at every node
is copied into it: the move generation and ordering, the side's sure tricks, the relative ranks
and the table probe (the solver 0.79x the time over 4,000 deals, ``benchmarks/solver_ab.py``, for
about 15 CPU-seconds more of the trick group's cold compile). A kernel scoring a hand in a hot
loop is not (inlining ``score5`` made its callers slower to compile).

>>> from numba import njit
>>> @njit
... def add(a, b):
...     return a + b
>>> @njit
... def twice(x):
...     return add(x, 1) + add(x, x)
>>> with record_compiles() as seen:
...     _ = twice(2)
>>> [name.rsplit(".", 1)[1] for name, _ in constant_copies(seen, prefix="")]
['add']
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

__all__ = ["INTENDED", "Compile", "constant_copies", "record_compiles"]

# Kernels compiled once per value of a constant argument on purpose: none at present (the trick
# search, once specialised on its kind, is now given its node knowledge as two kernels).
INTENDED: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Compile:
    """One compile: the kernel's qualified name, its argument types and the seconds it took
    itself (the kernels it compiled on the way are counted in their own records)."""

    name: str
    args: tuple[Any, ...]
    seconds: float


@contextlib.contextmanager
def record_compiles() -> Iterator[list[Compile]]:
    """Collect a :class:`Compile` for every numba compile inside the block (into the list yielded)."""
    from numba.core import event

    seen: list[Compile] = []
    stack: list[list[float]] = []

    class Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            stack.append([time.perf_counter(), 0.0])

        def on_end(self, ev: Any) -> None:
            start, inner = stack.pop()
            total = time.perf_counter() - start
            if stack:
                stack[-1][1] += total
            fn = ev.data["dispatcher"].py_func
            seen.append(Compile(f"{fn.__module__}.{fn.__qualname__}", tuple(ev.data["args"]), total - inner))

    listener = Listener()
    event.register("numba:compile", listener)
    try:
        yield seen
    finally:
        event.unregister("numba:compile", listener)


def constant_copies(compiles: Iterable[Compile], intended: frozenset[str] = INTENDED,
                    prefix: str = "analyzer.") -> list[tuple[str, float]]:
    """(kernel, seconds) of each compile whose argument types, constants read as their plain
    types, repeat an earlier compile of the same kernel: the kernels named ``prefix…`` (numba's own
    helpers, such as ``np.empty`` of a constant shape, are not ours to change), ``intended`` excepted.
    A kernel's Python-callable twin (:mod:`analyzer.kernels.jit`) counts as the kernel: a kernel
    compiled both for kernels and for Python is a copy too."""
    from numba.core import types

    from analyzer.kernels.jit import TWIN_SUFFIX

    done: set[tuple[str, tuple[Any, ...]]] = set()
    out = []
    for c in compiles:
        name = c.name.removesuffix(TWIN_SUFFIX)
        if name in intended or not name.startswith(prefix):
            continue
        key = (name, tuple(types.unliteral(a) for a in c.args))
        if key in done:
            out.append((c.name, c.seconds))
        done.add(key)
    return out
