"""The saved game: one engine record in the user's data directory (or ``SPADES_DATA_DIR``), written atomically
after every trick and on leaving, so that a closed terminal loses at most the trick in progress."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import platformdirs

from ..game import Game
from ..record import RecordError, game_from_record, save_record

SAVE_NAME = "table-save.json"


def data_dir() -> Path:
    return Path(os.environ.get("SPADES_DATA_DIR") or platformdirs.user_data_dir("spades"))


def save_path(name: str = SAVE_NAME) -> Path:
    return data_dir() / name


def save_game(game: Game, meta: dict[str, Any], path: Path | None = None) -> None:
    save_record(game, path or save_path(), meta)


def load_game(path: Path | None = None) -> tuple[Game, dict[str, Any]]:
    """The saved game and its meta; raises RecordError (with the reason) for a save that cannot be used."""
    path = path or save_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot be read ({error})") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: not JSON (line {error.lineno}: {error.msg})") from None
    game = game_from_record(data)
    meta = data.get("meta")
    return game, meta if isinstance(meta, dict) else {}


def set_aside(path: Path | None = None) -> Path:
    """Move a save that cannot be read out of the way (kept, for the player or a bug report)."""
    path = path or save_path()
    target = path.with_name(f"{path.stem}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}{path.suffix}")
    path.replace(target)
    return target


def remove_save(path: Path | None = None) -> None:
    path = path or save_path()
    path.unlink(missing_ok=True)
