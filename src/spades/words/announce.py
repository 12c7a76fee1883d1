"""Short spoken lines: what happened at the table, and the answers to the information keys.

Every line is one sentence a screen reader says at once, built from public events and the player's own view, so
the same words serve the automatic announcements, the hand review and the line-mode transcript that scripts read.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from .. import explain
from ..actions import BLIND_NIL, Action, Bid, Choice
from ..cards import RANK_WORDS, Card, CardSet, Suit
from ..events import (
    BidChanged,
    BidMade,
    CardPlayed,
    Drew,
    Event,
    GameOver,
    HandScored,
    HandStarted,
    Looked,
    Passed,
    SpadesBroken,
    TrickWon,
)
from ..game import seat_name
from ..rules import Rules
from ..scoring import HandResult, NilResult, SideResult
from ..tricks import winning_play
from ..view import Phase, SeatView
from ..wire import SPECTATOR

SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def name(rules: Rules, seat: int) -> str:
    return seat_name(seat, rules.players)


def side_name(rules: Rules, side: int) -> str:
    """North-South and East-West for partnerships; the seat's name otherwise."""
    if rules.partnerships:
        return "-".join(name(rules, s) for s in rules.seats_of(side))
    return name(rules, side)


def bid_words(bid: Bid | None) -> str:
    return "not yet" if bid is None else bid.spoken


def points(value: int) -> str:
    return f"{value:+d}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def listed(words: list[str]) -> str:
    """Names as a sentence says them: "Ada", "Ada and Bob", "Ada, Bob and Cy"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def event_line(rules: Rules, event: Event, verbose: bool = True) -> list[str]:
    """The lines an event is announced with; ``verbose`` False says tricks and turns but not every card. The
    lines of the last few thousand events are remembered: a room says each event to every seat of its table."""
    try:  # the event's type is part of the key: events of two kinds with the same fields are equal tuples
        return list(_remembered_lines(rules, type(event).__name__, event, verbose))
    except TypeError:  # an event that cannot be a key (not one of the engine's own): said afresh
        return _event_lines(rules, event, verbose)


@functools.lru_cache(maxsize=8192)
def _remembered_lines(rules: Rules, kind: str, event: Event, verbose: bool) -> tuple[str, ...]:
    return tuple(_event_lines(rules, event, verbose))


def _event_lines(rules: Rules, event: Event, verbose: bool) -> list[str]:
    if isinstance(event, HandStarted):
        return [f"Hand {event.hand}. {name(rules, event.dealer)} deals."]
    if isinstance(event, Drew):
        if not verbose:
            return []
        how = "keeps the first card" if event.kept_first else "discards the first card and keeps the second"
        if event.discard is None:
            return [f"{name(rules, event.seat)} {how}, face down."]
        return [f"{name(rules, event.seat)} {how}; the {event.discard.name} is face up."]
    if isinstance(event, Passed):
        return [f"{name(rules, event.seat)} passes {plural(event.count, 'card')} to {name(rules, event.to)}."]
    if isinstance(event, Looked):
        return [f"{name(rules, event.seat)} looks at the cards."]
    if isinstance(event, BidMade):
        return [f"{name(rules, event.seat)} bids {event.bid.spoken}."]
    if isinstance(event, BidChanged):
        return [f"{name(rules, event.seat)}'s bid becomes {event.bid.spoken}: the partner also bid 4 or more."]
    if isinstance(event, CardPlayed):
        return [f"{name(rules, event.seat)} plays the {event.card.name}."] if verbose else []
    if isinstance(event, SpadesBroken):
        return ["Spades are broken."] if verbose else []
    if isinstance(event, TrickWon):
        winning = event.cards[[s for s, _ in event.plays].index(event.seat)]
        line = f"{name(rules, event.seat)} wins trick {event.number} with the {winning.name}."
        if not verbose:
            line += " " + trick_cards(rules, event.plays) + "."
        return [line]
    if isinstance(event, HandScored):
        return hand_summary(rules, event.result)
    if isinstance(event, GameOver):
        scores = ", ".join(f"{side_name(rules, s)} {v}" for s, v in enumerate(event.scores))
        if event.winner is None:
            return [f"The game is over: a draw. Final score: {scores}."]
        verb = "win" if rules.partnerships else "wins"
        return [f"{side_name(rules, event.winner)} {verb} the game. Final score: {scores}."]
    return []


def trick_cards(rules: Rules, plays: tuple[tuple[int, Card], ...]) -> str:
    return ", ".join(f"{name(rules, s)} {c.name}" for s, c in plays)


def side_result(rules: Rules, side: SideResult) -> str:
    who = side_name(rules, side.side)
    parts = []
    if side.contract:
        made = "made" if side.made else "set"
        if rules.moon and side.contract == rules.hand_size:
            made = "shot the moon" if side.made else "missed the moon"
        parts.append(f"bid {side.contract}, took {side.counted}, {made}")
    for nil in side.nils:
        parts.append(nil_words(rules, nil))
    if side.bag_penalty:
        parts.append(f"bag penalty {side.bag_penalty}")
    if rules.no_bags:  # overtricks neither score nor cost: there are no bags to count
        return f"{who}: {'; '.join(parts)}: {points(side.points)} points, score {side.score}."
    bags = plural(side.total_bags, "bag")
    return f"{who}: {'; '.join(parts)}: {points(side.points)} points, score {side.score}, {bags}."


def nil_words(rules: Rules, nil: NilResult) -> str:
    """``South's Nil failed with 2 tricks, -100 points and 2 bags``: a failed Nil says what it cost, its points and
    the bags its tricks became (unless they count for the partner), so the side's total adds up when heard."""
    kind = "Blind Nil" if nil.blind else "Nil"
    who = f"{name(rules, nil.seat)}'s {kind}"
    if nil.made:
        return f"{who} made"
    costs = [f"{points(nil.points)} points"] if nil.points else []
    if not rules.nil_tricks_count_for_partner and not rules.no_bags:
        costs.append(plural(nil.tricks, "bag"))
    text = f"{who} failed with {plural(nil.tricks, 'trick')}"
    if not costs:
        return text
    return f"{text}, {' and '.join(costs)}"


