"""Every chunk kernel the local backend runs releases the GIL: a kernel that holds it runs the
backend's threads one at a time (a run with two workers then takes as long as with one)."""

from __future__ import annotations

import importlib
import pkgutil

from numba.core.registry import CPUDispatcher

import analyzer


def _chunk_kernels() -> list[tuple[str, str, CPUDispatcher]]:
    """(module, name, dispatcher) of every ``*_chunk`` / ``*_piece`` kernel defined in the package."""
    found = []
    for info in pkgutil.walk_packages(analyzer.__path__, "analyzer."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            if (isinstance(value, CPUDispatcher) and value.py_func.__module__ == info.name
                    and (name.endswith("_chunk") or name.endswith("_piece"))):
                found.append((info.name, name, value))
    return found


def test_every_chunk_kernel_releases_the_gil() -> None:
    kernels = _chunk_kernels()
    assert len(kernels) >= 20  # the walk found the games' kernels
    holding = [f"{m}.{n}" for m, n, k in kernels if not k.targetoptions.get("nogil")]
    assert holding == []
