"""The game: dealing, play rules with their reasons, trick winners, end of the game, dealer rotation, bags carried
across hands, and the two-player draw."""

import random

import pytest

from engine_support import bid_in_turn, hand, play_hand, random_game, snapshot
from spades import (
    NIL,
    VARIANTS,
    Bid,
    Card,
    CardPlayed,
    CardSet,
    Choice,
    Drew,
    Game,
    GameOver,
    HandScored,
    HandStarted,
    IllegalAction,
    Phase,
    Rules,
    SpadesBroken,
    TrickWon,
)
from spades.game import deck_for, first_dealer, game_end
from spades.scoring import score_hand

C = Card.parse

# North: two top spades and plain suits; East: two spades; South: nine spades and four hearts; West: no spade.
HANDS = [
    hand("AS KS AH KH QH AD KD QD AC KC QC JC 10C"),
    hand("QS JS JH 10H 9H JD 10D 9D 9C 8C 7C 6C 5C"),
    hand("10S 9S 8S 7S 6S 5S 4S 3S 2S 8H 7H 6H 5H"),
    hand("4H 3H 2H 8D 7D 6D 5D 4D 3D 2D 4C 3C 2C"),
]


def ready(rules: Rules | None = None, dealer: int = 3) -> Game:
    game = Game.from_deal(rules or Rules(), HANDS, dealer)
    bid_in_turn(game, {0: 3, 1: 3, 2: 3, 3: 3})
    return game


def refused(game: Game, action: object, reason: str) -> None:
    """``action`` is refused with ``reason`` and changes nothing."""
    before = snapshot(game)
    assert game.why_illegal(action) == reason
    with pytest.raises(IllegalAction) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert info.value.reason == reason
    assert str(info.value) == reason
    assert info.value.action == action
    assert snapshot(game) == before


# -- the deal --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, "table-7", 2**40])
def test_deal_is_seeded_one_card_at_a_time_from_the_dealers_left(seed: object) -> None:
    game = Game(Rules(), seed)  # type: ignore[arg-type]
    dealer = first_dealer(seed, 4)  # type: ignore[arg-type]
    assert game.dealer == dealer
    deck = deck_for(seed, 1)  # type: ignore[arg-type]
    assert sorted(deck) == list(range(52))
    for i, card in enumerate(deck):
        seat = (dealer + 1 + i) % 4
        assert card in game.view(seat).hand  # type: ignore[operator]
    assert game.turn == (dealer + 1) % 4
    again = Game(Rules(), seed)  # type: ignore[arg-type]
    assert [again.view(s).hand for s in range(4)] == [game.view(s).hand for s in range(4)]


def test_different_seeds_give_different_deals_and_first_dealers() -> None:
    deals = {tuple(Game(Rules(), seed).view(0).hand or ()) for seed in range(20)}
    assert len(deals) == 20
    assert {first_dealer(seed, 4) for seed in range(40)} == {0, 1, 2, 3}


def test_each_seat_holds_thirteen_different_cards() -> None:
    for seed in range(5):
        game = Game(Rules(), seed)
        hands = [game.view(s).hand for s in range(4)]
        assert all(h is not None and len(h) == 13 for h in hands)
        assert CardSet(0) | hands[0] | hands[1] | hands[2] | hands[3] == CardSet((1 << 52) - 1)  # type: ignore[operator]


def test_from_deal_refuses_bad_hands() -> None:
    with pytest.raises(ValueError, match="12 cards"):
        Game.from_deal(Rules(), [HANDS[0].remove(C("AS")), *HANDS[1:]])
    with pytest.raises(ValueError, match="two seats"):
        Game.from_deal(Rules(), [HANDS[0], HANDS[0], HANDS[2], HANDS[3]])
    with pytest.raises(ValueError, match="players"):
        Game.from_deal(Rules(), HANDS[:2])
    with pytest.raises(ValueError, match="dealer"):
        Game.from_deal(Rules(), HANDS, dealer=4)


# -- play --------------------------------------------------------------------------------------------------------
def test_first_lead_any_card_but_a_spade() -> None:
    game = ready()
    assert game.phase is Phase.PLAY and game.turn == 0
    assert set(game.legal_actions()) == set(HANDS[0]) - {C("AS"), C("KS")}
    refused(game, C("AS"), "spades are not broken")
    refused(game, C("QS"), "you do not hold the queen of spades")
    refused(game, Bid.of(3), "it is time to play a card")
    refused(game, Choice.KEEP, "it is time to play a card")


