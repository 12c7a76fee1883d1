"""What a learner sees and does, as numbers: the action indices and the observation vector of one rule set.

Both are built from a seat's view and nothing else (``encode(view)``), so an observation can hold no card the seat
may not know, and legality is the view's ``legal``: no rule of the game is restated here. A rule set has one
layout, fixed in length: the cards are those of its pack, in rising card number; the seats are counted from the
observer (relative seat 0 is the seat itself, 1 the next seat clockwise, ...), and so are the sides (relative side
0 is the observer's side, then the sides of the seats after it in turn).
"""

from __future__ import annotations

import functools
from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from ..actions import BIDS, BLIND_NIL, Action, Choice
from ..cards import CARDS, CardSet
from ..rules import VARIANTS, Rules
from ..view import Phase, SeatView

__all__ = ["OBSERVATION_FIELDS", "SCORE_CLIP", "SCORE_SCALE", "Layout", "ObservationField", "action_table",
           "layout_for", "observation_fields"]

SCORE_SCALE = 500.0  # points to one unit of a score or a target in the observation
SCORE_CLIP = 20.0  # scaled scores are held within plus or minus this (10,000 points), so the space's bounds hold
MAX_PLAYERS = 6
MAX_HAND = 18
MAX_PACK = 54
PHASES: tuple[Phase, ...] = tuple(Phase)  # draw, bid, pass, play, over


class ObservationField(NamedTuple):
    """One named slice of the observation vector: ``vector[offset:offset + length]``."""

    name: str
    offset: int
    length: int
    meaning: str


def action_table(rules: Rules) -> tuple[Action, ...]:
    """Every action a seat could take under ``rules``, by index: the cards of the pack in rising card number
    (clubs 2 to A, diamonds, hearts, spades, then the Little and the Big Joker where the pack has them), then the
    bids Nil (0) to the hand size, then Blind Nil and look where Blind Nil is played, then keep and discard where
    the cards are drawn (two-player). A card's index serves both to play it and to pass it."""
    cards = tuple(CARDS[card] for card in range(MAX_PACK) if rules.pack >> card & 1)
    extra: tuple[Action, ...] = ()
    if rules.blind_nil:
        extra += (BLIND_NIL, Choice.LOOK)
    if not rules.deals:
        extra += (Choice.KEEP, Choice.DISCARD)
    return (*cards, *BIDS[:rules.hand_size + 1], *extra)


