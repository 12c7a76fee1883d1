"""The PettingZoo environment: PettingZoo's own API and seed tests for every preset, the action indices, the rewards,
the episodes, the refusals; and the Gymnasium environment of one learner against the computer."""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from spades import VARIANTS, Game, Rules, RulesError
from spades.actions import BIDS, BLIND_NIL, Choice
from spades.cards import CARDS
from spades.env import EnvError, SingleAgentEnv, SpadesEnv, action_table, env, raw_env

OPTIONED = [("standard", {"blind_nil": True, "blind_nil_deficit": 0}), ("standard", {"nil_pass": 2}),
            ("standard", {"jokers": "jjdd"}), ("two_player", {"face_down_discards": True}),
            ("three_player", {"jokers": "big_little"}), ("six_partners", {"teams": "threes"})]


@pytest.fixture(autouse=True)
def _quiet() -> Iterator[None]:
    """PettingZoo's checks warn that a dict observation is not a plain array (it names its own games that may
    have one) and that an agent with nothing to do has an all-zero mask: true of this game, and not errors."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


@pytest.mark.parametrize("variant", VARIANTS)
def test_pettingzoo_api_and_seed_tests_pass_for_every_preset(variant: str) -> None:
    api_test(env(variant, hands=1), num_cycles=40)
    seed_test(lambda: env(variant, hands=1), num_cycles=40)


@pytest.mark.parametrize(("variant", "options"), OPTIONED)
def test_pettingzoo_api_test_passes_with_the_options_that_add_actions_and_cards(variant: str,
                                                                                options: dict[str, Any]) -> None:
    api_test(env(variant, hands=1, **options), num_cycles=40)


def test_the_same_seed_plays_the_same_game_as_the_engine() -> None:
    aec = raw_env(hands=1)
    aec.reset(seed=7)
    assert aec.game.seed == 7
    assert aec.game.view(0).hand == Game(Rules.preset("standard", hands=1), seed=7).view(0).hand


def test_the_action_table_is_the_pack_then_the_bids_then_the_variant_s_choices() -> None:
    table = action_table(Rules())
    assert table == (*CARDS[:52], *BIDS[:14])
    assert action_table(Rules.preset("standard", blind_nil=True))[66:] == (BLIND_NIL, Choice.LOOK)
    assert action_table(Rules.preset("two_player"))[66:] == (Choice.KEEP, Choice.DISCARD)
    jjdd = action_table(Rules.preset("standard", jokers="jjdd"))
    assert CARDS[0] not in jjdd and CARDS[26] not in jjdd and jjdd[50:52] == (CARDS[52], CARDS[53])
    three = action_table(Rules.preset("three_player"))
    assert len(three) == 51 + 18  # the two of clubs out; bids Nil to 17
    for variant in VARIANTS:
        rules = Rules.preset(variant)
        assert len(action_table(rules)) == len(set(action_table(rules)))


def _random_play(aec: SpadesEnv, seed: int) -> Iterator[str]:
    """The agents of a random game, stepped with random legal actions (the mask checked against the view)."""
    rng = np.random.default_rng(seed)
    aec.reset(seed=seed)
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        view = aec.game.view(aec.seat_of(agent))
        legal = {aec.actions[i] for i in np.flatnonzero(obs["action_mask"])}
        assert legal == set(view.legal)
        yield agent
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize(("variant", "options"), [("standard", {}), ("solo", {}), *OPTIONED])
def test_the_mask_is_exactly_the_view_s_legal_actions(variant: str, options: dict[str, Any]) -> None:
    for _ in _random_play(raw_env(variant, hands=1, **options), 3):
        pass


@pytest.mark.parametrize("reward", ["both", "hand", "game"])
def test_rewards_are_each_side_s_hand_points_over_100_and_one_for_the_game(reward: str) -> None:
    aec = raw_env(hands=2, reward=reward)
    totals = dict.fromkeys(aec.possible_agents, 0.0)
    aec.reset(seed=11)
    rng = np.random.default_rng(0)
    for agent in aec.agent_iter():
        obs, cumulative, terminated, _, _ = aec.last()
        totals[agent] += cumulative
        aec.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    game = aec.game
    assert game.over and game.hand_number == 2
    for seat, agent in enumerate(aec.possible_agents):
        side = game.rules.side_of(seat)
        points = sum(result.sides[side].points for result in game.results) / 100
        outcome = 0.0 if game.winner is None else (1.0 if game.winner == side else -1.0)
        expected = {"hand": points, "game": outcome, "both": points + outcome}[reward]
        assert totals[agent] == pytest.approx(expected)


def test_a_hand_episode_ends_with_its_hand_and_reset_plays_on_to_the_next() -> None:
    aec = raw_env(hands=2, episode="hand")
    aec.reset(seed=5)
    played = list(_random_play(aec, 5))
    assert aec.game.hand_number == 2 and len(aec.game.results) == 1
    assert len(played) == 4 + 52  # one hand's bids and cards
    scores = aec.game.scores
    aec.reset()
    assert aec.game.hand_number == 2 and aec.game.scores == scores
    assert not any(aec.terminations.values())
    rng = np.random.default_rng(1)
    for _ in aec.agent_iter():
        obs, _, terminated, _, info = aec.last()
        if terminated:
            assert info["winner"] == aec.game.winner
        aec.step(None if terminated else int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert aec.game.over
    aec.reset()
    assert aec.game.hand_number == 1 and not aec.game.over  # a new game once the last one is over


def test_an_illegal_or_unknown_action_is_refused_with_its_reason_and_changes_nothing() -> None:
    aec = raw_env("standard", hands=1)
    aec.reset(seed=2)
    for _ in range(4):  # the bids
        aec.step(aec.actions.index(BIDS[3]))
    agent = aec.agent_selection
    view = aec.game.view(aec.seat_of(agent))
    hand = view.hand
    assert hand is not None
    spade = next(card for card in hand if card.suit == 3)  # this deal's leader holds spades and other suits
    assert spade not in view.legal
    actions = len(aec.game.actions)
    with pytest.raises(EnvError, match="spades are not broken"):
        aec.step(aec.actions.index(spade))
    with pytest.raises(EnvError, match="may not take action 52 \\(nil\\) now: it is time to play a card"):
        aec.step(52)
    with pytest.raises(EnvError, match="action 66 is out of range: the actions are 0 to 65"):
        aec.step(66)
    with pytest.raises(EnvError, match="not a whole number"):
        aec.step("AS")
    assert len(aec.game.actions) == actions and aec.agent_selection == agent


def test_bad_options_are_refused_with_what_was_wrong() -> None:
    with pytest.raises(EnvError, match="episode 'round' is not one of game, hand"):
        SpadesEnv(episode="round")  # type: ignore[arg-type]
    with pytest.raises(EnvError, match="reward 'points' is not one of both, hand, game"):
        SpadesEnv(reward="points")  # type: ignore[arg-type]
    with pytest.raises(EnvError, match="either rules"):
        SpadesEnv(rules=Rules(), target=300)
    with pytest.raises(RulesError, match="did you mean 'whiz'"):
        SpadesEnv("whizz")
    with pytest.raises(RulesError, match="Blind Nil is never played in whiz"):
        SpadesEnv("whiz", blind_nil=True)
    with pytest.raises(EnvError, match="call reset"):
        _ = SpadesEnv().game


def test_ansi_render_shows_the_table_as_each_seat_sees_it() -> None:
    aec = raw_env(hands=1, render_mode="ansi")
    aec.reset(seed=4)
    text = aec.render()
    assert text is not None
    assert "standard, 1 hand" in text and "North: bid -" in text and "West:" in text
    assert raw_env(hands=1).render() is None


def test_the_learner_s_environment_passes_gymnasium_s_checks() -> None:
    check_env(SingleAgentEnv("random", seat=2, hands=1, illegal="penalty"), skip_render_check=True)


def test_the_learner_plays_a_game_against_computers_of_several_levels() -> None:
    single = SingleAgentEnv(["easy", None, "normal", "random"], seat=1, hands=2)
    obs, _ = single.reset(seed=3)
    rng = np.random.default_rng(0)
    total = 0.0
    steps = 0
    while True:
        assert single.aec.agent_selection == "seat_1"
        assert np.array_equal(single.action_masks(), obs["action_mask"])
        obs, reward, terminated, _, info = single.step(rng.choice(np.flatnonzero(obs["action_mask"])))
        total += float(reward)
        steps += 1
        if terminated:
            break
    game = single.aec.game
    assert game.over and steps == 2 * 14  # a bid and 13 cards a hand
    side = game.rules.side_of(1)
    outcome = 0.0 if game.winner is None else (1.0 if game.winner == side else -1.0)
    assert total == pytest.approx(game.scores[side] / 100 + outcome)
    assert info["winner"] == game.winner
    with pytest.raises(EnvError, match="the episode is over"):
        single.step(np.int64(0))


def test_the_learner_s_illegal_action_is_an_error_or_a_penalty_as_asked() -> None:
    single = SingleAgentEnv("random", seat=0, hands=1)
    obs, _ = single.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(EnvError, match="seat_0 may not take action"):
        single.step(np.int64(illegal))
    lenient = SingleAgentEnv("random", seat=0, hands=1, illegal="penalty", illegal_reward=-0.5)
    obs, _ = lenient.reset(seed=1)
    again, reward, terminated, _, info = lenient.step(np.int64(illegal))
    assert reward == -0.5 and not terminated and "may not take action" in info["illegal"]
    assert np.array_equal(again["observation"], obs["observation"])


def test_the_learner_s_bad_options_are_refused() -> None:
    with pytest.raises(EnvError, match="seat 4 is not a seat: standard seats 0 to 3"):
        SingleAgentEnv(seat=4)
    with pytest.raises(EnvError, match="3 levels given for 4 seats"):
        SingleAgentEnv(["easy", "easy", "easy"])
    with pytest.raises(EnvError, match="no level for seat 2"):
        SingleAgentEnv({1: "easy", 3: "easy"})
    with pytest.raises(ValueError, match="unknown bot level 'genius'"):
        SingleAgentEnv("genius")


def test_the_docs_examples_run() -> None:
    docs = Path(__file__).resolve().parents[1] / "docs" / "env.md"
    blocks = re.findall(r"^```python\n(.*?)^```", docs.read_text(), flags=re.M | re.S)
    assert len(blocks) == 4
    for block in blocks:
        exec(compile(block, str(docs), "exec"), {})
