"""The web table's JavaScript stays ES modules of one job each: every module under the room's static/ is under 400
lines, each is reached from the page's one script by its imports, and those imports make no circle (in a circle, one
of its modules runs before a module it imports has finished, and finds its exports not there yet)."""

from __future__ import annotations

import re
from pathlib import Path

ROOM = Path(__file__).resolve().parent.parent / "src" / "spades" / "room"
MOST_LINES = 399
# import { a } from "./a.js"; import "./b.js"; export { c } from "./c.js", over one line or several
IMPORT = re.compile(r"^\s*(?:import\s*|(?:import|export)\b[^;\"']*?\bfrom\s*)[\"'](\.{1,2}/[^\"']+)[\"']", re.MULTILINE)


def static_folder() -> Path:
    """The folder of the page and its modules, wherever the room's package puts it."""
    return next(ROOM.rglob("static/index.html")).parent


def modules(static: Path) -> list[Path]:
    return sorted(static.rglob("*.js"))


def too_long(static: Path) -> dict[str, int]:
    """The modules of more than MOST_LINES lines, with their count."""
    counts = {path.relative_to(static).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
              for path in modules(static)}
    return {name: count for name, count in counts.items() if count > MOST_LINES}


def import_graph(static: Path) -> dict[str, list[str]]:
    """Each module (by its path under static/) to the modules it imports by a relative address."""
    graph: dict[str, list[str]] = {}
    for path in modules(static):
        text = path.read_text(encoding="utf-8")
        targets = [(path.parent / address).resolve() for address in IMPORT.findall(text)]
        graph[path.relative_to(static).as_posix()] = [target.relative_to(static.resolve()).as_posix()
                                                      for target in targets]
    return graph


def circle(graph: dict[str, list[str]]) -> list[str] | None:
    """A circle of imports (its modules in order, the first again at the end), or None."""
    done: set[str] = set()
    path: list[str] = []

    def visit(name: str) -> list[str] | None:
        if name in path:
            return [*path[path.index(name):], name]
        if name in done:
            return None
        path.append(name)
        for target in graph.get(name, []):
            found = visit(target)
            if found:
                return found
        path.pop()
        done.add(name)
        return None

    for name in graph:
        found = visit(name)
        if found:
            return found
    return None


def reached(graph: dict[str, list[str]], start: str) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        for target in graph.get(todo.pop(), []):
            if target not in seen:
                seen.add(target)
                todo.append(target)
    return seen


def test_every_module_is_under_400_lines() -> None:
    static = static_folder()
    assert len(modules(static)) > 10  # the modules were found where the page loads them from
    assert too_long(static) == {}, "split these modules by what they do"


def test_the_modules_imports_make_no_circle_and_reach_every_module_from_the_page() -> None:
    static = static_folder()
    graph = import_graph(static)
    assert circle(graph) is None
    for targets in graph.values():
        assert all(target in graph for target in targets), targets  # every import names a module that is there
    page = (static / "index.html").read_text(encoding="utf-8")
    entry = re.search(r'<script type="module" src="/static/([^"]+)"', page)
    assert entry is not None
    assert reached(graph, entry.group(1)) == set(graph)


def test_the_checks_find_a_circle_and_a_long_module(tmp_path: Path) -> None:
    """The two checks above can fail: a module of 952 lines (table.js before it was split), and two modules that
    import each other through a third."""
    (tmp_path / "js").mkdir()
    (tmp_path / "js" / "table.js").write_text('import { say } from "./said.js";\n' + "say();\n" * 951)
    (tmp_path / "js" / "said.js").write_text('import {\n  hand,\n} from "./hand.js";\nexport function say() {}\n')
    (tmp_path / "js" / "hand.js").write_text('import "./table.js";\nexport const hand = 1;\n')
    (tmp_path / "js" / "cards.js").write_text("export const cards = [];\n")
    assert too_long(tmp_path) == {"js/table.js": 952}
    graph = import_graph(tmp_path)
    assert graph["js/said.js"] == ["js/hand.js"] and graph["js/cards.js"] == []
    assert circle(graph) in (["js/hand.js", "js/table.js", "js/said.js", "js/hand.js"],
                             ["js/said.js", "js/hand.js", "js/table.js", "js/said.js"],
                             ["js/table.js", "js/said.js", "js/hand.js", "js/table.js"])
    (tmp_path / "js" / "hand.js").write_text('import { cards } from "./cards.js";\nexport const hand = 1;\n')
    assert circle(import_graph(tmp_path)) is None
