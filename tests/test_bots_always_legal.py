"""A computer player's choice is always legal: every level, at every rule set and every combination of the options
that change what a seat may do (the pack and its trumps, Nil and its pass, Blind Nil, the team's floor, the teams,
the first lead, the draw's discards), plays whole hands without one refused action.

The rule sets are built option by option (``rule_sets.build``), each option drawn only among the values the rules
accept beside those drawn before it, so every drawn combination is a game the room would start. One hand a game, the
searching levels at their smallest think budget, so the file runs in seconds.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rule_sets import build
from spades import VARIANTS, Game, Rules
from spades.bots import available_levels, bot_seed, make_bot
from spades.errors import IllegalAction

LEVELS = available_levels()
THINK = "1i"  # the searching levels' smallest budget: one deal, every path of their code still taken


def play(rules: Rules, levels: list[str], seed: str, hands: int = 1) -> int:
    """Play ``hands`` hands with the seats at ``levels`` (in turn); every choice must be legal. Returns the choices
    made."""
    rules = rules.with_options(hands=hands)
    game = Game(rules, seed)
    bots = [make_bot(levels[seat % len(levels)], seed=bot_seed(seed, "p", seat), think=THINK)
            for seat in range(rules.players)]
    made = 0
    while not game.over:
        seat = game.turn
        view = game.view(seat)
        action = bots[seat].act(view)
        assert action in view.legal, f"{bots[seat].level} at {rules!r}, seed {seed}: {action} is not legal"
        try:
            game.apply(action)
        except IllegalAction as refused:  # pragma: no cover - the assertion above names the choice first
            pytest.fail(f"{bots[seat].level} at {rules!r}, seed {seed}: {refused}")
        made += 1
    return made


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_legally_at_every_variant(level: str) -> None:
    """Each level in every seat, once at each variant, with its options drawn from a fixed seed."""
    for variant in VARIANTS:
        rng = random.Random(f"legal:{level}:{variant}")
        rules = build(variant, rng.choice)
        assert play(rules, [level], f"legal:{level}:{variant}") >= rules.hand_size * rules.players


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), variant=st.sampled_from(VARIANTS), seed=st.integers(0, 2**32),
       levels=st.lists(st.sampled_from(LEVELS), min_size=6, max_size=6))
def test_mixed_levels_play_legally_at_any_options(data: st.DataObject, variant: str, seed: int,
                                                  levels: list[str]) -> None:
    """Any combination of the options, levels mixed at the table: hypothesis draws them and shrinks a refusal to
    the fewest options that show it."""
    rules = build(variant, lambda values: data.draw(st.sampled_from(values)))
    play(rules, levels, f"mixed:{seed}")


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_whiz_with_jjdd_bids_the_two_of_diamonds_among_the_spades(level: str) -> None:
    """In the JJDD pack the two of diamonds is a trump: a Whiz bid counts it among the spades held."""
    rules = Rules.preset("whiz", jokers="jjdd")
    for index in range(40):
        game = Game(rules, f"whiz-jjdd:{index}")
        bot = make_bot(level, seed=bot_seed(f"whiz-jjdd:{index}", "p", 0))
        while game.phase.value == "bid":
            view = game.view(game.turn)
            action = bot.act(view)
            assert action in view.legal, f"{level}, hand {int(view.hand or 0):#x}: bids {action}, legal {view.legal}"
            game.apply(action)
