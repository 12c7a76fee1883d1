"""Short spoken lines: what happened at the table, and the answers to the information keys.

Every line is one sentence a screen reader says at once, built from public events and the player's own view, so
the same words serve the automatic announcements, the hand review and the line-mode transcript that scripts read.
Each is said in the language in force: every sentence is one message of the catalogue, whole, with its card, seat
and count as named placeholders (a card with its article, ``the_card``; a seat as said, ``seat_words``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from .. import explain
from ..actions import BLIND_NIL, Action, Bid, Choice
from ..cards import Card, CardSet, Suit, card_words, rank_words, suit_word, suit_words, the_card, the_rank
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
from ..language import _, current, n_
from ..language import listed as said_list
from ..rules import Rules
from ..scoring import HandResult, NilResult, SideResult
from ..seats import seat_words, side_words
from ..tricks import winning_play
from ..view import Phase, SeatView
from ..wire import SPECTATOR

SUIT_ORDER = (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def name(rules: Rules, seat: int) -> str:
    """The seat's name as said, in the language in force."""
    return seat_words(seat, rules.players)


def side_name(rules: Rules, side: int) -> str:
    """North-South and East-West for partnerships; the seat's name otherwise (as said)."""
    return side_words(rules, side)


def bid_words(bid: Bid | None) -> str:
    return _("not yet") if bid is None else bid.spoken


def points(value: int) -> str:
    return f"{value:+d}"


def plural(count: int, word: str) -> str:
    """``3 bags``: English only, for callers that have not said their count with ``n_`` yet (none of the words
    layer's own sentences)."""
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def listed(words: list[str]) -> str:
    """Names as a sentence says them: "Ada", "Ada and Bob", "Ada, Bob and Cy" (in the language in force)."""
    return said_list(words)


def _plays(rules: Rules, plays: Sequence[tuple[int, Card]]) -> str:
    # Translators: one card of a trick in a list of them, "North ace of spades, East two of spades".
    return ", ".join(_("{seat} {card}", seat=name(rules, s), card=card_words(c)) for s, c in plays)


def _scores(rules: Rules, scores: Sequence[int]) -> str:
    # Translators: a side and its score in the final score's list, "North-South 520, East-West 310".
    return ", ".join(_("{side} {score}", side=side_name(rules, s), score=v) for s, v in enumerate(scores))


def event_line(rules: Rules, event: Event, verbose: bool = True) -> list[str]:
    """The lines an event is announced with; ``verbose`` False says tricks and turns but not every card. The
    lines of the last few thousand events are remembered, in each language: a room says each event to every seat
    of its table."""
    try:  # the event's type is part of the key: events of two kinds with the same fields are equal tuples
        return list(_remembered_lines(rules, type(event).__name__, event, verbose, current()))
    except TypeError:  # an event that cannot be a key (not one of the engine's own): said afresh
        return _event_lines(rules, event, verbose)


@functools.lru_cache(maxsize=8192)
def _remembered_lines(rules: Rules, kind: str, event: Event, verbose: bool, language: str) -> tuple[str, ...]:
    return tuple(_event_lines(rules, event, verbose))


def _event_lines(rules: Rules, event: Event, verbose: bool) -> list[str]:
    if isinstance(event, HandStarted):
        return [_("Hand {hand}. {seat} deals.", hand=event.hand, seat=name(rules, event.dealer))]
    if isinstance(event, Drew):
        if not verbose:
            return []
        return [_drew(name(rules, event.seat), event)]
    if isinstance(event, Passed):
        return [n_("{seat} passes {n} card to {to}.", "{seat} passes {n} cards to {to}.", event.count,
                   seat=name(rules, event.seat), to=name(rules, event.to))]
    if isinstance(event, Looked):
        return [_("{seat} looks at the cards.", seat=name(rules, event.seat))]
    if isinstance(event, BidMade):
        return [_("{seat} bids {bid}.", seat=name(rules, event.seat), bid=event.bid.spoken)]
    if isinstance(event, BidChanged):
        return [_("{seat}'s bid becomes {bid}: the partner also bid 4 or more.", seat=name(rules, event.seat),
                  bid=event.bid.spoken)]
    if isinstance(event, CardPlayed):
        return [_("{seat} plays {card}.", seat=name(rules, event.seat), card=the_card(event.card))] if verbose else []
    if isinstance(event, SpadesBroken):
        return [_("Spades are broken.")] if verbose else []
    if isinstance(event, TrickWon):
        winning = event.cards[[s for s, _c in event.plays].index(event.seat)]
        seat = name(rules, event.seat)
        if verbose:
            return [_("{seat} wins trick {number} with {card}.", seat=seat, number=event.number,
                      card=the_card(winning))]
        return [_("{seat} wins trick {number} with {card}. {plays}.", seat=seat, number=event.number,
                  card=the_card(winning), plays=trick_cards(rules, event.plays))]
    if isinstance(event, HandScored):
        return hand_summary(rules, event.result)
    if isinstance(event, GameOver):
        scores = _scores(rules, event.scores)
        if event.winner is None:
            return [_("The game is over: a draw. Final score: {scores}.", scores=scores)]
        side = side_name(rules, event.winner)
        if rules.partnerships:
            return [_("{side} win the game. Final score: {scores}.", side=side, scores=scores)]
        return [_("{side} wins the game. Final score: {scores}.", side=side, scores=scores)]
    return []


