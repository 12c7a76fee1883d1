"""The JSON form of what crosses between a game and a seat: actions, public events, a seat's view, rules and a
seat's update. Defined once, beside the records, and used by the room, the records, the browser and ``spades join``.

Every ``*_to_json`` gives plain JSON values (``json.dumps`` takes them as they are); every ``*_from_json`` is its
inverse and checks each field on the way, raising :class:`WireError` that starts with the field that is wrong
(``view.trick[2].card: ...``), since what comes over a network is not trusted. A view's JSON holds exactly what
the ``SeatView`` holds, so a seat's JSON can never show a card its view does not. No web imports here.

The forms (``WIRE_VERSION`` 1):

- action: the record's text, ``"AS"``, ``"10H"``, ``"4"``, ``"nil"``, ``"blind nil"``, ``"keep"``, ``"discard"``,
  ``"look"`` (reading also takes every spelling ``parse_action`` takes, ``"bn"`` among them).
- card: ``"AS"``; a set of cards: a list of cards, spades first, then hearts, diamonds, clubs, high to low.
- event: an object with ``"type"`` and the event's fields by name (see ``EVENT_TYPES``).
- view: every ``SeatView`` field by name. A spectator's view has ``"seat": null``, ``"hand": null``,
  ``"legal": []`` and ``"offered": null``; in Python its seat is ``SPECTATOR``.
- rules: ``{"variant": ..., "options": {only the options that differ from the variant's defaults}}``.
- update: ``{"cursor": n, "events": [...], "view": {...}}``: ``n`` public events are known after it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .actions import MAX_BID, Action, Bid, parse_action
from .cards import CARDS, Card, CardSet, parse_card
from .errors import ActionError, CardError, RulesError, WireError
from .events import (
    BidChanged,
    BidMade,
    CardPlayed,
    Drew,
    Event,
    GameOver,
    HandScored,
    HandStarted,
    Looked,
    Passed,
    SpadesBroken,
    TrickWon,
)
from .rules import OPTION_HELP, VARIANTS, Rules
from .scoring import HandResult, NilResult, SideResult
from .view import Phase, SeatView, Trick

__all__ = [
    "EVENT_TYPES",
    "SPECTATOR",
    "WIRE_VERSION",
    "SeatUpdate",
    "WireError",
    "WireMemo",
    "action_from_json",
    "action_text",
    "action_to_json",
    "card_from_json",
    "cards_from_json",
    "cards_to_json",
    "event_from_json",
    "event_to_json",
    "json_schema",
    "rules_from_json",
    "rules_to_json",
    "spectator_view",
    "update_from_json",
    "update_to_json",
    "view_from_json",
    "view_to_json",
]

WIRE_VERSION = 1
MAX_SEAT = 5  # six seats at the largest table
MAX_TRICKS = MAX_BID  # the most tricks a hand has
SPECTATOR = -1
"""The seat of a spectator's view: it sits at no seat (``null`` in JSON)."""


@dataclass(frozen=True, slots=True)
class SeatUpdate:
    """What one seat (or a spectator) is sent: ``cursor`` public events are known once ``events`` (the new ones)
    are added, and the seat's view now. Reconnecting is asking for everything after a cursor."""

    cursor: int
    events: tuple[Event, ...]
    view: SeatView


# -- checking helpers -------------------------------------------------------------------------------------------
def _fail(field: str, message: str) -> WireError:
    return WireError(f"{field}: {message}")


