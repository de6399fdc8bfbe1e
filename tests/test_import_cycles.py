"""No import cycle in ``analyzer/``: the import graph read from the sources with ``ast``.

Every ``import`` and ``from … import …`` counts, at module level or inside a function (an import
inside a function still ties the two files together: neither can be read, tested or changed
alone). ``from x import y`` is an edge to the submodule ``x.y`` when there is one, else to ``x``;
relative imports are resolved against the importing module. Imports under ``if TYPE_CHECKING:``
run only for the type checker and are left out.
"""

from __future__ import annotations

import ast
from collections import deque
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "analyzer"


def module_files(root: Path = ROOT, package: str = PACKAGE) -> dict[str, Path]:
    """Module name -> source file, for every ``.py`` file of the package (``__init__`` as the package)."""
    out = {}
    for path in sorted((root / package).rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def _type_checking_block(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import node, at any depth, outside ``if TYPE_CHECKING:`` blocks."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        if _type_checking_block(node):
            assert isinstance(node, ast.If)
            todo.extend(node.orelse)  # the else branch runs
            continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def _resolve(name: str, modules: dict[str, Path]) -> str | None:
    """The module of the package that ``name`` names (its longest known prefix), or None."""
    parts = name.split(".")
    while parts:
        candidate = ".".join(parts)
        if candidate in modules:
            return candidate
        parts.pop()
    return None


def import_graph(root: Path = ROOT, package: str = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package's modules it imports (the edges of the graph)."""
    modules = module_files(root, package)
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for mod, path in modules.items():
        is_pkg = path.name == "__init__.py"
        for node in _imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                if node.level:
                    here = mod.split(".") if is_pkg else mod.split(".")[:-1]
                    base_parts = here[: len(here) - (node.level - 1)]
                    base = ".".join(base_parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            for target in targets:
                resolved = _resolve(target, modules)
                if resolved is not None and resolved != mod:
                    graph[mod].add(resolved)
    return graph


def strongly_connected(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                comp = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    comp.append(top)
                    if top == node:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return sorted(out)


def shortest_cycle(graph: dict[str, set[str]], start: str, within: set[str]) -> list[str]:
    """A shortest cycle through ``start`` inside one component: ``[start, …, start]``."""
    prev: dict[str, str] = {}
    queue = deque([start])
    seen = {start}
    while queue:
        node = queue.popleft()
        for nxt in sorted(graph[node] & within):
            if nxt == start:
                path = [node]
                while path[-1] != start:
                    path.append(prev[path[-1]])
                return [*reversed(path), start]
            if nxt not in seen:
                seen.add(nxt)
                prev[nxt] = node
                queue.append(nxt)
    raise AssertionError(f"{start} is on no cycle")


def cycles(graph: dict[str, set[str]]) -> list[str]:
    """Each import cycle named: a shortest cycle through every module of every component, without
    repeats (a cycle is reported once, from its first module in sorted order)."""
    names: list[str] = []
    seen: set[tuple[str, ...]] = set()
    for comp in strongly_connected(graph):
        for mod in comp:
            cyc = shortest_cycle(graph, mod, set(comp))
            ring = cyc[:-1]
            first = ring.index(min(ring))
            canon = tuple(ring[first:] + ring[:first])
            if canon not in seen:
                seen.add(canon)
                names.append(" -> ".join([*canon, canon[0]]))
    return names


def test_the_graph_sees_every_kind_of_import(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg import b\n")
    (pkg / "b.py").write_text("def f():\n    from pkg.sub import c\n")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "c.py").write_text("from .. import a\nfrom ..b import f\nfrom typing import TYPE_CHECKING\n"
                                      "if TYPE_CHECKING:\n    import pkg.d\n")
    (pkg / "d.py").write_text("import pkg.sub.c\n")
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.a"] == {"pkg.b"} and graph["pkg.b"] == {"pkg.sub.c"}
    assert graph["pkg.sub.c"] == {"pkg.a", "pkg.b"} and graph["pkg.d"] == {"pkg.sub.c"}
    assert cycles(graph) == ["pkg.a -> pkg.b -> pkg.sub.c -> pkg.a", "pkg.b -> pkg.sub.c -> pkg.b"]


def test_no_import_cycles_in_the_package() -> None:
    found = cycles(import_graph())
    if found:
        pytest.fail(f"{len(found)} import cycle(s) in {PACKAGE}/:\n  " + "\n  ".join(found))