def hand_summary(rules: Rules, result: HandResult) -> list[str]:
    return [f"Hand {result.number} is over."] + [side_result(rules, s) for s in result.sides]


def own_draw_line(event: Drew, kept: str) -> str:
    """The seat's own draw in one line: ``kept`` (:func:`kept_line`, what only the seat knows) with the card that
    went face up, in place of the public line, so that the seat hears its keep once."""
    if event.discard is None:
        if kept.endswith("face down."):  # the note already says which card (:func:`kept_line`)
            return kept
        return f"{kept.removesuffix('.')}; the other goes face down."
    return f"{kept.removesuffix('.')}; the {event.discard.name} is face up."


def kept_line(before: CardSet, after: CardSet, face_down: CardSet | None = None) -> str | None:
    """"You keep the ...": the card the seat's draw added to its hand, which only that seat may hear; with
    ``face_down`` (the card it has just put face down, where discards are hidden), that card too."""
    kept = list(CardSet(after & ~before))
    if len(kept) != 1:
        return None
    if face_down is not None and len(face_down) == 1:
        return f"You keep the {kept[0].name}; the {next(iter(face_down)).name} goes face down."
    return f"You keep the {kept[0].name}."


def statistics_line(rules: Rules, seat: int, results: Sequence[HandResult], events: Sequence[Event]) -> str:
    """The seat's closing statistics at the end of the game, from the hands' results and the public events."""
    side = rules.side_of(seat)
    tricks = sum(1 for e in events if isinstance(e, TrickWon) and e.seat == seat)
    made = sum(1 for r in results if r.sides[side].contract and r.sides[side].made)
    set_ = sum(1 for r in results if r.sides[side].set)
    nils = [n for r in results for n in r.sides[side].nils if n.seat == seat]
    bags = sum(r.sides[side].bags for r in results)
    who = "your side" if rules.partnerships else "you"
    text = (f"Your statistics: {plural(len(results), 'hand')} played, {plural(tricks, 'trick')} taken by "
            f"you; {who} made {plural(made, 'contract')} and {'was' if who == 'your side' else 'were'} set "
            f"{plural(set_, 'time')}")
    if not rules.no_bags:
        text += f"; {plural(bags, 'bag')}"
    if nils:
        text += f"; Nil bid {plural(len(nils), 'time')}, made {sum(n.made for n in nils)}"
    return text + "."