def test_follow_suit_and_trick_winner() -> None:
    game = ready()
    game.apply(C("KH"))
    assert set(game.legal_actions()) == {C("JH"), C("10H"), C("9H")}
    refused(game, C("QS"), "you must follow hearts")
    refused(game, C("9C"), "you must follow hearts")
    game.apply(C("9H"))
    assert set(game.legal_actions()) == {C("8H"), C("7H"), C("6H"), C("5H")}
    refused(game, C("2S"), "you must follow hearts")
    game.apply(C("8H"))
    game.apply(C("2H"))
    assert game.events[-1] == TrickWon(0, 1, 0, (C("KH"), C("9H"), C("8H"), C("2H")))
    assert game.turn == 0 and game.tricks_won == [1, 0, 0, 0]
    assert game.view(2).tricks[0].winner == 0


def test_void_may_trump_and_lowest_spade_beats_ace_of_the_suit() -> None:
    game = ready()
    game.apply(C("AD"))
    game.apply(C("9D"))
    # South has no diamond: any card, a spade included
    assert set(game.legal_actions()) == set(HANDS[2])
    game.apply(C("2S"))
    assert game.events[-1] == SpadesBroken(2)
    assert game.view(1).spades_broken
    game.apply(C("2D"))
    assert game.events[-1] == TrickWon(2, 1, 0, (C("AD"), C("9D"), C("2S"), C("2D")))
    # South leads: spades are broken now
    assert game.turn == 2
    assert set(game.legal_actions()) == set(HANDS[2]) - {C("2S")}
    game.apply(C("3S"))
    assert set(game.legal_actions()) == set(HANDS[3]) - {C("2D")}  # West has no spade
    game.apply(C("4H"))
    assert set(game.legal_actions()) == {C("AS"), C("KS")}  # North follows spades
    game.apply(C("KS"))
    game.apply(C("QS"))
    assert game.events[-1] == TrickWon(0, 2, 2, (C("3S"), C("4H"), C("KS"), C("QS")))


def test_highest_of_the_led_suit_wins_over_a_discard() -> None:
    game = ready()
    game.apply(C("QH"))
    game.apply(C("JH"))
    game.apply(C("5H"))
    game.apply(C("3H"))
    game.apply(C("10C"))  # North leads a club
    game.apply(C("5C"))
    game.apply(C("6H"))  # South has no club and throws a heart
    game.apply(C("2C"))
    assert game.events[-1] == TrickWon(0, 2, 0, (C("10C"), C("5C"), C("6H"), C("2C")))


def test_only_spades_may_be_led_unbroken() -> None:
    hands = [
        hand("AS KS QS JS 10S 9S 8S 7S 6S 5S 4S 3S 2S"),
        hand("AH KH QH JH 10H 9H 8H 7H 6H 5H 4H 3H 2H"),
        hand("AD KD QD JD 10D 9D 8D 7D 6D 5D 4D 3D 2D"),
        hand("AC KC QC JC 10C 9C 8C 7C 6C 5C 4C 3C 2C"),
    ]
    game = Game.from_deal(Rules(), hands, dealer=3)
    bid_in_turn(game, {0: 13, 1: NIL, 2: NIL, 3: NIL})
    assert set(game.legal_actions()) == set(hands[0])
    game.apply(C("2S"))
    assert SpadesBroken(0) in game.events
    while game.phase is Phase.PLAY:
        game.apply(game.legal_actions()[0])
    assert game.results[0].sides[0].tricks == 13
    assert game.results[0].sides[0].points == 130 + 100  # North's 13 and South's Nil made
    assert game.results[0].sides[1].points == 200


def test_spades_not_broken_after_a_lead_in_plain_suits() -> None:
    game = ready()
    for card in ("QH", "JH", "5H", "3H"):
        game.apply(C(card))
    # North won; still no spade played: North may not lead its spades
    refused(game, C("KS"), "spades are not broken")
    assert not any(c.suit == 3 for c in game.legal_actions())


def test_two_of_clubs_leads() -> None:
    game = Game.from_deal(Rules(first_lead="two_of_clubs"), HANDS, dealer=3)
    assert game.turn == 0  # bidding still starts left of the dealer
    bid_in_turn(game, {0: 3, 1: 3, 2: 3, 3: 3})
    assert game.turn == 3  # West holds the two of clubs
    assert game.legal_actions() == (C("2C"),)
    refused(game, C("3C"), "the two of clubs must lead")
    game.apply(C("2C"))
    assert set(game.legal_actions()) == {C("AC"), C("KC"), C("QC"), C("JC"), C("10C")}
    # the next hand is dealt from the seed: the two of clubs leads again
    while game.hand_number == 1:
        game.apply(game.legal_actions()[0])
    bid_in_turn(game, {0: 3, 1: 3, 2: 3, 3: 3})
    holder = next(s for s in range(4) if C("2C") in game.view(s).hand)  # type: ignore[operator]
    assert game.turn == holder and game.legal_actions() == (C("2C"),)