def _drew(seat: str, event: Drew) -> str:
    """A seat's draw as everyone hears it: which card it kept, and the discard when it is face up."""
    if event.discard is None:
        if event.kept_first:
            return _("{seat} keeps the first card, face down.", seat=seat)
        return _("{seat} discards the first card and keeps the second, face down.", seat=seat)
    if event.kept_first:
        return _("{seat} keeps the first card; {card} is face up.", seat=seat, card=the_card(event.discard))
    return _("{seat} discards the first card and keeps the second; {card} is face up.", seat=seat,
             card=the_card(event.discard))


def trick_cards(rules: Rules, plays: tuple[tuple[int, Card], ...]) -> str:
    """``North ace of spades, East two of spades``: a trick's cards, each with its seat."""
    return _plays(rules, plays)


def side_result(rules: Rules, side: SideResult) -> str:
    who = side_name(rules, side.side)
    parts = []
    if side.contract:
        fields = {"contract": side.contract, "taken": side.counted}
        if rules.moon and side.contract == rules.hand_size:
            parts.append(_("bid {contract}, took {taken}, shot the moon", **fields) if side.made
                         else _("bid {contract}, took {taken}, missed the moon", **fields))
        else:
            parts.append(_("bid {contract}, took {taken}, made", **fields) if side.made
                         else _("bid {contract}, took {taken}, set", **fields))
    for nil in side.nils:
        parts.append(nil_words(rules, nil))
    if side.bag_penalty:
        parts.append(_("bag penalty {penalty}", penalty=side.bag_penalty))
    # Translators: {parts} is a side's contract, Nils and bag penalty, each a phrase, joined by "; ".
    said = "; ".join(parts)
    if rules.no_bags:  # overtricks neither score nor cost: there are no bags to count
        return _("{side}: {parts}: {points} points, score {score}.", side=who, parts=said, points=points(side.points),
                 score=side.score)
    return n_("{side}: {parts}: {points} points, score {score}, {n} bag.",
              "{side}: {parts}: {points} points, score {score}, {n} bags.", side.total_bags, side=who, parts=said,
              points=points(side.points), score=side.score)


def nil_words(rules: Rules, nil: NilResult) -> str:
    """``South's Nil failed with 2 tricks, -100 points and 2 bags``: a failed Nil says what it cost, its points and
    the bags its tricks became (unless they count for the partner), so the side's total adds up when heard."""
    seat = name(rules, nil.seat)
    if nil.made:
        return _("{seat}'s Blind Nil made", seat=seat) if nil.blind else _("{seat}'s Nil made", seat=seat)
    kind = _("Blind Nil") if nil.blind else _("Nil")
    bags = not rules.nil_tricks_count_for_partner and not rules.no_bags
    fields = {"seat": seat, "kind": kind, "points": points(nil.points)}
    # Translators: {kind} is "Nil" or "Blind Nil"; the bags are the Nil's tricks, so their count is {n} too.
    if nil.points and bags:
        return n_("{seat}'s {kind} failed with {n} trick, {points} points and {n} bag",
                  "{seat}'s {kind} failed with {n} tricks, {points} points and {n} bags", nil.tricks, **fields)
    if nil.points:
        return n_("{seat}'s {kind} failed with {n} trick, {points} points",
                  "{seat}'s {kind} failed with {n} tricks, {points} points", nil.tricks, **fields)
    if bags:
        return n_("{seat}'s {kind} failed with {n} trick, {n} bag",
                  "{seat}'s {kind} failed with {n} tricks, {n} bags", nil.tricks, **fields)
    return n_("{seat}'s {kind} failed with {n} trick", "{seat}'s {kind} failed with {n} tricks", nil.tricks,
              **fields)


