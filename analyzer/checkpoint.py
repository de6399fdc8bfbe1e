"""Checkpoints of engine runs: the completed chunk prefix, saved atomically as JSON.

A checkpoint records the run's identity (task fingerprint, seed, chunk size, stopping rule) and
the sum of chunks ``0 … k-1`` in chunk order. Resuming adds chunks ``k …`` to that sum exactly as
an uninterrupted run would, so the final numbers are bit-identical. A checkpoint written for
other arguments is refused, never mixed.

>>> import tempfile, pathlib, numpy as np
>>> p = pathlib.Path(tempfile.mkdtemp()) / "run.ckpt"
>>> ident = {"task": "demo", "task_hash": "00", "seed": 1}
>>> save_checkpoint(p, Checkpoint(ident, 2, 200, np.array([3, 4]), 0.5))
>>> load_checkpoint(p, ident).totals.tolist()
[3, 4]
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.errors import JokerOddsError
from analyzer.io import atomic_write_bytes

__all__ = ["Checkpoint", "CheckpointError", "load_checkpoint", "save_checkpoint", "task_fingerprint"]

_FORMAT = "joker-odds-checkpoint"
_VERSION = 1


class CheckpointError(JokerOddsError):
    """A checkpoint file that cannot be used for this run."""


def _feed(h: Any, value: Any) -> None:
    if isinstance(value, np.ndarray):
        h.update(f"nd:{value.dtype.str}:{value.shape}:".encode())
        h.update(np.ascontiguousarray(value).tobytes())
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        h.update(f"dc:{type(value).__module__}.{type(value).__qualname__}:".encode())
        for f in dataclasses.fields(value):
            h.update(f"{f.name}=".encode())
            _feed(h, getattr(value, f.name))
    elif isinstance(value, (tuple, list)):
        h.update(f"seq{len(value)}:".encode())
        for v in value:
            _feed(h, v)
    elif value is None or isinstance(value, (bool, int, float, str, np.generic)):
        h.update(f"{type(value).__name__}:{value!r};".encode())
    else:
        h.update(pickle.dumps(value, protocol=4))


def task_fingerprint(task: Any) -> str:
    """A SHA-256 of everything that defines the task (its dataclass fields, arrays by content).

    A task may provide its own ``fingerprint()`` method instead.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class T:
    ...     k: int
    >>> task_fingerprint(T(1)) == task_fingerprint(T(1)) != task_fingerprint(T(2))
    True
    """
    own = getattr(task, "fingerprint", None)
    if callable(own):
        return str(own())
    h = hashlib.sha256()
    _feed(h, task)
    return h.hexdigest()


@dataclass(frozen=True)
class Checkpoint:
    """Run identity plus the summed prefix of completed chunks."""

    identity: dict[str, Any]
    chunks_done: int
    trials_done: int
    totals: np.ndarray | None
    elapsed: float
    complete: bool = False
    stop_reason: str | None = None


def _identity_hash(identity: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(identity, sort_keys=True).encode()).hexdigest()


def save_checkpoint(path: str | Path, ck: Checkpoint) -> None:
    """Write ``ck`` to ``path`` atomically (a crash leaves the previous checkpoint intact)."""
    totals = None if ck.totals is None else ck.totals
    payload = {
        "format": _FORMAT,
        "version": _VERSION,
        "fingerprint": _identity_hash(ck.identity),
        "identity": ck.identity,
        "chunks_done": int(ck.chunks_done),
        "trials_done": int(ck.trials_done),
        "dtype": None if totals is None else totals.dtype.str,
        "totals": None if totals is None else totals.tolist(),
        "elapsed": float(ck.elapsed),
        "complete": bool(ck.complete),
        "stop_reason": ck.stop_reason,
    }
    atomic_write_bytes(path, (json.dumps(payload, indent=1) + "\n").encode("utf-8"))


def _difference(saved: dict[str, Any], wanted: dict[str, Any]) -> str:
    for key in sorted(set(saved) | set(wanted)):
        if saved.get(key) == wanted.get(key):
            continue
        # two SHA-256 digests alone tell a user nothing
        why = "; another task: other rules, deck, hand size or game" if key == "task_hash" else ""
        return f"{key} {saved.get(key)!r} there vs {wanted.get(key)!r} now{why}"
    return "fingerprint differs"


def load_checkpoint(path: str | Path, identity: dict[str, Any]) -> Checkpoint | None:
    """The checkpoint at ``path`` for a run with ``identity``; ``None`` when there is no file.

    Raises :class:`CheckpointError` for an unreadable file or one from other arguments.
    """
    p = Path(path)
    if not p.exists():
        return None
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
        if data.get("format") != _FORMAT or data.get("version") != _VERSION:
            raise ValueError("not a joker-odds checkpoint (version 1)")
        saved = data["identity"]
        if data["fingerprint"] != _identity_hash(saved):
            raise ValueError("fingerprint does not match its contents")
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CheckpointError(f"checkpoint {p}: unreadable ({exc})") from exc
    if saved != identity:
        raise CheckpointError(
            f"checkpoint {p} was written by a run with other arguments "
            f"({_difference(saved, identity)}); use another path or delete it")
    totals = None if data["totals"] is None else np.array(data["totals"], dtype=np.dtype(data["dtype"]))
    return Checkpoint(saved, int(data["chunks_done"]), int(data["trials_done"]), totals,
                      float(data["elapsed"]), bool(data["complete"]), data["stop_reason"])