def test_events_of_a_trick() -> None:
    game = ready()
    mark = len(game.events)
    for card in ("AC", "9C", "10S", "4C"):
        game.apply(C(card))
    assert game.events[mark:] == [
        CardPlayed(0, C("AC")), CardPlayed(1, C("9C")), CardPlayed(2, C("10S")), SpadesBroken(2),
        CardPlayed(3, C("4C")), TrickWon(2, 1, 0, (C("AC"), C("9C"), C("10S"), C("4C"))),
    ]
    assert game.events[-1].plays == ((0, C("AC")), (1, C("9C")), (2, C("10S")), (3, C("4C")))


# -- end of the game ---------------------------------------------------------------------------------------------
def test_target_option() -> None:
    game = play_hand(Rules(target=250), [4, 3, 3, 3], {0: 2, 1: 2, 2: 2, 3: 1}, scores=[210, 0])
    assert game.scores == [253, 33]
    assert game.over and game.winner == 0
    game = play_hand(Rules(target=300), [4, 3, 3, 3], {0: 2, 1: 2, 2: 2, 3: 1}, scores=[210, 0])
    assert not game.over


@pytest.mark.parametrize(("start", "over"), [(-130, True), (-131, True), (-129, False)])
def test_lose_at(start: int, over: bool) -> None:
    # North-South bid 7, take 5: -70
    game = play_hand(Rules(lose_at=-200), [3, 4, 2, 4], {0: 4, 1: 2, 2: 3, 3: 2}, scores=[start, 0])
    assert game.scores[0] == start - 70
    assert game.over == over
    if over:
        assert game.winner == 1
        assert game.events[-1] == GameOver(1, tuple(game.scores))


def test_without_lose_at_a_low_score_plays_on() -> None:
    game = play_hand(Rules(), [3, 4, 2, 4], {0: 4, 1: 2, 2: 3, 3: 2}, scores=[-900, 0])
    assert not game.over


def test_lose_at_when_both_sides_fall_the_higher_wins_and_a_tie_plays_on() -> None:
    # North-South bid 7 and take 5 (-70); East-West bid 6 and take 8 (+62).
    game = play_hand(Rules(lose_at=-200), [3, 4, 2, 4], {0: 4, 1: 2, 2: 3, 3: 4}, scores=[-150, -300])
    assert game.scores == [-220, -238]
    assert game.over and game.winner == 0
    # North-South bid 7 and take 5 (-70); East-West bid 5 and take 8 (+53): both at -220.
    game = play_hand(Rules(lose_at=-200), [3, 4, 2, 4], {0: 4, 1: 2, 2: 3, 3: 3}, scores=[-150, -273])
    assert game.scores == [-220, -220]
    assert not game.over and game.hand_number == 2


def test_solo_lose_at_with_the_best_of_the_others_tied_plays_another_hand() -> None:
    # North falls to -220; East and South tie at the top, so a hand decides between them.
    rules = Rules.preset("solo", lose_at=-200)
    game = play_hand(rules, [0, 4, 4, 5], {0: 3, 1: 4, 2: 4, 3: 5}, scores=[-190, 280, 280, 100])
    assert game.scores == [-220, 320, 320, 150]
    assert not game.over and game.hand_number == 2
    # With one best among the others, the game ends at once and the fallen player is not the winner.
    game = play_hand(rules, [0, 5, 4, 4], {0: 3, 1: 4, 2: 4, 3: 4}, scores=[-190, 280, 280, 100])
    assert game.scores == [-220, 321, 320, 140]
    assert game.over and game.winner == 1


def test_a_fallen_side_stays_beaten_when_it_climbs_back_during_a_deciding_hand() -> None:
    rules = Rules.preset("solo", lose_at=-200)
    first = score_hand(rules, [Bid.of(3), Bid.of(4), Bid.of(4), Bid.of(5)], [0, 4, 4, 5], [-190, 280, 280, 100],
                       [0, 0, 0, 0], 1)
    assert game_end(rules, [first], 1) == (False, None)  # East and South tied: another hand
    second = score_hand(rules, [Bid.of(7), Bid.of(3), Bid.of(2), Bid.of(1)], [7, 3, 2, 1],
                        [s.score for s in first.sides], [s.total_bags for s in first.sides], 2)
    assert [s.score for s in second.sides] == [-150, 350, 340, 160]
    # North is above -200 again, but lost at hand 1: East, the best of the others, wins now.
    assert game_end(rules, [first, second], 2) == (True, 1)
    # When the fixed number of hands has run out, a tie among the best is a draw.
    assert game_end(rules.with_options(hands=1), [first], 1) == (True, None)