# -- answers to the information keys -------------------------------------------------------------------------
def bids_line(view: SeatView) -> str:
    rules = view.rules
    each = ", ".join(f"{name(rules, s)} {bid_words(b)}" for s, b in enumerate(view.bids))
    if not rules.partnerships:
        return f"Bids: {each}."
    totals = []
    for side in range(rules.sides):
        made = [bid for s in rules.seats_of(side) if (bid := view.bids[s]) is not None]
        # a side none of whose players has bid has no total yet (a total of 0 would sound like two Nils)
        totals.append(f"{side_name(rules, side)} {sum(bid.value for bid in made) if made else 'not yet'}")
    return f"Bids: {each}. Totals: {', '.join(totals)}."


def game_score_line(view: SeatView) -> str:
    """What e says: each side's points and bags, and what the game is played to; once it is over, the result
    (the target no longer matters: who won, and the final score)."""
    rules = view.rules
    each = "; ".join(f"{side_name(rules, s)} {view.scores[s]} points"
                     + ("" if rules.no_bags else f", {plural(view.bags[s], 'bag')}") for s in range(rules.sides))
    if view.phase is Phase.OVER:
        if view.winner is None:
            return f"The game is over: a draw. Final score: {each}."
        verb = "win" if rules.partnerships else "wins"
        return f"The game is over: {side_name(rules, view.winner)} {verb}. Final score: {each}."
    goal = f"a game of {plural(rules.hands, 'hand')}" if rules.hands else f"playing to {rules.target}"
    return f"Score: {each}; {goal}."


def contract_line(view: SeatView) -> str:
    """What c says: each side's contract against the tricks it has taken; while the bidding is on, only the bids
    made so far (a contract of 0 "taken 0" would be heard as a side that bid nothing)."""
    rules = view.rules
    if view.phase in (Phase.DRAW, Phase.BID):
        return bidding_contract_line(view)
    parts = []
    for side in range(rules.sides):
        seats = rules.seats_of(side)
        contract = sum(bid.value for s in seats if (bid := view.bids[s]) is not None)
        nil_seats = [s for s in seats if (bid := view.bids[s]) is not None and bid.value == 0]
        # as the hand is scored: a failed Nil's tricks are bags, not tricks toward the contract (unless the rules
        # say they count), so "taken" never says a contract is made that the score will say was set
        counted = [s for s in seats if s not in nil_seats or rules.nil_tricks_count_for_partner]
        taken = sum(view.tricks_won[s] for s in counted)
        nils = [f"{name(rules, s)} Nil with {plural(view.tricks_won[s], 'trick')}"
                + (", which count only as bags" if view.tricks_won[s] and s not in counted else "")
                for s in nil_seats]
        text = f"{side_name(rules, side)} contract {contract}, taken {taken}"
        if nils:
            text += " (" + ", ".join(nils) + ")"
        parts.append(text)
    return "This hand: " + "; ".join(parts) + "."


def bidding_contract_line(view: SeatView) -> str:
    """``c`` before the contracts are known: ``No contract yet, the bidding is on: North-South 4 so far;
    East-West contract 5.`` (a side whose seats have all bid has its contract)."""
    rules = view.rules
    if all(bid is None for bid in view.bids):
        return f"No contract yet: {'the draw is on' if view.phase is Phase.DRAW else 'no one has bid'}."
    parts = []
    for side in range(rules.sides):
        bids = [view.bids[s] for s in rules.seats_of(side)]
        made = [bid for bid in bids if bid is not None]
        who = side_name(rules, side)
        if not made:
            parts.append(f"{who} not bid yet")
        elif len(made) == len(bids):
            parts.append(f"{who} contract {sum(bid.value for bid in made)}")
        else:
            parts.append(f"{who} {sum(bid.value for bid in made)} so far")
    return "No contract yet, the bidding is on: " + "; ".join(parts) + "."


