"""The learned playout player (spades.search.learned): with the rule weight alone it is the rule player move for
move, in the search's loops too; its features say what they claim; the shipped weights are checked and change the
last tricks' play only; the training command writes a file the players read; the levels `learned` and
`hard-learned` play legally."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import numpy as np
import pytest

from spades import Game, Rules
from spades.bots import make_bot
from spades.errors import PolicyFileError
from spades.game import Phase
from spades.kernel import layout as L
from spades.kernel.bridge import rules_array, state_from_game
from spades.kernel.core import legal_cards, make_rng
from spades.search.learned import BUF_SIZE, FEATURES, LEARNED_TRICKS, N_FEATURES, card_features, learned_card, play_with
from spades.search.policy import play_policy, policy_card
from spades.search.train import make_data
from spades.search.weights import WEIGHTS_FILE, parse_weights, rule_weights, shipped_weights, weights_json
from test_kernel import CONFIGS, random_position

F = {name: i for i, name in enumerate(FEATURES)}


def _positions(rules: Rules, count: int, seed: str) -> list[np.ndarray]:
    """Kernel states of random positions: a fresh hand, then random legal actions, stopped anywhere from the bids
    to the last trick."""
    rng = random.Random(seed)
    states = []
    for _ in range(count):
        game = random_position(rules, rng)
        stop = rng.randrange(rules.players + rules.hand_size * rules.players)
        for _ in range(stop):
            if game.over or game.hand_number > 1:
                break
            game.apply(rng.choice(game.view(game.turn).legal))
        if game.phase in (Phase.BID, Phase.PLAY) and game.hand_number == 1:  # the kernel's phases
            states.append(state_from_game(game))
    return states


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=[v for v, _ in CONFIGS])
def test_the_rule_weight_alone_plays_the_rules_move_for_move(variant: str, options: dict[str, object]) -> None:
    rules = Rules.preset(variant, **options)
    r = rules_array(rules)
    weights = rule_weights()
    buf = np.empty(BUF_SIZE)
    for i, state in enumerate(_positions(rules, 16, f"learned:{variant}")):
        for noise in (0, 12):
            by_rules, learned = state.copy(), state.copy()
            play_policy(by_rules, r, make_rng(i), noise)
            play_with(learned, r, make_rng(i), noise, weights, buf)
            assert np.array_equal(by_rules, learned), f"{variant}, position {i}, noise {noise}"
            empty = state.copy()
            play_with(empty, r, make_rng(i), noise, np.zeros(0), buf)
            assert np.array_equal(by_rules, empty)


@pytest.mark.parametrize("variant", ["standard", "solo", "six_partners"])
def test_the_search_with_the_rule_weight_values_every_action_as_with_the_rules(variant: str) -> None:
    from spades.search.pimc import evaluate_bids, evaluate_cards
    from spades.search.reward import reward_params
    from spades.search.sampler import Sampler
    from spades.search.search import sampled_states

    rules = Rules.preset(variant)
    r = rules_array(rules)
    rng = random.Random(5)
    checked = {Phase.BID: 0, Phase.PLAY: 0}
    while min(checked.values()) < 4:
        game = random_position(rules, rng)
        for _ in range(rng.randrange(rules.players + rules.hand_size * rules.players)):
            if game.phase not in checked or game.hand_number > 1:
                break
            game.apply(rng.choice(game.view(game.turn).legal))
        view = game.view(game.turn)
        if game.phase not in checked or game.hand_number > 1 or len(view.legal) < 2:
            continue
        states = sampled_states(view, Sampler.from_view(view), rng, 4)
        p = reward_params(view)
        if game.phase is Phase.PLAY:
            mask = sum(1 << int(card) for card in view.legal)
            a = evaluate_cards(states, r, p, mask, 3, 7, 12, 1, np.zeros(0))
            b = evaluate_cards(states, r, p, mask, 3, 7, 12, 1, rule_weights())
        else:
            mask = sum(1 << bid.value for bid in view.legal if getattr(bid, "blind", True) is False)
            a = evaluate_bids(states, r, p, mask, 3, 7, 12, np.zeros(0))
            b = evaluate_bids(states, r, p, mask, 3, 7, 12, rule_weights())
        assert np.array_equal(a, b, equal_nan=True)
        assert np.isfinite(a[0, [c for c in range(64) if mask >> c & 1]]).all()
        checked[game.phase] += 1


def test_the_features_say_what_they_claim() -> None:
    rules = Rules.preset("standard")
    r = rules_array(rules)
    trumps = int(r[L.R_TRUMPS])
    buf = np.empty(BUF_SIZE)
    seen = set()
    for i, state in enumerate(_positions(rules, 200, "features")):
        if int(state[L.PHASE]) != L.PHASE_PLAY:
            continue
        legal = int(legal_cards(state, r))
        rule = int(policy_card(state, r, make_rng(0), 0))
        lead = int(state[L.TRICK_LEN]) == 0
        rows = []
        for card in (c for c in range(52) if legal >> c & 1):
            card_features(state, r, card, rule, buf)
            f = buf[:N_FEATURES].copy()
            rows.append(f)
            assert np.all((f >= 0) & (f <= 1)), f"position {i}, card {card}: {f}"
            assert f[F["rule"]] == (card == rule)
            assert f[F["trump"]] == (trumps >> card & 1)
            assert f[F["face"]] == pytest.approx((card % 13) / 12)
            assert f[F["holds"]] <= f[F["wins"]]
            if lead:
                assert f[F["wins"]] == 1 and f[F["discard"]] == 0 and f[F["ruff"]] == 0
            else:
                assert f[F["lead_length"]] == f[F["lead_void_opps"]] == f[F["lead_void_partner"]] == 0
                assert not (f[F["discard"]] and f[F["ruff"]])
                seen.add("follow")
            assert f[F["need_wins"]] + f[F["made_wins"]] == f[F["wins"]]
            assert f[F["last"]] == (int(state[L.TRICK_LEN]) == 3)
            seen.update(name for name in FEATURES if f[F[name]])
        assert sum(row[F["rule"]] for row in rows) == 1
    assert seen >= set(FEATURES) - {"cover_wins", "cover_face", "nil_wins", "nil_face", "target_wins"}


def test_the_shipped_weights_change_the_last_tricks_only_and_say_how_they_were_made() -> None:
    from importlib import resources

    text = resources.files("spades.search").joinpath(WEIGHTS_FILE).read_text(encoding="utf-8")
    made_by = json.loads(text)["made_by"]
    assert made_by["command"].startswith("spades train-playouts --seed 1 ")
    assert made_by["held_out_gain"] > 0 and made_by["learned_tricks"] == LEARNED_TRICKS
    weights = shipped_weights()
    rules = Rules.preset("standard")
    r = rules_array(rules)
    buf = np.empty(BUF_SIZE)
    differ = {True: 0, False: 0}
    for state in _positions(rules, 400, "shipped"):
        if int(state[L.PHASE]) != L.PHASE_PLAY:
            continue
        late = 13 - int(state[L.TRICKS_DONE]) <= LEARNED_TRICKS
        card = int(learned_card(state, r, make_rng(1), 0, weights, buf))
        assert int(legal_cards(state, r)) >> card & 1
        differ[late] += card != int(policy_card(state, r, make_rng(1), 0))
    assert differ[False] == 0 and differ[True] > 0, differ


@pytest.mark.parametrize(("change", "said"), [
    (lambda d: "{", "not JSON"),
    (lambda d: json.dumps([1, 2]), "no list of weights"),
    (lambda d: json.dumps({**d, "features": d["features"][::-1]}), "features are not this version's"),
    (lambda d: json.dumps({**d, "hidden": 8}), "a hidden layer of 16 units expected"),
    (lambda d: json.dumps({**d, "weights": d["weights"][:-1]}), "numbers expected as weights"),
    (lambda d: json.dumps({**d, "weights": ["a", *d["weights"][1:]]}), "numbers expected as weights"),
    (lambda d: json.dumps({**d, "weights": [float("nan"), *d["weights"][1:]]}), "not a finite number"),
])
def test_a_bad_weights_file_is_refused_by_what_is_wrong(change: object, said: str) -> None:
    good = json.loads(weights_json(rule_weights(), {"command": "test"}))
    assert np.array_equal(parse_weights(json.dumps(good), "good.json"), rule_weights())
    with pytest.raises(PolicyFileError, match=said):
        parse_weights(change(good), "bad.json")  # type: ignore[operator]


def test_the_teachers_data_follow_the_seed_and_value_the_last_tricks_exactly() -> None:
    rules = Rules.preset("standard")
    one, again, other = (make_data(rules, seed, 12) for seed in (3, 3, 4))
    assert np.array_equal(one.x, again.x) and np.array_equal(one.value, again.value)
    assert not np.array_equal(one.value[:50], other.value[:50])
    assert one.positions > 12 * 4 * 3
    # the rows add up; each position marks the rule player's card, and the solver finds a better card in some
    assert one.start[-1] == len(one.x) == len(one.value)
    assert np.all(one.x[one.rule, 0] == 1) and one.x[:, 0].sum() == one.positions
    best = np.maximum.reduceat(one.value, one.start[:-1])
    assert 0 < np.mean(best > one.value[one.rule] + 1e-9) < 0.5


def test_train_playouts_writes_a_file_the_players_read(tmp_path: object) -> None:
    from pathlib import Path

    out = Path(str(tmp_path)) / "w.json"
    run = subprocess.run([sys.executable, "-m", "spades", "train-playouts", "--seed", "2", "--hands", "15",
                          "--steps", "20", "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert "points a decision over the rules' card" in run.stdout and "held out" in run.stdout
    weights = parse_weights(out.read_text(), "w.json")
    assert weights.shape == rule_weights().shape
    assert json.loads(out.read_text())["made_by"]["command"] == \
        "spades train-playouts --seed 2 --hands 15 --steps 20"
    bad = subprocess.run([sys.executable, "-m", "spades", "train-playouts", "--hands", "0"], capture_output=True,
                         text=True, timeout=60)
    assert bad.returncode == 2 and "at least 1" in bad.stderr


@pytest.mark.parametrize("level", ["learned", "hard-learned"])
def test_the_learned_levels_play_a_hand_legally(level: str) -> None:
    rules = Rules.preset("standard", hands=1)
    game = Game(rules, f"levels:{level}")
    bots = [make_bot(level if seat % 2 == 0 else "normal", seed=seat, think="3i") for seat in range(4)]
    while not game.over:
        view = game.view(game.turn)
        hint = bots[game.turn].hint(view)
        assert hint.action in view.legal and hint.reason
        game.apply(hint.action)

