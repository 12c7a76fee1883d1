"""The README's first command on a fresh machine: `./scripts/play` makes a virtual environment, installs the
package into it and seats the player at a table, with the `python3` on the PATH as the README says.

Debian's and Ubuntu's python3 refuse `pip install` outside a virtual environment, so the install must go into
one. The script runs in a copy of the repository with its venv in a temporary folder (``SPADES_VENV``), so the
real `.venv` is never touched; pip's cache keeps the install to seconds after the first download.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
INSTALLING = "Installing spades"


def repo_copy(tmp: Path) -> Path:
    """What a clone holds that the install needs, without this checkout's .venv, caches or egg-info."""
    copy = tmp / "spades"
    copy.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, copy / name)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for name in ("src", "scripts"):
        shutil.copytree(ROOT / name, copy / name, ignore=ignore)
    return copy


def clean_env(tmp: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(SPADES_DATA_DIR=str(tmp / "data"), SPADES_CONFIG_DIR=str(tmp / "config"), **extra)
    return env


def first_command(copy: Path, env: dict[str, str], data: Path) -> subprocess.CompletedProcess[str]:
    """`./scripts/play` as the README writes it, with no input (as in CI: stdin at its end). Each run has its own
    data folder, so that no saved game is waiting and the table starts a new game at once."""
    return subprocess.run(["./scripts/play", "--speech", "none", "--pace", "0"], cwd=copy,
                          env=dict(env, SPADES_DATA_DIR=str(data)), stdin=subprocess.DEVNULL, capture_output=True,
                          text=True, timeout=1200)  # an install on a busy machine: minutes


def test_the_first_command_installs_into_a_venv_and_seats_the_player_then_starts_quickly(tmp_path: Path) -> None:
    copy = repo_copy(tmp_path)
    venv = tmp_path / "venv"
    env = clean_env(tmp_path, SPADES_VENV=str(venv))

    began = time.monotonic()
    first = first_command(copy, env, tmp_path / "data1")
    installed_in = time.monotonic() - began
    assert first.returncode == 0, first.stderr
    assert INSTALLING in first.stderr
    assert f"The spades command is {venv}/bin/spades" in first.stderr
    assert "You are South" in first.stdout
    assert "Your turn to bid" in first.stdout
    assert (venv / "bin" / "spades").exists()
    licence = subprocess.run([venv / "bin" / "python", "-c", "from importlib.metadata import metadata; "
                              "print(metadata('spades')['License-Expression'])"], capture_output=True, text=True)
    assert licence.stdout.strip() == "MIT"  # the SPDX form: setuptools warns of the old table form at each install

    started = time.monotonic()
    second = first_command(copy, env, tmp_path / "data2")
    assert second.returncode == 0, second.stderr
    assert INSTALLING not in second.stderr
    assert "You are South" in second.stdout
    # quickly: in 15 s, or on a machine so busy that the install took minutes, in a fraction of the install's time
    assert time.monotonic() - started < max(15, installed_in / 4)

    later = time.time() + 60  # pyproject.toml changed since the install: install again
    os.utime(copy / "pyproject.toml", (later, later))
    third = first_command(copy, env, tmp_path / "data3")
    assert third.returncode == 0, third.stderr
    assert INSTALLING in third.stderr
    assert "You are South" in third.stdout


def test_a_python_whose_venv_cannot_bring_pip_gets_pip_from_the_system(tmp_path: Path) -> None:
    """Debian without python3-venv: `python3 -m venv` fails for want of ensurepip, but pip itself is there."""
    python3 = shutil.which("python3")
    assert python3
    fake = tmp_path / "python3"
    fake.write_text(
        "#!/bin/sh\n"
        'if [ "$1" = "-m" ] && [ "$2" = "venv" ] && [ "$3" != "--without-pip" ]; then\n'
        '  mkdir -p "$3/bin"; echo "ensurepip is not available" >&2; exit 1\n'
        "fi\n"
        f'exec "{python3}" "$@"\n')
    fake.chmod(0o755)
    venv = tmp_path / "venv"
    env = clean_env(tmp_path, PYTHON=str(fake))
    made = subprocess.run(["bash", "-c", f'. "{ROOT}/scripts/venv.sh" && make_venv "{venv}"'], env=env,
                          capture_output=True, text=True, timeout=600)
    assert made.returncode == 0, made.stderr
    pip = subprocess.run([venv / "bin" / "python", "-m", "pip", "--version"], capture_output=True, text=True)
    assert pip.returncode == 0 and str(venv) in pip.stdout
