"""Game records: a versioned JSON file that replays to the same scores, and a one-line text form of a deal.

A record holds the rules, the seed and every action; the result is stored too, so that a record edited by hand
(or corrupted) is caught on replay instead of silently giving another game. Loading never changes anything that
exists: it builds a new game or raises :class:`RecordError` naming the field that is wrong.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .actions import ActionError, parse_action
from .cards import CardError, CardSet
from .errors import PositionError, RecordError
from .files import FileTrouble, read_json
from .game import Game, IllegalAction
from .language import N_, _
from .rules import Rules, RulesError
from .seats import SEAT_LETTERS, seat_words
from .wire import action_text

__all__ = [
    "FORMAT",
    "VERSION",
    "RecordError",
    "deal_text",
    "game_from_record",
    "load_record",
    "parse_deal",
    "read_record",
    "record_of",
    "save_record",
]

FORMAT = "spades-record"
VERSION = 1


def deal_text(hands: Sequence[int], players: int | None = None) -> str:
    """``N:AKQ2.KJ3.T98.432 <East> <South> <West>``: Portable Bridge Notation, hands clockwise from the first seat
    (North at four and two; South at three, five and six). PBN has no jokers: here they lead the spades as ``B``
    and ``L``."""
    players = players or len(hands)
    return f"{SEAT_LETTERS[players][0]}:" + " ".join(CardSet(h).pbn() for h in hands)


def parse_deal(text: str, players: int = 4, hand_size: int = 13) -> list[CardSet]:
    """Read :func:`deal_text`'s form (any first seat); each card once, ``hand_size`` a hand."""
    letters = SEAT_LETTERS[players]
    raw = text.strip()
    seat_text, colon, rest = raw.partition(":")
    if not colon or seat_text.upper() not in (letter.upper() for letter in letters):
        raise CardError(_("{text} is not a deal: it starts with a seat letter ({letters}) and ':'", text=repr(text),
                          letters=", ".join(letters)))
    first = [letter.upper() for letter in letters].index(seat_text.upper())
    parts = rest.split()
    if len(parts) != players:
        raise CardError(_("{text} is not a deal: {given} hands given, {players} needed", text=repr(text),
                          given=len(parts), players=players))
    hands: list[CardSet] = [CardSet(0)] * players
    seen = 0
    for offset, part in enumerate(parts):
        hand = CardSet.from_pbn(part)
        seat = (first + offset) % players
        if len(hand) != hand_size:
            raise CardError(_("{text}: the hand of seat {seat} has {count} cards, not {size}", text=repr(text),
                              seat=letters[seat], count=len(hand), size=hand_size))
        if seen & hand:
            raise CardError(_("{text}: {cards} given twice", text=repr(text), cards=CardSet(seen & hand)))
        seen |= hand
        hands[seat] = hand
    return hands


