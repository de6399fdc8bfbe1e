"""The kernel decorators: every kernel is built by ``kernel`` (cached, no C-callback wrapper); the
playout kernels compile without reference counting, a kernel that would allocate does not compile
that way, and one compiled both ways gives the same results."""

from __future__ import annotations

import os

import numpy as np
import pytest
from numba import njit

from analyzer.games.durak.kernels import moves as durak_moves
from analyzer.games.durak.kernels import policies as durak_policies
from analyzer.games.showdown import kernels as showdown_kernels
from analyzer.games.stud.kernels import counting as stud_counting
from analyzer.games.tricks.kernels import moves as trick_moves
from analyzer.games.tricks.kernels import playout as trick_playout
from analyzer.games.tricks.policies import basic as trick_basic
from analyzer.kernels import rng
from analyzer.kernels.jit import REFCOUNT_ENV, no_refcount

# called several times a move or a hand: each would pay two atomic operations per array it is given
HOT = [trick_playout.apply_move, trick_playout.play_on, trick_playout.policy_move, trick_moves.legal_moves,
       trick_moves.trick_winner, trick_basic.choose_move, durak_moves.apply_action, durak_moves.legal_mask,
       durak_policies.heuristic_action, durak_policies.finish_heuristic, rng.bounded, rng.next_u64,
       showdown_kernels.settle, stud_counting.count_below]


@pytest.mark.parametrize("kernel", HOT, ids=lambda k: k.py_func.__qualname__)
def test_the_playout_kernels_compile_without_reference_counting(kernel) -> None:  # type: ignore[no-untyped-def]
    assert kernel.targetoptions.get("_nrt") is (os.environ.get(REFCOUNT_ENV, "") == "1")


def test_a_kernel_that_allocates_does_not_compile_without_reference_counting() -> None:
    @no_refcount(cache=False)
    def fresh(n):  # type: ignore[no-untyped-def]
        return np.zeros(n).sum()

    with pytest.raises(Exception, match=r"(?s)zeros|NRT"):
        fresh(3)


def _last_positive_before(a, b, stop):  # type: ignore[no-untyped-def]
    """Arrays last read inside a branch and a loop that returns early: the shape that kept numba's counting."""
    best = -1
    for i in range(a.shape[0]):
        if a[i] > stop:
            return best
        if b[i] > 0:
            best = i
    return best


def test_a_kernel_gives_the_same_results_with_and_without_reference_counting() -> None:
    counted, borrowed = njit(_last_positive_before), no_refcount(cache=False)(_last_positive_before)
    gen = np.random.default_rng(3)
    for _ in range(200):
        a, b = gen.integers(-5, 10, 12), gen.integers(-3, 3, 12)
        stop = int(gen.integers(0, 12))
        assert counted(a, b, stop) == borrowed(a, b, stop) == _last_positive_before(a, b, stop)


def _kernels() -> dict[str, list[tuple[str, str]]]:
    """Every jitted function of the package by name: (its decorator line, its body without its
    docstring)."""
    import re
    from pathlib import Path

    import analyzer

    out: dict[str, list[tuple[str, str]]] = {}
    for path in Path(analyzer.__file__).parent.rglob("*.py"):
        s = path.read_text(encoding="utf-8")
        for m in re.finditer(r"(@(?:no_refcount|kernel|njit)[^\n]*)\ndef (\w+)\(", s):
            ends = [x for x in (s.find("\n@", m.end()), s.find("\n\n\n", m.end())) if x > 0]
            body = s[m.end():min(ends, default=len(s))]
            # a docstring's example (np.array(...) in a doctest) is not the kernel's code
            out.setdefault(m.group(2), []).append((m.group(1), re.sub(r'"""[\s\S]*?"""', "", body)))
    return out


def test_no_borrowing_kernel_calls_a_kernel_that_allocates() -> None:
    """numba compiles a callee with its caller's counting off: a borrowing kernel that calls one
    allocating an array (directly or further down, by name) would fail to compile on the first
    path that reaches it (Remi's points simulation once did, no warm-up line going through it)."""
    import re

    kernels = _kernels()
    alloc = re.compile(r"np\.(zeros|empty|ones|array|full|arange|copy|empty_like|zeros_like|concatenate|sort|"
                       r"argsort|unique|where|cumsum|any|all)\b|\.copy\(\)|\.astype\(")

    def allocates(name: str, seen: set[str]) -> bool:
        if name in seen or name not in kernels:
            return False
        seen.add(name)
        return any(alloc.search(body) or any(allocates(c, seen) for c in set(re.findall(r"\b(\w+)\(", body)))
                   for _, body in kernels[name])

    bad = [(name, callee) for name, entries in kernels.items() for dec, body in entries
           if dec.startswith("@no_refcount")
           for callee in set(re.findall(r"\b(\w+)\(", body)) if callee != name and allocates(callee, set())]
    assert bad == []


def test_every_kernel_of_the_package_is_built_by_the_one_decorator() -> None:
    """Cached, and without the C-callback wrapper numba otherwise builds beside each kernel (a
    tenth of a first-use compile): an ``@njit`` written directly would miss both."""
    import importlib
    import pkgutil

    from numba.core.registry import CPUDispatcher

    import analyzer

    found, bad = 0, []
    for info in pkgutil.walk_packages(analyzer.__path__, "analyzer."):
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            if isinstance(obj, CPUDispatcher) and obj.py_func.__module__ == info.name:
                found += 1
                cached = type(obj._cache).__name__ != "NullCache"
                if not (cached and obj.targetoptions.get("no_cfunc_wrapper")):
                    bad.append(f"{info.name}.{name}")
    assert found > 300
    assert bad == []


def test_a_call_from_python_goes_to_the_kernels_twin_and_kernels_call_the_kernel() -> None:
    """The kernel itself is compiled without the Python-call wrapper (for kernels calling it); a
    call from Python compiles and runs its twin; ``python=True`` keeps one ordinary dispatcher."""
    from analyzer.compiles import constant_copies, record_compiles
    from analyzer.kernels.jit import TWIN_SUFFIX, KernelDispatcher, kernel

    @kernel(cache=False)
    def inc(x):  # type: ignore[no-untyped-def]
        return x + 1

    @kernel(cache=False)
    def twice(x):  # type: ignore[no-untyped-def]
        return inc(x) + inc(x)

    with record_compiles() as seen:
        assert twice(3) == 8
        assert inc(3) == 4
        assert inc(5) == 6
    assert isinstance(inc, KernelDispatcher) and inc.targetoptions["no_cpython_wrapper"] is True
    names = [c.name.rsplit(".", 1)[1] for c in seen if c.name.startswith(__name__)]
    assert names == ["inc", f"twice{TWIN_SUFFIX}", f"inc{TWIN_SUFFIX}"]  # inc twice: for twice, for Python
    assert [n.rsplit(".", 1)[1] for n, _ in constant_copies(seen, prefix=__name__)] == [f"inc{TWIN_SUFFIX}"]

    @kernel(cache=False, python=True)
    def dec(x):  # type: ignore[no-untyped-def]
        return x - 1

    assert dec(3) == 2 and not isinstance(dec, KernelDispatcher)
