"""The saved game: one engine record in the user's data directory (or ``SPADES_DATA_DIR``), written atomically
after every trick and on leaving, so that a closed terminal loses at most the trick in progress.

A finished game's save is removed (``--resume`` has nothing to continue), but its record is kept in the ``games``
folder beside it, one file per game, so the player can still replay it and have the coach review every hand."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from .. import seats
from ..bots import available_levels
from ..game import Game
from ..paths import data_dir
from ..record import RecordError, game_from_record, save_record

SAVE_NAME = "table-save.json"
GAMES_FOLDER = "games"  # finished games' records, beside the save


def save_path(name: str = SAVE_NAME) -> Path:
    return data_dir() / name


def save_game(game: Game, meta: dict[str, Any], path: Path | None = None) -> None:
    save_record(game, path or save_path(), meta)


def keep_finished(game: Game, meta: dict[str, Any], save: Path | None = None) -> Path:
    """Write a finished game's record into the ``games`` folder beside the save (``save``, or the default), under
    a new name stamped with the time, never over another file; returns where it went."""
    folder = (save or save_path()).parent / GAMES_FOLDER
    stem = f"game-{time.strftime('%Y%m%d-%H%M%S')}"
    target = folder / f"{stem}.json"
    number = 1
    while target.exists():
        number += 1
        target = folder / f"{stem}-{number}.json"
    save_record(game, target, meta)
    return target


def load_game(path: Path | None = None) -> tuple[Game, dict[str, Any]]:
    """The saved game and its meta, every field checked; raises RecordError naming the field for a save that
    cannot be used, so that a damaged or hand-edited save is set aside in one line instead of stopping the table.

    ``meta`` holds ``human`` (the player's seat) and ``levels`` (seat number as text: bot level); other keys are
    left alone, for saves written by a later version."""
    path = path or save_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as error:
        raise RecordError(f"{path}: cannot be read ({error})") from None
    except json.JSONDecodeError as error:
        raise RecordError(f"{path}: not JSON (line {error.lineno}: {error.msg})") from None
    meta = data.get("meta", {}) if isinstance(data, dict) else {}
    _need(isinstance(meta, dict), "meta", f"{meta!r} is not an object")
    human = meta.get("human")
    _need("human" not in meta or _is_int(human), "meta.human", f"{human!r} is not a seat number")
    game = game_from_record(data, player=human)
    _check_meta(meta, game.rules.players)
    return game, meta


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(condition: bool, field: str, message: str) -> None:
    if not condition:
        raise RecordError(f"{field}: {message}")


def _check_meta(meta: dict[str, Any], players: int) -> None:
    """The table's fields of a save's meta: a seat of this game, and a known level for each seat named."""
    seats = f"from 0 to {players - 1}"
    if "human" in meta:
        _need(0 <= meta["human"] < players, "meta.human", f"{meta['human']!r} is not a seat number {seats}")
    levels = meta.get("levels", {})
    _need(isinstance(levels, dict), "meta.levels", f"{levels!r} is not an object of seat numbers and levels")
    known = available_levels()
    for seat, level in levels.items():
        field = f"meta.levels.{seat}"
        is_seat = seat.isascii() and seat.isdigit() and int(seat) < players
        _need(is_seat, field, f"{seat!r} is not a seat number {seats}")
        _need(level in known, field, f"{level!r} is not a level ({', '.join(known)})")


def set_aside(path: Path | None = None, label: str = "corrupt") -> Path:
    """Move a save out of the way under a new name, never over another file: one that cannot be read (kept for
    the player or a bug report), or a game the player chose not to continue (kept in case they want it back)."""
    path = path or save_path()
    stem = f"{path.stem}.{label}-{time.strftime('%Y%m%d-%H%M%S')}"
    target = path.with_name(stem + path.suffix)
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{stem}-{number}{path.suffix}")
    path.replace(target)
    return target


def remove_save(path: Path | None = None) -> None:
    path = path or save_path()
    path.unlink(missing_ok=True)


def set_aside_saves(save: Path | None = None) -> list[Path]:
    """The saves set aside beside ``save`` (or the default save), oldest first: games the player chose not to
    continue, and saves that could not be used."""
    save = save or save_path()
    if not save.parent.is_dir():
        return []
    return sorted(save.parent.glob(f"{save.stem}.*{save.suffix}"))


def describe_save(path: Path) -> str:
    """One line about a save: its game and where it stands, or why it cannot be used."""
    try:
        game, _ = load_game(path)
    except RecordError as error:
        return f"{path.name}: cannot be used ({str(error).removeprefix(f'{path}: ')})"
    rules = game.rules
    scores = ", ".join(f"{seats.side_name(rules, side)} {score}" for side, score in enumerate(game.scores))
    state = "over" if game.over else f"hand {game.hand_number}"
    return f"{path.name}: {rules.variant.replace('_', '-')} game, {state}; score {scores}"


def find_save(name: str, save: Path | None = None) -> Path:
    """The save ``--resume NAME`` names: a path, or the name of a file beside the save (as ``--saves`` lists them)."""
    given = Path(name).expanduser()
    if given.exists() or given.is_absolute():
        return given
    return (save or save_path()).parent / name
