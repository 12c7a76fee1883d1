"""Every fact a hint's reason states holds in the seat's view, in thousands of positions of every preset.

The players build each reason with the facts it states (:class:`spades.bots.Fact`); this test checks each fact
against the view with its own reading of the rules (nothing from the players' knowledge code), and checks that
a reason's words that state a fact ("long suit", "is winning", "is Nil", "the best card left", "every card wins")
come with that fact, so a claim cannot be made without being checked.
"""

from __future__ import annotations

import random
import re

import pytest

from spades import VARIANTS, Card, Game, Rules
from spades.bots import Fact, Hint, bot_seed, make_bot
from spades.cards import Suit
from spades.tricks import beats
from spades.view import SeatView

SPADES = int(Suit.SPADES)
NAMES = {4: ("North", "East", "South", "West"), 2: ("North", "South")}


def _hand(view: SeatView) -> list[Card]:
    return list(view.hand) if view.hand is not None else []


def _unseen(view: SeatView) -> list[Card]:
    """Cards held by the other seats, as far as this seat can tell."""
    seen = {int(c) for c in _hand(view)} | {int(c) for c in view.played}
    if not view.rules.deals:
        seen |= {int(c) for c in view.discards}
    return [Card(i) for i in range(52) if i not in seen]


def _count(view: SeatView, suit: int) -> int:
    return sum(1 for c in _hand(view) if c // 13 == suit)


def _void(view: SeatView, seat: int, suit: int) -> bool:
    """The seat's own hand has none, or the seat showed out in play (or led a spade before spades were broken,
    which it may only do holding nothing else), or in two-player the other hand (all unseen cards) has none."""
    if seat == view.seat:
        return _count(view, suit) == 0
    if not view.rules.deals and view.phase == "play":
        return not any(c // 13 == suit for c in _unseen(view))
    broken = False
    tricks = [t.plays(view.players) for t in view.tricks] + ([view.trick] if view.trick else [])
    for plays in tricks:
        led = plays[0][1] // 13
        if plays[0][0] == seat and led == SPADES and not broken and suit != SPADES:
            return True
        for who, card in plays:
            if who == seat and card // 13 != led and suit == led:
                return True
            if card // 13 == SPADES:
                broken = True
    return False


def _can_beat(unseen: list[Card], card: Card) -> bool:
    return any(beats(c, card) for c in unseen)


def _contract_made(view: SeatView, seat: int) -> bool:
    rules = view.rules
    contract = counted = 0
    for s in rules.seats_of(rules.side_of(seat)):
        bid = view.bids[s]
        assert bid is not None
        if bid.value == 0:
            counted += view.tricks_won[s] if rules.nil_tricks_count_for_partner else 0
            continue
        contract += bid.value
        counted += view.tricks_won[s]
    return counted >= contract


def holds(view: SeatView, fact: Fact) -> bool:
    legal = [a for a in view.legal if isinstance(a, Card)]
    winning = view.winning
    seat, suit, card = fact.seat, fact.suit, fact.card
    match fact.kind:
        case "nil":
            assert seat is not None
            bid = view.bids[seat]
            return bid is not None and bid.value == 0 and view.tricks_won[seat] == 0
        case "winning":
            return winning == (seat, card)
        case "partner_winning":
            return seat == view.partner and winning == (seat, card)
        case "plays_after":
            return bool(view.trick) and seat != view.seat and seat not in {s for s, _ in view.trick}
        case "last_to_play":
            return len(view.trick) == view.players - 1
        case "void":
            assert seat is not None and suit is not None
            return _void(view, seat, suit)
        case "only_spades":
            return seat == view.seat and all(c // 13 == SPADES for c in _hand(view))
        case "longest_side_suit":
            assert suit is not None
            return seat == view.seat and _count(view, suit) > 0 and all(
                _count(view, suit) >= _count(view, other) for other in range(3))
        case "singleton":
            assert suit is not None
            return seat == view.seat and _count(view, suit) == 1 and card in _hand(view)
        case "best_left":
            assert card is not None
            return not any(c // 13 == card // 13 and c.rank > card.rank for c in _unseen(view))
        case "sure_winner":
            assert card is not None
            return not _can_beat(_unseen(view), card)
        case "every_card_wins":
            last = len(view.trick) == view.players - 1
            return winning is not None and winning[1] == card and all(beats(c, card) for c in legal) and (
                last or not any(_can_beat(_unseen(view), c) for c in legal))
        case "every_card_beats":
            return winning is not None and winning[1] == card and all(beats(c, card) for c in legal)
        case "cannot_beat":
            return winning is not None and winning[1] == card and not any(beats(c, card) for c in legal)
        case "contract_made":
            assert seat is not None
            return _contract_made(view, seat)
        case "only_legal":
            return legal == [card]
    raise AssertionError(f"unknown fact {fact!r}")


# Words that state a fact, and the fact they need: (pattern, kind, the seat named by group 1 or None).
CLAIMS: list[tuple[str, str]] = [
    (r"\blong(est)? (side )?suit", "longest_side_suit"),
    (r"\bshort suit", "void"),
    (r"singleton", "singleton"),
    (r"\bvoid\b|\bout of (clubs|diamonds|hearts|spades)", "void"),
    (r"only spades", "only_spades"),
    (r"is winning|winning now|Nil and winning", "winning|partner_winning"),
    (r"partner's [a-z ]+ is winning|partner's [a-z ]+ may be beaten", "partner_winning|winning"),
    (r"\b(North|East|South|West|partner) is Nil\b|partner's Nil|cover partner", "nil"),
    (r"best card left|best spade left|is the best left", "best_left"),
    (r"sure winner|cannot lose", "sure_winner"),
    (r"every card wins", "every_card_wins"),
    (r"every card is above", "every_card_beats"),
    (r"nothing beats", "cannot_beat"),
    (r"contract is (made|safe)", "contract_made"),
    (r"plays after|plays last", "plays_after"),
    (r"last to play", "last_to_play"),
    (r"only card", "only_legal"),
]


def check_hint(view: SeatView, hint: Hint, level: str) -> None:
    where = f"{level} in {view.rules.variant}, hand {view.hand_number}, trick {view.trick_number}: {hint.reason!r}"
    assert hint.action in view.legal, where
    for fact in hint.facts:
        assert holds(view, fact), f"{where}: {fact} is false"
    kinds = {f.kind for f in hint.facts}
    for pattern, needed in CLAIMS:
        if re.search(pattern, hint.reason):
            assert kinds & set(needed.split("|")), f"{where}: says /{pattern}/ without a {needed} fact"
    names = NAMES[view.players]
    for name in re.findall(r"\b(North|East|South|West|partner)(?:'s Nil| is Nil)", hint.reason):
        seat = view.partner if name == "partner" else names.index(name)
        assert Fact("nil", seat=seat) in hint.facts, f"{where}: names {name} as Nil without the fact"
    for name in re.findall(r"\b(North|East|South|West|partner)'s [a-z]+ of [a-z]+ is winning", hint.reason):
        seat = view.partner if name == "partner" else names.index(name)
        assert any(f.kind in ("winning", "partner_winning") and f.seat == seat for f in hint.facts), where


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_stated_fact_holds(variant: str) -> None:
    """Games of mixed bots and random moves (for positions bots would not reach), every hint of easy and normal
    checked, and one in ten of hard at a tiny budget (its reasons are the search's figures and normal's bids)."""
    rules = Rules.preset(variant, hands=6)
    advisers = [make_bot("easy"), make_bot("normal")]
    hard = make_bot("hard", think="2i")
    checked = 0
    kinds: set[str] = set()
    for game_index in range(3):
        seed = f"facts:{variant}:{game_index}"
        game = Game(rules, seed)
        players = [make_bot(("normal", "easy", "random")[(s + game_index) % 3], seed=bot_seed(seed, "p", s))
                   for s in range(rules.players)]
        rng = random.Random(seed)
        while not game.over:
            view = game.view(game.turn)
            for adviser in advisers + ([hard] if checked % 10 == 0 else []):
                hint = adviser.hint(view)
                check_hint(view, hint, adviser.level)
                kinds.update(f.kind for f in hint.facts)
            checked += 1
            action = rng.choice(view.legal) if rng.random() < 0.15 else players[game.turn].act(view)
            game.apply(action)
    assert checked >= 900
    assert {"winning", "cannot_beat", "only_legal", "best_left", "void", "partner_winning" if rules.partnerships
            else "winning", "last_to_play"} <= kinds


def test_a_short_suit_is_never_called_long() -> None:
    """Solo: the lead that was said to come "from a long suit" came from the shortest (2 cards)."""
    said = 0
    for seed in range(60):
        game = Game(Rules.preset("solo", hands=1), f"long:{seed}")
        bot = make_bot("normal")
        while not game.over:
            view = game.view(game.turn)
            hint = bot.hint(view)
            if "long" in hint.reason:
                said += 1
                card = hint.action
                assert isinstance(card, Card)
                assert all(_count(view, card // 13) >= _count(view, other) for other in range(3)), hint.reason
            game.apply(hint.action)
    assert said > 50


def test_the_checker_refuses_false_facts() -> None:
    """The checks above would prove nothing if a false fact passed: a few false ones, each refused."""
    game = Game(Rules(), "checker")
    for _ in range(4):
        game.apply(game.legal_actions()[-1])  # four bids of 13
    leader = game.turn
    game.apply(game.legal_actions()[0])
    view = game.view(game.turn)
    hand = _hand(view)
    held = hand[0]
    missing = next(s for s in range(4) if _count(view, s) == 0) if any(_count(view, s) == 0 for s in range(4)) else None
    seat, lead = view.trick[0]
    assert seat == leader
    assert holds(view, Fact("winning", seat=leader, card=lead))
    assert not holds(view, Fact("winning", seat=view.seat, card=lead))
    assert not holds(view, Fact("nil", seat=leader))
    assert not holds(view, Fact("void", seat=view.seat, suit=held // 13))
    assert not holds(view, Fact("void", seat=leader, suit=lead // 13))
    if missing is not None:
        assert holds(view, Fact("void", seat=view.seat, suit=missing))
    assert not holds(view, Fact("only_spades", seat=view.seat)) or all(c // 13 == SPADES for c in hand)
    assert not holds(view, Fact("best_left", card=Card(0)))  # the two of clubs, with higher clubs unseen
    assert holds(view, Fact("best_left", card=Card(51))) and not holds(view, Fact("sure_winner", card=Card(12)))
    assert not holds(view, Fact("last_to_play")) and not holds(view, Fact("contract_made", seat=view.seat))
    shortest = min(range(3), key=lambda s: _count(view, s))
    if _count(view, shortest) < max(_count(view, s) for s in range(3)):
        assert not holds(view, Fact("longest_side_suit", seat=view.seat, suit=shortest))
