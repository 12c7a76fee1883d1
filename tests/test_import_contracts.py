"""The import contracts hold, and they are not a check that cannot fail: in a scratch copy of the package, a
circle between two of the room's modules, an import against the layers, and the engine importing the room each
break them."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def lint(root: Path) -> subprocess.CompletedProcess[str]:
    """lint-imports on the package under ``root``/src, with the project's contracts."""
    return subprocess.run([str(LINT), "--no-cache", "--config", str(ROOT / "pyproject.toml")], cwd=root,
                          env={"PYTHONPATH": str(root / "src"), "PATH": str(LINT.parent)}, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scratch")
    shutil.copytree(ROOT / "src" / "spades", root / "src" / "spades",
                    ignore=shutil.ignore_patterns("__pycache__", "static", "*.json", "*.svg"))
    return root


def test_the_contracts_hold_on_the_code() -> None:
    result = lint(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "Contracts: 4 kept, 0 broken." in result.stdout


@pytest.mark.parametrize(("module", "line", "broken"), [
    # a circle inside the table's package: the bus reaching back to the room that holds it
    ("room/table/bus.py", "from . import room as _circle", "No circle of imports"),
    # a circle between packages, and a lower layer importing a higher one: the store reading the lobby
    ("room/store/tables.py", "from ..lobby import seating as _upward", "The room's layers"),
    # the engine importing the room
    ("game.py", "from .room import protocol as _outward", "The engine, the computer players"),
])
def test_a_circle_or_a_forbidden_import_breaks_them(scratch: Path, module: str, line: str, broken: str) -> None:
    path = scratch / "src" / "spades" / module
    original = path.read_text(encoding="utf-8")
    try:
        path.write_text(original + f"\n{line}  # noqa\n", encoding="utf-8")
        result = lint(scratch)
    finally:
        path.write_text(original, encoding="utf-8")
    assert result.returncode != 0, result.stdout
    assert "BROKEN" in result.stdout
    listed = " ".join(result.stdout.split())  # lint-imports wraps long contract names
    broken_part = listed[listed.index("Broken contracts"):]
    assert broken in broken_part, result.stdout
