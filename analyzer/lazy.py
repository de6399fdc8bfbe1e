"""Lazy package exports: a package lists its public names and loads a module on first use.

This keeps ``import analyzer`` and every game's ``__init__`` free of numba and plotting, so the
CLI starts fast, while ``from analyzer.games.calling import exact_calling`` still works.

>>> getattr_ = lazy_getattr("demo", {"sqrt": "math", "json": "json:"})
>>> getattr_("sqrt")(9.0), getattr_("json").__name__
(3.0, 'json')
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["lazy_getattr"]


def lazy_getattr(package: str, exports: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``exports``: name → ``"module"`` (take that name from it)
    or ``"module:"`` (the module itself)."""

    def __getattr__(name: str) -> Any:
        target = exports.get(name)
        if target is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module, colon, _ = target.partition(":")
        loaded = import_module(module)
        return loaded if colon else getattr(loaded, name)

    return __getattr__
