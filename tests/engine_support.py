"""Shared test tools: full snapshots of a game, the independent oracle of the rules (``rules_model``, shared with the
tests of every rule set), and a player that steers a hand to a chosen number of tricks per seat (so that scoring is
tested through whole games, not only score_hand)."""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from rules_model import oracle_legal  # noqa: F401 - the one oracle, as these tests have always imported it
from spades import BLIND_NIL, Bid, Card, CardSet, Choice, Game, Phase, Rules
from spades.actions import BIDS
from spades.record import record_of

SPADES = 0x1FFF << 39
ALL_ACTIONS: tuple[Any, ...] = (*(Card(i) for i in range(52)), *BIDS, BLIND_NIL, *Choice)


def hand(text: str) -> CardSet:
    return CardSet.parse(text)


def internal_state(game: Game) -> dict[str, Any]:
    """Every slot of the game, lists frozen to tuples, so that two states compare field by field."""
    state = {}
    for name in Game.__slots__:
        value = getattr(game, name)
        if isinstance(value, list):
            value = tuple(value)
        state[name] = value
    return state


def snapshot(game: Game) -> dict[str, Any]:
    """What must be identical after an undo or a refused action: the record, every seat's view, the events, the
    legal actions, and every internal field."""
    return {
        "record": json.dumps(record_of(game), sort_keys=True),
        "views": tuple(game.view(s) for s in range(game.n)),
        "events": tuple(game.events),
        "legal": game.legal_actions(),
        "internal": internal_state(game),
    }


def assert_same(before: dict[str, Any], after: dict[str, Any]) -> None:
    for key in before:
        if key == "internal":
            for name in before[key]:
                assert before[key][name] == after[key][name], f"internal field {name} differs"
        else:
            assert before[key] == after[key], f"{key} differs"


# -- an oracle of the rules, written from RULES.md and not from the engine ----------------------------------------
def bid_in_turn(game: Game, bids: dict[int, Any]) -> None:
    """Apply each seat's bid (a number, NIL, BLIND_NIL or a Bid) in the order the game asks for them; a seat
    offered Blind Nil that bids otherwise looks first."""
    while game.phase is Phase.BID:
        bid = bids[game.turn]
        if bid is not BLIND_NIL and Choice.LOOK in game.legal_actions():
            game.apply(Choice.LOOK)
        game.apply(Bid.of(bid) if isinstance(bid, int) else bid)


def scripted_deal(winners: Sequence[int], dealer: int, players: int = 4,
                  seed: int = 0) -> tuple[list[CardSet], dict[int, int]]:
    """A deal, and the trick each card goes to, in which trick ``t`` is taken by ``winners[t]``.

    Four players: tricks 1 to 9 are four cards of one plain suit (the winner holds the highest); in trick 10 the
    winner, now holding only spades, trumps the three twos; tricks 11 to 13 are spades. Every card of the script
    is legal when its turn comes (each seat follows suit or is void), so the play goes through the public API.
    Two players: thirteen tricks of two plain cards; the other 26 cards are the discards."""
    assert len(winners) == 13 and all(0 <= w < players for w in winners)
    rng = random.Random(seed)
    hands = [0] * players
    trick_of: dict[int, int] = {}

    def give(seat: int, card: int, trick: int) -> None:
        hands[seat] |= 1 << card
        trick_of[card] = trick

    def deal_trick(trick: int, cards: list[int]) -> None:
        cards = sorted(cards)
        winner = winners[trick]
        give(winner, cards[-1], trick)
        others = [s for s in range(players) if s != winner]
        rng.shuffle(others)
        for seat, card in zip(others, cards[:-1], strict=True):
            give(seat, card, trick)

    if players == 2:
        pool = []
        for suit in (0, 1):
            ranks = list(range(13))
            rng.shuffle(ranks)
            pool.extend(suit * 13 + r for r in ranks[:12])
        hearts = list(range(26, 39))
        rng.shuffle(hearts)
        pool.extend(hearts[:2])
        for trick in range(13):
            deal_trick(trick, pool[2 * trick:2 * trick + 2])
        return [CardSet(h) for h in hands], trick_of

    assert winners[9] != winners[8], "the trick-10 winner trumps, so it cannot be the seat that leads it"
    for suit in range(3):
        ranks = list(range(1, 13))  # the twos are kept for trick 10
        rng.shuffle(ranks)
        for i in range(3):
            deal_trick(3 * suit + i, [suit * 13 + r for r in ranks[4 * i:4 * i + 4]])
    spades = list(range(39, 52))
    rng.shuffle(spades)
    give(winners[9], spades[0], 9)
    twos = [0, 13, 26]
    for seat, card in zip([s for s in range(4) if s != winners[9]], twos, strict=True):
        give(seat, card, 9)
    for i in range(3):
        deal_trick(10 + i, spades[1 + 4 * i:5 + 4 * i])
    return [CardSet(h) for h in hands], trick_of


def play_script(game: Game, trick_of: dict[int, int]) -> None:
    """Play the current hand as the script says: each seat plays its card meant for the trick in progress."""
    number = game.hand_number
    while game.hand_number == number and game.phase is Phase.PLAY:
        view = game.view(game.turn)
        assert view.hand is not None
        (card,) = [c for c in view.hand if trick_of[c] == len(view.tricks)]
        game.apply(card)


def winners_for(targets: Sequence[int], seed: int = 0) -> list[int]:
    """An order of trick winners giving each seat its target (trick 10's winner differs from trick 9's, so with
    four players no seat can be given all 13)."""
    rng = random.Random(seed)
    for _ in range(1000):
        winners = [s for s, n in enumerate(targets) for _ in range(n)]
        rng.shuffle(winners)
        if len(targets) == 2 or winners[9] != winners[8]:
            return winners
    raise AssertionError(f"no order of winners for {targets}")


def play_hand(rules: Rules, targets: Sequence[int], bids: dict[int, Any], *, dealer: int = 3,
              scores: Sequence[int] | None = None, bags: Sequence[int] | None = None, seed: int = 0) -> Game:
    """A game set up so that, bid as ``bids`` says, each seat takes ``targets[seat]`` tricks of this hand."""
    winners = winners_for(targets, seed)
    hands, trick_of = scripted_deal(winners, dealer, rules.players, seed)
    game = Game.from_deal(rules, hands, dealer, seed=seed, scores=scores, bags=bags)
    bid_in_turn(game, bids)
    play_script(game, trick_of)
    return game


def dealt(seed: int, rules: Rules | None = None) -> list[CardSet]:
    """The four hands of the first deal of a seeded game (a convenient, varied deal)."""
    game = Game(rules or Rules(), seed)
    return [CardSet(h) for h in game.hands]


def random_game(rules: Rules, seed: int) -> Game:
    game = Game(rules, seed)
    rng = random.Random(seed)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    return game
