"""The model of players and the inference it drives: the kernel's replay of a hand follows the engine's, the
model reads only what the deciding seat saw, the weights file is checked and remade exactly, and the search's
deals stay deals of the view."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spades import Game, Rules
from spades.actions import Bid
from spades.errors import PolicyFileError
from spades.game import Phase
from spades.kernel.bridge import bid_code, state_from_view
from spades.kernel.core import apply_bid, apply_card
from spades.kernel.layout import HAND, TRICK, TRICK_LEN, TRICKS, TURN
from spades.search.fit_players import fit_model, played_hands
from spades.search.held_out import measure
from spades.search.inference import Evidence
from spades.search.players import N_MODEL
from spades.search.players_file import parse_players, players_json, shipped_players
from spades.search.sampler import Sampler

RULE_SETS: list[tuple[str, dict[str, object]]] = [
    *((variant, {}) for variant in ("standard", "whiz", "mirror", "suicide", "solo", "two_player", "three_player",
                                    "five_player", "six_player", "six_partners")),
    ("six_partners", {"teams": "threes"}), ("standard", {"jokers": "big_little"}), ("standard", {"jokers": "jjdd"}),
    ("standard", {"nil_pass": 2}), ("two_player", {"face_down_discards": True}),
    ("three_player", {"jokers": "big_little"}),
    ("standard", {"first_lead": "two_of_clubs"}),
]


def _walk(rules: Rules, seed: int, steps: int) -> Game | None:
    """A game of random moves (Nils often where a pass follows), stopped ``steps`` bids or cards in; None when it
    ended or stopped outside the bidding and the play."""
    game = Game(rules, seed=seed)
    rng = random.Random(seed)
    while not game.over and (game.phase in (Phase.DRAW, Phase.PASS) or steps > 0):
        if game.phase is Phase.BID and rules.nil_pass and rng.random() < 0.5 and Bid.of(0) in game.legal_actions():
            game.apply(Bid.of(0))
            continue
        if game.phase not in (Phase.DRAW, Phase.PASS):
            steps -= 1
        game.apply(rng.choice(game.legal_actions()))
    if game.over or game.phase in (Phase.DRAW, Phase.PASS):
        return None
    return game


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_set=st.sampled_from(RULE_SETS), seed=st.integers(0, 10_000), steps=st.integers(1, 80),
       seat=st.integers(0, 5))
def test_the_replay_of_a_hand_follows_the_engine(rule_set: tuple[str, dict[str, object]], seed: int, steps: int,
                                                  seat: int) -> None:
    """From the start states and the true hands, the kernel's replay has each recorded seat to move at its bid
    and its card, and ends where the engine stands: the model scores each decision on the state its seat saw."""
    variant, options = rule_set
    rules = Rules.preset(variant, hands=1, **options)
    game = _walk(rules, seed, steps)
    if game is None:
        return
    view = game.view(seat % rules.players)
    evidence = Evidence.from_view(view, range(rules.players))
    start = evidence.start_hands([list(game.hands)])[0]
    r = evidence.rules
    if evidence.cards.size:
        state = evidence.play_start.copy()
        for s in range(rules.players):
            state[HAND + s] = start[s]
        order = [seat_ for trick in view.tricks for seat_, _ in trick.plays(rules.players)] + \
                [seat_ for seat_, _ in view.trick]
        for who, card in zip(order, evidence.cards, strict=True):
            assert state[TURN] == who
            apply_card(state, r, int(card))
        now = state_from_view(view, list(game.hands))
        for field in [TURN, TRICK_LEN, *(TRICKS + s for s in range(rules.players)),
                      *(HAND + s for s in range(rules.players))]:
            assert state[field] == now[field], field
        for i in range(int(now[TRICK_LEN])):
            assert state[TRICK + i] == now[TRICK + i]
    if evidence.bids.size and not rules.one_nil_per_side:
        state = evidence.bid_start.copy()
        first = (view.dealer + 1) % rules.players
        for k, code in enumerate(evidence.bids):
            assert state[TURN] == (first + k) % rules.players
            assert code == bid_code(view.bids[(first + k) % rules.players])
            if k + 1 < len(evidence.bids):
                apply_bid(state, r, int(code))
    assert (evidence.logliks([list(game.hands)], shipped_players()) <= 1e-9).all()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_set=st.sampled_from(RULE_SETS), seed=st.integers(0, 10_000), steps=st.integers(4, 80),
       seat=st.integers(0, 5), pick=st.integers(0, 5))
def test_a_seat_is_read_from_its_own_view(rule_set: tuple[str, dict[str, object]], seed: int, steps: int,
                                          seat: int, pick: int) -> None:
    """The likelihood of one seat's decisions does not change when the cards the other seats still hold are
    shuffled among them: the model reads the seat's hand and what the table saw, never another hand."""
    variant, options = rule_set
    rules = Rules.preset(variant, hands=1, **options)
    game = _walk(rules, seed, steps)
    if game is None:
        return
    n = rules.players
    viewer = seat % n
    view = game.view(viewer)
    actor = (viewer + 1 + pick % (n - 1)) % n
    evidence = Evidence.from_view(view, [actor])
    hands = list(game.hands)
    others = [s for s in range(n) if s != actor]
    cards = [c for s in others for c in range(54) if hands[s] >> c & 1]
    random.Random(seed).shuffle(cards)
    shuffled = list(hands)
    i = 0
    for s in others:
        size = hands[s].bit_count()
        shuffled[s] = sum(1 << c for c in cards[i:i + size])
        i += size
    # the shuffle may give a seat a card it played: only deals whose replay holds are compared
    played = evidence.played_by
    if any(shuffled[s] & int(played[t]) for s in range(n) for t in range(n)):
        return
    model = shipped_players()
    try:
        other = evidence.logliks([shuffled], model)
    except ValueError:
        return  # a seat given no card of the suit it followed: not a deal of this view
    assert other[0] == pytest.approx(evidence.logliks([hands], model)[0], abs=1e-9)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(rule_set=st.sampled_from(RULE_SETS), seed=st.integers(0, 10_000), steps=st.integers(0, 60),
       seat=st.integers(0, 5))
