"""The observation, field by field, against the engine's view: each field of ``observation_fields`` decoded from the
vector and compared with what ``game.view(seat)`` says, written out here from the layout's documented meaning; and
no observation ever shows a card another seat holds that this seat may not know."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from spades import VARIANTS, Rules
from spades.actions import NIL
from spades.env import OBSERVATION_FIELDS, SCORE_CLIP, SpadesEnv, observation_fields, raw_env
from spades.view import Phase, SeatView

DOCS = Path(__file__).resolve().parents[1] / "docs" / "env.md"
RULE_SETS = [("standard", {}), ("suicide", {}), ("solo", {}), ("two_player", {}),
             ("two_player", {"face_down_discards": True}), ("three_player", {"jokers": "big_little"}),
             ("five_player", {}), ("six_partners", {"teams": "threes"}), ("standard", {"nil_pass": 2}),
             ("standard", {"blind_nil": True, "blind_nil_deficit": 0}), ("whiz", {"jokers": "jjdd"})]
CARD_FIELDS = ("hand", "played_by", "played_trick", "led", "trick", "offered", "discards", "passed", "received")


def positions(aec: SpadesEnv, seed: int, every: int = 7) -> Iterator[None]:
    """Positions of a game of two hands played at random (Nil bid often, so that Nil passes happen): every
    ``every``-th action, and the end."""
    rng = np.random.default_rng(seed)
    aec.reset(seed=seed)
    for step, _ in enumerate(aec.agent_iter()):
        obs, _, terminated, _, _ = aec.last()
        if terminated:
            yield None
            return
        if step % every == 0:
            yield None
        legal = np.flatnonzero(obs["action_mask"])
        nil = aec.layout.index.get(NIL)
        action = nil if nil in legal and rng.random() < 0.3 else int(rng.choice(legal))
        aec.step(action)


def expected(view: SeatView) -> dict[str, list[float]]:
    """Every field as the layout's table says it, read from the view: relative seat r is the seat r places
    clockwise from the observer."""
    rules = view.rules
    n = rules.players
    size = rules.hand_size
    cards = [card for card in range(54) if rules.pack >> card & 1]
    seats = [(view.seat + r) % n for r in range(n)]
    sides = [(rules.side_of(view.seat) + r) % rules.sides for r in range(rules.sides)]

    def bits(mask: int) -> list[float]:
        return [float(mask >> card & 1) for card in cards]

    def one_hot(seat: int | None) -> list[float]:
        return [float(seat == s) for s in seats]

    plays = [(number, trick.plays(n)) for number, trick in enumerate(view.tricks, 1)]
    if view.trick:
        plays.append((len(view.tricks) + 1, view.trick))
    played_by = {card: seat for _, trick in plays for seat, card in trick}
    trick_of = {card: number for number, trick in plays for _, card in trick}
    led = {trick[0][1] for _, trick in plays}
    in_trick = dict((card, seat) for seat, card in view.trick)
    bids = [view.bids[s] for s in seats]
    leader = view.trick[0][0] if view.trick else (view.turn if view.phase is Phase.PLAY else None)
    return {
        "hand": bits(int(view.hand)) if view.hand is not None else [0.0] * len(cards),
        "looked": [float(view.hand is not None)],
        "bid": [b.value / size if b is not None else 0.0 for b in bids],
        "has_bid": [float(b is not None) for b in bids],
        "nil": [float(b is not None and b.value == 0) for b in bids],
        "blind_nil": [float(b is not None and b.blind) for b in bids],
        "tricks_won": [view.tricks_won[s] / size for s in seats],
        "played_by": [float(played_by.get(card) == s) for card in cards for s in seats],
        "played_trick": [trick_of.get(card, 0) / size for card in cards],
        "led": [float(card in led) for card in cards],
        "trick": [float(in_trick.get(card) == s) for s in seats for card in cards],
        "leader": one_hot(leader),
        "turn": one_hot(view.turn if view.phase is not Phase.OVER else None),
        "spades_broken": [float(view.spades_broken)],
        "score": [float(np.clip(view.scores[side] / 500, -SCORE_CLIP, SCORE_CLIP)) for side in sides],
        "bags": [view.bags[side] / rules.bag_limit for side in sides],
        "phase": [float(view.phase is phase) for phase in (Phase.DRAW, Phase.BID, Phase.PASS, Phase.PLAY,
                                                           Phase.OVER)],
        "dealer": one_hot(view.dealer),
        "players": [n / 6],
        "hand_size": [size / 18],
        "pack_size": [len(cards) / 54],
        "partnerships": [float(rules.partnerships)],
        "variant": [float(rules.variant == name) for name in VARIANTS],
        "target": [rules.target / 500],
        "hands_left": [(rules.hands - view.hand_number + 1) / rules.hands if rules.hands else 0.0],
        "blind_nil_allowed": [float(view.blind_nil_allowed)],
        "offered": bits(1 << view.offered if view.offered is not None else 0),
        "discards": bits(int(view.discards)),
        "passed": bits(int(view.passed)),
        "received": bits(int(view.received)),
        "pass_to": one_hot(view.pass_to),
    }


@pytest.mark.parametrize(("variant", "options"), RULE_SETS)
def test_every_field_of_the_observation_is_what_the_seat_s_view_says(variant: str, options: dict[str, Any]) -> None:
    aec = raw_env(variant, hands=2, **options)
    fields = aec.observation_fields
    seen: set[str] = set()
    for _ in positions(aec, 13):
        for seat, agent in enumerate(aec.possible_agents):
            vector = aec.observe(agent)["observation"]
            assert vector.dtype == np.float32 and aec.observation_space(agent).contains(aec.observe(agent))
            view = aec.game.view(seat)
            want = expected(view)
            assert [field.name for field in fields] == list(want)
            for field in fields:
                got = vector[field.offset:field.offset + field.length]
                assert np.allclose(got, np.array(want[field.name], dtype=np.float32)), (field.name, view)
                if got.any():
                    seen.add(field.name)
    assert {"hand", "bid", "played_by", "trick", "score", "phase"} <= seen  # the positions reach the play
    if options.get("nil_pass"):
        assert {"passed", "received"} <= seen
    if variant == "two_player":
        assert {"offered", "discards"} <= seen


def test_no_observation_shows_a_card_of_another_seat_this_seat_may_not_know() -> None:
    for variant, options in RULE_SETS:
        aec = raw_env(variant, hands=2, **options)
        layout = aec.layout
        p = len(layout.cards)
        n = aec.rules.players
        for _ in positions(aec, 29, every=1):
            game = aec.game
            for seat, agent in enumerate(aec.possible_agents):
                view = game.view(seat)
                fields = layout.decode(aec.observe(agent)["observation"])
                shown = 0
                for name in CARD_FIELDS:
                    for i in np.flatnonzero(fields[name]):
                        index = i // n if name == "played_by" else i % p
                        shown |= 1 << layout.cards[index]
                hidden = 0
                for other in range(n):
                    if other != seat:
                        hidden |= game.hands[other]
                hidden &= ~int(view.passed)  # the partner holds what this seat passed it, as this seat knows
                assert not shown & hidden, (variant, seat, view)


def test_the_layout_is_contiguous_and_the_standard_one_is_the_module_s() -> None:
    assert observation_fields(Rules()) == OBSERVATION_FIELDS
    for variant in VARIANTS:
        aec = raw_env(variant)
        fields = aec.observation_fields
        assert len({field.name for field in fields}) == len(fields)
        offset = 0
        for field in fields:
            assert field.offset == offset and field.length > 0 and field.meaning
            offset += field.length
        assert aec.observation_space("seat_0")["observation"].shape == (offset,)


def test_the_docs_table_is_the_standard_layout() -> None:
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| (\d+) \|", DOCS.read_text(), flags=re.M)
    assert [(name, int(offset), int(length)) for name, offset, length in rows] == \
        [(field.name, field.offset, field.length) for field in OBSERVATION_FIELDS]