@pytest.mark.parametrize("variant", VARIANTS)
def test_fixed_number_of_hands(variant: str) -> None:
    game = random_game(Rules.preset(variant, hands=3), seed=11)
    assert len(game.results) == 3
    top = max(game.scores)
    leaders = [s for s, score in enumerate(game.scores) if score == top]
    assert game.winner == (leaders[0] if len(leaders) == 1 else None)
    assert game.events[-1] == GameOver(game.winner, tuple(game.scores))


def test_fixed_hands_ignore_the_target_and_may_be_drawn() -> None:
    game = play_hand(Rules(hands=2), [4, 3, 3, 3], {0: 2, 1: 2, 2: 2, 3: 1}, scores=[600, 0])
    assert not game.over and game.hand_number == 2
    drawn = play_hand(Rules(hands=1), [3, 3, 3, 4], {0: 2, 1: 2, 2: 1, 3: 1}, scores=[1, 0])
    assert drawn.scores == [34, 34]
    assert drawn.over and drawn.winner is None
    assert drawn.events[-1] == GameOver(None, (34, 34))


@pytest.mark.parametrize("variant", VARIANTS)
def test_game_to_target_ends_with_one_winner(variant: str) -> None:
    # Random bids are mostly set, so lose_at keeps the game short.
    rules = Rules.preset(variant, target=150, lose_at=-150)
    game = random_game(rules, seed=3)
    assert game.over

    def decided(scores: list[int]) -> bool:
        top = max(scores)
        return (top >= 150 or min(scores) <= -150) and scores.count(top) == 1

    assert decided(game.scores)
    assert game.scores[game.winner] == max(game.scores)  # type: ignore[index]
    assert all(not decided([s.score for s in result.sides]) for result in game.results[:-1])
    assert game.legal_actions() == ()
    with pytest.raises(IllegalAction) as info:
        game.apply(NIL)
    assert info.value.reason == "the game is over"


