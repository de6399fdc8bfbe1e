"""Simulation studies defined in TOML files (``joker-odds simulate simulations/NAME.toml``).

A study names a rule set (preset plus overrides, deck), a stopping rule (``trials``, or
``target_se`` / ``target_rel_se`` with ``max_trials`` / ``max_time``), a seed and what to
estimate; :func:`run_study` runs every estimate on the engine and :func:`write_study` writes
``tables/*.csv`` and ``*.json``, ``figures/*.png`` and an ``index.md``/``index.html`` page.
A bad file raises :class:`StudyError` naming the file, the key and the problem::

    title = "Two jokers"            # optional
    seed = 7
    output = "reports/simulations/two-jokers"   # optional; relative to the working directory
    [rules]
    preset = "joker-wild"
    deck = "52+2"
    [run]
    trials = 1_000_000              # or target_rel_se = 0.01 with max_trials / max_time
    [[estimate]]
    kind = "hand_frequencies"
    cards = 5                       # 5, 6 or 7 (best five)
    name = "five-card"              # optional (default: "<cards>-card")
    compare_exact = true            # χ² and exact column (5-card hands only)

>>> spec = parse_study({"seed": 1, "rules": {"preset": "standard"}, "run": {"trials": 1000},
...                     "estimate": [{"kind": "hand_frequencies", "cards": 5}]}, "demo.toml")
>>> spec.name, spec.estimates[0].name, spec.run["trials"]
('demo', '5-card', 1000)
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from analyzer.errors import JokerOddsError
from analyzer.frequencies import FreqTable, exact_frequencies, sampled_frequencies
from analyzer.io import clip
from analyzer.rules import RuleSet, rules_from_mapping
from analyzer.tomlfile import read_toml

__all__ = ["STOP_KEYS", "EstimateSpec", "StudyError", "StudyResult", "StudySpec", "load_study", "parse_study",
           "run_study", "study_folder", "write_study"]

_TOP = {"title", "seed", "output", "rules", "run", "estimate"}
_RUN_INT = {"trials", "max_trials", "chunk_size", "check_every"}
_RUN_FLOAT = {"target_se", "target_rel_se", "max_time"}
_ESTIMATE = {"kind", "cards", "name", "compare_exact"}
MAX_COUNT = 10**12  # trials, max_trials (a ceiling on work)
MAX_FLOAT = 1e9  # targets and max_time (seconds)
_RUN_MAX = {"chunk_size": 1 << 31, "check_every": 1 << 20}
MAX_ESTIMATES = 20
KINDS = ("hand_frequencies",)


class StudyError(JokerOddsError):
    """A study file that cannot be run: ``<file>: <key>: <problem>``."""


@dataclass(frozen=True)
class EstimateSpec:
    """One thing a study estimates."""

    name: str
    kind: str
    cards: int
    compare_exact: bool


@dataclass(frozen=True)
class StudySpec:
    """A parsed, validated study file."""

    name: str
    title: str
    source: str
    rules: RuleSet
    deck: str | None
    seed: int
    run: dict[str, Any]
    estimates: list[EstimateSpec]
    output: str | None = None


def _fail(source: str, key: str, problem: str) -> StudyError:
    return StudyError(f"{source}: {key}: {problem}")


def _table(data: Any, source: str, key: str) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(source, key, f"must be a table, got {type(data).__name__}")
    return data


def _unknown(data: dict[str, Any], known: set[str], source: str, where: str) -> None:
    extra = sorted(set(data) - known)
    if extra:
        raise _fail(source, f"{where}{extra[0]}", f"unknown key (known: {', '.join(sorted(known))})")


def _int(value: Any, source: str, key: str, minimum: int, maximum: int = MAX_COUNT) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise _fail(source, key, f"must be an integer ≥ {minimum}, got {clip(repr(value), 40)}")
    if value > maximum:
        raise _fail(source, key, f"must be at most {maximum:,}, got {clip(repr(value), 40)}")
    return value


def study_folder(spec: StudySpec, out: str | Path | None = None) -> Path:
    """Where a study writes: ``out`` when given (any folder the user names), else the file's
    ``output`` — a relative path that must stay under the current folder (a downloaded study
    cannot write elsewhere) — else ``reports/simulations/<name>``.

    >>> spec = parse_study({"output": "/etc", "rules": {"preset": "standard"}, "run": {"trials": 9},
    ...                     "estimate": [{"kind": "hand_frequencies"}]}, "x.toml")
    >>> study_folder(spec, "mine").name
    'mine'
    >>> study_folder(spec)
    Traceback (most recent call last):
    ...
    analyzer.studies.StudyError: x.toml: output: '/etc' is not a relative path under the current folder; pass --out to write elsewhere
    """
    if out is not None:
        return Path(out)
    if spec.output is None:
        return Path("reports") / "simulations" / spec.name
    rel = Path(spec.output)
    here = Path.cwd().resolve()
    inside = not rel.is_absolute() and ".." not in rel.parts
    if inside:
        try:
            (here / rel).resolve().relative_to(here)  # a symlinked folder may lead out too
        except ValueError:
            inside = False
    if not inside:
        raise _fail(spec.source, "output", f"{clip(repr(spec.output), 60)} is not a relative path under the "
                    "current folder; pass --out to write elsewhere")
    return rel


def _parse_run(data: Any, source: str) -> dict[str, Any]:
    run = _table(data, source, "[run]")
    _unknown(run, _RUN_INT | _RUN_FLOAT, source, "[run].")
    out: dict[str, Any] = {}
    for key, value in run.items():
        if key in _RUN_INT:
            out[key] = _int(value, source, f"[run].{key}", 1, _RUN_MAX.get(key, MAX_COUNT))
        elif isinstance(value, bool) or not isinstance(value, (int, float)) or not (
                math.isfinite(value) and 0 < value <= MAX_FLOAT):
            raise _fail(source, f"[run].{key}", f"must be a positive number up to {MAX_FLOAT:g}, "
                        f"got {clip(repr(value), 40)}")
        else:
            out[key] = float(value)
    has_target = "target_se" in out or "target_rel_se" in out
    if ("trials" in out) == has_target:
        raise _fail(source, "[run]", "give exactly one of trials or a precision target (target_se / target_rel_se)")
    if has_target and "max_trials" not in out and "max_time" not in out:
        raise _fail(source, "[run]", "a precision target needs max_trials or max_time")
    if "trials" in out and "max_trials" in out:
        raise _fail(source, "[run].max_trials", "caps a precision target; with trials drop it")
    return out


def _parse_estimates(data: Any, source: str) -> list[EstimateSpec]:
    if not isinstance(data, list) or not data:
        raise _fail(source, "[[estimate]]", "at least one [[estimate]] table is needed")
    if len(data) > MAX_ESTIMATES:
        raise _fail(source, "[[estimate]]", f"at most {MAX_ESTIMATES} [[estimate]] tables")
    out: list[EstimateSpec] = []
    for i, raw in enumerate(data):
        where = f"[[estimate]] #{i + 1}"
        est = _table(raw, source, where)
        _unknown(est, _ESTIMATE, source, f"{where}.")
        kind = est.get("kind")
        if kind not in KINDS:
            raise _fail(source, f"{where}.kind", f"must be one of {', '.join(KINDS)}, got {clip(repr(kind), 40)}")
        cards = est.get("cards", 5)
        if isinstance(cards, bool) or cards not in (5, 6, 7):
            raise _fail(source, f"{where}.cards", f"must be 5, 6 or 7, got {clip(repr(cards), 40)}")
        name = est.get("name", f"{cards}-card")
        if not isinstance(name, str) or not 0 < len(name) <= 60 or not all(c.isalnum() or c in "-_" for c in name):
            raise _fail(source, f"{where}.name", f"must be up to 60 letters, digits, '-' or '_', got {clip(repr(name), 40)}")
        if name in {e.name for e in out}:
            raise _fail(source, f"{where}.name", f"duplicate estimate name {name!r}")
        compare = est.get("compare_exact", cards == 5)
        if not isinstance(compare, bool):
            raise _fail(source, f"{where}.compare_exact", f"must be true or false, got {clip(repr(compare), 40)}")
        out.append(EstimateSpec(name, kind, cards, compare))
    return out


def parse_study(data: dict[str, Any], source: str) -> StudySpec:
    """Validate a study mapping (as read from TOML); ``source`` names it in errors."""
    _unknown(data, _TOP, source, "")
    seed = _int(data.get("seed", 0), source, "seed", 0)
    title = data.get("title", Path(source).stem)
    if not isinstance(title, str):
        raise _fail(source, "title", f"must be a string, got {clip(repr(title), 40)}")
    output = data.get("output")
    if output is not None and (not isinstance(output, str) or not output):
        raise _fail(source, "output", f"must be a folder path, got {clip(repr(output), 40)}")
    if "rules" not in data:
        raise _fail(source, "[rules]", "missing (give at least preset = \"…\")")
    rules_map = dict(_table(data["rules"], source, "[rules]"))
    deck = rules_map.get("deck")
    try:
        rules = rules_from_mapping(rules_map)
        rules.wild_mask(rules.deck_spec(deck))  # the deck must exist and hold the wild cards
    except JokerOddsError as exc:
        raise _fail(source, "[rules]", str(exc)) from exc
    if "run" not in data:
        raise _fail(source, "[run]", "missing (give trials = N or a precision target)")
    return StudySpec(Path(source).stem, title, source, rules, deck, seed,
                     _parse_run(data["run"], source), _parse_estimates(data.get("estimate"), source),
                     output)


def load_study(path: str | Path) -> StudySpec:
    """Read and validate a study file."""
    doc = read_toml(Path(path), StudyError)
    return parse_study(doc.data, doc.source)


@dataclass
class StudyResult:
    """The tables a study produced, by estimate name."""

    spec: StudySpec
    tables: dict[str, FreqTable] = field(default_factory=dict)
    exact: dict[str, FreqTable] = field(default_factory=dict)


STOP_KEYS = ("trials", "target_se", "target_rel_se", "max_trials")


def run_study(spec: StudySpec, checkpoint: str | Path | None = None, seed: int | None = None,
              **engine: Any) -> StudyResult:
    """Run every estimate of ``spec`` on the engine.

    ``engine`` options override the file's ``[run]``: ``trials`` replaces its stopping rule as
    a whole; a ``target_se`` / ``target_rel_se`` replaces its trials or target but keeps its
    ``max_trials`` cap unless one is given; ``max_trials`` alone changes the cap of its target.
    ``checkpoint`` is a path prefix: estimate ``NAME`` checkpoints to ``<prefix>.NAME``.
    """
    base = dict(spec.run)
    if engine.get("trials") is not None:
        base = {k: v for k, v in base.items() if k not in STOP_KEYS}
    elif any(engine.get(k) is not None for k in ("target_se", "target_rel_se")):
        base = {k: v for k, v in base.items() if k not in ("trials", "target_se", "target_rel_se")}
    elif engine.get("max_trials") is not None and "trials" in base:
        raise StudyError(f"{spec.source}: [run]: max_trials caps a precision target, but the study runs a "
                         f"fixed trials = {base['trials']}; override that with trials instead")
    result = StudyResult(spec)
    for est in spec.estimates:
        options = {**base, **{k: v for k, v in engine.items() if v is not None}}
        if checkpoint is not None:
            options["checkpoint"] = Path(f"{checkpoint}.{est.name}")
        trials = options.pop("trials", None)
        exact_too = est.compare_exact and est.cards == 5
        result.tables[est.name] = sampled_frequencies(
            spec.rules, spec.deck, est.cards, trials=trials, seed=spec.seed if seed is None else seed,
            compare_exact=exact_too, **options)
        if exact_too:
            result.exact[est.name] = exact_frequencies(spec.rules, spec.deck, est.cards)
    return result


def _rows(table: FreqTable, exact: FreqTable | None) -> list[dict[str, Any]]:
    rows = []
    for r in table.rows:
        row: dict[str, Any] = {"category": r.category, "count": r.count, "estimate": r.estimate,
                               "se": r.se, "ci_low": r.ci_low, "ci_high": r.ci_high}
        if exact is not None:
            p = exact.row(r.category).probability or 0.0
            row["exact"] = p
            row["in_ci"] = bool((r.ci_low or 0.0) <= p <= (r.ci_high or 1.0))
        rows.append(row)
    return rows


def _figure(name: str, table: FreqTable, exact: FreqTable | None) -> Any:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = [r for r in table.rows if r.count > 0]
    fig, ax = plt.subplots(figsize=(7, 0.4 * len(rows) + 1.2))
    y = list(range(len(rows)))[::-1]
    est = [r.estimate or 0.0 for r in rows]
    err = [[e - (r.ci_low or 0.0) for e, r in zip(est, rows, strict=True)],
           [(r.ci_high or 0.0) - e for e, r in zip(est, rows, strict=True)]]
    ax.errorbar(est, y, xerr=err, fmt="o", ms=4, capsize=3, label="Monte Carlo, 95 % CI")
    if exact is not None:
        ax.plot([exact.row(r.category).probability or 0.0 for r in rows], y, "x", color="C3", label="exact")
    ax.set_yticks(y, [r.category.replace("_", " ") for r in rows])
    ax.set_xscale("log")
    ax.set_xlabel("probability")
    ax.set_title(f"{name}: {table.rules}, deck {table.deck}, {table.cards} cards, {table.total:,} hands")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8)
    return fig


def write_study(result: StudyResult, out: str | Path | None = None) -> list[Path]:
    """Write tables (CSV and JSON), figures and a page under ``out`` (default: the file's
    ``output`` or ``reports/simulations/<name>``); returns the files written."""
    from analyzer.io import atomic_write_text, json_text
    from analyzer.report.study import Study

    spec = result.spec
    folder = study_folder(spec, out)
    page = Study(folder.name, spec.title)
    seeds = sorted({t.seed for t in result.tables.values() if t.seed is not None}) or [spec.seed]
    page.text(f"Study file {spec.source}: rules {spec.rules.name}, deck {spec.deck or spec.rules.deck}, "
              f"seed {', '.join(map(str, seeds))}.")
    summary = []
    written: list[Path] = []
    for name, table in result.tables.items():
        exact = result.exact.get(name)
        rows = _rows(table, exact)
        meta = table.to_dict()
        meta.pop("rows")
        summary.append({"estimate": name, "cards": table.cards, "trials": table.total,
                        "chunks": meta.get("chunks"), "stop": meta.get("stop"),
                        "max_se": meta.get("max_se"), "max_rel_se": meta.get("max_rel_se"),
                        "gof_p_value": meta.get("gof", {}).get("p_value")})
        page.heading(f"{name}: {table.cards}-card hands")
        page.table(name, rows, f"{table.total:,} hands, seed {table.seed}, stopped by {meta.get('stop')}")
        page.figure(name, _figure(name, table, exact), f"{name} with 95 % CIs")
        path = folder / "tables" / f"{name}.json"
        atomic_write_text(path, json_text({**meta, "rows": rows}))
        written.append(path)
    page.heading("Summary")
    page.table("summary", summary, "every estimate")
    written += page.write(folder.parent)
    return written