def hand_summary(rules: Rules, result: HandResult) -> list[str]:
    return [_("Hand {number} is over.", number=result.number)] + [side_result(rules, s) for s in result.sides]


class Kept(str):
    """The seat's own keep in the draw (:func:`kept_line`): the sentence, which says whether it already names the
    card that went face down (``face_down``), so :func:`own_draw_line` need not read its words."""

    face_down: bool = False


def own_draw_line(event: Drew, kept: str) -> str:
    """The seat's own draw in one line: ``kept`` (:func:`kept_line`, what only the seat knows) with the card that
    went face up, in place of the public line, so that the seat hears its keep once."""
    # the keep as a clause of its own: its sentence without the full stop
    clause = kept.removesuffix(".")
    if event.discard is None:
        named = kept.face_down if isinstance(kept, Kept) else kept.endswith("face down.")
        if named:  # the note already says which card (:func:`kept_line`)
            return kept
        # Translators: {kept} is the sentence "You keep the ace of spades" without its full stop.
        return _("{kept}; the other goes face down.", kept=clause)
    # Translators: {kept} is the sentence "You keep the ace of spades" without its full stop.
    return _("{kept}; {card} is face up.", kept=clause, card=the_card(event.discard))


def kept_line(before: CardSet, after: CardSet, face_down: CardSet | None = None) -> str | None:
    """"You keep the ...": the card the seat's draw added to its hand, which only that seat may hear; with
    ``face_down`` (the card it has just put face down, where discards are hidden), that card too."""
    kept = list(CardSet(after & ~before))
    if len(kept) != 1:
        return None
    if face_down is not None and len(face_down) == 1:
        line = Kept(_("You keep {card}; {other} goes face down.", card=the_card(kept[0]),
                      other=the_card(next(iter(face_down)))))
        line.face_down = True
        return line
    return Kept(_("You keep {card}.", card=the_card(kept[0])))


def statistics_line(rules: Rules, seat: int, results: Sequence[HandResult], events: Sequence[Event]) -> str:
    """The seat's closing statistics at the end of the game, from the hands' results and the public events."""
    side = rules.side_of(seat)
    tricks = sum(1 for e in events if isinstance(e, TrickWon) and e.seat == seat)
    made = sum(1 for r in results if r.sides[side].contract and r.sides[side].made)
    set_ = sum(1 for r in results if r.sides[side].set)
    nils = [n for r in results for n in r.sides[side].nils if n.seat == seat]
    bags = sum(r.sides[side].bags for r in results)
    counts = {"hands": n_("{n} hand", "{n} hands", len(results)), "tricks": n_("{n} trick", "{n} tricks", tricks),
              "contracts": n_("{n} contract", "{n} contracts", made), "sets": n_("{n} time", "{n} times", set_)}
    if rules.partnerships:
        text = _("Your statistics: {hands} played, {tricks} taken by you; your side made {contracts} and was set "
                 "{sets}", **counts)
    else:
        text = _("Your statistics: {hands} played, {tricks} taken by you; you made {contracts} and were set {sets}",
                 **counts)
    if not rules.no_bags:
        # Translators: {statistics} is the sentence so far, without its full stop.
        text = n_("{statistics}; {n} bag", "{statistics}; {n} bags", bags, statistics=text)
    if nils:
        # Translators: {statistics} is the sentence so far, without its full stop.
        text = n_("{statistics}; Nil bid {n} time, made {made}", "{statistics}; Nil bid {n} times, made {made}",
                  len(nils), statistics=text, made=sum(n.made for n in nils))
    return text + "."