def test_model_weighted_deals_fit_the_view(rule_set: tuple[str, dict[str, object]], seed: int, steps: int,
                                           seat: int) -> None:
    """The model only weighs deals: those it keeps hold this seat's hand, the unseen cards once each, and never a
    card played."""
    variant, options = rule_set
    rules = Rules.preset(variant, hands=1, **options)
    game = _walk(rules, seed, steps)
    if game is None:
        return
    seat %= rules.players
    view = game.view(seat)
    sampler = Sampler.from_view(view, shipped_players())
    weights = sampler.weights([list(game.hands)])
    assert 0 < weights[0] <= 1
    for hands in sampler.deals(random.Random(seed), 12):
        assert hands[seat] == game.hands[seat]
        assert not sum(hands) & int(view.played)
        assert [h.bit_count() for h in hands] == [h.bit_count() for h in game.hands]


def test_the_shipped_weights_parse_and_write_back_the_same() -> None:
    from importlib import resources

    text = resources.files("spades.search").joinpath("players.json").read_text(encoding="utf-8")
    weights = parse_players(text, "players.json")
    assert weights.shape == (N_MODEL,)
    assert players_json(weights, json.loads(text)["made_by"]) == text


@pytest.mark.parametrize("change,message", [
    (lambda d: d.pop("weights"), "no list of weights"),
    (lambda d: d.update(weights=d["weights"][:-1]), "numbers expected"),
    (lambda d: d.update(card_features=d["card_features"][::-1]), "card features are not this version's"),
    (lambda d: d.update(weights=[*d["weights"][:-1], "x"]), "numbers expected"),
])
def test_a_bad_weights_file_is_refused_with_the_reason(change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = json.loads(players_json(np.zeros(N_MODEL), {}))
    change(data)
    with pytest.raises(PolicyFileError, match=message):
        parse_players(json.dumps(data), "bad.json")
    with pytest.raises(PolicyFileError, match="not JSON"):
        parse_players("{", "bad.json")


def test_the_fit_is_the_same_from_the_same_hands() -> None:
    """The data replay from their seed and the fits are Newton's method, so the same hands give the same file."""
    first = played_hands(Rules(), "fit-test", 6, "4i")
    second = played_hands(Rules(), "fit-test", 6, "4i")
    a, b = fit_model(first), fit_model(second)
    assert players_json(a.weights, {}) == players_json(b.weights, {})
    assert a.rows.cards.decisions > 100 and a.rows.bids.decisions > 10


def test_the_held_out_measure_scores_every_weighting() -> None:
    positions = []
    for seed in range(6):
        game = _walk(Rules(), seed, 30)
        assert game is not None
        if game.phase is Phase.PLAY:
            positions.append((game.view(game.turn), tuple(game.hands)))
    places = measure(positions, shipped_players(), [0.0, 0.5], 40, 1)
    names = [p.name for p in places]
    assert names[0] == "none" and len(places) == 4
    for place in places:
        assert place.log_p and all(-10 < v < 0 for v in place.log_p)
        assert 0 <= place.share_right <= 1
    assert places[2].log_p == pytest.approx(places[0].log_p)  # temper 0: every deal weighs the same


def test_the_commands_fit_write_and_measure(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """``spades train-inference`` writes a weights file the checks accept, and ``spades inference`` reads it and
    prints each weighting's figures."""
    from spades.cli import main

    out = tmp_path / "players.json"
    assert main(["train-inference", "--seed", "5", "--hands", "16", "--jobs", "1", "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    parse_players(text, "players.json")
    assert json.loads(text)["made_by"]["command"] == "spades train-inference --seed 5 --hands 16"
    assert main(["inference", "--hands", "2", "--deals", "20", "--weights", str(out)]) == 0
    printed = capsys.readouterr().out
    assert "hand-set rules (today)" in printed and "model, temper 0.5 against today's" in printed
    assert main(["inference", "--hands", "0"]) == 2