def _int(value: Any, field: str, low: int | None = None, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(field, f"{value!r} is not a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        raise _fail(field, f"{value} is not between {low} and {high}")
    return value


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise _fail(field, f"{value!r} is not true or false")
    return value


def _object(value: Any, field: str, keys: Sequence[str]) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise _fail(field, f"{value!r} is not an object")
    missing = [key for key in keys if key not in value]
    if missing:
        raise _fail(f"{field}.{missing[0]}", "missing")
    extra = sorted(set(value) - set(keys))
    if extra:
        raise _fail(f"{field}.{extra[0]}", "is not a field of this object")
    return value


def _list(value: Any, field: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list):
        raise _fail(field, f"{value!r} is not a list")
    if length is not None and len(value) != length:
        raise _fail(field, f"has {len(value)} items, not {length}")
    return value


def _ints(value: Any, field: str, length: int | None = None, low: int | None = None,
          high: int | None = None) -> tuple[int, ...]:
    return tuple(_int(v, f"{field}[{i}]", low, high) for i, v in enumerate(_list(value, field, length)))


def _seat(value: Any, field: str) -> int:
    return _int(value, field, 0, MAX_SEAT)


# -- actions and cards ------------------------------------------------------------------------------------------
def action_text(action: Action) -> str:
    """The one text of an action, as records and the wire write it."""
    return str(action)


def action_to_json(action: Action) -> str:
    return action_text(action)


def action_from_json(value: Any, field: str = "action") -> Action:
    """The action a JSON value names; a word that names none raises ``ActionError`` quoting it (a ``WireError``
    naming the field when it is not even text)."""
    if not isinstance(value, str):
        raise _fail(field, f"{value!r} is not an action's text")
    return parse_action(value)


def _action_at(value: Any, field: str) -> Action:
    try:
        return action_from_json(value, field)
    except ActionError as error:
        raise _fail(field, str(error)) from None


def card_from_json(value: Any, field: str = "card") -> Card:
    if not isinstance(value, str):
        raise _fail(field, f"{value!r} is not a card's text")
    try:
        return parse_card(value)
    except CardError as error:
        raise _fail(field, str(error)) from None


def cards_to_json(cards: CardSet) -> list[str]:
    """Spades first, then hearts, diamonds, clubs, each high to low: the order a player reads a hand (the jokers,
    above the spades, first of all)."""
    out = []
    mask = int(cards)
    while mask:
        high = mask.bit_length() - 1
        out.append(_CARD_TEXT[high])
        mask ^= 1 << high
    return out


_CARD_TEXT = tuple(str(card) for card in CARDS)


def cards_from_json(value: Any, field: str = "cards") -> CardSet:
    mask = 0
    for index, item in enumerate(_list(value, field)):
        card = card_from_json(item, f"{field}[{index}]")
        if mask >> card & 1:
            raise _fail(f"{field}[{index}]", f"{card} is given twice")
        mask |= 1 << card
    return CardSet(mask)


def _bid_from_json(value: Any, field: str) -> Bid:
    action = _action_at(value, field)
    if not isinstance(action, Bid):
        raise _fail(field, f"{value!r} is not a bid")
    return action


# -- rules ------------------------------------------------------------------------------------------------------
def rules_to_json(rules: Rules) -> dict[str, Any]:
    return {"variant": rules.variant, "options": rules.options()}


def rules_from_json(value: Any, field: str = "rules") -> Rules:
    data = _object(value, field, ("variant", "options"))
    if data["variant"] not in VARIANTS:
        raise _fail(f"{field}.variant", f"{data['variant']!r} is not one of {', '.join(VARIANTS)}")
    options = data["options"]
    if not isinstance(options, dict):
        raise _fail(f"{field}.options", f"{options!r} is not an object")
    for name in options:
        if name not in OPTION_HELP:
            raise _fail(f"{field}.options.{name}", "is not an option")
    try:
        return Rules.preset(data["variant"], **options)
    except RulesError as error:
        raise _fail(f"{field}.options", str(error)) from None


# -- hand results -----------------------------------------------------------------------------------------------
def _result_to_json(result: HandResult) -> dict[str, Any]:
    def side(s: SideResult) -> dict[str, Any]:
        return {**s._asdict(), "nils": [n._asdict() for n in s.nils]}

    return {"number": result.number, "sides": [side(s) for s in result.sides]}


_SIDE_INTS = ("side", "contract", "tricks", "counted", "contract_points", "bags", "bag_penalty", "points", "score",
              "total_bags")


def _result_from_json(value: Any, field: str) -> HandResult:
    data = _object(value, field, ("number", "sides"))
    sides = []
    for index, item in enumerate(_list(data["sides"], f"{field}.sides")):
        where = f"{field}.sides[{index}]"
        side = _object(item, where, SideResult._fields)
        numbers = {name: _int(side[name], f"{where}.{name}") for name in _SIDE_INTS}
        nils = []
        for n, nil in enumerate(_list(side["nils"], f"{where}.nils")):
            at = f"{where}.nils[{n}]"
            nil = _object(nil, at, NilResult._fields)
            nils.append(NilResult(_seat(nil["seat"], f"{at}.seat"), _bool(nil["blind"], f"{at}.blind"),
                                  _int(nil["tricks"], f"{at}.tricks", 0, MAX_TRICKS),
                                  _int(nil["points"], f"{at}.points")))
        sides.append(SideResult(nils=tuple(nils), **numbers))
    return HandResult(_int(data["number"], f"{field}.number", 1), tuple(sides))


# -- events -----------------------------------------------------------------------------------------------------
EVENT_TYPES: dict[type[Event], str] = {
    HandStarted: "hand_started", Drew: "drew", Looked: "looked", BidMade: "bid", BidChanged: "bid_changed",
    CardPlayed: "card", SpadesBroken: "spades_broken", TrickWon: "trick", HandScored: "hand_scored",
    GameOver: "game_over", Passed: "passed",
}
_EVENT_KINDS = {name: kind for kind, name in EVENT_TYPES.items()}


def event_to_json(event: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"type": EVENT_TYPES[type(event)]}
    for name, value in event._asdict().items():
        if isinstance(value, Card):
            value = str(value)
        elif isinstance(value, Bid):
            value = action_text(value)
        elif isinstance(value, HandResult):
            value = _result_to_json(value)
        elif name in ("cards", "scores"):
            value = [str(v) if isinstance(v, Card) else v for v in value]
        data[name] = value
    return data


def event_from_json(value: Any, field: str = "event") -> Event:
    if not isinstance(value, dict):
        raise _fail(field, f"{value!r} is not an object")
    kind = _EVENT_KINDS.get(value.get("type"))  # type: ignore[arg-type]
    if kind is None:
        raise _fail(f"{field}.type", f"{value.get('type')!r} is not one of {', '.join(_EVENT_KINDS)}")
    data = _object(value, field, ("type", *kind._fields))

    def at(name: str) -> str:
        return f"{field}.{name}"

    event: Event
    if kind is HandStarted:
        event = HandStarted(_int(data["hand"], at("hand"), 1), _seat(data["dealer"], at("dealer")))
    elif kind is Drew:
        discard = None if data["discard"] is None else card_from_json(data["discard"], at("discard"))
        event = Drew(_seat(data["seat"], at("seat")), _bool(data["kept_first"], at("kept_first")), discard)
    elif kind is Passed:
        event = Passed(_seat(data["seat"], at("seat")), _seat(data["to"], at("to")),
                       _int(data["count"], at("count"), 1, 4))
    elif kind is Looked:
        event = Looked(_seat(data["seat"], at("seat")))
    elif kind is BidMade or kind is BidChanged:
        event = kind(_seat(data["seat"], at("seat")), _bid_from_json(data["bid"], at("bid")))
    elif kind is CardPlayed:
        event = CardPlayed(_seat(data["seat"], at("seat")), card_from_json(data["card"], at("card")))
    elif kind is SpadesBroken:
        event = SpadesBroken(_seat(data["seat"], at("seat")))
    elif kind is TrickWon:
        cards = _list(data["cards"], at("cards"))
        if not 2 <= len(cards) <= MAX_SEAT + 1:
            raise _fail(at("cards"), f"a trick has 2 to {MAX_SEAT + 1} cards, not {len(cards)}")
        event = TrickWon(_seat(data["seat"], at("seat")), _int(data["number"], at("number"), 1, MAX_TRICKS),
                         _seat(data["leader"], at("leader")),
                         tuple(card_from_json(c, f"{at('cards')}[{i}]") for i, c in enumerate(cards)))
    elif kind is HandScored:
        event = HandScored(_result_from_json(data["result"], at("result")))
    else:
        winner = data["winner"]
        event = GameOver(None if winner is None else _seat(winner, at("winner")), _ints(data["scores"], at("scores")))
    return event


# -- views ------------------------------------------------------------------------------------------------------
def spectator_view(view: SeatView) -> SeatView:
    """What every seat may see, from any seat's view: no hand, no legal actions, no drawn card, no seat."""
    return dataclasses.replace(view, seat=SPECTATOR, hand=None, legal=(), offered=None, blind_nil_allowed=False,
                               passed=CardSet(0), received=CardSet(0), pass_to=None,
                               discards=view.discards if not view.rules.face_down_discards else CardSet(0))


class WireMemo:
    """The wire forms of what one game's views share from one view to the next (its rules, its finished hands'
    results, the hand's finished tricks), each converted once: a room sends a view to every seat after every
    action, and a long game's results would otherwise be converted again each time. The lists it gives are shared
    between the views that use them (read them; do not change them). Only for the views of one game."""

    __slots__ = ("_public", "_public_of", "_results", "_results_json", "_rules", "_rules_json", "_tricks",
                 "_tricks_json")

    def __init__(self) -> None:
        self._rules: Rules | None = None
        self._rules_json: dict[str, Any] = {}
        self._results: list[HandResult] = []
        self._results_json: list[dict[str, Any]] = []
        self._tricks: list[Trick] = []
        self._tricks_json: list[dict[str, Any]] = []
        self._public_of: tuple[Any, ...] = ()
        self._public: dict[str, Any] = {}

    def public(self, view: SeatView) -> dict[str, Any]:
        """What every seat's view of this position shows alike, converted once for the views that share it (the
        views of one ``Views``, and a spectator's made from one of them, hold the same tuples)."""
        key = (view.bids, view.tricks_won, view.trick, view.tricks, view.scores, view.results)
        done = self._public_of
        if len(done) != len(key) or any(a is not b for a, b in zip(key, done, strict=True)) \
                or self._public["turn"] != view.turn or self._public["phase"] != view.phase.value:
            self._public_of, self._public = key, _public_json(view, self)
        return self._public

    def rules(self, rules: Rules) -> dict[str, Any]:
        if rules != self._rules:
            self._rules, self._rules_json = rules, rules_to_json(rules)
        return self._rules_json

    def results(self, results: Sequence[HandResult]) -> list[dict[str, Any]]:
        if len(results) != len(self._results) or any(a is not b for a, b in zip(results, self._results, strict=True)):
            self._results = list(results)
            self._results_json = [_result_to_json(r) for r in results]
        return self._results_json

    def tricks(self, tricks: Sequence[Trick]) -> list[dict[str, Any]]:
        if list(tricks) != self._tricks:
            kept = 0
            while kept < min(len(tricks), len(self._tricks)) and tricks[kept] == self._tricks[kept]:
                kept += 1
            self._tricks = list(tricks)
            self._tricks_json = self._tricks_json[:kept] + [_trick_to_json(t) for t in tricks[kept:]]
        return self._tricks_json


def _trick_to_json(trick: Trick) -> dict[str, Any]:
    return {"leader": trick.leader, "cards": [str(c) for c in trick.cards], "winner": trick.winner}


def view_to_json(view: SeatView, memo: WireMemo | None = None) -> dict[str, Any]:
    """The view's wire form; with ``memo``, what every seat sees is taken from it (the same values)."""
    spectator = view.seat == SPECTATOR
    public = _public_json(view) if memo is None else memo.public(view)
    return {
        "seat": None if spectator else view.seat,
        "rules": public["rules"],
        "phase": public["phase"],
        "hand_number": public["hand_number"],
        "dealer": public["dealer"],
        "turn": public["turn"],
        "hand": None if view.hand is None or spectator else cards_to_json(view.hand),
        "legal": [] if spectator else [action_text(a) for a in view.legal],
        "bids": public["bids"],
        "tricks_won": public["tricks_won"],
        "trick": public["trick"],
        "tricks": public["tricks"],
        "spades_broken": public["spades_broken"],
        "scores": public["scores"],
        "bags": public["bags"],
        "results": public["results"],
        "winner": public["winner"],
        "offered": None if view.offered is None or spectator else str(view.offered),
        "discards": cards_to_json(view.discards),
        "blind_nil_allowed": view.blind_nil_allowed and not spectator,
        "passed": [] if spectator else cards_to_json(view.passed),
        "received": [] if spectator else cards_to_json(view.received),
        "pass_to": None if spectator else view.pass_to,
    }


def _public_json(view: SeatView, memo: WireMemo | None = None) -> dict[str, Any]:
    """The wire form of what every seat's view of one position holds alike."""
    return {
        "rules": rules_to_json(view.rules) if memo is None else memo.rules(view.rules),
        "phase": view.phase.value,
        "hand_number": view.hand_number,
        "dealer": view.dealer,
        "turn": view.turn,
        "bids": [None if b is None else action_text(b) for b in view.bids],
        "tricks_won": list(view.tricks_won),
        "trick": [{"seat": seat, "card": str(card)} for seat, card in view.trick],
        "tricks": [_trick_to_json(t) for t in view.tricks] if memo is None else memo.tricks(view.tricks),
        "spades_broken": view.spades_broken,
        "scores": list(view.scores),
        "bags": list(view.bags),
        "results": [_result_to_json(r) for r in view.results] if memo is None else memo.results(view.results),
        "winner": view.winner,
    }


VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(SeatView))


def view_from_json(value: Any, field: str = "view") -> SeatView:
    data = _object(value, field, VIEW_FIELDS)

    def at(name: str) -> str:
        return f"{field}.{name}"

    rules = rules_from_json(data["rules"], at("rules"))
    players = rules.players
    seat = SPECTATOR if data["seat"] is None else _int(data["seat"], at("seat"), 0, players - 1)
    try:
        phase = Phase(data["phase"])
    except ValueError:
        raise _fail(at("phase"), f"{data['phase']!r} is not one of {', '.join(p.value for p in Phase)}") from None
    legal = tuple(_action_at(a, f"{at('legal')}[{i}]") for i, a in enumerate(_list(data["legal"], at("legal"))))
    hand = None if data["hand"] is None else cards_from_json(data["hand"], at("hand"))
    offered = None if data["offered"] is None else card_from_json(data["offered"], at("offered"))
    if seat == SPECTATOR:
        for name, empty in (("hand", hand is None), ("legal", not legal), ("offered", offered is None)):
            if not empty:
                raise _fail(at(name), "a spectator's view has none")
    bids = tuple(None if b is None else _bid_from_json(b, f"{at('bids')}[{i}]")
                 for i, b in enumerate(_list(data["bids"], at("bids"), players)))
    trick = []
    for index, item in enumerate(_list(data["trick"], at("trick"))):
        where = f"{at('trick')}[{index}]"
        play = _object(item, where, ("seat", "card"))
        trick.append((_int(play["seat"], f"{where}.seat", 0, players - 1),
                      card_from_json(play["card"], f"{where}.card")))
    tricks = []
    for index, item in enumerate(_list(data["tricks"], at("tricks"))):
        where = f"{at('tricks')}[{index}]"
        done = _object(item, where, ("leader", "cards", "winner"))
        cards = _list(done["cards"], f"{where}.cards", players)
        tricks.append(Trick(_int(done["leader"], f"{where}.leader", 0, players - 1),
                            tuple(card_from_json(c, f"{where}.cards[{i}]") for i, c in enumerate(cards)),
                            _int(done["winner"], f"{where}.winner", 0, players - 1)))
    winner = data["winner"]
    return SeatView(
        seat=seat,
        rules=rules,
        phase=phase,
        hand_number=_int(data["hand_number"], at("hand_number"), 0),
        dealer=_int(data["dealer"], at("dealer"), 0, players - 1),
        turn=_int(data["turn"], at("turn"), 0, players - 1),
        hand=hand,
        legal=legal,
        bids=bids,
        tricks_won=_ints(data["tricks_won"], at("tricks_won"), players, 0, rules.hand_size),
        trick=tuple(trick),
        tricks=tuple(tricks),
        spades_broken=_bool(data["spades_broken"], at("spades_broken")),
        scores=_ints(data["scores"], at("scores"), rules.sides),
        bags=_ints(data["bags"], at("bags"), rules.sides, 0),
        results=tuple(_result_from_json(r, f"{at('results')}[{i}]")
                      for i, r in enumerate(_list(data["results"], at("results")))),
        winner=None if winner is None else _int(winner, at("winner"), 0, rules.sides - 1),
        offered=offered,
        discards=cards_from_json(data["discards"], at("discards")),
        blind_nil_allowed=_bool(data["blind_nil_allowed"], at("blind_nil_allowed")),
        passed=cards_from_json(data["passed"], at("passed")),
        received=cards_from_json(data["received"], at("received")),
        pass_to=None if data["pass_to"] is None else _int(data["pass_to"], at("pass_to"), 0, players - 1),
    )


# -- updates ----------------------------------------------------------------------------------------------------
def update_to_json(update: SeatUpdate) -> dict[str, Any]:
    return {"cursor": update.cursor, "events": [event_to_json(e) for e in update.events],
            "view": view_to_json(update.view)}


def update_from_json(value: Any, field: str = "update") -> SeatUpdate:
    data = _object(value, field, ("cursor", "events", "view"))
    events = tuple(event_from_json(e, f"{field}.events[{i}]")
                   for i, e in enumerate(_list(data["events"], f"{field}.events")))
    cursor = _int(data["cursor"], f"{field}.cursor", len(events))
    return SeatUpdate(cursor, events, view_from_json(data["view"], f"{field}.view"))


# -- JSON Schema ------------------------------------------------------------------------------------------------
_CARD = {"type": "string", "pattern": "^((10|[2-9JQKA])[SHDC]|BJ|LJ)$"}
_ACTION = {"type": "string",
           "pattern": "^((10|[2-9JQKA])[SHDC]|BJ|LJ|nil|[0-9]|1[0-8]|blind nil|bn|keep|discard|look)$"}
_SEAT = {"type": "integer", "minimum": 0, "maximum": MAX_SEAT}
_INT = {"type": "integer"}


def _closed(properties: dict[str, Any]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": list(properties), "additionalProperties": False}


def json_schema() -> dict[str, Any]:
    """JSON Schema (draft 2020-12) of the action, event, view and update forms, under ``$defs``."""
    ref = {name: {"$ref": f"#/$defs/{name}"} for name in
           ("card", "cards", "action", "bid", "rules", "hand_result", "event", "view", "update")}
    bid = {"type": "string", "pattern": "^(nil|[0-9]|1[0-8]|blind nil|bn)$"}
    nil = _closed({"seat": _SEAT, "blind": {"type": "boolean"}, "tricks": _INT, "points": _INT})
    side = _closed({**{name: _INT for name in _SIDE_INTS}, "nils": {"type": "array", "items": nil}})
    side["properties"] = {name: side["properties"][name] for name in SideResult._fields}
    side["required"] = list(SideResult._fields)
    fields: dict[str, dict[str, Any]] = {
        "hand_started": {"hand": {"type": "integer", "minimum": 1}, "dealer": _SEAT},
        "drew": {"seat": _SEAT, "kept_first": {"type": "boolean"},
                 "discard": {"oneOf": [ref["card"], {"type": "null"}]}},
        "passed": {"seat": _SEAT, "to": _SEAT, "count": {"type": "integer", "minimum": 1, "maximum": 4}},
        "looked": {"seat": _SEAT},
        "bid": {"seat": _SEAT, "bid": ref["bid"]},
        "bid_changed": {"seat": _SEAT, "bid": ref["bid"]},
        "card": {"seat": _SEAT, "card": ref["card"]},
        "spades_broken": {"seat": _SEAT},
        "trick": {"seat": _SEAT, "number": {"type": "integer", "minimum": 1, "maximum": MAX_TRICKS},
                  "leader": _SEAT,
                  "cards": {"type": "array", "items": ref["card"], "minItems": 2, "maxItems": MAX_SEAT + 1}},
        "hand_scored": {"result": ref["hand_result"]},
        "game_over": {"winner": {"type": ["integer", "null"]}, "scores": {"type": "array", "items": _INT}},
    }
    events = [_closed({"type": {"const": name}, **props}) for name, props in fields.items()]
    ints = {"type": "array", "items": _INT}
    view = _closed({
        "seat": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEAT},
        "rules": ref["rules"],
        "phase": {"enum": [p.value for p in Phase]},
        "hand_number": _INT,
        "dealer": _SEAT,
        "turn": _SEAT,
        "hand": {"oneOf": [ref["cards"], {"type": "null"}]},
        "legal": {"type": "array", "items": ref["action"]},
        "bids": {"type": "array", "items": {"oneOf": [ref["bid"], {"type": "null"}]}},
        "tricks_won": ints,
        "trick": {"type": "array", "items": _closed({"seat": _SEAT, "card": ref["card"]})},
        "tricks": {"type": "array", "items": _closed({"leader": _SEAT, "cards": ref["cards"], "winner": _SEAT})},
        "spades_broken": {"type": "boolean"},
        "scores": ints,
        "bags": ints,
        "results": {"type": "array", "items": ref["hand_result"]},
        "winner": {"type": ["integer", "null"]},
        "offered": {"oneOf": [ref["card"], {"type": "null"}]},
        "discards": ref["cards"],
        "blind_nil_allowed": {"type": "boolean"},
        "passed": ref["cards"],
        "received": ref["cards"],
        "pass_to": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEAT},
    })
    options = {name: {"description": text} for name, text in OPTION_HELP.items()}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": f"spades-wire-{WIRE_VERSION}",
        "$defs": {
            "card": _CARD,
            "cards": {"type": "array", "items": ref["card"], "uniqueItems": True},
            "action": _ACTION,
            "bid": bid,
            "rules": _closed({"variant": {"enum": list(VARIANTS)},
                              "options": {"type": "object", "properties": options, "additionalProperties": False}}),
            "hand_result": _closed({"number": {"type": "integer", "minimum": 1},
                                    "sides": {"type": "array", "items": side}}),
            "event": {"oneOf": events},
            "view": view,
            "update": _closed({"cursor": {"type": "integer", "minimum": 0},
                               "events": {"type": "array", "items": ref["event"]}, "view": ref["view"]}),
        },
    }