# -- answers to the information keys -------------------------------------------------------------------------
def bids_line(view: SeatView) -> str:
    rules = view.rules
    # Translators: a seat and its bid in the list of bids, "North 4, East Nil, South not yet".
    each = ", ".join(_("{seat} {bid}", seat=name(rules, s), bid=bid_words(b)) for s, b in enumerate(view.bids))
    if not rules.partnerships:
        return _("Bids: {bids}.", bids=each)
    totals = []
    for side in range(rules.sides):
        made = [bid for s in rules.seats_of(side) if (bid := view.bids[s]) is not None]
        # a side none of whose players has bid has no total yet (a total of 0 would sound like two Nils)
        total = str(sum(bid.value for bid in made)) if made else _("not yet")
        # Translators: a side and its total bid in a list, "North-South 7, East-West not yet".
        totals.append(_("{side} {total}", side=side_name(rules, side), total=total))
    return _("Bids: {bids}. Totals: {totals}.", bids=each, totals=", ".join(totals))


def game_score_line(view: SeatView) -> str:
    """What e says: each side's points and bags, and what the game is played to; once it is over, the result
    (the target no longer matters: who won, and the final score)."""
    rules = view.rules
    if rules.no_bags:
        parts = [_("{side} {points} points", side=side_name(rules, s), points=view.scores[s])
                 for s in range(rules.sides)]
    else:
        parts = [n_("{side} {points} points, {n} bag", "{side} {points} points, {n} bags", view.bags[s],
                    side=side_name(rules, s), points=view.scores[s]) for s in range(rules.sides)]
    each = "; ".join(parts)
    if view.phase is Phase.OVER:
        if view.winner is None:
            return _("The game is over: a draw. Final score: {scores}.", scores=each)
        side = side_name(rules, view.winner)
        if rules.partnerships:
            return _("The game is over: {side} win. Final score: {scores}.", side=side, scores=each)
        return _("The game is over: {side} wins. Final score: {scores}.", side=side, scores=each)
    if rules.hands:
        return n_("Score: {scores}; a game of {n} hand.", "Score: {scores}; a game of {n} hands.", rules.hands,
                  scores=each)
    return _("Score: {scores}; playing to {target}.", scores=each, target=rules.target)


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
        nils = [n_("{seat} Nil with {n} trick, which count only as bags",
                   "{seat} Nil with {n} tricks, which count only as bags", view.tricks_won[s], seat=name(rules, s))
                if view.tricks_won[s] and s not in counted
                else n_("{seat} Nil with {n} trick", "{seat} Nil with {n} tricks", view.tricks_won[s],
                        seat=name(rules, s))
                for s in nil_seats]
        fields = {"side": side_name(rules, side), "contract": contract, "taken": taken}
        if nils:
            parts.append(_("{side} contract {contract}, taken {taken} ({nils})", nils=", ".join(nils), **fields))
        else:
            parts.append(_("{side} contract {contract}, taken {taken}", **fields))
    return _("This hand: {sides}.", sides="; ".join(parts))


def bidding_contract_line(view: SeatView) -> str:
    """``c`` before the contracts are known: ``No contract yet, the bidding is on: North-South 4 so far;
    East-West contract 5.`` (a side whose seats have all bid has its contract)."""
    rules = view.rules
    if all(bid is None for bid in view.bids):
        if view.phase is Phase.DRAW:
            return _("No contract yet: the draw is on.")
        return _("No contract yet: no one has bid.")
    parts = []
    for side in range(rules.sides):
        bids = [view.bids[s] for s in rules.seats_of(side)]
        made = [bid for bid in bids if bid is not None]
        who = side_name(rules, side)
        if not made:
            parts.append(_("{side} not bid yet", side=who))
        elif len(made) == len(bids):
            parts.append(_("{side} contract {contract}", side=who, contract=sum(bid.value for bid in made)))
        else:
            parts.append(_("{side} {bid} so far", side=who, bid=sum(bid.value for bid in made)))
    return _("No contract yet, the bidding is on: {sides}.", sides="; ".join(parts))


def turn_line(view: SeatView) -> str:
    if view.phase == "over":
        return _("The game is over.")
    if view.offered is not None:  # the seat has drawn its card and must keep or discard it
        return _("Your turn: you drew {card}; y keeps it, n discards it.", card=the_card(view.offered))
    if view.turn == view.seat:
        return {"draw": _("Your turn to draw."), "bid": _("Your turn to bid."), "pass": _("Your turn to pass."),
                "play": _("Your turn to play.")}[view.phase]
    seat = name(view.rules, view.turn)
    if view.phase == "draw":
        return _("{seat}'s turn to draw.", seat=seat)
    if view.phase == "bid":
        return _("{seat}'s turn to bid.", seat=seat)
    if view.phase == "pass":
        return _("{seat}'s turn to pass.", seat=seat)
    return _("{seat}'s turn to play.", seat=seat)


