"""A model of the rules written from RULES.md and ``spades rules``, not from the engine: the legal actions of the
seat to move (bids included: Whiz, Mirror, Suicide, the team's floor of a pair and of a team of three, Blind Nil),
the winner of a trick, and whether every card is in one place. ``check_record`` replays a game's record move by
move against it: each action the record holds must be one the model allows, each trick won by the seat the model
names, and the scores must add up hand by hand.

The model reads from the rules only what the pack is (``rules.suit_of``, ``rules.trumps``: which cards are spades
and their order, as ``spades rules`` states each pack), never which actions the engine allows.
"""

from __future__ import annotations

from typing import Any

from spades import BLIND_NIL, NIL, Bid, Card, CardSet, Choice, Game, Phase, Rules
from spades.events import TrickWon
from spades.record import game_from_record

SPADES = 3


def _mates_total(rules: Rules, bids: list[Bid | None], seat: int) -> int | None:
    """What the rest of the seat's side bid between them (a partner; the two others of a team of three), once
    every one of them has bid; None before that or without partnerships."""
    if not rules.partnerships:
        return None
    players = rules.players
    if players == 6 and rules.teams == "threes":
        mates = [(seat + 2) % 6, (seat + 4) % 6]  # every other seat
    else:
        mates = [(seat + players // 2) % players]  # opposite
    if any(bids[m] is None for m in mates):
        return None
    return sum(bids[m].value for m in mates)  # type: ignore[union-attr]


def oracle_bids(game: Game) -> set[Any]:
    """The bids (or Blind Nil and the look) of the seat to bid, from its view and RULES.md."""
    rules = game.rules
    seat = game.turn
    view = game.view(seat)
    top = rules.hand_size
    mates = _mates_total(rules, list(view.bids), seat)
    if view.hand is None:  # not looked yet: Blind Nil, unless it leaves the side below its floor
        if mates is not None and mates < rules.min_team_bid:
            return {Choice.LOOK}
        return {BLIND_NIL, Choice.LOOK}
    spades = sum(1 for c in view.hand if rules.suit_of(c) == SPADES)
    if rules.variant == "whiz":
        return {NIL, Bid.of(spades)}
    if rules.variant == "mirror":
        return {Bid.of(spades)}
    if rules.variant == "suicide":
        four_up = {Bid.of(v) for v in range(4, top + 1)}
        return four_up if mates == 0 else four_up | {NIL}
    low = 0 if rules.nil else 1
    if rules.min_team_bid and mates is not None:
        low = max(low, rules.min_team_bid - mates)
    return {Bid.of(v) for v in range(low, top + 1)}


def oracle_legal(game: Game) -> set[Any]:
    """The legal actions from the rules and the seat's view alone."""
    view = game.view(game.turn)
    rules = view.rules
    if view.phase is Phase.BID:
        return oracle_bids(game)
    if view.phase is Phase.DRAW:
        return {Choice.KEEP, Choice.DISCARD}
    if view.phase is Phase.PASS:
        assert view.hand is not None and view.pass_to == rules.partner_of(view.seat)
        return set(view.hand)
    if view.phase is not Phase.PLAY:
        return set()
    assert view.hand is not None
    held = set(view.hand)
    if view.trick:
        led = rules.suit_of(view.trick[0][1])
        follow = {c for c in held if rules.suit_of(c) == led}
        return follow or held
    if rules.first_lead == "two_of_clubs" and not view.tricks:
        return {Card(0)}
    if view.spades_broken:
        return held
    return {c for c in held if rules.suit_of(c) != SPADES} or held


def oracle_winner(rules: Rules, leader: int, cards: tuple[Card, ...]) -> int:
    """The seat that takes a trick: the highest trump by the rules' list of trumps, else the highest card of the
    suit led (by rank: no two cards of one suit share one)."""
    trumps = [c for c in cards if c in rules.trumps]
    if trumps:
        best = max(trumps, key=rules.trumps.index)
    else:
        led = rules.suit_of(cards[0])
        best = max((c for c in cards if rules.suit_of(c) == led), key=lambda c: c.rank)
    return (leader + cards.index(best)) % rules.players


def in_flight(game: Game) -> int:
    """Cards chosen for a pass that have not reached the partner yet."""
    if game.phase is not Phase.PASS:
        return 0
    return game.passed[game.turn] if game.pass_count else 0


def check_cards(game: Game) -> None:
    """Every card of the pack is in exactly one place: a hand, the table, a pass on its way, or (two players) the
    discards and the stock."""
    rules = game.rules
    played = [c for _, cards, _ in game.tricks for c in cards] + list(game.trick)
    places = [*game.hands, sum(1 << c for c in played), in_flight(game)]
    if not rules.deals:
        places += [game.discards, sum(1 << c for c in game.deck[game.deck_pos:])]
    total = 0
    for mask in places:
        assert not total & mask, f"{CardSet(total & mask)} is in two places"
        total |= mask
    if game.phase is not Phase.OVER:
        assert total == (rules.pack if rules.deals else 0xFFFFFFFFFFFFF), CardSet(total ^ rules.pack)
    assert len(played) == len(set(played))


def check_tricks_and_scores(game: Game, start_scores: list[int]) -> None:
    rules = game.rules
    for event in game.events:
        if isinstance(event, TrickWon):
            assert event.seat == oracle_winner(rules, event.leader, event.cards)
            assert event.number <= rules.hand_size and len(event.cards) == rules.players
    totals = list(start_scores)
    for result in game.results:
        assert len(result.sides) == rules.sides
        for side in result.sides:
            seats = rules.seats_of(side.side)
            assert side.tricks <= rules.hand_size
            if rules.no_bags:
                assert side.bags == 0 and side.total_bags == 0 and side.bag_penalty == 0
            totals[side.side] += side.points
            assert side.score == totals[side.side]
            assert side.points == side.contract_points + sum(n.points for n in side.nils) + side.bags + side.bag_penalty
            assert len(seats) >= 1
        assert sum(s.tricks for s in result.sides) == rules.hand_size
    assert game.scores == totals


def check_record(record: dict[str, Any]) -> int:
    """Replay ``record`` (as ``spades simulate --records`` writes it) move by move in a fresh game: each action one
    the model allows, every card in one place after it; then the tricks and scores. Returns the actions checked."""
    final = game_from_record(record)  # the record's own checks: its result is the one it replays to
    game = final.clone()
    game.truncate(0)
    for index, action in enumerate(final.actions):
        allowed = oracle_legal(game)
        assert action in allowed, f"action {index} ({action}) is not one the rules allow: {sorted(map(str, allowed))}"
        game.apply(action)
        check_cards(game)
    check_tricks_and_scores(game, [0] * game.rules.sides)  # a simulated game starts at nothing
    assert game.scores == final.scores and game.events == final.events
    return len(final.actions)