@pytest.mark.parametrize("variant", VARIANTS)
def test_dealer_rotates_and_bags_carry(variant: str) -> None:
    rules = Rules.preset(variant, hands=6)
    game = random_game(rules, seed=5)
    starts = [e for e in game.events if isinstance(e, HandStarted)]
    assert [e.hand for e in starts] == [1, 2, 3, 4, 5, 6]
    first = starts[0].dealer
    assert [e.dealer for e in starts] == [(first + i) % rules.players for i in range(6)]
    bags = [0] * rules.sides
    scores = [0] * rules.sides
    for result in game.results:
        for side in result.sides:
            carried = bags[side.side] + side.bags
            assert side.total_bags == carried % rules.bag_limit
            assert side.bag_penalty == -rules.bag_penalty * (carried // rules.bag_limit)
            assert side.score == scores[side.side] + side.points
            bags[side.side] = side.total_bags
            scores[side.side] = side.score
    assert game.bags == bags and game.scores == scores


def test_hand_events() -> None:
    game = random_game(Rules(hands=2), seed=9)
    events = game.hand_events()
    assert isinstance(events[0], HandStarted) and events[0].hand == 2
    assert sum(isinstance(e, TrickWon) for e in events) == 13
    assert isinstance(events[-2], HandScored) and isinstance(events[-1], GameOver)


# -- two-player draw ---------------------------------------------------------------------------------------------
def test_two_player_draw() -> None:
    rules = Rules.preset("two_player")
    game = Game(rules, seed=21)
    dealer = game.dealer
    assert game.phase is Phase.DRAW
    assert game.turn == 1 - dealer  # the non-dealer draws first
    rng = random.Random(4)
    drawn = 0
    while game.phase is Phase.DRAW:
        seat = game.turn
        view = game.view(seat)
        other = game.view(1 - seat)
        assert view.legal == (Choice.KEEP, Choice.DISCARD)
        assert other.legal == () and other.offered is None
        offered = view.offered
        assert offered is not None
        assert offered not in view.hand and offered not in view.discards  # type: ignore[operator]
        hand_before = view.hand
        discards_before = view.discards
        choice = rng.choice((Choice.KEEP, Choice.DISCARD))
        refused(game, C("AS"), "it is time to keep or discard the card you drew")
        refused(game, Bid.of(3), "it is time to keep or discard the card you drew")
        game.apply(choice)
        event = game.events[-1]
        after = game.view(seat)
        assert isinstance(event, Drew) and event.seat == seat
        assert event.kept_first == (choice is Choice.KEEP)
        if choice is Choice.KEEP:
            assert after.hand == hand_before | CardSet([offered])  # type: ignore[operator]
            assert event.discard != offered
        else:
            assert event.discard == offered
            assert len(after.hand - hand_before) == 1  # type: ignore[operator]
        # the face-up card is seen by both
        assert after.discards == discards_before | CardSet([event.discard])
        assert game.view(1 - seat).discards == after.discards
        drawn += 1
        if game.phase is Phase.DRAW:
            assert game.turn == 1 - seat
    assert drawn == 26
    hands = [game.view(s).hand for s in range(2)]
    discards = game.view(0).discards
    assert [len(h) for h in hands] == [13, 13]  # type: ignore[arg-type]
    assert len(discards) == 26
    assert hands[0] | hands[1] | discards == CardSet((1 << 52) - 1)  # type: ignore[operator]
    assert not hands[0] & hands[1] and not (hands[0] | hands[1]) & discards  # type: ignore[operator]
    # the non-dealer bids first and leads first
    assert game.phase is Phase.BID and game.turn == 1 - dealer
    game.apply(Bid.of(4))
    game.apply(Bid.of(5))
    assert game.phase is Phase.PLAY and game.turn == 1 - dealer
    assert game.view(0).trick_number == 1


def test_two_player_deal_alternates() -> None:
    game = random_game(Rules.preset("two_player", hands=4), seed=2)
    starts = [e for e in game.events if isinstance(e, HandStarted)]
    dealers = [e.dealer for e in starts]
    assert dealers == [dealers[0], 1 - dealers[0], dealers[0], 1 - dealers[0]]
    # in each hand the first draw is the non-dealer's, and 26 draws precede the bids
    for start in starts:
        index = game.events.index(start)
        draws = game.events[index + 1:index + 27]
        assert all(isinstance(e, Drew) for e in draws)
        assert [e.seat for e in draws] == [(start.dealer + 1 + i) % 2 for i in range(26)]
    tricks = [e for e in game.events if isinstance(e, TrickWon)]
    assert len(tricks) == 52 and all(len(t.cards) == 2 for t in tricks)


def test_two_player_trick_winner() -> None:
    rules = Rules.preset("two_player")
    hands = [hand("AS KH QH 2D 3D 4D 5D 6D 7D 8D 9D 10D JD"), hand("2S 3S AH 2C 3C 4C 5C 6C 7C 8C 9C 10C JC")]
    game = Game.from_deal(rules, hands, dealer=1)
    bid_in_turn(game, {0: 3, 1: 3})
    assert game.turn == 0
    game.apply(C("KH"))
    assert set(game.legal_actions()) == {C("AH")}
    game.apply(C("AH"))
    assert game.events[-1] == TrickWon(1, 1, 0, (C("KH"), C("AH")))
    assert game.turn == 1
    refused(game, C("2S"), "spades are not broken")
    game.apply(C("2C"))
    game.apply(C("JD"))  # North has no club: its higher diamond does not win
    assert game.events[-1] == TrickWon(1, 2, 1, (C("2C"), C("JD")))
    game.apply(C("3C"))
    game.apply(C("AS"))
    assert game.events[-1] == TrickWon(0, 3, 1, (C("3C"), C("AS")))


def test_lose_at_ends_a_game_of_fixed_hands_early() -> None:
    game = play_hand(Rules(hands=4, lose_at=-200), [3, 4, 2, 4], {0: 4, 1: 2, 2: 3, 3: 2}, scores=[-150, 0])
    assert game.scores[0] == -220
    assert game.over and game.winner == 1 and game.hand_number == 1


def test_deals_are_fair_over_many_seeds() -> None:
    # Each card goes to each seat (counted from the dealer's left) about equally often, and the first dealer is
    # spread over the seats: 2000 deals, each count within five standard deviations (about 97) of 500.
    counts = [[0] * 4 for _ in range(52)]
    dealers = [0] * 4
    for seed in range(2000):
        deck = deck_for(seed, 1 + seed % 7)
        for i, card in enumerate(deck):
            counts[card][i % 4] += 1
        dealers[first_dealer(seed, 4)] += 1
    assert all(abs(n - 500) < 97 for row in counts for n in row)
    assert all(abs(n - 500) < 97 for n in dealers)


def test_a_game_without_a_seed_draws_one_and_records_it() -> None:
    game = Game(Rules())
    assert isinstance(game.seed, int)
    again = Game(Rules(), game.seed)
    assert [game.view(s).hand for s in range(4)] == [again.view(s).hand for s in range(4)]
