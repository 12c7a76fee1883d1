"""The saved game: one engine record in the user's data directory (or ``SPADES_DATA_DIR``), written atomically
after every trick and on leaving, so that a closed terminal loses at most the trick in progress.

A finished game's save is removed (``--resume`` has nothing to continue), but its record is kept in the ``games``
folder beside it, one file per game, so the player can still replay it and have the coach review every hand."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from .. import seats
from ..bots import available_levels
from ..game import Game
from ..language import _
from ..paths import data_dir
from ..record import RecordError, game_from_record, read_record, save_record
from ..rules import Rules
from ..rules import variant_words as said_variant

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
    data = read_record(path, "a saved game")
    meta = data.get("meta", {}) if isinstance(data, dict) else {}
    _need(isinstance(meta, dict), "meta", _("{value} is not an object", value=repr(meta)))
    human = meta.get("human")
    _need("human" not in meta or _is_int(human), "meta.human", _("{value} is not a seat number", value=repr(human)))
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
    last = players - 1
    if "human" in meta:
        _need(0 <= meta["human"] < players, "meta.human", _("{value} is not a seat number from 0 to {last}",
                                                             value=repr(meta["human"]), last=last))
    levels = meta.get("levels", {})
    _need(isinstance(levels, dict), "meta.levels", _("{value} is not an object of seat numbers and levels",
                                                     value=repr(levels)))
    known = available_levels()
    for seat, level in levels.items():
        field = f"meta.levels.{seat}"
        is_seat = seat.isascii() and seat.isdigit() and int(seat) < players
        _need(is_seat, field, _("{value} is not a seat number from 0 to {last}", value=repr(seat), last=last))
        _need(level in known, field, _("{value} is not a level ({levels})", value=repr(level),
                                       levels=", ".join(known)))


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
        game = load_game(path)[0]
    except RecordError as error:
        said = str(error)
        if said.startswith(f"{path} "):  # the file as a whole is not a save: said of its name
            return path.name + said.removeprefix(str(path))
        return _("{name}: cannot be used ({reason})", name=path.name, reason=said.removeprefix(f"{path}: "))
    return f"{path.name}: {game_summary(game)}"


def game_summary(game: Game) -> str:
    """Which game a save holds, in a few words: "whiz game, hand 3; score North-South 120, East-West 80"."""
    rules = game.rules
    scores = ", ".join(f"{seats.side_words(rules, side)} {score}" for side, score in enumerate(game.scores))
    if game.over:
        return _("{variant} game, over; score {scores}", variant=variant_words(rules), scores=scores)
    return _("{variant} game, hand {hand}; score {scores}", variant=variant_words(rules), hand=game.hand_number,
             scores=scores)


def variant_words(rules: Rules) -> str:
    """The rules' variant as said ("two-player"), in the language in force."""
    return said_variant(rules.variant)


def waiting_question(game: Game, asked: Rules | None) -> str:
    """The question when a saved game is waiting: which game it is, and, when the command line asked for other
    rules, that y continues the saved game and not the one asked for, so that nobody answers y to a two-player
    game and finds the saved Whiz game going on."""
    said = _("A saved game is waiting: {game}.", game=game_summary(game))
    if asked is None or asked == game.rules:
        return f"{said} " + _("Continue it? y or n.")
    other = variant_words(asked) if asked.variant != game.rules.variant else asked.describe()
    return f"{said} " + _("You asked for {other}: y continues the saved {variant} game instead; n sets it aside "
                          "(spades play --saves lists it) and starts {other}. y or n.", other=other,
                          variant=variant_words(game.rules))


def find_save(name: str, save: Path | None = None) -> Path:
    """The save ``--resume NAME`` names: a path, or the name of a file beside the save (as ``--saves`` lists them)."""
    given = Path(name).expanduser()
    if given.exists() or given.is_absolute():
        return given
    return (save or save_path()).parent / name
