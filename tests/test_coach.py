"""The coach (:mod:`spades.coach`): what a played hand's own choices cost against the search's, and why.

Hands are played by the engine with the computer in every seat; the reviewed seat plays a chosen blunder (a Nil
thrown away, a bid of everything on a weak hand, random cards), plays as the very search the coach asks, or plays
as the rule player. Every reason the coach gives is checked against the seat's view with the hint-fact checker.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from spades import VARIANTS, Bid, Card, Game, Rules
from spades.actions import Action
from spades.bots import Hint, bot_seed, make_bot
from spades.cli import main
from spades.coach import (
    MENTION,
    MOST,
    Review,
    decisions,
    lesson_line,
    review_hand,
    review_words,
    search_player,
)
from spades.record import save_record
from spades.tricks import beats, winning_play
from spades.view import SeatView
from test_hint_facts import check_hint

Policy = Callable[[SeatView, Action], Action]  # the reviewed seat's action, given the rule player's


def human_of(rules: Rules) -> int:
    return 1 if rules.players == 2 else 2


def play_hand(rules: Rules, seed: int | str, policy: Policy) -> Game:
    """One hand (``hands=1`` rules) with the normal player in every seat, the reviewed seat's actions by
    ``policy``."""
    game = Game(rules, seed)
    bots = [make_bot("normal", seed=bot_seed(seed, "p", s)) for s in range(rules.players)]
    human = human_of(rules)
    while not game.over:
        view = game.view(game.turn)
        action = bots[game.turn].act(view)
        game.apply(policy(view, action) if game.turn == human else action)
    return game


def check_review(review: Review) -> None:
    """At most three lessons, costliest first, each worth a word, each at the trick it names, each reason's facts
    true in the view."""
    assert len(review.lessons) <= MOST and review.costly >= len(review.lessons)
    costs = [lesson.cost for lesson in review.lessons]
    assert costs == sorted(costs, reverse=True)
    for lesson in review.lessons:
        view = lesson.view
        assert view is not None
        assert lesson.cost >= MENTION and lesson.cost > 2 * lesson.error
        assert lesson.action in view.legal and lesson.better in view.legal and lesson.better != lesson.action
        assert lesson.trick == (view.trick_number if isinstance(lesson.action, Card) else None)
        check_hint(view, Hint(lesson.better, lesson.reason, lesson.facts), "coach")


def test_a_thrown_away_nil_costs_a_lot_and_the_better_card_ducks() -> None:
    rules = Rules.preset("standard", hands=1)
    thrown: list[tuple[int, Card, Card]] = []

    def nil_then_take_a_trick(view: SeatView, action: Action) -> Action:
        if view.phase == "bid":
            return Bid.of(0)
        cards = [c for c in view.legal if isinstance(c, Card)]
        if view.trick and not thrown and view.tricks_won[view.seat] == 0:
            best = winning_play(view.trick)[1]
            winners = [c for c in cards if beats(c, best)]
            if winners and len(winners) < len(cards) and len(view.trick) == view.players - 1:
                thrown.append((view.trick_number, max(winners), best))
                return max(winners)
        return action

    game = play_hand(rules, 19, nil_then_take_a_trick)
    assert thrown
    number, card, beaten = thrown[0]
    review = review_hand(game, 1, 2)
    check_review(review)
    lesson = next(lesson for lesson in review.lessons if lesson.trick == number)
    assert lesson.action == card and lesson.cost >= 50
    assert isinstance(lesson.better, Card) and not beats(lesson.better, beaten)
    assert lesson_line(lesson).startswith(f"Trick {number}: the {card.name} cost about {round(lesson.cost)} points;")


@pytest.mark.parametrize("variant", ["standard", "solo", "two_player"])
def test_bidding_everything_on_a_weak_hand_is_told(variant: str) -> None:
    rules = Rules.preset(variant, hands=1)

    def bid_the_most(view: SeatView, action: Action) -> Action:
        if view.phase == "bid":
            return max((b for b in view.legal if isinstance(b, Bid) and not b.blind), key=lambda b: b.value)
        return action

    for seed in range(20):
        game = play_hand(rules, seed, bid_the_most)
        bids = [a for v, a in decisions(game, 1, human_of(rules)) if isinstance(a, Bid)]
        if bids and bids[0].value >= 10:
            break
    review = review_hand(game, 1, human_of(rules))
    check_review(review)
    lesson = review.lessons[0]
    assert lesson.trick is None and lesson.action == bids[0] and lesson.cost >= 50
    assert isinstance(lesson.better, Bid) and lesson.better.value < bids[0].value
    assert review_words(review)[1].startswith(f"Bidding: your bid of {bids[0].value} cost about ")


@pytest.mark.parametrize("variant", ["standard", "solo", "two_player"])
def test_a_hand_played_by_the_search_itself_costs_nothing(variant: str) -> None:
    """The seat plays exactly what the coach's search chooses: rebuilt view by view from the record, the coach
    must find the same choices, and so nothing to tell, in one line."""
    rules = Rules.preset(variant, hands=1)
    searcher = search_player(Game(rules, 5), human_of(rules))

    def as_the_search(view: SeatView, action: Action) -> Action:
        return searcher.act(view) if view.phase in ("bid", "play") and len(view.legal) > 1 else action

    game = play_hand(rules, 5, as_the_search)
    review = review_hand(game, 1, human_of(rules))
    assert review.checked >= 8 and review.lessons == ()
    words = review_words(review)
    assert len(words) == 1 and "none of your" in words[0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_preset_is_reviewed_with_true_reasons(variant: str) -> None:
    rules = Rules.preset(variant, hands=1)
    rng = random.Random(variant)

    def careless(view: SeatView, action: Action) -> Action:
        return rng.choice(view.legal) if rng.random() < 0.4 and view.phase == "play" else action

    game = play_hand(rules, f"coach:{variant}", careless)
    review = review_hand(game, 1, human_of(rules))
    assert review.checked >= 6
    check_review(review)
    assert review_hand(game, 1, human_of(rules)) == review  # the same record always gets the same review
    words = review_words(review)
    assert len(words) == (1 + len(review.lessons) if review.lessons else 1)


NEW_RULE_SETS: list[tuple[str, dict[str, object]]] = [
    ("three_player", {"jokers": "big_little"}),
    ("six_partners", {"teams": "threes"}),
    ("standard", {"jokers": "jjdd"}),
    ("standard", {"jokers": "big_little", "nil_pass": 2}),
    ("two_player", {"face_down_discards": True}),
    ("standard", {"no_bags": True}),
]


@pytest.mark.parametrize(("variant", "options"), NEW_RULE_SETS, ids=[f"{v}-{'-'.join(o)}" for v, o in NEW_RULE_SETS])
def test_every_new_rule_set_is_reviewed_with_true_reasons(variant: str, options: dict[str, object]) -> None:
    """Jokers (the JJDD order too), teams of three, a Nil pass (whose cards the coach leaves alone), face-down
    discards and no bags: reviewed as any preset, the same every time."""
    rules = Rules.preset(variant, hands=1, **options)
    rng = random.Random(f"{variant}:{options}")

    def careless(view: SeatView, action: Action) -> Action:
        if view.phase == "bid" and rules.nil_pass and view.seat == human_of(rules) and Bid.of(0) in view.legal:
            return Bid.of(0)  # a Nil, so that the hand has a pass
        return rng.choice(view.legal) if rng.random() < 0.4 and view.phase == "play" else action

    game = play_hand(rules, f"coach:{variant}:{options}", careless)
    review = review_hand(game, 1, human_of(rules))
    assert review.checked >= 4
    check_review(review)
    assert review_hand(game, 1, human_of(rules)) == review


def test_decisions_rebuild_the_seat_s_views() -> None:
    rules = Rules.preset("standard", hands=1)
    game = play_hand(rules, 8, lambda view, action: action)
    seen = list(decisions(game, 1, 2))
    assert len(seen) == 14  # one bid, thirteen cards
    replay = Game(rules, 8)
    for view, action in seen:
        while replay.turn != 2:
            replay.apply(game.actions[len(replay.actions)])
        assert replay.view(2) == view
        replay.apply(action)


def test_replay_review_prints_the_coach_for_the_seat_a_person_played(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    rules = Rules.preset("standard", hands=2)
    game = Game(rules, 12)
    bots = [make_bot("normal", seed=bot_seed(12, "p", s)) for s in range(4)]
    while not game.over:
        view = game.view(game.turn)
        game.apply(bots[game.turn].act(view))
    path = tmp_path / "game.json"
    save_record(game, path, {"human": 3})
    assert main(["replay", str(path), "--review"]) == 0
    out = capsys.readouterr().out.splitlines()
    expected = [line for hand in (1, 2) for line in review_words(review_hand(game, hand, 3))]
    assert out == ["The coach's review of West's bids and cards.", *expected]
    assert main(["replay", str(path), "--review", "--hand", "2", "--seat", "N"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out == ["The coach's review of North's bids and cards.", *review_words(review_hand(game, 2, 0))]
    assert main(["replay", str(path), "--review", "--seat", "X"]) != 0
    assert "--seat 'X' is not a seat" in capsys.readouterr().err
    assert main(["replay", str(path), "--review", "--hand", "7"]) != 0
    assert "--hand 7" in capsys.readouterr().err


def test_bench_coach_times_a_review_of_every_preset() -> None:
    from spades.benchmarks import targets

    module = targets()["coach"]
    result = module.run(0.01)
    assert result["hands"] == len(VARIANTS) and result["first_review"] > 0
    assert set(result["presets"]) == set(VARIANTS) - {VARIANTS[0]}  # the first review is reported apart
    text = module.report(result)
    assert f"median {result['median']:.2f} s, worst {result['worst']:.2f} s" in text


def test_cards_with_nothing_unseen_between_them_play_the_same() -> None:
    """Playing the three of spades rather than the four, holding both, costs nothing and is never told; with the
    five of spades in another hand, the four and the six are different plays."""
    from spades.cards import CardSet
    from spades.coach import _same_play

    hands = [CardSet.parse(text) for text in (
        "AS KS QS JS 10S 9S 8S 7S AH KH QH JH 10H",
        "5S 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC",
        "3S 4S 6S 2S AC 2D 3D 4D 5D 6D 7D 8D 9D",
        "10D JD QD KD AD 2H 3H 4H 5H 6H 7H 8H 9H",
    )]
    view = Game.from_deal(Rules(), hands, dealer=3).view(2)
    card = Card.parse
    assert _same_play(view, card("3S"), card("4S")) and _same_play(view, card("2S"), card("4S"))
    assert not _same_play(view, card("4S"), card("6S"))
    assert not _same_play(view, card("3S"), card("3D")) and not _same_play(view, Bid.of(3), Bid.of(4))


def test_a_line_states_one_figure_the_cost() -> None:
    """Where the search overrules the rule player, its own sentence carries figures from its own sample (a gain
    over the rule choice, a mean, a count of deals) that differ from the cost measured on the coach's paired sample;
    the line says the cost alone, and the reason only what the search preferred."""
    rules = Rules.preset("standard", hands=1)
    game = play_hand(rules, 0, lambda view, action: Bid.of(0) if view.phase == "bid" else action)
    review = review_hand(game, 1, 2)
    check_review(review)
    lesson = review.lessons[0]
    assert lesson.trick is None and lesson.action == Bid.of(0)
    line = lesson_line(lesson)
    assert line == (f"Bidding: your Nil cost about {round(lesson.cost)} points; better a bid of "
                    f"{lesson.better.value}. Why: the search prefers a bid of {lesson.better.value} to the rule "  # type: ignore[union-attr]
                    f"player's bid of 1, playing out sampled deals of the unseen cards.")
    assert len(re.findall(r"\bpoints?\b", line)) == 1 and not re.search(r"[+-]\d|\d+ sampled", line)


def test_a_card_that_differs_in_the_trick_is_told_by_what_it_does_there() -> None:
    """Where the player's card and the better one do different things to the trick in progress (one goes over the
    winning card, the other stays under it), the reason says so in facts of the view, not only that the search
    preferred it: over partner's winning card, under an opponent's, and whether the seat's own Nil still stands."""
    from spades.coach import _trick_reason

    told = {"partner": 0, "stays under": 0, "beats it": 0}
    for variant in ("standard", "suicide", "solo"):
        for index in range(6):
            game = Game(Rules.preset(variant), f"trick-reason:{variant}:{index}")
            bots = [make_bot("normal", seed=bot_seed(game.seed, "p", s)) for s in range(game.rules.players)]
            while not game.over and len(game.starts) == 1:
                view = game.view(game.turn)
                winning = view.winning
                cards = [c for c in view.legal if isinstance(c, Card)]
                if winning is not None:
                    over = [c for c in cards if beats(c, winning[1])]
                    under = [c for c in cards if not beats(c, winning[1])]
                    for action, better in ((over[:1] + under[:1]), (under[:1] + over[:1])) if over and under else ():
                        said = _trick_reason(view, action, better)
                        assert said is not None or (beats(better, winning[1]) and (
                            (winning[0] == view.partner and view.rules.partnerships)
                            or (view.bids[view.seat] == Bid(0) and view.tricks_won[view.seat] == 0))), view
                        if said is None:
                            continue
                        reason, facts = said
                        check_hint(view, Hint(better, reason, facts), "coach")
                        assert better.name in reason and action.name in reason
                        told["partner" if reason.startswith("partner's") else
                             "stays under" if "stays under" in reason else "beats it"] += 1
                game.apply(bots[game.turn].act(view))
    assert all(count > 0 for count in told.values()), told