def observation_fields(rules: Rules) -> tuple[ObservationField, ...]:
    """The layout of the observation vector under ``rules``: each field's name, offset, length and meaning."""
    p = rules.pack.bit_count()
    n = rules.players
    sides = rules.sides
    specs = (
        ("hand", p, "1 for each card of the pack this seat holds; all 0 while it has not looked at its cards"),
        ("looked", 1, "1 once this seat has seen its cards (0 while it may still bid Blind Nil)"),
        ("bid", n, "per relative seat, its bid / hand size (Nil and Blind Nil: 0; 0 before it bids)"),
        ("has_bid", n, "per relative seat, 1 once it has bid"),
        ("nil", n, "per relative seat, 1 if it bid Nil or Blind Nil"),
        ("blind_nil", n, "per relative seat, 1 if it bid Blind Nil"),
        ("tricks_won", n, "per relative seat, the tricks it has taken this hand / hand size"),
        ("played_by", p * n, "card x relative seat (row-major: card i, seat r at i * players + r): 1 where that "
                             "seat played that card this hand, the trick in progress included"),
        ("played_trick", p, "per card, the number of the trick it was played to / hand size (the first trick: "
                            "1 / hand size); 0 for a card not played this hand"),
        ("led", p, "per card, 1 if it led a trick this hand (the trick in progress included)"),
        ("trick", n * p, "the trick in progress, relative seat x card (seat r, card i at r * pack + i): 1 where "
                         "that seat has played that card to it"),
        ("leader", n, "one-hot relative seat that led the trick in progress, or is to lead it; 0 outside the play"),
        ("turn", n, "one-hot relative seat to act; all 0 once the game is over"),
        ("spades_broken", 1, "1 once spades are broken this hand"),
        ("score", sides, f"per relative side, its score / {SCORE_SCALE:g}, held within -{SCORE_CLIP:g} to "
                         f"{SCORE_CLIP:g}"),
        ("bags", sides, "per relative side, its bags / the bag limit"),
        ("phase", len(PHASES), "one-hot phase: draw, bid, pass, play, over"),
        ("dealer", n, "one-hot relative seat of the dealer"),
        ("players", 1, f"players at the table / {MAX_PLAYERS}"),
        ("hand_size", 1, f"cards each seat holds at the start of play / {MAX_HAND}"),
        ("pack_size", 1, f"cards in the pack / {MAX_PACK}"),
        ("partnerships", 1, "1 when the game is played in partnerships"),
        ("variant", len(VARIANTS), f"one-hot variant, in the order {', '.join(VARIANTS)}"),
        ("target", 1, f"the target score / {SCORE_SCALE:g}, held within 0 to {SCORE_CLIP:g}"),
        ("hands_left", 1, "a game of a fixed number of hands: the hands left, this one included, / hands; 0 in a "
                          "game to a target"),
        ("blind_nil_allowed", 1, "1 when this seat may bid Blind Nil this hand"),
        ("offered", p, "two-player draw: 1 for the card this seat has just drawn (to keep or discard)"),
        ("discards", p, "two-player: the discards this seat has seen (face up: both seats'; face down: its own)"),
        ("passed", p, "Nil pass: the cards this seat passed to its partner this hand"),
        ("received", p, "Nil pass: the cards this seat received from its partner this hand"),
        ("pass_to", n, "during the pass, when this seat is passing: one-hot relative seat its cards go to"),
    )
    fields = []
    offset = 0
    for name, length, meaning in specs:
        fields.append(ObservationField(name, offset, length, meaning))
        offset += length
    return tuple(fields)


OBSERVATION_FIELDS: tuple[ObservationField, ...] = observation_fields(Rules())
"""The layout of the standard four-hand game; ``observation_fields(rules)`` gives any rule set's."""


