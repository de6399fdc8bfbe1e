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
import math
import pickle
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.errors import JokerOddsError
from analyzer.io import atomic_write_bytes, clip, read_untrusted_text

__all__ = ["Checkpoint", "CheckpointError", "load_checkpoint", "order_problem", "outcome_problem", "save_checkpoint",
           "task_fingerprint"]

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


def outcome_problem(totals: np.ndarray, trials: int, groups: dict[str, Any], per_trial: int = 1) -> str | None:
    """Why ``totals`` cannot come from ``trials`` trials when each group (name → index or slice of
    ``totals``) counts exactly ``per_trial`` outcomes per trial; ``None`` when they can. The check a
    task's ``check_totals`` hook makes of a resumed checkpoint.

    >>> outcome_problem(np.array([3, 2, 5]), 5, {"seat0": slice(0, 2), "games": [2]})
    >>> outcome_problem(np.array([3, 2, 5]), 6, {"seat0": slice(0, 2)})
    'seat0 counts 5 outcomes, not 6 (one per trial)'
    """
    if totals.dtype.kind != "i" or (totals < 0).any():
        return "the counts are not whole numbers ≥ 0"
    for name, idx in groups.items():
        got = sum(int(x) for x in np.ravel(totals[idx]))  # Python ints: a forged sum never wraps around
        if got != per_trial * trials:
            return f"{name} counts {got:,} outcomes, not {per_trial * trials:,} ({per_trial} per trial)" \
                if per_trial != 1 else f"{name} counts {got:,} outcomes, not {trials:,} (one per trial)"
    return None


def order_problem(totals: np.ndarray, pairs: list[tuple[str, Any, Any]]) -> str | None:
    """Why ``totals`` break a ``part ≤ whole`` relation (each pair: name, indices of the part, of the
    whole; their sums are compared); ``None`` when every one holds.

    >>> order_problem(np.array([5, 7]), [("made", [1], [0])])
    'made: 7 is more than 5'
    """
    for name, part, whole in pairs:
        a, b = (sum(int(x) for x in np.ravel(totals[i])) for i in (part, whole))
        if a > b:
            return f"{name}: {a:,} is more than {b:,}"
    return None


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
        return f"{key} {clip(repr(saved.get(key)))} there vs {clip(repr(wanted.get(key)))} now{why}"
    return "fingerprint differs"


MAX_CHECKPOINT_BYTES = 64 << 20
_MAX_TOTALS = 1 << 20
_DTYPES = {"<i8": np.int64, "<f8": np.float64}
_INT64 = (-(1 << 63), (1 << 63) - 1)
STOP_REASONS = (None, "trials", "target", "max_trials", "max_time", "interrupted")


def _count(data: dict[str, Any], key: str) -> int:
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 62:
        raise ValueError(f"{key} must be a whole number ≥ 0, got {clip(repr(value), 40)}")
    return value


def _totals(data: dict[str, Any], chunks_done: int) -> np.ndarray | None:
    raw, dtype = data.get("totals"), data.get("dtype")
    if raw is None:
        if chunks_done:
            raise ValueError(f"no totals after {chunks_done} chunks")
        return None
    if not isinstance(raw, list) or not raw or len(raw) > _MAX_TOTALS:
        raise ValueError(f"totals must be a non-empty list of at most {_MAX_TOTALS:,} numbers")
    if dtype not in _DTYPES:
        raise ValueError(f"dtype must be one of {', '.join(_DTYPES)}, got {clip(repr(dtype), 40)}")
    if dtype == "<i8":
        if not all(isinstance(v, int) and not isinstance(v, bool) and _INT64[0] <= v <= _INT64[1] for v in raw):
            raise ValueError("totals must be 64-bit whole numbers")
    elif not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in raw):
        raise ValueError("totals must be finite numbers")
    if not chunks_done:
        raise ValueError("totals before any chunk is done")
    return np.array(raw, dtype=_DTYPES[dtype])


def _parse(data: Any) -> Checkpoint:
    """Every field of a checkpoint's JSON checked for type and range."""
    if not isinstance(data, dict):
        raise ValueError("not a joker-odds checkpoint (not a JSON object)")
    if data.get("format") != _FORMAT or data.get("version") != _VERSION:
        raise ValueError("not a joker-odds checkpoint (version 1)")
    saved = data.get("identity")
    if not isinstance(saved, dict) or data.get("fingerprint") != _identity_hash(saved):
        raise ValueError("fingerprint does not match its contents")
    chunks_done, trials_done = _count(data, "chunks_done"), _count(data, "trials_done")
    if trials_done < chunks_done:
        raise ValueError(f"trials_done {trials_done} is below chunks_done {chunks_done}")
    elapsed = data.get("elapsed")
    if isinstance(elapsed, bool) or not isinstance(elapsed, (int, float)) or not 0 <= elapsed < 1e12:
        raise ValueError(f"elapsed must be seconds ≥ 0, got {clip(repr(elapsed), 40)}")
    complete, reason = data.get("complete"), data.get("stop_reason")
    if not isinstance(complete, bool):
        raise ValueError("complete must be true or false")
    if reason not in STOP_REASONS:
        raise ValueError(f"unknown stop_reason {clip(repr(reason), 40)}")
    return Checkpoint(saved, chunks_done, trials_done, _totals(data, chunks_done), float(elapsed),
                      complete, reason)


def load_checkpoint(path: str | Path, identity: dict[str, Any]) -> Checkpoint | None:
    """The checkpoint at ``path`` for a run with ``identity``; ``None`` when there is no file.

    Raises :class:`CheckpointError` for an unreadable file, a field of the wrong type or range,
    or one from other arguments. (The engine also checks the totals against the task.)
    """
    p = Path(path)
    if not p.exists() and not p.is_symlink():
        return None
    where = clip(str(p))
    try:
        data = json.loads(read_untrusted_text(p, MAX_CHECKPOINT_BYTES))
        ck = _parse(data)
    except (OSError, ValueError, RecursionError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CheckpointError(f"checkpoint {where}: unreadable ({clip(why, 120)})") from None
    if ck.identity != identity:
        raise CheckpointError(
            f"checkpoint {where} was written by a run with other arguments "
            f"({_difference(ck.identity, identity)}); use another path or delete it")
    return ck