def turn_line(view: SeatView) -> str:
    if view.phase == "over":
        return "The game is over."
    what = {"draw": "draw", "bid": "bid", "pass": "pass", "play": "play"}[view.phase]
    if view.offered is not None:  # the seat has drawn its card and must keep or discard it
        return f"Your turn: you drew the {view.offered.name}; y keeps it, n discards it."
    if view.turn == view.seat:
        return f"Your turn to {what}."
    return f"{name(view.rules, view.turn)}'s turn to {what}."


def prompt_line(view: SeatView, selected: Card | None = None) -> str:
    """What "your turn" says for the seat's decision now: the card drawn, the bids allowed, or in play the selected
    card (the first card the seat may play when ``selected`` is none). The terminal and the room say this line."""
    if view.phase == "draw":
        drawn = view.offered.name if view.offered is not None else "card"
        return f"Your turn: you drew the {drawn}. Keep it? y or n."
    if view.phase == "bid":
        if Choice.LOOK in view.legal:
            return ("Your turn to bid. You may bid Blind Nil before seeing your cards: 0, Enter, y. "
                    "Or press h to look at your cards.")
        return f"Your turn to bid: {legal_bids_text(view.legal)}."
    if selected is None:
        selected = next(a for a in view.legal if isinstance(a, Card))
    if view.phase == "pass":
        return f"{pass_turn_line(view)} {selected.name.capitalize()} is selected."
    return f"Your turn. {selected.name.capitalize()} is selected."


def pass_turn_line(view: SeatView) -> str:
    """``Your turn to pass 2 cards to North, face down: choose the first.``: to whom, and how many are left of
    the pass (the cards already chosen have left the hand)."""
    rules = view.rules
    to = name(rules, view.pass_to if view.pass_to is not None else view.seat)
    left = rules.nil_pass - len(view.passed)
    if rules.nil_pass == 1:
        return f"Your turn to pass a card to {to}, face down."
    if left == rules.nil_pass:
        return f"Your turn to pass {rules.nil_pass} cards to {to}, face down, one at a time."
    chosen = cards_words(in_play_order(view.passed, rules))
    return f"You have chosen {chosen}. Your turn to pass {plural(left, 'more card')} to {to}."


def current_trick_line(view: SeatView) -> str:
    if view.phase != "play":
        return "No trick is being played."
    if not view.trick:
        return f"Trick {view.trick_number}: no card yet; {name(view.rules, view.turn)} leads."
    plays = trick_cards(view.rules, view.trick)
    return f"Trick {view.trick_number}: {plays}. {name(view.rules, winning_seat(view.trick, view.rules))} is winning."


def winning_seat(plays: tuple[tuple[int, Card], ...], rules: Rules | None = None) -> int:
    """Who holds the trick so far, by the engine's rule (``rules`` for a pack whose trumps are not in card order,
    as in JJDD)."""
    return winning_play(plays, rules)[0]


def last_trick_line(view: SeatView) -> str:
    if not view.tricks:
        return "No trick has been taken in this hand."
    trick = view.tricks[-1]
    plays = trick_cards(view.rules, trick.plays(view.players))
    return f"Last trick, {len(view.tricks)}: {plays}. {name(view.rules, trick.winner)} took it."


def tricks_line(view: SeatView) -> str:
    if view.phase == "play":
        size = view.rules.hand_size
        left = size - len(view.tricks)
        return f"Trick {view.trick_number} of {size}; {plural(left, 'trick')} left, this one included."
    if view.phase == "over":
        return "The game is over."
    now = {"bid": "bidding", "pass": "Nil pass", "draw": "draw"}.get(view.phase.value, "draw")
    return f"The {now} is on; {view.rules.hand_size} tricks to play."


def rules_line(view: SeatView) -> str:
    return "Rules: " + explain.brief(view.rules)