class Layout:
    """The action indices and the observation vector of one rule set (made once per rule set: ``layout_for``)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.actions = action_table(rules)
        self.index: dict[Action, int] = {action: i for i, action in enumerate(self.actions)}
        self.fields = observation_fields(rules)
        self.at = {field.name: field.offset for field in self.fields}
        self.size = self.fields[-1].offset + self.fields[-1].length
        self.cards = tuple(card for card in range(MAX_PACK) if rules.pack >> card & 1)
        self.card_index = [-1] * MAX_PACK  # a card's place among the pack's cards
        for i, card in enumerate(self.cards):
            self.card_index[card] = i
        self.low = np.zeros(self.size, dtype=np.float32)
        self.high = np.ones(self.size, dtype=np.float32)
        score = self.field("score")
        self.low[score.offset:score.offset + score.length] = -SCORE_CLIP
        self.high[score.offset:score.offset + score.length] = SCORE_CLIP
        self.high[self.at["target"]] = SCORE_CLIP
        self.constant = self._constant()
        self.constant.flags.writeable = False  # shared by every encode of the rule set (layout_for caches it)

    def field(self, name: str) -> ObservationField:
        return next(field for field in self.fields if field.name == name)

    def decode(self, vector: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The vector cut into its named fields (views of it, not copies)."""
        return {field.name: vector[field.offset:field.offset + field.length] for field in self.fields}

    # -- actions ------------------------------------------------------------------------------------------------
    def mask(self, view: SeatView) -> npt.NDArray[np.int8]:
        """1 for each action of ``view.legal``; all 0 when the seat has nothing to do."""
        mask = np.zeros(len(self.actions), dtype=np.int8)
        for action in view.legal:
            mask[self.index[action]] = 1
        return mask

    # -- observations ---------------------------------------------------------------------------------------
    def _constant(self) -> npt.NDArray[np.float32]:
        """The fields no position changes: the table's shape, the variant and the target."""
        rules = self.rules
        out = np.zeros(self.size, dtype=np.float32)
        at = self.at
        out[at["players"]] = rules.players / MAX_PLAYERS
        out[at["hand_size"]] = rules.hand_size / MAX_HAND
        out[at["pack_size"]] = len(self.cards) / MAX_PACK
        out[at["partnerships"]] = float(rules.partnerships)
        out[at["variant"] + VARIANTS.index(rules.variant)] = 1.0
        out[at["target"]] = min(rules.target / SCORE_SCALE, SCORE_CLIP)
        return out

    def encode(self, view: SeatView) -> npt.NDArray[np.float32]:
        """The observation vector of ``view`` (see ``observation_fields`` for its layout).

        The ones are gathered in a list and set in one step, and the fields no position changes are copied from a
        template: writing a numpy array one element at a time costs more than the rest of a step."""
        rules = self.rules
        out = self.constant.copy()
        ones: list[int] = []
        one = ones.append
        at = self.at
        index = self.card_index
        n = rules.players
        p = len(self.cards)
        size = rules.hand_size
        me = view.seat

        def cards(name: str, held: CardSet) -> None:
            if held:
                base = at[name]
                ones.extend(base + index[card] for card in held)

        if view.hand is not None:
            cards("hand", view.hand)
            one(at["looked"])
        bid_at, has_bid, nil, blind = at["bid"], at["has_bid"], at["nil"], at["blind_nil"]
        for seat, bid in enumerate(view.bids):
            if bid is None:
                continue
            r = (seat - me) % n
            out[bid_at + r] = bid.value / size
            one(has_bid + r)
            if bid.value == 0:
                one(nil + r)
            if bid.blind:
                one(blind + r)
        won_at = at["tricks_won"]
        for seat, won in enumerate(view.tricks_won):
            if won:
                out[won_at + (seat - me) % n] = won / size
        played_by, played_trick, led = at["played_by"], at["played_trick"], at["led"]
        plays: list[tuple[int, tuple[int, ...]]] = [(trick.leader, trick.cards) for trick in view.tricks]
        if view.trick:
            plays.append((view.trick[0][0], tuple(card for _, card in view.trick)))
        when: list[int] = []  # the played_trick field's places and values, set in one step below
        when_value: list[float] = []
        for number, (leader, cards_played) in enumerate(plays, 1):
            one(led + index[cards_played[0]])
            for place, card in enumerate(cards_played):
                i = index[card]
                one(played_by + i * n + (leader + place - me) % n)
                when.append(played_trick + i)
            when_value.extend([number / size] * len(cards_played))
        out[when] = when_value
        trick_at = at["trick"]
        for seat, card in view.trick:
            one(trick_at + (seat - me) % n * p + index[card])
        if view.trick:
            one(at["leader"] + (view.trick[0][0] - me) % n)
        elif view.phase is Phase.PLAY:
            one(at["leader"] + (view.turn - me) % n)
        if view.phase is not Phase.OVER:
            one(at["turn"] + (view.turn - me) % n)
        if view.spades_broken:
            one(at["spades_broken"])
        sides = rules.sides
        mine = rules.side_of(me)
        for side in range(sides):
            r = (side - mine) % sides
            out[at["score"] + r] = max(-SCORE_CLIP, min(view.scores[side] / SCORE_SCALE, SCORE_CLIP))
            out[at["bags"] + r] = min(view.bags[side] / rules.bag_limit, 1.0)
        one(at["phase"] + PHASES.index(view.phase))
        one(at["dealer"] + (view.dealer - me) % n)
        if rules.hands:
            out[at["hands_left"]] = max(rules.hands - view.hand_number + 1, 0) / rules.hands
        if view.blind_nil_allowed:
            one(at["blind_nil_allowed"])
        if view.offered is not None:
            one(at["offered"] + index[view.offered])
        cards("discards", view.discards)
        cards("passed", view.passed)
        cards("received", view.received)
        if view.pass_to is not None:
            one(at["pass_to"] + (view.pass_to - me) % n)
        out[ones] = 1.0
        return out


@functools.lru_cache(maxsize=64)
def layout_for(rules: Rules) -> Layout:
    """The layout of ``rules``, made once per rule set."""
    return Layout(rules)
