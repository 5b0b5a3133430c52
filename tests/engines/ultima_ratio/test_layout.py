"""The shape of ``engines/ultima_ratio`` (issue 27, ENGINE.md › Layout): imports run one way — no module imports
another that imports it back, directly or through others, counting the imports made inside functions — and the
generic rules import no scenario: only ``scenarios/base.py`` (the protocol), the scenarios' own modules being read
by the registry, the game and the 9.1 bot alone."""

from __future__ import annotations

import ast
import pathlib
import tomllib

import engines.ultima_ratio

PACKAGE = "engines.ultima_ratio"
ROOT = pathlib.Path(engines.ultima_ratio.__file__).parent
# the modules above the scenarios: the game (it builds the registry's steps), the registry, and the 9.1 bot
MAY_NAME_SCENARIOS = ("game", "scenarios.", "bots.")


def module_graph(root: pathlib.Path, package: str) -> dict[str, set[str]]:
    """{module: the package's modules it imports} for every ``.py`` under ``root`` (``a.b`` for ``a/b.py``, ``a`` for
    ``a/__init__.py``); ``from package.a import b`` names ``a.b`` when that is a module, else ``a``; imports inside
    functions count (a circle closed lazily is still a circle)."""
    modules = {}
    for path in root.rglob("*.py"):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        modules[".".join(parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found |= {a.name[len(package) + 1 :] for a in node.names if a.name.startswith(package + ".")}
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                if node.module != package and not node.module.startswith(package + "."):
                    continue
                inside = node.module[len(package) + 1 :]
                for alias in node.names:
                    full = f"{inside}.{alias.name}" if inside else alias.name
                    found.add(full if full in modules else inside)
        graph[name] = {m for m in found if m in modules and m and m != name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        found.append(sorted(group))
    return found


def test_no_module_of_the_engine_imports_another_that_imports_it_back():
    assert circles(module_graph(ROOT, PACKAGE)) == []


def test_the_generic_rules_import_no_scenario():
    graph = module_graph(ROOT, PACKAGE)
    wrong = {
        name: sorted(m for m in imported if m.startswith("scenarios") and m != "scenarios.base")
        for name, imported in graph.items()
        if not name.startswith(MAY_NAME_SCENARIOS)
    }
    assert {name: found for name, found in wrong.items() if found} == {}


def test_a_circle_closed_inside_a_function_is_found(tmp_path):
    """The check can fail: two modules of a package importing each other, one of them lazily, and a third apart."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from pkg.sub import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from pkg import a\n    return a\n")
    (pkg / "c.py").write_text("from pkg import a\nimport pkg.sub.b\n")
    graph = module_graph(pkg, "pkg")
    assert graph["a"] == {"sub.b"} and graph["sub.b"] == {"a"} and graph["c"] == {"a", "sub.b"}
    assert circles(graph) == [["a", "sub.b"]]
    assert circles({"x": {"y"}, "y": {"z"}, "z": set()}) == []


def test_every_subpackage_travels_in_the_wheel():
    """setuptools installs only the packages ``pyproject.toml`` lists (``tests/app/test_wheel.py`` builds one)."""
    listed = set(tomllib.loads((ROOT.parents[1] / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    packages = {
        ".".join((PACKAGE, *path.parent.relative_to(ROOT).parts)).rstrip(".") for path in ROOT.rglob("__init__.py")
    }
    assert packages - listed == set()