def hand_answer(view: SeatView) -> str:
    """What h says of the seat's cards (a spectator holds none; before looking, the cards are face down), with the
    face-up cards of the two-player draw."""
    if view.seat == SPECTATOR:
        return "You are watching this table; you hold no cards."
    if view.hand is None:
        return "You have not looked at your cards yet."
    if not view.hand:  # not "Your hand, 0 cards. spades 0: none. ...": why there are none
        if view.phase is Phase.DRAW:
            return "You hold no card yet: the draw is on." + known_lines(view)
        return "The game is over; you have played all your cards." if view.phase is Phase.OVER \
            else "You have played all your cards."
    return hand_lines(view.hand, view.rules) + known_lines(view)


def known_lines(view: SeatView) -> str:
    """What the seat alone knows beside its hand: in the two-player draw its discards (face up, seen by both, or
    face down, its own), and the cards of this hand's Nil pass, which only the two partners know."""
    rules = view.rules
    line = ""
    if view.phase is Phase.DRAW and view.discards:
        where = "Your discards, face down" if rules.face_down_discards else "Face up"
        line += f" {where}: {', '.join(c.name for c in view.discards)}."
    partner = view.partner
    if partner is not None and view.phase in (Phase.PASS, Phase.PLAY):
        held = [c for c in in_play_order(CardSet(view.passed & ~view.played), rules)]
        if view.passed and view.pass_to is None:
            line += (f" {name(rules, partner)} holds {cards_words(held)}, which you passed."
                     if held else f" {name(rules, partner)} has played the cards you passed.")
        if view.received:
            line += f" {name(rules, partner)} passed you {cards_words(in_play_order(view.received, rules))}."
    return line


def cards_words(cards: Sequence[Card]) -> str:
    """``the ace of spades and the Big Joker``."""
    return listed([f"the {card.name}" for card in cards])


def pass_line(view: SeatView, history: Sequence[Event], index: int) -> str | None:
    """What a Nil pass is to the two partners, in place of the public line: the passer hears ``You pass the ace of
    spades and the two of hearts to North.``, the receiver ``South passes you ...``. Only while the seat's view
    still holds that hand's pass (None for anyone else, and once the next hand is dealt)."""
    event = history[index]
    if not isinstance(event, Passed) or view.seat not in (event.seat, event.to):
        return None
    found = _hand_events(history, index)
    if found is None or found[0] != view.hand_number or view.hand is None:
        return None
    rules = view.rules
    if view.seat == event.seat:
        return f"You pass {cards_words(in_play_order(view.passed, rules))} to {name(rules, event.to)}."
    return f"{name(rules, event.seat)} passes you {cards_words(in_play_order(view.received, rules))}."


def rank_word(card: Card, rules: Rules | None = None) -> str:
    """The card as said within its suit: its rank, but a joker by its name, and a card that plays in another suit
    than its own (the two of diamonds among the spades, in JJDD) in full."""
    if card.joker or (rules is not None and rules.suit_of(card) != card.suit):
        return card.name
    return RANK_WORDS[card % 13]


def in_play_order(cards: CardSet, rules: Rules | None = None) -> list[Card]:
    """The cards high to low within each suit in play, spades first, as a player holds them: by the rules' order,
    so that the jokers lead the spades and a JJDD two of diamonds sits among them."""
    return [card for suit in reversed(SUIT_ORDER) for card in suit_cards(cards, suit, rules)]


def suit_cards(cards: CardSet, suit: Suit, rules: Rules | None = None) -> list[Card]:
    """The cards of one suit in play, high to low."""
    if rules is None:
        return sorted(cards.suit(suit), reverse=True)
    return sorted(CardSet(cards & rules.suit_masks[suit]), key=rules.power, reverse=True)


def hand_lines(hand: CardSet, rules: Rules | None = None) -> str:
    """Suit by suit, spades first, high to low, with counts: the way a player holds the cards."""
    return f"Your hand, {plural(len(hand), 'card')}. " + suits_words(hand, rules) + "."