def record_of(game: Game, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    """The record of ``game`` so far (a game in progress can be saved and resumed exactly)."""
    first = game.starts[0]
    start = None
    if first.hands is not None:
        start = {"deal": deal_text(first.hands, game.n), "dealer": first.dealer, "hand": first.number,
                 "scores": list(first.scores), "bags": list(first.bags)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "rules": game.rules.to_dict(),
        "seed": game.seed,
        "start": start,
        "meta": dict(meta or {}),
        "actions": [action_text(a) for a in game.actions],
        "result": {
            "over": game.over,
            "winner": game.winner,
            "scores": list(game.scores),
            "bags": list(game.bags),
            "hands": [list(r.points) for r in game.results],
        },
    }


def _need(condition: bool, message: str, **fields: object) -> None:
    """``message`` (marked, in English; the field that is wrong as ``{field}``) said when not ``condition``."""
    if not condition:
        raise RecordError(_(message, **fields))


def _wrong(field: str, error: Exception) -> RecordError:
    """A field refused for a reason said in a sentence of its own (the rules', the deal's, the action's)."""
    # Translators: {field} is a record's field ("rules", "actions[3]"), {error} why it is refused.
    return RecordError(_("{field}: {error}", field=field, error=error))


def game_from_record(data: Any, *, check_result: bool = True, player: int | None = None) -> Game:
    """Replay a record (as loaded from JSON) into a new game, checking every field on the way.

    ``player`` is the reader's own seat (a table's saved game): an action refused for that seat is explained as
    "you", any other seat's by its name, since the reader is not that seat."""
    _need(isinstance(data, dict), N_("{field}: is not a JSON object"), field="record")
    _need(data.get("format") == FORMAT, N_("{field}: expected {expected}, found {found}"), field="format",
          expected=repr(FORMAT), found=repr(data.get("format")))
    version = data.get("version")
    _need(isinstance(version, int) and not isinstance(version, bool) and version >= 1,
          N_("{field}: {value} is not a version number"), field="version", value=repr(version))
    _need(version <= VERSION, N_("{field}: {version} is newer than this program reads ({newest})"), field="version",
          version=version, newest=VERSION)
    _need("rules" in data, N_("{field}: missing"), field="rules")
    try:
        rules = Rules.from_dict(data["rules"])
    except (RulesError, TypeError) as error:
        raise _wrong("rules", error) from None
    seed = data.get("seed")
    _need(isinstance(seed, (int, str)) and not isinstance(seed, bool), N_("{field}: {value} is not a seed"),
          field="seed", value=repr(seed))
    start = data.get("start")
    if start is None:
        game = Game(rules, seed)
    else:
        _need(isinstance(start, dict), N_("{field}: is not an object"), field="start")
        try:
            hands = parse_deal(str(start.get("deal", "")), rules.players, rules.hand_size)
        except CardError as error:
            raise _wrong("start.deal", error) from None
        for key in ("dealer", "hand"):
            _need(isinstance(start.get(key), int), N_("{field}: {value} is not a number"), field=f"start.{key}",
                  value=repr(start.get(key)))
        for key in ("scores", "bags"):
            value = start.get(key)
            _need(isinstance(value, list) and len(value) == rules.sides and all(isinstance(v, int) for v in value),
                  N_("{field}: {value} is not a list of {sides} numbers"), field=f"start.{key}", value=repr(value),
                  sides=rules.sides)
        try:
            game = Game.from_deal(rules, hands, start["dealer"], seed=seed, scores=start["scores"],
                                  bags=start["bags"], hand_number=start["hand"])
        except PositionError as error:
            raise _wrong("start", error) from None
    actions = data.get("actions")
    _need(isinstance(actions, list), N_("{field}: is not a list"), field="actions")
    for index, text in enumerate(actions):
        field = f"actions[{index}]"
        _need(isinstance(text, str), N_("{field}: {value} is not text"), field=field, value=repr(text))
        try:
            action = parse_action(text)
        except ActionError as error:
            raise _wrong(field, error) from None
        _need(not game.over, N_("{field}: the game was already over"), field=field)
        try:
            game.apply(action)
        except IllegalAction as error:
            seat = seat_words(game.turn, game.n)
            reason = error.reason if game.turn == player else game.why_illegal(action, seat) or error.reason
            raise RecordError(_("{field}: {action} is not legal for {seat}: {reason}", field=field, action=text,
                                seat=seat, reason=reason)) from None
    if check_result and data.get("result") is not None:
        result = data["result"]
        _need(isinstance(result, dict), N_("{field}: is not an object"), field="result")
        for key, actual in (("scores", list(game.scores)), ("bags", list(game.bags)), ("winner", game.winner),
                            ("over", game.over), ("hands", [list(r.points) for r in game.results])):
            if key in result:
                _need(result[key] == actual, N_("{field}: the record says {said} but the actions give {actual}"),
                      field=f"result.{key}", said=repr(result[key]), actual=repr(actual))
    return game


def save_record(game: Game, path: str | Path, meta: dict[str, Any] | None = None) -> None:
    """Write atomically (a temporary file renamed over the old one), so a crash never leaves half a record."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(record_of(game, meta), indent=1) + "\n", encoding="utf-8")
    tmp.replace(path)


def read_record(path: str | Path, what: str = N_("a game record")) -> Any:
    """The JSON of a record file, not yet checked; RecordError in sentences for a file that cannot be read, is not
    text (a database, random bytes) or is not JSON."""
    try:
        return read_json(path, what)
    except FileTrouble as error:
        raise RecordError(str(error)) from None


def load_record(path: str | Path, *, check_result: bool = True) -> Game:
    return game_from_record(read_record(path), check_result=check_result)


def read_meta(path: str | Path) -> dict[str, Any]:
    """The free-form ``meta`` object of a record (player names, bot levels), without replaying it."""
    data = read_record(path)
    meta = data.get("meta") if isinstance(data, dict) else None
    return meta if isinstance(meta, dict) else {}
