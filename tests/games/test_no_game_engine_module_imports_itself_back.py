"""Issue #35, item 15: ``games/banakil/bots.py`` imported ``search`` and ``search.py`` imported
``bots`` (``from . import bots``). Every import of an engine module counts (function-local ones
too, and ``from pkg import module``); no module of an engine may reach itself again through them.
The package's ``__init__``, which only gathers its modules, is left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def imports_of(package: Path) -> dict[str, set[str]]:
    """Module name -> the modules of the same package it imports."""
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    dotted = ".".join(package.relative_to(ROOT).parts)
    graph: dict[str, set[str]] = {}
    for name in modules:
        found: set[str] = set()
        for node in ast.walk(ast.parse((package / f"{name}.py").read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                if node.level == 1 or node.module == dotted or node.module == dotted + ".":
                    base = node.module if node.level == 1 else ""
                else:
                    base = (node.module or "").removeprefix(dotted + ".")
                    if base == node.module:
                        continue
                if base:
                    found.add(base.split(".")[0])
                else:  # ``from . import search``
                    found.update(a.name for a in node.names)
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name.startswith(dotted + "."):
                        found.add(alias.name.removeprefix(dotted + ".").split(".")[0])
        graph[name] = (found & modules) - {name}
    return graph


def a_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    for start in sorted(graph):
        path = [start]
        todo = [(start, iter(sorted(graph[start])))]
        while todo:
            _here, following = todo[-1]
            step = next(following, None)
            if step is None:
                todo.pop()
                path.pop()
            elif step == start:
                return [*path, start]
            elif step not in path:
                path.append(step)
                todo.append((step, iter(sorted(graph[step]))))
    return None


@pytest.mark.parametrize("engine", ["banakil", "pinochle"])
def test_no_module_of_the_engine_imports_itself_back(engine):
    graph = imports_of(ROOT / "games" / engine)
    assert "search" in graph and graph["search"], graph  # the reading finds imports at all
    assert a_cycle(graph) is None, " -> ".join(a_cycle(graph) or [])