def suits_words(hand: CardSet, rules: Rules | None = None) -> str:
    """``spades 3: ace, ten, two. hearts 0: none. ...``: the cards as ``h`` says them, for any seat's hand (each
    suit as it plays under ``rules``: the jokers first among the spades)."""
    parts = []
    for suit in reversed(SUIT_ORDER):
        cards = suit_cards(hand, suit, rules)
        ranks = ", ".join(rank_word(c, rules) for c in cards) if cards else "none"
        parts.append(f"{suit.plural} {len(cards)}: {ranks}")
    return ". ".join(parts)


def legal_bids_text(legal: tuple[object, ...]) -> str:
    """``Nil or 1 to 13``; ``Nil, 4``: runs of numbers are said as ranges."""
    values = sorted(a.value for a in legal if isinstance(a, Bid) and not a.blind)
    words = ["Blind Nil"] if BLIND_NIL in legal else []
    if Choice.LOOK in legal:
        words.append("look at your cards")
    nil = 0 in values
    numbers = [v for v in values if v]
    if nil:
        words.append("Nil")
    if numbers:
        if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
            words.append(f"{numbers[0]} to {numbers[-1]}")
        else:
            words.extend(str(v) for v in numbers)
    return " or ".join(words)


def hint_line(action: Action, reason: str, phase: Phase = Phase.PLAY) -> str:
    """What the hint key says: the computer's choice for the seat and its reason (a card becomes the selected one,
    at the terminal and in the browser alike); in a Nil pass the card is one to pass, not to play. The card is named
    once: where the reason names it again, it is "this card" there."""
    if isinstance(action, Card):
        what = f"{'pass' if phase is Phase.PASS else 'play'} the {action.name} (now selected)"
        reason = re.sub(rf"\bthe {re.escape(action.name)}\b", "this card", reason, flags=re.IGNORECASE)
    elif isinstance(action, Bid):
        what = f"bid {action.spoken}"
    else:
        what = {"keep": "keep the card", "discard": "discard the card", "look": "look at your cards"}[action.value]
    reason = reason.strip().rstrip(".")
    return f"Hint: {what}. {reason[:1].upper() + reason[1:]}." if reason else f"Hint: {what}."


def no_hint_line(turn: str) -> str:
    """What the hint key says when the seat has nothing to decide; ``turn`` is what w says now."""
    return f"No hint: it is not your turn. {turn}"


# -- lines that follow an event for one seat, from the events around it -----------------------------------------


def _hand_events(history: Sequence[Event], index: int) -> tuple[int, int, list[Event]] | None:
    """The number, the start's index and the events (start to end, as far as they go) of the hand that event
    ``index`` belongs to."""
    start = next((i for i in range(index, -1, -1) if isinstance(history[i], HandStarted)), None)
    if start is None:
        return None
    started = history[start]
    assert isinstance(started, HandStarted)
    end = next((i for i in range(start + 1, len(history)) if isinstance(history[i], HandStarted)), len(history))
    return started.hand, start, list(history[start:end])


def dealt_line(view: SeatView, history: Sequence[Event], index: int) -> str | None:
    """What the seat hears once its cards are all in hand (after the deal, or after the last card of the two-player
    draw): one line, suit by suit, with ``h`` for every card; None after any other event, for a spectator, and for
    a seat whose cards were face down (it could bid Blind Nil: looking reads the whole hand).

    The cards are those dealt, whenever the line is asked for: the seat's cards now with the ones it has played in
    that hand, so a page that catches up later says what was said at the deal."""
    event = history[index]
    if view.seat == SPECTATOR:
        return None
    dealt = isinstance(event, HandStarted) if view.rules.deals else isinstance(event, Drew)
    if not dealt:
        return None
    found = _hand_events(history, index)
    if found is None:
        return None
    number, start, events = found
    if not view.rules.deals and sum(isinstance(e, Drew) for e in history[start:index + 1]) != 2 * view.rules.hand_size:
        return None
    seat = view.seat
    if any((isinstance(e, Looked) or (isinstance(e, BidMade) and e.bid.blind)) and e.seat == seat for e in events):
        return None
    played = CardSet(e.card for e in events if isinstance(e, CardPlayed) and e.seat == seat)
    if number == view.hand_number and view.phase is not Phase.OVER:
        if view.hand is None:
            return None
        # as dealt: before a Nil pass took some cards away and brought others
        played = CardSet((played | view.hand) & ~view.received | view.passed)
    if len(played) != view.rules.hand_size:
        return None
    return hand_summary_line(played, view.rules)


