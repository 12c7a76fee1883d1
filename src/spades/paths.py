"""Where the program keeps what it writes for the user: one data directory (``SPADES_DATA_DIR``, or the platform's
own), shared by the terminal table's saves, the room's default database and ``spades join``'s sessions, so neither
the room nor the table has to import the other to find it."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

__all__ = ["data_dir"]


def data_dir() -> Path:
    return Path(os.environ.get("SPADES_DATA_DIR") or platformdirs.user_data_dir("spades"))
