"""The batch of hands against the environment it stands for: random hands stepped through ``BatchHands`` and, beside
them, through the engine (``Game.from_deal`` with the batch's deal), every observation, mask and reward compared
move for move; and the rule sets the kernel cannot play for a learner refused with the reason."""

from __future__ import annotations

import numpy as np
import pytest

from spades import Rules
from spades.env import EnvError, layout_for
from spades.env.batch import BatchHands
from spades.events import HandScored
from spades.game import Game

RULE_SETS = [("standard", {}), ("whiz", {"jokers": "jjdd"}), ("suicide", {}), ("solo", {"hands": 3}),
             ("three_player", {"jokers": "big_little"}), ("six_partners", {"teams": "threes"}),
             ("mirror", {"no_bags": True})]


@pytest.mark.parametrize(("variant", "options"), RULE_SETS, ids=[v for v, _ in RULE_SETS])
def test_every_observation_mask_and_reward_is_the_environments(variant: str, options: dict[str, object]) -> None:
    rules = Rules.preset(variant, **options)
    layout = layout_for(rules)
    batch = BatchHands(8, rules=rules, seed=5)
    games = [Game.from_deal(rules, batch.hands(g), batch.dealer(g)) for g in range(batch.games)]
    rng = np.random.default_rng(5)
    ended_hands = 0
    for _ in range(3 * (rules.hand_size + 1) * rules.players):
        for g, game in enumerate(games):
            view = game.view(game.turn)
            assert int(batch.turn[g]) == game.turn
            assert np.array_equal(batch.observations[g], layout.encode(view)), (g, game.history)
            assert np.array_equal(batch.masks[g], layout.mask(view))
        actions = np.array([rng.choice(np.flatnonzero(batch.masks[g])) for g in range(batch.games)])
        rewards, ended = batch.step(actions)
        for g, game in enumerate(games):
            game.apply(layout.actions[actions[g]])
            scored = [e.result for e in game.events if isinstance(e, HandScored)]
            assert bool(ended[g]) == bool(scored)
            if scored:
                points = scored[0].points
                expected = [points[rules.side_of(seat)] / 100 for seat in range(rules.players)]
                assert rewards[g].tolist() == pytest.approx(expected)
                if not game.over:  # the engine has dealt its next hand: by the same dealer
                    assert batch.dealer(g) == game.dealer
                games[g] = Game.from_deal(rules, batch.hands(g), batch.dealer(g))
                ended_hands += 1
            else:
                assert not rewards[g].any()
    assert ended_hands >= batch.games * 2


def test_an_illegal_action_is_refused_by_name_and_no_game_moves() -> None:
    batch = BatchHands(4, seed=1)
    before = batch.observations.copy()
    actions = batch.random_actions().copy()
    actions[2] = int(np.flatnonzero(batch.masks[2] == 0)[0])
    with pytest.raises(EnvError, match=r"game 2: .* is not legal for seat \d there; no game moved"):
        batch.step(actions)
    with pytest.raises(EnvError, match="outside 0"):
        batch.step(np.full(4, 999))
    with pytest.raises(EnvError, match="an array of 4"):
        batch.step([0, 1])
    assert np.array_equal(batch.observations, before)
    batch.step(batch.random_actions())  # and the batch goes on


@pytest.mark.parametrize(("variant", "options", "reason"), [
    ("two_player", {}, "two-player draw"),
    ("standard", {"blind_nil": True}, "Blind Nil"),
    ("standard", {"nil_pass": 2}, "passes a Nil bidder's cards"),
])
def test_the_steps_the_engine_keeps_are_refused_with_the_reason(variant: str, options: dict[str, object],
                                                                reason: str) -> None:
    with pytest.raises(EnvError, match=reason):
        BatchHands(2, variant, **options)


def test_the_same_seed_deals_and_plays_the_same_hands() -> None:
    first, second = BatchHands(16, seed=9), BatchHands(16, seed=9)
    for _ in range(60):
        a, b = first.random_actions(), second.random_actions()
        assert np.array_equal(a, b)
        first.step(a)
        second.step(b)
    assert np.array_equal(first.observations, second.observations)


def test_bench_env_measures_all_three_loops_and_their_ratios(monkeypatch: pytest.MonkeyPatch) -> None:
    from spades.benchmarks import env as bench_env
    from spades.benchmarks import targets

    assert targets()["env"] is bench_env
    monkeypatch.setattr(bench_env, "SLICE", 0.05)
    monkeypatch.setattr(bench_env, "BATCH", 64)
    result = bench_env.run(0.1)
    assert result["pettingzoo_steps_per_second"] > 0 and result["batch_steps_per_second"] > 0
    text = bench_env.report(result)
    assert f"{result['batch_steps_per_second']:,.0f} steps/s" in text
    if "openspiel_steps_per_second" in result:
        assert result["openspiel_steps_per_second"] > 0 and "BatchHands / OpenSpiel" in text
    else:
        assert "pip install -e '.[bench]'" in text
