"""The rule → test table of ``tests/README.md`` cannot rot: every test it names exists.

Each row of every section of the rules (§1 poker hands to §10 short poker for tricks) names at
least one test as ``file::function`` (``::function`` for another in the same file, ``[id]`` for
a parametrization of the previous function); the file must define the function, and the id must
be a quoted string in the tests folder.
"""

from __future__ import annotations

import ast
import re
from functools import cache
from pathlib import Path

HERE = Path(__file__).parent
SECTIONS = ("1.", "2.", "3.", "4.", "5.", "5A.", "5B.", "6.", "7.", "8.", "9.", "10.")  # every section of the rules
PENDING = 0  # rows still marked "pending:" (none: every rule line names its tests)


def table_rows(text: str) -> list[tuple[str, str, str]]:
    """``(section, rule, tests)`` of every table row under the sections' headings.

    >>> table_rows("### 6. Remi\\n\\n| rule | tests |\\n| --- | --- |\\n| a set | `t.py::f` |\\n")
    [('6.', 'a set', '`t.py::f`')]
    """
    rows, section = [], None
    for line in text.splitlines():
        if line.startswith("### "):
            head = line[4:].split()[0]
            section = head if head in SECTIONS else None
        elif section and line.startswith("| ") and not line.startswith(("| rule", "| ---")):
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            rows.append((section, cells[0], cells[-1]))
    return rows


def named_tests(cell: str) -> list[tuple[str, str, str | None]]:
    """``(file, function, id)`` of every test a cell names (ids of ``[...]`` shorthands attached
    to the function before them).

    >>> named_tests("`a.py::f`, `::g[x]`, `[y]`")
    [('a.py', 'f', None), ('a.py', 'g', 'x'), ('a.py', 'g', 'y')]
    """
    out: list[tuple[str, str, str | None]] = []
    file = func = None
    for token in re.findall(r"`([^`]+)`", cell):
        m = re.fullmatch(r"([\w/]+\.py)?::(\w+)(?:\[([^\]]+)\])?|\[([^\]]+)\]", token)
        if m is None:
            continue
        if m.group(4) is not None:
            assert file and func, f"{token!r} follows no test"
            out.append((file, func, m.group(4)))
            continue
        file = m.group(1) or file
        func = m.group(2)
        assert file, f"{token!r} names no file"
        out.append((file, func, m.group(3)))
    return out


@cache
def functions(file: str) -> frozenset[str]:
    tree = ast.parse((HERE / file).read_text(encoding="utf-8"))
    return frozenset(n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))


@cache
def quoted_strings() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("*.py"))


def test_every_rule_row_names_tests_that_exist() -> None:
    rows = table_rows((HERE / "README.md").read_text(encoding="utf-8"))
    assert {s for s, _r, _t in rows} == set(SECTIONS)
    pending = 0
    for section, rule, cell in rows:
        tests = named_tests(cell)
        pending += cell.startswith("pending")
        assert tests, f"§{section} {rule!r} names no test"
        for file, func, pid in tests:
            assert (HERE / file).is_file(), f"§{section} {rule!r}: no file {file}"
            assert func in functions(file), f"§{section} {rule!r}: {file} has no {func}"
            assert pid is None or f'"{pid}"' in quoted_strings(), f"§{section} {rule!r}: no id {pid!r}"
    assert pending <= PENDING, "a rule row fell back to 'pending'"


def test_the_checker_sees_a_missing_test() -> None:
    assert named_tests("`test_x.py::nope`") == [("test_x.py", "nope", None)]
    assert "nope" not in functions("test_rule_table.py")