def prompt_line(view: SeatView, selected: Card | None = None) -> str:
    """What "your turn" says for the seat's decision now: the card drawn, the bids allowed, or in play the selected
    card (the first card the seat may play when ``selected`` is none). The terminal and the room say this line."""
    if view.phase == "draw":
        drawn = the_card(view.offered) if view.offered is not None else _("the card")
        return _("Your turn: you drew {card}. Keep it? y or n.", card=drawn)
    if view.phase == "bid":
        if Choice.LOOK in view.legal:
            return _("Your turn to bid. You may bid Blind Nil before seeing your cards: 0, Enter, y. "
                     "Or press h to look at your cards.")
        return _("Your turn to bid: {bids}.", bids=legal_bids_text(view.legal))
    if selected is None:
        selected = next(a for a in view.legal if isinstance(a, Card))
    card = card_words(selected).capitalize()
    if view.phase == "pass":
        return f"{pass_turn_line(view)} " + _("{card} is selected.", card=card)
    return _("Your turn. {card} is selected.", card=card)


def pass_turn_line(view: SeatView) -> str:
    """``Your turn to pass 2 cards to North, face down: choose the first.``: to whom, and how many are left of
    the pass (the cards already chosen have left the hand)."""
    rules = view.rules
    to = name(rules, view.pass_to if view.pass_to is not None else view.seat)
    left = rules.nil_pass - len(view.passed)
    if rules.nil_pass == 1:
        return _("Your turn to pass a card to {seat}, face down.", seat=to)
    if left == rules.nil_pass:
        return n_("Your turn to pass {n} card to {seat}, face down, one at a time.",
                  "Your turn to pass {n} cards to {seat}, face down, one at a time.", rules.nil_pass, seat=to)
    chosen = cards_words(in_play_order(view.passed, rules))
    return n_("You have chosen {cards}. Your turn to pass {n} more card to {seat}.",
              "You have chosen {cards}. Your turn to pass {n} more cards to {seat}.", left, cards=chosen, seat=to)


def current_trick_line(view: SeatView) -> str:
    if view.phase != "play":
        return _("No trick is being played.")
    if not view.trick:
        return _("Trick {number}: no card yet; {seat} leads.", number=view.trick_number,
                 seat=name(view.rules, view.turn))
    return _("Trick {number}: {plays}. {seat} is winning.", number=view.trick_number,
             plays=trick_cards(view.rules, view.trick), seat=name(view.rules, winning_seat(view.trick, view.rules)))


def winning_seat(plays: tuple[tuple[int, Card], ...], rules: Rules | None = None) -> int:
    """Who holds the trick so far, by the engine's rule (``rules`` for a pack whose trumps are not in card order,
    as in JJDD)."""
    return winning_play(plays, rules)[0]


def last_trick_line(view: SeatView) -> str:
    if not view.tricks:
        return _("No trick has been taken in this hand.")
    trick = view.tricks[-1]
    return _("Last trick, {number}: {plays}. {seat} took it.", number=len(view.tricks),
             plays=trick_cards(view.rules, trick.plays(view.players)), seat=name(view.rules, trick.winner))


def tricks_line(view: SeatView) -> str:
    if view.phase == "play":
        size = view.rules.hand_size
        left = size - len(view.tricks)
        return n_("Trick {number} of {size}; {n} trick left, this one included.",
                  "Trick {number} of {size}; {n} tricks left, this one included.", left, number=view.trick_number,
                  size=size)
    if view.phase == "over":
        return _("The game is over.")
    size = view.rules.hand_size
    if view.phase.value == "bid":
        return _("The bidding is on; {size} tricks to play.", size=size)
    if view.phase.value == "pass":
        return _("The Nil pass is on; {size} tricks to play.", size=size)
    return _("The draw is on; {size} tricks to play.", size=size)


def rules_line(view: SeatView) -> str:
    return _("Rules: {rules}", rules=explain.brief(view.rules))