def hand_summary_line(hand: CardSet, rules: Rules | None = None) -> str:
    """``Your cards: 4 spades to the ace, 3 hearts to the king, no diamonds, ...; h reads every card.``"""
    parts = []
    for suit in reversed(SUIT_ORDER):
        cards = suit_cards(hand, suit, rules)
        count = len(cards)
        if not count:
            parts.append(f"no {suit.plural}")
            continue
        top = rank_word(cards[0], rules)
        word = suit.plural if count != 1 else suit.singular
        parts.append(f"{count} {word} to the {top}" if count > 1 else f"1 {word}, the {top}")
    return f"Your cards: {', '.join(parts)}; h reads every card."


def trick_so_far_line(view: SeatView, history: Sequence[Event], index: int) -> str | None:
    """After a card that makes it the seat's turn in the middle of a trick: who led what and who is winning, so a
    player who hears only tricks, bids and turns knows what the turn is about; None after any other event."""
    event = history[index]
    if view.seat == SPECTATOR or not isinstance(event, CardPlayed):
        return None
    players = view.rules.players
    if (event.seat + 1) % players != view.seat:
        return None
    plays: list[tuple[int, Card]] = []
    for earlier in reversed(history[:index + 1]):
        if isinstance(earlier, TrickWon | HandStarted):
            break
        if isinstance(earlier, CardPlayed):
            plays.append((earlier.seat, earlier.card))
    else:  # the trick's start is not in ``history`` (only part of the events): its lead is not known here
        return None
    plays.reverse()
    if not plays or len(plays) >= players:
        return None
    rules = view.rules
    leader, led = plays[0]
    line = f"{name(rules, leader)} led the {led.name}"
    if len(plays) > 1:
        winner, card = winning_play(tuple(plays), rules)
        line += " and is winning" if winner == leader else f"; {name(rules, winner)} is winning with the {card.name}"
    return line + "."


def partners_of(rules: Rules, seat: int) -> tuple[int, ...]:
    """The seat's partners: the one across the table, the two of a team of three, or none for a player alone."""
    if not rules.partnerships:
        return ()
    return tuple(s for s in rules.seats_of(rules.side_of(seat)) if s != seat)


def computer_line(rules: Rules, human: int, levels: dict[int, str]) -> str:
    """Who the computer plays and at which level: ``The computer plays North, your partner, at normal; East and
    West at hard.`` (said when a game starts or resumes, and with the rules at z)."""
    mates = partners_of(rules, human)
    groups: list[tuple[str, list[str], bool]] = []  # the level, its seats, whether they are the player's partners
    for seat in sorted(levels):
        mate = seat in mates
        same = next((g for g in groups if g[0] == levels[seat] and g[2] == mate), None)
        if same is not None:
            same[1].append(name(rules, seat))
        else:
            groups.append((levels[seat], [name(rules, seat)], mate))
    groups.sort(key=lambda group: not group[2])  # the partners first
    parts = [f"{listed(seats)}, your {'partners' if len(seats) > 1 else 'partner'}, at {level}" if mate
             else f"{listed(seats)} at {level}" for level, seats, mate in groups]
    return f"The computer plays {'; '.join(parts)}." if parts else ""


def seating_line(rules: Rules, human: int, people: dict[int, str], levels: dict[int, str]) -> str:
    """Who sits where at a table with people: ``bob plays East; carol plays West. The computer plays North, your
    partner, at normal.`` (said when a room's game starts or is come back to, and with the rules at z)."""
    mates = partners_of(rules, human)
    parts = [f"{player} plays {name(rules, seat)}{', your partner' if seat in mates else ''}"
             for seat, player in sorted(people.items(), key=lambda item: item[0] not in mates)]
    computer = computer_line(rules, human, levels)
    return " ".join(filter(None, ("; ".join(parts) + "." if parts else "", computer)))
