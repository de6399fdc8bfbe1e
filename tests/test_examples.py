"""`joker-odds examples`: the shipped example files are listed, written, loadable, and every field of
their formats is documented exactly as the loaders read them."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyzer import rules as rules_mod
from analyzer import studies
from analyzer.cli import main
from analyzer.cli.examples import shipped_examples
from analyzer.examples import ExampleError, find_examples, write_examples
from analyzer.examples.formats import FORMATS, formats_markdown
from analyzer.games.stud import game as stud_game
from analyzer.games.videopoker import paytable
from analyzer.stopping import DEFAULT_CHECK_EVERY

ROOT = Path(__file__).resolve().parents[1]
LOADERS = {"study": studies.load_study, "paytable": paytable.load_paytable, "stud-game": stud_game.load_game}


def cli(*args: str) -> tuple[int, str, str]:
    res = CliRunner().invoke(main, list(args))
    return res.exit_code, res.stdout, res.stderr


def _fields(fmt: str, table: str) -> set[str]:
    (sec,) = [s for f in FORMATS if f.name == fmt for s in f.sections if s.table == table]
    return {f.key for f in sec.fields}


def test_catalogue_holds_every_kind_with_unique_names() -> None:
    ex = shipped_examples()
    kinds = {e.kind for e in ex}
    assert kinds == {"study", "paytable", "stud-game"}
    names = [e.name for e in ex]
    assert len(names) == len(set(names))
    assert {"deuces-wild-relative", "joker-poker-kings", "caribbean", "j-poker"} <= set(names)
    assert all(e.summary for e in ex), [e.name for e in ex if not e.summary]


@pytest.mark.parametrize("example", shipped_examples(), ids=lambda e: e.name)
def test_written_example_loads_from_its_file(example, tmp_path: Path) -> None:
    (path,) = write_examples([example], tmp_path)
    assert path.read_text(encoding="utf-8") == example.text()
    LOADERS[example.kind](path)  # a bad shipped file raises here


def test_write_refuses_to_overwrite_and_writes_nothing(tmp_path: Path) -> None:
    a, b = find_examples(shipped_examples(), ["caribbean", "joker-poker-kings"])
    (tmp_path / b.file_name).write_text("mine", encoding="utf-8")
    with pytest.raises(ExampleError, match="exists: give --force"):
        write_examples([a, b], tmp_path)
    assert not (tmp_path / a.file_name).exists()  # checked before anything was written
    assert (tmp_path / b.file_name).read_text(encoding="utf-8") == "mine"
    write_examples([a, b], tmp_path, force=True)
    assert (tmp_path / b.file_name).read_text(encoding="utf-8") == b.text()


def test_cli_lists_writes_and_refuses(tmp_path: Path) -> None:
    code, out, _ = cli("examples")
    assert code == 0 and "deuces-wild-relative" in out and "joker-odds simulate" in out
    code, out, _ = cli("examples", "deuces-wild-relative", "jacks-or-better-9-6.toml", "--out", str(tmp_path / "d"))
    assert code == 0, out
    assert sorted(p.name for p in (tmp_path / "d").iterdir()) == ["deuces-wild-relative.toml",
                                                                 "jacks-or-better-9-6.toml"]
    assert "run: joker-odds simulate" in out
    code, _, err = cli("examples", "deuces-wild-relative", "--out", str(tmp_path / "d"))
    assert code == 2 and err.startswith("Error: ") and "give --force" in err and err.count("\n") == 1
    assert cli("examples", "deuces-wild-relative", "--out", str(tmp_path / "d"), "--force")[0] == 0
    code, _, err = cli("examples", "nope", "--out", str(tmp_path / "e"))
    assert code == 2 and "unknown example 'nope'" in err and not (tmp_path / "e").exists()
    for bad in (("--all", "caribbean"), ("--formats", "caribbean"), ("--force",)):
        code, _, err = cli("examples", *bad)
        assert code == 2 and err.startswith("Error: "), bad


def test_cli_all_writes_every_example(tmp_path: Path) -> None:
    code, _, _ = cli("examples", "--all", "--out", str(tmp_path))
    assert code == 0
    assert len(list(tmp_path.glob("*.toml"))) == len(shipped_examples())


def test_formats_list_exactly_the_keys_the_loaders_accept() -> None:
    assert _fields("paytable", "") == paytable._TOP_KEYS
    assert _fields("paytable", "[[line]]") == paytable._LINE_KEYS
    assert _fields("stud-game", "[game]") == stud_game._KEYS
    assert _fields("study", "") == studies._TOP
    assert _fields("study", "[run]") == studies._RUN_INT | studies._RUN_FLOAT
    assert _fields("study", "[[estimate]]") == studies._ESTIMATE
    assert _fields("study", "[rules]") == rules_mod._KEYS


def test_formats_state_the_loaders_defaults() -> None:
    (sec,) = [s for f in FORMATS if f.name == "study" for s in f.sections if s.table == "[rules]"]
    stated = {f.key: f.default.strip("`") for f in sec.fields}
    for field in dataclasses.fields(rules_mod.RuleSet):
        if field.name in ("name", "order", "wild", "description"):
            continue
        default = field.default
        text = str(default).lower() if isinstance(default, bool) else str(default)
        assert stated[field.name] == text, field.name
    (run,) = [s for f in FORMATS if f.name == "study" for s in f.sections if s.table == "[run]"]
    assert {f.key: f.default for f in run.fields}["check_every"] == f"`{DEFAULT_CHECK_EVERY}`"


def test_formats_reference_is_docs_formats_md_and_the_cli_prints_it() -> None:
    """Fails when a field changed: run `make docs` (python -m analyzer.examples.formats)."""
    text = formats_markdown()
    assert (ROOT / "docs" / "formats.md").read_text(encoding="utf-8") == text
    code, out, _ = cli("examples", "--formats")
    assert code == 0 and out == text


@pytest.mark.parametrize("args", [("simulate",), ("videopoker", "analyze"), ("stud", "analyze"),
                                  ("stud", "options")])
def test_help_of_commands_reading_a_format_points_to_it(args: tuple[str, ...]) -> None:
    code, out, _ = cli(*args, "--help")
    assert code == 0 and "examples --formats" in " ".join(out.split())