def hand_answer(view: SeatView) -> str:
    """What h says of the seat's cards (a spectator holds none; before looking, the cards are face down), with the
    face-up cards of the two-player draw."""
    if view.seat == SPECTATOR:
        return _("You are watching this table; you hold no cards.")
    if view.hand is None:
        return _("You have not looked at your cards yet.")
    if not view.hand:  # not "Your hand, 0 cards. spades 0: none. ...": why there are none
        if view.phase is Phase.DRAW:
            return _("You hold no card yet: the draw is on.") + known_lines(view)
        return _("The game is over; you have played all your cards.") if view.phase is Phase.OVER \
            else _("You have played all your cards.")
    return hand_lines(view.hand, view.rules) + known_lines(view)


def known_lines(view: SeatView) -> str:
    """What the seat alone knows beside its hand: in the two-player draw its discards (face up, seen by both, or
    face down, its own), and the cards of this hand's Nil pass, which only the two partners know. Each sentence
    follows a space, to be said after another."""
    rules = view.rules
    lines = []
    if view.phase is Phase.DRAW and view.discards:
        cards = ", ".join(card_words(c) for c in view.discards)
        lines.append(_("Your discards, face down: {cards}.", cards=cards) if rules.face_down_discards
                     else _("Face up: {cards}.", cards=cards))
    partner = view.partner
    if partner is not None and view.phase in (Phase.PASS, Phase.PLAY):
        held = [c for c in in_play_order(CardSet(view.passed & ~view.played), rules)]
        mate = name(rules, partner)
        if view.passed and view.pass_to is None:
            lines.append(_("{seat} holds {cards}, which you passed.", seat=mate, cards=cards_words(held)) if held
                         else _("{seat} has played the cards you passed.", seat=mate))
        if view.received:
            lines.append(_("{seat} passed you {cards}.", seat=mate,
                           cards=cards_words(in_play_order(view.received, rules))))
    return "".join(f" {line}" for line in lines)


def cards_words(cards: Sequence[Card]) -> str:
    """``the ace of spades and the Big Joker``."""
    return listed([the_card(card) for card in cards])


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
        return _("You pass {cards} to {seat}.", cards=cards_words(in_play_order(view.passed, rules)),
                 seat=name(rules, event.to))
    return _("{seat} passes you {cards}.", seat=name(rules, event.seat),
             cards=cards_words(in_play_order(view.received, rules)))


def _whole(card: Card, rules: Rules | None) -> bool:
    """Whether a card is said in full within its suit: a joker, and a card that plays in another suit than its
    own (the two of diamonds among the spades, in JJDD)."""
    return card.joker or (rules is not None and rules.suit_of(card) != card.suit)


def rank_word(card: Card, rules: Rules | None = None) -> str:
    """The card as said within its suit: its rank, but a joker by its name, and a card that plays in another suit
    than its own (the two of diamonds among the spades, in JJDD) in full."""
    return card_words(card) if _whole(card, rules) else rank_words(card)


def the_rank_word(card: Card, rules: Rules | None = None) -> str:
    """:func:`rank_word` with its article: "the ace", "the Big Joker"."""
    return the_card(card) if _whole(card, rules) else the_rank(card)


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
    return n_("Your hand, {n} card. {suits}.", "Your hand, {n} cards. {suits}.", len(hand),
              suits=suits_words(hand, rules))


def suits_words(hand: CardSet, rules: Rules | None = None) -> str:
    """``spades 3: ace, ten, two. hearts 0: none. ...``: the cards as ``h`` says them, for any seat's hand (each
    suit as it plays under ``rules``: the jokers first among the spades)."""
    parts = []
    for suit in reversed(SUIT_ORDER):
        cards = suit_cards(hand, suit, rules)
        ranks = ", ".join(rank_word(c, rules) for c in cards) if cards else _("none")
        # Translators: a suit of a hand, its count and its cards' ranks, "spades 3: ace, ten, two".
        parts.append(_("{suit} {count}: {ranks}", suit=suit_words(suit), count=len(cards), ranks=ranks))
    return ". ".join(parts)


