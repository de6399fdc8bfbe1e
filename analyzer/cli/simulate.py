"""``simulate``: run a study defined in a TOML file and write its tables and figures."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from analyzer.cli.engine_options import engine_kwargs, engine_options
from analyzer.cli.limits import RunSize, check_run_sizes, check_size, force_option
from analyzer.cli.options import SEED, OutPath, emit, writable
from analyzer.studies import load_study, run_study, study_folder, write_study

# Hands a second on two cores for one estimate of a study, each estimate sampling its own --trials:
# `joker-odds simulate joker-wild-two-jokers.toml --quiet --trials 20200000` (two estimates, 5 and 7
# cards) took 27.6 s in all (N = 200,000: 22.1 s, mostly start-up and figures).
SIMULATE_RATE = 1.5e6


def _study_cost(params: dict[str, Any]) -> float:
    """A study's cost per trial in single-estimate hands: each estimate samples ``--trials`` hands."""
    return float(max(1, len(load_study(params["study_file"]).estimates)))


def _check_file_size(ctx: click.Context, run: dict[str, Any]) -> None:
    """The study file's own ``[run] trials`` (or a target's ``max_trials``) against the same ceiling,
    when no option overrides it."""
    if ctx.meta.get("force") or ctx.params.get("trials") is not None:
        return
    size = next(p.type for p in ctx.command.params if p.name == "trials")
    for key in ("trials", "max_trials"):
        if isinstance(run.get(key), int) and ctx.params.get(key) is None and isinstance(size, RunSize):
            check_size(f"the study file's [run] {key} =", run[key], size, ctx.params)


@click.command("simulate")
@click.argument("study_file", metavar="STUDY.toml", type=click.Path(path_type=Path))
@click.option("--out", "out_dir", type=OutPath(file_okay=False), default=None,
              callback=writable, help="Output folder (default: the file's output, else reports/simulations/NAME).")
@click.option("--trials", type=RunSize(rate=SIMULATE_RATE, unit="hands", cost=_study_cost), default=None,
              help="Override the file's stopping rule with a fixed number of trials.")
@click.option("--seed", type=SEED, default=None, help="Override the file's seed.")
@force_option
@engine_options(chunk="simulate")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table",
              show_default=True, help="Format of the summary printed at the end.")
def simulate_cmd(study_file: Path, out_dir: Path | None, trials: int | None, seed: int | None,
                 fmt: str, **opts: Any) -> None:
    """Run the Monte Carlo study in STUDY.toml; write tables (CSV, JSON), figures and a page.

    --checkpoint PREFIX saves estimate NAME to PREFIX.NAME. The file format: `joker-odds examples
    --formats` (docs/formats.md in the project); shipped studies to start from: `joker-odds examples`.

    Example: joker-odds examples joker-wild-two-jokers && joker-odds simulate joker-wild-two-jokers.toml --quiet
    """
    spec = load_study(study_file)
    study_folder(spec, out_dir)  # refuse an output outside the current folder before any work
    check_run_sizes(click.get_current_context())  # --trials and --max-trials against the hour's ceiling
    _check_file_size(click.get_current_context(), spec.run)
    engine = engine_kwargs(opts)
    checkpoint = engine.pop("checkpoint", None)
    result = run_study(spec, checkpoint=checkpoint, seed=seed, trials=trials, **engine)
    written = write_study(result, out_dir)
    rows = []
    for name, table in result.tables.items():
        meta = table.to_dict()
        rows.append({"estimate": name, "cards": table.cards, "trials": table.total,
                     "stop": meta.get("stop"), "max_rel_se": meta.get("max_rel_se"),
                     "gof_p_value": meta.get("gof", {}).get("p_value")})
    folder = written[-1].parent if written else out_dir
    emit(rows, fmt, None, {"study": spec.name, "output": str(folder)} if fmt == "json" else None)


COMMANDS = [simulate_cmd]
