"""The simulation engine's option bundle: precision targets and their caps, checkpoint, backend,
workers, chunk size and ``--quiet``, and the keyword arguments they become.

>>> sorted(engine_kwargs({"target_se": 0.001, "max_trials": None, "quiet": False, "seed": 3}))
['target_se']
>>> has_target({"target_rel_se": 0.01})
True
"""

from __future__ import annotations

from typing import Any

import click

from analyzer.cli.options import TRIALS, F, OutPath, Positive, set_quiet, writable

__all__ = ["ENGINE_KEYS", "engine_kwargs", "engine_options", "has_target"]

ENGINE_KEYS = ("target_se", "target_rel_se", "max_trials", "max_time", "checkpoint", "backend",
               "scheduler", "workers", "quiet", "chunk_size")


def engine_options(f: F | None = None, *, chunk: str | tuple[str, ...] = "freq") -> Any:
    """Simulation engine options: precision targets and caps, checkpoint, backend, ``--quiet``.

    Use with a ``--trials``/``--seed`` of the command's own; pass :func:`engine_kwargs` of the
    collected options to :func:`analyzer.engine.run` (or a library function forwarding to it).
    ``chunk`` names the command(s) in :data:`analyzer.defaults.CHUNK` whose default chunk size
    ``--chunk-size`` states: ``@engine_options`` or ``@engine_options(chunk="rummy open")``.
    """
    if f is None:
        return lambda g: _engine_options(g, chunk)
    return _engine_options(f, chunk)


def _chunk_text(chunk: str | tuple[str, ...]) -> str:
    """``--chunk-size``'s default as stated in its help, read from :mod:`analyzer.defaults`."""
    from analyzer.defaults import chunk_help

    names = (chunk,) if isinstance(chunk, str) else chunk
    parts = [chunk_help(names[0])]
    parts += [f"{name.rsplit(' ', 1)[-1]}: {chunk_help(name)}" for name in names[1:]]
    return "; ".join(parts)


def _engine_options(f: F, chunk: str | tuple[str, ...]) -> F:
    positive = Positive()
    chunk_default = _chunk_text(chunk)
    if chunk == "simulate":
        chunk_default += "; a study file's chunk_size comes first"
    opts = [
        click.option("--target-se", type=positive, default=None, metavar="X",
                     help="Run until every estimate's standard error is ≤ X (needs a cap)."),
        click.option("--target-rel-se", type=positive, default=None, metavar="X",
                     help="Run until every estimate's relative standard error is ≤ X (e.g. 0.01)."),
        click.option("--max-trials", type=TRIALS, default=None, metavar="N",
                     help="Cap on trials for a precision target."),
        click.option("--max-time", type=positive, default=None, metavar="SECONDS",
                     help="Cap on run time (stops at a chunk boundary)."),
        click.option("--checkpoint", type=OutPath(dir_okay=False), default=None,
                     callback=writable, help="Save completed chunks here; rerun the same command to resume."),
        click.option("--backend", type=click.Choice(["local", "processes", "dask"]), default="local",
                     show_default=True, help="Threads, a process pool, or Dask."),
        click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
                     help="Dask scheduler address (default: a LocalCluster for the run)."),
        click.option("--workers", type=click.IntRange(min=1), default=None,
                     help="Threads, processes or LocalCluster workers (default: CPU count; Dask 2)."),
        click.option("--chunk-size", type=TRIALS, default=None, metavar="N",
                     help=f"Trials per chunk ({chunk_default}). Part of the run's identity: it changes "
                          "the numbers."),
        click.option("--quiet", is_flag=True, callback=set_quiet, help="No progress bar."),
    ]
    for opt in reversed(opts):
        f = opt(f)
    return f


def engine_kwargs(opts: dict[str, Any]) -> dict[str, Any]:
    """The engine keyword arguments among collected CLI options (unset ones left out)."""
    out = {k: opts[k] for k in ENGINE_KEYS if opts.get(k) is not None}
    if not out.get("quiet"):
        out.pop("quiet", None)
    return out


def has_target(opts: dict[str, Any]) -> bool:
    """Whether a precision target was given."""
    return opts.get("target_se") is not None or opts.get("target_rel_se") is not None