def legal_bids_text(legal: tuple[object, ...]) -> str:
    """``Nil or 1 to 13``; ``Nil or 4``: runs of numbers are said as ranges."""
    values = sorted(a.value for a in legal if isinstance(a, Bid) and not a.blind)
    words = [BLIND_NIL.spoken] if BLIND_NIL in legal else []
    if Choice.LOOK in legal:
        words.append(_("look at your cards"))
    nil = 0 in values
    numbers = [v for v in values if v]
    if nil:
        words.append(Bid(0).spoken)
    if numbers:
        if len(numbers) > 2 and numbers == list(range(numbers[0], numbers[-1] + 1)):
            words.append(_("{low} to {high}", low=numbers[0], high=numbers[-1]))
        else:
            words.extend(str(v) for v in numbers)
    text = words[0] if words else ""
    for word in words[1:]:
        # Translators: the bids a seat may make, one more each time: "Nil or 4", then "Nil or 4 or 5".
        text = _("{choices} or {choice}", choices=text, choice=word)
    return text


def hint_line(action: Action, reason: str, phase: Phase = Phase.PLAY) -> str:
    """What the hint key says: the computer's choice for the seat and its reason (a card becomes the selected one,
    at the terminal and in the browser alike); in a Nil pass the card is one to pass, not to play. The card is named
    once: where the reason names it again, it is "this card" there."""
    if isinstance(action, Card):
        card = the_card(action)
        what = (_("pass {card} (now selected)", card=card) if phase is Phase.PASS
                else _("play {card} (now selected)", card=card))
        reason = re.sub(rf"\b{re.escape(card)}\b", _("this card"), reason, flags=re.IGNORECASE)
    elif isinstance(action, Bid):
        what = _("bid {bid}", bid=action.spoken)
    else:
        what = {"keep": _("keep the card"), "discard": _("discard the card"),
                "look": _("look at your cards")}[action.value]
    reason = reason.strip().rstrip(".")
    if not reason:
        return _("Hint: {what}.", what=what)
    return _("Hint: {what}. {reason}.", what=what, reason=reason[:1].upper() + reason[1:])


def no_hint_line(turn: str) -> str:
    """What the hint key says when the seat has nothing to decide; ``turn`` is what w says now."""
    return _("No hint: it is not your turn. {turn}", turn=turn)


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
            parts.append(_("no {suit}", suit=suit_words(suit)))
            continue
        top = the_rank_word(cards[0], rules)
        if count == 1:
            # Translators: one card of a suit, "1 spade, the ace" ({suit}: the singular).
            parts.append(_("1 {suit}, {top}", suit=suit_word(suit), top=top))
        else:
            # Translators: a suit held, "4 spades to the ace": how many, down from the highest.
            parts.append(_("{count} {suit} to {top}", count=count, suit=suit_words(suit), top=top))
    return _("Your cards: {suits}; h reads every card.", suits=", ".join(parts))


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
    seat, first = name(rules, leader), the_card(led)
    if len(plays) == 1:
        return _("{seat} led {card}.", seat=seat, card=first)
    winner, card = winning_play(tuple(plays), rules)
    if winner == leader:
        return _("{seat} led {card} and is winning.", seat=seat, card=first)
    return _("{seat} led {card}; {winner} is winning with {winning}.", seat=seat, card=first,
             winner=name(rules, winner), winning=the_card(card))


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
    # Translators: {level} is a computer player's level as its option names it ("normal", "hard").
    parts = [(_("{seats}, your partners, at {level}", seats=listed(seats), level=level) if len(seats) > 1
              else _("{seats}, your partner, at {level}", seats=listed(seats), level=level)) if mate
             else _("{seats} at {level}", seats=listed(seats), level=level) for level, seats, mate in groups]
    return _("The computer plays {groups}.", groups="; ".join(parts)) if parts else ""


def seating_line(rules: Rules, human: int, people: dict[int, str], levels: dict[int, str]) -> str:
    """Who sits where at a table with people: ``bob plays East; carol plays West. The computer plays North, your
    partner, at normal.`` (said when a room's game starts or is come back to, and with the rules at z)."""
    mates = partners_of(rules, human)
    parts = [_("{player} plays {seat}, your partner", player=player, seat=name(rules, seat)) if seat in mates
             else _("{player} plays {seat}", player=player, seat=name(rules, seat))
             for seat, player in sorted(people.items(), key=lambda item: item[0] not in mates)]
    computer = computer_line(rules, human, levels)
    return " ".join(filter(None, ("; ".join(parts) + "." if parts else "", computer)))
