"""The two decorators of every kernel: ``kernel`` and ``no_refcount`` (a kernel that borrows arrays).

``kernel`` is ``njit(cache=True)`` without the two wrappers numba builds beside every compiled
function, each optimized and turned into machine code again inside every kernel that calls it:

- the C-callback wrapper (a function callable through a C pointer, used only when a kernel is
  passed as a first-class function value, which no kernel here is);
- the Python-call wrapper, which only a call from Python needs. A kernel's first call from Python
  compiles a twin with it (:class:`KernelDispatcher`: the same function, its own cache files, name
  ending in ``__py``), so a kernel that only kernels call never builds one. A kernel called both
  from Python and from kernels on a command's path keeps the wrapper on itself instead
  (``@kernel(python=True)``), not to compile twice (a test lists such pairs).

Leaving them out took the cold warm-up of every command from 87 to 74 s on two cores (cold
``tricks solve``: 6.0 → 4.7 s, with its search's own changes).
``@kernel``, ``@kernel(parallel=True)``, ``@kernel(python=True)``.

``no_refcount``: numba counts references to every array a compiled function is given: an
increment on entry and a decrement on each way out, each an atomic operation. Its pruning pass
removes the pair only when the array's last use lies on every path; an array last read inside a
branch or a loop that breaks keeps both, on every call. In a playout that calls small kernels
several times a move this was most of the time (the trick games' heuristic playouts ran 3-4
times slower with it). A kernel that allocates nothing and keeps no array it is given (no array
returned or stored) needs no counting: the caller holds the references for the length of the
call. numba refuses to compile an allocation in such a kernel, so the decorator cannot hide a
leak of a new array. With ``JOKER_ODDS_REFCOUNT=1`` in the environment these kernels are
compiled with the counting (slower, the same numbers: ``benchmarks/bench_refcount.py`` compares
the two; the setting has a kernel cache folder of its own, :mod:`analyzer.numbacache`).

>>> import numpy as np
>>> @no_refcount(cache=False)  # (a doctest has no file to cache in)
... def first_positive(a):
...     for i in range(a.shape[0]):
...         if a[i] > 0:
...             return i
...     return -1
>>> first_positive(np.array([0, -2, 5, 1]))
2
>>> @kernel(cache=False)
... def total(a):
...     return a.sum()
>>> int(total(np.arange(5)))
10
"""

from __future__ import annotations

import os
import threading
import types
from collections.abc import Callable
from typing import Any

from numba import njit
from numba.core.registry import CPUDispatcher

__all__ = ["REFCOUNT_ENV", "kernel", "no_refcount"]

REFCOUNT_ENV = "JOKER_ODDS_REFCOUNT"  # "1": compile these kernels with reference counting after all

_BASE = {"cache": True, "no_cfunc_wrapper": True}
TWIN_SUFFIX = "__py"  # the qualified name (and cache files) of a kernel's Python-callable twin
_TWIN_LOCK = threading.Lock()


class KernelDispatcher(CPUDispatcher):  # type: ignore[misc]
    """A kernel compiled without numba's Python-call wrapper, for kernels calling it; a call from
    Python goes to its twin, the same function compiled with the wrapper on first such call."""

    def __call__(self, *args: Any, **kws: Any) -> Any:
        twin = self.__dict__.get("_twin")
        if twin is None:
            with _TWIN_LOCK:
                twin = self.__dict__.get("_twin")
                if twin is None:
                    twin = self._twin = _python_twin(self)
        return twin(*args, **kws)


def _python_twin(disp: KernelDispatcher) -> Any:
    """The Python-callable twin of ``disp``: cached as it is, under its own name."""
    f = disp.py_func
    g = types.FunctionType(f.__code__, f.__globals__, f.__name__, f.__defaults__, f.__closure__)
    g.__qualname__ = f.__qualname__ + TWIN_SUFFIX
    g.__module__, g.__doc__ = f.__module__, f.__doc__
    opts = {k: v for k, v in disp.targetoptions.items() if k not in ("no_cpython_wrapper", "nopython")}
    cached = type(getattr(disp, "_cache", None)).__name__ not in ("NullCache", "NoneType")
    return njit(cache=cached, **opts)(g)


def _build(func: Callable[..., Any], opts: dict[str, Any]) -> Any:
    """The dispatcher of ``func``: an ordinary one for ``python=True``, else a :class:`KernelDispatcher`."""
    cache = opts.pop("cache")
    python = opts.pop("python", False)
    if python:
        return njit(cache=cache, **opts)(func)
    disp = KernelDispatcher(py_func=func, locals={}, targetoptions={"nopython": True, "no_cpython_wrapper": True,
                                                                    **opts})
    if cache:
        disp.enable_caching()
    return disp


def kernel(func: Callable[..., Any] | None = None, /, **options: Any) -> Any:
    """``njit(cache=True, **options)`` without the C-callback wrapper, and with the Python-call
    wrapper only on its twin unless ``python=True`` (see the module docstring): ``@kernel``,
    ``@kernel(parallel=True)``, ``@kernel(python=True)``."""
    opts = {**_BASE, **options}
    if func is None:
        return lambda f: _build(f, dict(opts))
    return _build(func, dict(opts))


def no_refcount(func: Callable[..., Any] | None = None, /, **options: Any) -> Any:
    """A :func:`kernel` without numba's reference counting (see the module docstring):
    ``@no_refcount`` or ``@no_refcount(inline="always")``."""
    return kernel(func, **{"_nrt": os.environ.get(REFCOUNT_ENV, "") == "1", **options})
