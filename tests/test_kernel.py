"""The kernel plays exactly the engine's game: random hands of every preset and option, replayed through both,
agree on every legal action set, every trick winner, and every hand's points and bags."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from spades import BLIND_NIL, Card, Choice, Game, Phase, Rules
from spades.cards import CARDS

kernel = pytest.importorskip("spades.kernel")
L = kernel.layout

CONFIGS: list[tuple[str, dict[str, object]]] = [
    ("standard", {}),
    ("standard", {"first_lead": "two_of_clubs"}),
    ("standard", {"nil": False}),
    ("standard", {"min_team_bid": 4}),
    ("standard", {"min_team_bid": 4, "nil": False}),
    ("standard", {"ten_for_two_hundred": True}),
    ("standard", {"nil_tricks_count_for_partner": True}),
    ("standard", {"bag_limit": 3, "bag_penalty": 50}),
    ("standard", {"blind_nil": True, "blind_nil_value": 150, "nil_value": 50}),
    ("whiz", {}),
    ("whiz", {"first_lead": "two_of_clubs", "bag_limit": 5}),
    ("mirror", {}),
    ("suicide", {}),
    ("suicide", {"ten_for_two_hundred": True, "nil_tricks_count_for_partner": True}),
    ("solo", {}),
    ("solo", {"first_lead": "two_of_clubs", "nil": False, "bag_limit": 4, "bag_penalty": 40}),
    ("solo", {"blind_nil": True}),
    ("two_player", {}),
    ("two_player", {"bag_limit": 2, "nil_value": 60}),
    # the new layouts: more and fewer seats, jokers, teams of three, the Nil pass, no bags
    ("three_player", {}),
    ("three_player", {"jokers": "big_little"}),
    ("five_player", {}),
    ("five_player", {"jokers": "big_little"}),
    ("three_player", {"jokers": "big_little", "first_lead": "two_of_clubs", "no_bags": True}),
    ("six_player", {}),
    ("six_partners", {}),
    ("six_partners", {"teams": "threes", "min_team_bid": 4}),
    ("six_partners", {"nil_pass": 2, "min_team_bid": 4}),
    ("standard", {"jokers": "big_little"}),
    ("standard", {"jokers": "big_little", "deuces_out": "hearts_diamonds"}),
    ("standard", {"jokers": "jjdd"}),
    ("standard", {"jokers": "jjdd", "nil_pass": 3, "blind_nil": True}),
    ("standard", {"nil_pass": 2}),
    ("solo", {"jokers": "big_little"}),
    ("standard", {"no_bags": True, "bag_limit": 3}),
    ("whiz", {"jokers": "jjdd"}),
    ("suicide", {"jokers": "big_little"}),
]
HANDS_PER_CONFIG = 24
NEW_HANDS_PER_CONFIG = 12  # the new layouts: fewer hands each, to keep the test quick


def random_position(rules: Rules, rng: random.Random) -> Game:
    """A fresh hand with random cards, dealer, scores and bags (often behind enough for Blind Nil)."""
    deck = [card for card in range(54) if rules.pack >> card & 1]
    rng.shuffle(deck)
    size = rules.hand_size
    hands = [sum(1 << c for c in deck[size * s:size * s + size]) for s in range(rules.players)]
    scores = [rng.choice((0, rng.randrange(-300, 480))) for _ in range(rules.sides)]
    bags = [rng.randrange(rules.bag_limit) for _ in range(rules.sides)]
    return Game.from_deal(rules, hands, dealer=rng.randrange(rules.players), seed=rng.random(), scores=scores,
                          bags=bags)


def same_position(a: np.ndarray, b: np.ndarray) -> bool:
    """Equal states, but for the slots of the trick that hold cards of a finished trick (never read again)."""
    a, b = a.copy(), b.copy()
    for state in (a, b):
        state[L.TRICK + int(state[L.TRICK_LEN]):L.TRICK + L.MAX_SEATS] = 0
    if not np.array_equal(a, b):
        print("differ at", np.nonzero(a != b)[0], a[a != b], b[a != b])
        return False
    return True


def replay_hand(rules: Rules, rng: random.Random) -> int:
    """Play one random hand through the engine and the kernel side by side; returns the steps compared."""
    game = random_position(rules, rng)
    k_rules = kernel.rules_array(rules)
    state = kernel.state_from_game(game)
    scores_before = list(game.scores)
    compared = 0
    while not game.results:
        if game.phase is Phase.PASS:  # the kernel passed by its rule with the last bid: the engine passes alike
            passer = game.turn
            for card in kernel.pass_choice(rules, game.hands[passer], rules.nil_pass, game.pass_index % 2 == 0):
                game.apply(CARDS[card])
            continue
        assert game.phase in (Phase.BID, Phase.PLAY)
        legal = game.legal_actions()
        assert int(state[L.TURN]) == game.turn
        if legal == (BLIND_NIL, Choice.LOOK):
            action = rng.choice(legal)
            game.apply(action)
            if action is BLIND_NIL:
                kernel.apply(state, k_rules, L.BLIND_NIL_BID)
            continue
        mask = kernel.legal_mask(state, k_rules)
        assert kernel.legal_actions_of(state, mask) == legal, f"{rules.describe()}: legal actions differ"
        compared += 1
        action = rng.choice(legal)
        game.apply(action)
        kernel.apply(state, k_rules, kernel.kernel_action(action))
        if isinstance(action, Card) and not game.trick and not game.results:
            assert int(state[L.LAST_WINNER]) == game.tricks[-1][2]
        if not game.results:
            # the bids (Suicide may have turned one into Nil) and the tricks agree after every action
            assert [int(b) for b in state[L.BID:L.BID + game.n]] == [kernel.bid_code(b) for b in game.bids]
            assert [int(t) for t in state[L.TRICKS:L.TRICKS + game.n]] == game.tricks_won
            if rng.random() < 0.1 and game.phase is not Phase.PASS:
                # packing the engine's position gives the very state the kernel reached by playing
                assert same_position(kernel.state_from_game(game), state)
                view = game.view(game.turn)
                assert same_position(kernel.state_from_view(view, game.hands), state)
    assert int(state[L.PHASE]) == L.PHASE_DONE
    result = game.results[-1]
    assert int(state[L.TRICKS_DONE]) == rules.hand_size
    for side in result.sides:
        assert int(state[L.POINTS + side.side]) == side.points, f"{rules.describe()}: points differ"
        assert int(state[L.BAGS_AFTER + side.side]) == side.total_bags, f"{rules.describe()}: bags differ"
        assert scores_before[side.side] + int(state[L.POINTS + side.side]) == side.score
    return compared


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=[f"{v}-{'-'.join(o) or 'default'}" for v, o in CONFIGS])
def test_kernel_agrees_with_engine(variant: str, options: dict[str, object]) -> None:
    rules = Rules.preset(variant, **options)
    rng = random.Random(f"kernel:{variant}:{sorted(options.items())}")
    hands = HANDS_PER_CONFIG if rules.plain_pack and rules.players in (2, 4) else NEW_HANDS_PER_CONFIG
    compared = sum(replay_hand(rules, rng) for _ in range(hands))
    assert compared >= hands * (rules.hand_size * rules.players + rules.players) * 0.9


def test_playouts_of_a_forced_ending_score_as_the_engine() -> None:
    """With one card left each the playout is forced, so every playout must score what the engine scores."""
    rules = Rules.preset("standard", nil_tricks_count_for_partner=True)
    rng = random.Random(7)
    for _ in range(10):
        game = random_position(rules, rng)
        while len(game.tricks) < 12:
            game.apply(rng.choice(game.legal_actions()))
        state = kernel.state_from_game(game)
        before = state.copy()
        points, bags = kernel.random_playouts(state, kernel.rules_array(rules), 50, rng.randrange(1 << 30))
        assert np.array_equal(state, before), "playouts must not change the position they start from"
        while not game.results:
            game.apply(game.legal_actions()[0])
        expected = [s.points for s in game.results[-1].sides]
        assert (points[:, :2] == expected).all()
        assert (bags[:, :2] == [s.total_bags for s in game.results[-1].sides]).all()
        margins = kernel.playout_margins(state, kernel.rules_array(rules), 5, 1, 1)
        assert np.allclose(margins, expected[1] - expected[0])


def test_random_playouts_follow_the_seed_and_vary() -> None:
    rules = Rules.preset("standard")
    game = random_position(rules, random.Random(3))
    state = kernel.state_from_game(game)
    k_rules = kernel.rules_array(rules)
    first, _ = kernel.random_playouts(state, k_rules, 200, 11)
    again, _ = kernel.random_playouts(state, k_rules, 200, 11)
    other, _ = kernel.random_playouts(state, k_rules, 200, 12)
    assert np.array_equal(first, again)
    assert not np.array_equal(first, other)
    assert len({tuple(row) for row in first.tolist()}) > 10


@pytest.mark.parametrize(("variant", "options"), [("standard", {}), ("two_player", {}), ("three_player", {}),
                                                  ("five_player", {"jokers": "big_little"}), ("six_player", {}),
                                                  ("standard", {"jokers": "jjdd"})])
def test_random_deals_are_whole_hands(variant: str, options: dict[str, object]) -> None:
    rules = Rules.preset(variant, **options)
    size = rules.hand_size
    k_rules = kernel.rules_array(rules)
    state = np.zeros(L.STATE_SIZE, dtype=np.int64)
    rng = kernel.make_rng(5)
    seen_first_card = set()
    for dealer in range(20):
        kernel.deal_random(state, k_rules, rng, dealer % rules.players)
        hands = [int(h) for h in state[L.HAND:L.HAND + rules.players]]
        assert all(h.bit_count() == size for h in hands)
        assert sum(hands).bit_count() == size * rules.players  # no card twice
        assert not sum(hands) & ~rules.pack
        assert int(state[L.PHASE]) == L.PHASE_BID
        assert int(state[L.TURN]) == (dealer % rules.players + 1) % rules.players
        seen_first_card.add(hands[0])
    assert len(seen_first_card) == 20
    total = kernel.random_hands(k_rules, 500, 9)
    assert np.array_equal(total, kernel.random_hands(k_rules, 500, 9))
    assert total[rules.sides:].tolist() == [0] * (L.MAX_SEATS - rules.sides)


def test_compiled_code_is_cached_beside_the_source_or_in_the_user_cache(tmp_path: Path) -> None:
    package = tmp_path / "kernel"
    package.mkdir()
    (package / "core.py").write_text("x = 1\n")
    first = kernel.cache_dir_for(package, {})
    assert first is not None and Path(first).parent == package / "__pycache__" and Path(first).is_dir()
    assert kernel.cache_dir_for(package, {}) == first  # same sources, same cache
    (package / "core.py").write_text("x = 2\n")
    second = kernel.cache_dir_for(package, {})
    assert second != first and Path(second).is_dir()
    assert not Path(first).exists()  # the cache of the old sources is cleared away
    assert kernel.cache_dir_for(package, {"NUMBA_CACHE_DIR": "/elsewhere"}) is None
    unwritable = tmp_path / "read-only"
    unwritable.mkdir()
    (unwritable / "__pycache__").write_text("")  # __pycache__ cannot be a directory, as in a read-only install
    fallback = kernel.cache_dir_for(unwritable, {})
    assert fallback is not None and "spades" in fallback and Path(fallback).is_dir()


def test_import_spades_does_not_import_numba() -> None:
    code = "import sys, spades, spades.cli; spades.cli.build_parser(); print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def engine_margin(game: Game, side: int) -> float:
    """Brute force through the engine: the value of the position for ``side``, its seats maximizing the margin
    of the hand's points over the other sides' mean, the other seats minimizing it."""
    if game.results:
        points = [s.points for s in game.results[-1].sides]
        others = [p for i, p in enumerate(points) if i != side]
        return points[side] - sum(others) / len(others)
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply(action)
        values.append(engine_margin(child, side))
    return max(values) if game.rules.side_of(game.turn) == side else min(values)


SOLVER_CONFIGS = [("standard", {}), ("standard", {"nil_tricks_count_for_partner": True}), ("solo", {}),
                  ("two_player", {}), ("suicide", {})]


@pytest.mark.parametrize(("variant", "options"), SOLVER_CONFIGS)
def test_solver_finds_the_engines_best_values(variant: str, options: dict[str, object]) -> None:
    rules = Rules.preset(variant, **options)
    k_rules = kernel.rules_array(rules)
    rng = random.Random(f"solver:{variant}")
    for round_ in range(6):
        tricks_left = 2 if rules.players == 4 and round_ % 3 else 3
        in_trick = round_ % rules.players  # cards already played to the trick in progress
        game = random_position(rules, rng)
        while game.phase is Phase.BID or len(game.tricks) < 13 - tricks_left or len(game.trick) < in_trick:
            game.apply(rng.choice(game.legal_actions()))
        assert not game.results
        side = rng.randrange(rules.sides)
        values = kernel.solve_cards(kernel.state_from_game(game), k_rules, side)
        legal = game.legal_actions()
        assert sorted(int(c) for c in np.flatnonzero(~np.isnan(values))) == sorted(int(c) for c in legal)
        for card in legal:
            child = game.clone()
            child.apply(card)
            assert values[card] == pytest.approx(engine_margin(child, side)), f"{variant}: {card}"


def test_move_values_of_a_forced_ending_are_the_engines_scores() -> None:
    rules = Rules.preset("solo")
    k_rules = kernel.rules_array(rules)
    rng = random.Random(11)
    games = []
    for _ in range(4):
        game = random_position(rules, rng)
        while game.phase is Phase.BID or len(game.tricks) < 12:
            game.apply(rng.choice(game.legal_actions()))
        games.append(game)
    states = np.stack([kernel.state_from_game(g) for g in games])
    side = 2
    values = kernel.move_values(states, k_rules, side, 3, 5)
    for row, game in enumerate(games):
        (card,) = game.legal_actions()
        assert np.flatnonzero(~np.isnan(values[row])).tolist() == [int(card)]
        assert values[row, card] == pytest.approx(engine_margin(game, side))


def test_move_values_while_bidding_cover_exactly_the_legal_bids() -> None:
    rules = Rules.preset("standard", min_team_bid=4)
    rng = random.Random(2)
    game = random_position(rules, rng)
    game.apply(game.legal_actions()[1])  # a bid of 1: the partner must now bring the team to 4
    game.apply(rng.choice(game.legal_actions()))
    state = kernel.state_from_game(game)
    values = kernel.move_values(state[None, :], kernel.rules_array(rules), 0, 20, 1)
    legal = [kernel.kernel_action(b) for b in game.legal_actions()]
    assert np.flatnonzero(~np.isnan(values[0])).tolist() == legal == list(range(3, 14))
    again = kernel.move_values(state[None, :], kernel.rules_array(rules), 0, 20, 1)
    assert np.array_equal(values, again, equal_nan=True)


@pytest.mark.parametrize(("variant", "options"), CONFIGS[::3], ids=[v for v, _ in CONFIGS[::3]])
def test_rule_of_thumb_choices_are_legal(variant: str, options: dict[str, object]) -> None:
    from spades.kernel.policy import greedy_bid, greedy_card

    rules = Rules.preset(variant, **options)
    k_rules = kernel.rules_array(rules)
    rng = random.Random(f"greedy:{variant}")
    for _ in range(10):
        state = kernel.state_from_game(random_position(rules, rng))
        while int(state[L.PHASE]) != L.PHASE_DONE:
            mask = int(kernel.legal_mask(state, k_rules))
            bidding = int(state[L.PHASE]) == L.PHASE_BID
            choice = greedy_bid(state, k_rules) if bidding else greedy_card(state, k_rules)
            assert mask >> choice & 1, f"{variant}: {choice} is not legal"
            legal = [i for i in range(64) if mask >> i & 1]
            kernel.apply(state, k_rules, rng.choice([choice, *legal]))


def test_rule_of_thumb_player_beats_random_play() -> None:
    """North-South play by the rules of thumb, East-West at random: North-South must come out well ahead."""
    from spades.kernel.policy import greedy_bid, greedy_card

    rules = Rules.preset("standard")
    k_rules = kernel.rules_array(rules)
    rng = random.Random(4)
    margins = []
    for _ in range(200):
        state = kernel.state_from_game(random_position(rules, rng))
        while int(state[L.PHASE]) != L.PHASE_DONE:
            if int(state[L.TURN]) % 2 == 0:
                bidding = int(state[L.PHASE]) == L.PHASE_BID
                action = greedy_bid(state, k_rules) if bidding else greedy_card(state, k_rules)
            else:
                action = kernel.random_action(state, k_rules, kernel.make_rng(rng.randrange(1 << 40)))
            kernel.apply(state, k_rules, action)
        margins.append(kernel.margin(state, k_rules, 0))
    assert sum(margins) / len(margins) > 50


def test_greedy_playouts_differ_from_random_ones() -> None:
    rules = Rules.preset("standard")
    k_rules = kernel.rules_array(rules)
    state = kernel.state_from_game(random_position(rules, random.Random(8)))
    calm, _ = kernel.random_playouts(state, k_rules, 300, 1, 100)
    wild, _ = kernel.random_playouts(state, k_rules, 300, 1)
    # rule-of-thumb bidders make their contracts far more often than random ones: fewer big losses
    assert calm[:, :2].mean() > wild[:, :2].mean() + 30


def test_the_kernel_cache_directory_holds_even_when_numba_was_imported_first(tmp_path: Path) -> None:
    """A caller that imported numba before the kernel (a test collector, a notebook) would otherwise have numba
    cache beside the sources, while every child process looks in the kernel's directory and finds nothing."""
    code = ("import os, numba, numba.core.config as c; import spades.kernel; "
            "print(c.CACHE_DIR == os.environ['NUMBA_CACHE_DIR'] != '')")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
    assert out.stdout.strip() == "True", out.stderr


def test_one_solver_serves_the_kernel_and_the_search() -> None:
    """``solve_cards`` (margins) is the search's ``solve`` with the value's parameters at the plain margin."""
    from spades.kernel.solver import solve
    from spades.kernel.value import margin_params

    rules = Rules.preset("standard")
    k_rules = kernel.rules_array(rules)
    rng = random.Random("one solver")
    for _ in range(4):
        game = random_position(rules, rng)
        while game.phase is Phase.BID or len(game.tricks) < 10:
            game.apply(rng.choice(game.legal_actions()))
        state = kernel.state_from_game(game)
        side = rng.randrange(rules.sides)
        values = kernel.solve_cards(state, k_rules, side)
        for card in game.legal_actions():
            child = state.copy()
            kernel.apply(child, k_rules, int(card))
            assert values[int(card)] == solve(child, k_rules, margin_params(side))
