"""`mypy --strict` over the package, as configured in pyproject.toml, is part of the test suite; only modules that
numba compiles are left out of it."""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_strict_finds_no_error() -> None:
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_strict_and_leaves_out_only_numba_compiled_modules() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    mypy = config["tool"]["mypy"]
    assert mypy["strict"] is True
    assert mypy["files"] == ["src/spades"]
    assert any(extra.startswith("mypy") for extra in config["project"]["optional-dependencies"]["test"])
    left_out = [name for override in mypy.get("overrides", []) if override.get("ignore_errors")
                for name in override["module"]]
    assert left_out
    for name in left_out:
        source = (ROOT / "src" / Path(*name.split("."))).with_suffix(".py")
        text = source.read_text()
        assert "@njit" in text or "@hot" in text, f"{source.relative_to(ROOT)} is left out of mypy but not compiled"
