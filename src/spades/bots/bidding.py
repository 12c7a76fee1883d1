"""How a club player values a hand and chooses a bid, in every variant.

Tricks are counted suit by suit the way the game is taught: aces, kings unless the suit is long, spade length,
and short suits to trump with spare spades. Nil is weighed by how many high cards would have to be shed safely.
The bid then bends to the partner's and opponents' bids, the bags and the score.
"""

from __future__ import annotations

import math
import random

from ..actions import BIDS, BLIND_NIL, NIL, Bid, Choice
from ..cards import Card, CardSet, Suit, the_card
from ..language import _, n_
from ..rules import Rules
from ..view import SeatView
from .base import Fact, Hint
from .hand_words import nil_reason, tenths
from .knowledge import Knowledge, Order, order_of, spade_base

__all__ = ["choose_bid", "choose_draw", "estimate_tricks", "nil_chance", "nil_risk", "nil_risk_after_pass"]

SPADES = int(Suit.SPADES)
ROUND_UP = 0.1  # a bid is the estimate rounded down unless within this of the next trick
NIL_BONUS = 15.0  # points added to the value of a Nil when weighing it (tuned by arena matches)
BLIND_DEFICIT = 300  # Blind Nil only this far behind ...
BLIND_NEAR = 0.8  # ... and with the leader this close to the target
SPADE_NIL_RISK = 1.0  # weight of the spades held in the risk of a Nil
SOLO_NIL_RISK = 2.0  # solo: how much riskier a Nil is with three opponents to set it and nobody to cover
SOLO_NIL_RISK_PER_CARD = 0.2  # ... less for each card a hand holds under 13: fewer tricks to duck
TWO_ROUND = -0.3  # two-player: the bid is the count of tricks rounded down unless this close to the next
DRAW_SPADE = 9  # two-player draw: keep spades from this rank up ...
DRAW_RANK = 13  # ... and side cards from this rank up (one lower with a card of the suit beside it)
WHIZ_OFFSET = 0.3  # Whiz: how far the tricks counted may fall short of the spades held and still make
TWO_NIL_RISK = 1.0  # two-player: how much riskier a Nil is with nobody to cover it
SUICIDE_FIRST_NIL = 1.2  # Suicide: the first partner to bid goes Nil below this risk, else bids a number
SUICIDE_RISK_AT_4 = 2.4  # ... and the second takes the bid over (making the first Nil) above this risk when the
SUICIDE_RISK_PER_TRICK = 0.8  # first bid 4, and this much more for each trick more (higher bids, worse Nils)
SUICIDE_BID_UP = 1.0  # Suicide: the bidder also takes the tricks its Nil partner sheds
NO_BAGS_ROUND = -0.2  # without bags an overtrick costs nothing, so the bid rounds down further
FACE_DOWN_BASE = 2.8  # two-player, discards face down: tricks expected are this plus ...
FACE_DOWN_SLOPE = 0.7  # ... this much of the four-handed count of the hand
FACE_DOWN_ROUND = -0.6  # and the bid is those tricks rounded down unless this close to the next
CALIBRATION_HANDS = 1000  # random hands dealt to scale the count of a pack and table to the tricks there are
STANDARD = Rules()


def _hand_ranks(hand: int, suit: int, order: Order) -> list[int]:
    """Ranks held in ``suit`` in play, high to low; trumps counted down from the top trump of the pack as if it
    were the ace, so that with jokers the ace of spades counts as a queen, and a trump count reads every pack."""
    cards = hand & order.masks[suit]
    ranks = []
    while cards:
        low = cards & -cards
        ranks.append(order.rank[low.bit_length() - 1])
        cards ^= low
    ranks.sort(reverse=True)
    if suit == SPADES and order.top != 14:
        return [r - order.top + 14 for r in ranks]
    return ranks


def side_suit_tricks(ranks: list[int]) -> float:
    length = len(ranks)
    tricks = 0.0
    ace, king, queen = 14 in ranks, 13 in ranks, 12 in ranks
    if ace:
        tricks += 1.0 if length <= 5 else 0.7 if length == 6 else 0.45
    if king:
        if length == 1:
            tricks += 0.1
        elif ace:
            tricks += 0.85 if length <= 4 else 0.45 if length == 5 else 0.2
        else:
            tricks += 0.6 if length <= 4 else 0.35
    if queen:
        if ace and king:
            tricks += 0.55 if length <= 4 else 0.15
        elif (ace or king) and 3 <= length <= 4:
            tricks += 0.3
        elif 3 <= length <= 4:
            tricks += 0.15
    return tricks


def spade_tricks(ranks: list[int], base: int = 3) -> tuple[float, int]:
    """Tricks from spade honours and length, and how many spades those tricks use; ``base`` is the spade count
    past which length takes tricks (three at a table of four)."""
    count = len(ranks)
    tricks = 0.0
    used = 0
    for rank in ranks:
        if rank == 14:
            tricks += 1.0
        elif rank == 13:
            tricks += 1.0 if count >= 2 else 0.45
        elif rank == 12:
            tricks += 0.9 if count >= 3 else 0.35
        elif rank == 11:
            tricks += 0.6 if count >= 4 else 0.2
        else:
            continue
        used += 1
    extra = max(0, count - base) - max(0, used - 2) * 0.5
    if extra > 0:
        tricks += extra * 0.9
        used += math.ceil(extra)
    return tricks, min(used, count)


def _raw_tricks(hand: int, order: Order, base: int) -> float:
    spades = _hand_ranks(hand, SPADES, order)
    total, used = spade_tricks(spades, base)
    short = 0.0
    for suit in range(3):
        ranks = _hand_ranks(hand, suit, order)
        total += side_suit_tricks(ranks)
        if not ranks:
            short += 1.6
        elif len(ranks) == 1:
            short += 0.75 if ranks[0] < 13 else 0.4
        elif len(ranks) == 2:
            short += 0.25
    spare = len(spades) - used
    if spare > 0:
        total += min(spare, short) * 0.8
    return total


_SCALES: dict[tuple[int, int, int], float] = {}


def _scale(rules: Rules) -> float:
    """How much a count made the four-handed way is worth at this table: the count of an average hand is scaled
    to the tricks an average hand takes (the hand's size over the players), relative to the standard table, where
    the factor is 1. Found once per pack and table from a fixed set of random hands."""
    key = (rules.pack, rules.players, len(rules.trumps))
    scale = _SCALES.get(key)
    if scale is None:
        if rules.plain_pack and rules.players == 4:
            scale = 1.0
        else:
            ours = _per_hand(rules) / _mean_count(rules)
            scale = _SCALES[key] = ours / (_per_hand(STANDARD) / _mean_count(STANDARD))
    return scale


def _per_hand(rules: Rules) -> float:
    return rules.hand_size / rules.players


def _mean_count(rules: Rules) -> float:
    rng = random.Random(f"calibrate:{rules.pack}:{rules.players}")
    cards = [c for c in range(54) if rules.pack >> c & 1]
    order = order_of(rules)
    base = spade_base(rules)
    total = 0.0
    for _hand in range(CALIBRATION_HANDS):
        total += _raw_tricks(sum(1 << c for c in rng.sample(cards, rules.hand_size)), order, base)
    return total / CALIBRATION_HANDS


def estimate_tricks(hand: CardSet | int, rules: Rules | None = None) -> float:
    """Expected tricks of a hand, before the bidding says more: counted as at a table of four, then scaled to the
    table and pack of ``rules`` (by default the standard game)."""
    rules = rules or STANDARD
    raw = _raw_tricks(int(hand), order_of(rules), spade_base(rules))
    if rules.plain_pack and rules.players == 4:
        return raw
    return raw * _scale(rules)


_SPADE_RISK = {14: 2.0, 13: 0.9, 12: 0.55, 11: 0.3, 10: 0.18, 9: 0.1, 8: 0.07, 7: 0.05}


def nil_risk(hand: CardSet | int, rules: Rules | None = None) -> float:
    """A sum of the chances, card by card, of being left holding a card that must win: low is safe."""
    rules = rules or STANDARD
    order = order_of(rules)
    hand = int(hand)
    risk = 0.0
    spades = _hand_ranks(hand, SPADES, order)
    for rank in spades:
        risk += _SPADE_RISK.get(rank, 0.02) * SPADE_NIL_RISK
    base = spade_base(rules)
    if len(spades) > base:
        risk += 0.4 * (len(spades) - base)
    for suit in range(3):
        ranks = sorted(_hand_ranks(hand, suit, order))
        for lower, rank in enumerate(ranks):
            risk += _SIDE_RISK.get(rank, 0.0) * 0.62 ** lower
    return risk


_SIDE_RISK = {14: 1.0, 13: 0.7, 12: 0.45, 11: 0.28, 10: 0.16, 9: 0.09, 8: 0.05}


def nil_passed(hand: int, rules: Rules) -> int:
    """The cards (a mask) a Nil bidder holding ``hand`` would pass away: ``rules.nil_pass`` of them, each the card
    whose loss lowers the risk most; none without a pass."""
    kept = hand
    for _card in range(rules.nil_pass):
        cards = [1 << c for c in range(54) if kept >> c & 1]
        if len(cards) <= 1:
            break
        kept = min((kept & ~bit for bit in cards), key=lambda h: nil_risk(h, rules))
    return hand & ~kept


def nil_risk_after_pass(hand: int, rules: Rules) -> float:
    """The risk of a Nil once its bidder has passed away its most dangerous cards (``nil_passed``); without a
    pass, the hand's own risk."""
    return nil_risk(hand & ~nil_passed(hand, rules), rules)


def solo_nil_weight(rules: Rules) -> float:
    """How much riskier a solo Nil is than a partnership's: twice at thirteen cards (tuned against a copy of
    normal that weighed it evenly), less with smaller hands, 1 at six players' 8 cards (tuned against normal,
    +7.7 points a deal over the weight of two; at five players 1.4 was even with two)."""
    return SOLO_NIL_RISK - SOLO_NIL_RISK_PER_CARD * max(0, 13 - rules.hand_size)


def nil_chance(risk: float) -> float:
    return 0.93 * math.exp(-0.85 * risk)


def _nearest(legal: list[Bid], want: int) -> Bid:
    return min(legal, key=lambda b: (abs(b.value - want), -b.value))


def choose_draw(view: SeatView) -> Hint:
    """Two-player draw: keep a card worth a trick, or a spade that adds length; otherwise take the next card."""
    card = view.offered
    assert card is not None and view.hand is not None
    order = order_of(view.rules)
    hand = int(view.hand)
    suit, rank = order.suit[card], order.rank[card]
    held = (hand & order.masks[suit]).bit_count()
    the = the_card(card)
    if suit == SPADES and rank >= DRAW_SPADE:
        return Hint(Choice.KEEP, _("keep {card}: spades from the nine up take tricks", card=the))
    if rank >= DRAW_RANK or (rank == DRAW_RANK - 1 and held >= 1):
        return Hint(Choice.KEEP, _("keep {card}: it should take a trick", card=the))
    if suit == SPADES and held >= 3:
        return Hint(Choice.KEEP, n_("keep {card}: {n} spade held already, and spade length wins tricks",
                                    "keep {card}: {n} spades held already, and spade length wins tricks", held,
                                    card=the))
    if suit == SPADES:  # a low spade is kept only for length: say how short the spades are, or it reads as a slip
        return Hint(Choice.DISCARD, n_("discard {card}: a low spade with {n} spade held adds no length; the next "
                                       "card is likely better",
                                       "discard {card}: a low spade with {n} spades held adds no length; the next "
                                       "card is likely better", held, card=the))
    if rank < DRAW_RANK - 1:
        return Hint(Choice.DISCARD, _("discard {card}: a low card; the next card is likely better", card=the))
    return Hint(Choice.DISCARD, _("discard {card}: a queen with none of its suit beside it; the next card is likely "
                                  "better", card=the))


def _two_player_tricks(view: SeatView) -> float:
    """Two-player: the other hand is every card not seen, so count trick by trick against it. With the discards
    face down it is some 13 of the 26 cards not seen, and counting against a guess of it reads a hand worse than
    the plain count of honours and spade length does, mapped to the 13 tricks of two hands (a line fitted to
    the tricks taken in 800 hands of normal against easy, correlation 0.72 against 0.49 for the guess)."""
    k = Knowledge.from_view(view)
    theirs = k.known[1 - view.seat]
    if not theirs:
        return FACE_DOWN_BASE + FACE_DOWN_SLOPE * _raw_tricks(k.hand, order_of(view.rules), 3)
    return _count_against(k.hand, theirs, order_of(view.rules))


def _count_against(mine: int, theirs: int, order: Order) -> float:
    tricks = 0.0
    their_spades = (theirs & order.masks[SPADES]).bit_count()
    my_spades = _hand_ranks(mine, SPADES, order)
    opp_spades = _hand_ranks(theirs, SPADES, order)
    spare = _suit_race(my_spades, opp_spades)
    tricks += spare[0]
    my_spare = spare[1]
    for suit in range(3):
        a, b = _hand_ranks(mine, suit, order), _hand_ranks(theirs, suit, order)
        won, left = _suit_race(a, b)
        tricks += won
        if left:  # my cards once they are out of the suit: ruffed while they hold spades
            tricks += left * (0.3 if their_spades else 1.0)
        if not a and b and my_spare:
            ruffs = min(my_spare, len(b))
            tricks += ruffs * 0.7
            my_spare -= ruffs
    return min(13.0, tricks)


def _suit_race(mine: list[int], theirs: list[int]) -> tuple[float, int]:
    """Tricks I take in a suit played out high card against high card, and my cards left after theirs run out."""
    a, b = list(mine), list(theirs)
    won = 0.0
    while a and b:
        if a[0] > b[0]:
            won += 1
            a.pop(0)
            b.pop()
        else:
            b.pop(0)
            a.pop()
    return won, len(a)


def choose_bid(view: SeatView) -> Hint:
    legal = view.legal
    if Choice.LOOK in legal:
        return _blind_or_look(view)
    bids = [a for a in legal if isinstance(a, Bid)]
    if len(bids) == 1:
        only = bids[0]
        if view.rules.bids_by_spades:
            return Hint(only, _("the bid is the number of spades held, {bid}", bid=only.spoken))
        return Hint(only, _("the only bid allowed is {bid}", bid=only.spoken))
    assert view.hand is not None
    rules = view.rules
    if rules.players == 2:
        return _two_player_bid(view, bids)
    est = estimate_tricks(view.hand, rules)
    risk = nil_risk_after_pass(int(view.hand), rules)
    if rules.bids_by_spades:
        return _whiz_bid(view, bids, est, risk)
    if rules.one_nil_per_side:
        return _suicide_bid(view, bids, est, risk)
    return _standard_bid(view, bids, est, risk)


def _blind_or_look(view: SeatView) -> Hint:
    rules = view.rules
    side = view.side
    others = [s for i, s in enumerate(view.scores) if i != side]
    deficit = max(others) - view.scores[side]
    partner = view.partner
    partner_bid = view.bids[partner] if partner is not None else None
    partner_nil = partner_bid is not None and partner_bid.value == 0
    # Blind Nil fails more often than not: worth it only when the game is slipping away.
    desperate = deficit >= max(BLIND_DEFICIT, rules.blind_nil_deficit) and max(others) >= BLIND_NEAR * rules.target
    if desperate and partner_nil and partner is not None:
        return Hint(Choice.LOOK, _("partner is Nil: look at the cards"), (Fact("nil", seat=partner),))
    if desperate and BLIND_NIL in view.legal:
        return Hint(BLIND_NIL, _("{deficit} points behind: Blind Nil for the {value}", deficit=deficit,
                                 value=rules.blind_nil_value))
    return Hint(Choice.LOOK, _("not far enough behind for Blind Nil: look at the cards"))


def _partner_bid(view: SeatView) -> Bid | None:
    return view.bids[view.partner] if view.partner is not None else None


def _pressure(view: SeatView) -> int:
    """+1 when the opponents are close to winning and this side is well behind (take chances), -1 when this side
    is close to winning and well ahead (play safe), 0 otherwise or in a game of a fixed number of hands."""
    rules = view.rules
    if rules.hands:
        return 0
    mine = view.scores[view.side]
    best_other = max(s for i, s in enumerate(view.scores) if i != view.side)
    if best_other >= rules.target - 120 and best_other - mine >= 100:
        return 1
    if mine >= rules.target - 120 and mine - best_other >= 100:
        return -1
    return 0


def _nil_worth(view: SeatView, est: float, risk: float) -> tuple[float, float]:
    """The value of bidding Nil and of bidding for tricks, in points, as a club player weighs them."""
    rules = view.rules
    chance = nil_chance(risk if rules.partnerships else risk * solo_nil_weight(rules))
    nil_ev = rules.nil_value * (2 * chance - 1 if rules.nil_fail_penalty else chance) + NIL_BONUS
    bid_ev = 10 * max(1.0, est) + (12 if rules.partnerships else 0)  # the tricks also help the partner
    partner = _partner_bid(view)
    if partner is not None:
        if partner.value == 0:
            nil_ev -= 80  # two Nils leave nobody to cover
        elif partner.value >= 4:
            nil_ev += 15  # a strong partner covers
        elif partner.value <= 2:
            nil_ev -= 15
    limit = rules.bag_limit
    if view.bags[view.side] >= limit - 3:
        nil_ev += 10  # a Nil takes no bags
    nil_ev += 20 * _pressure(view)
    return nil_ev, bid_ev


def _standard_bid(view: SeatView, bids: list[Bid], est: float, risk: float) -> Hint:
    rules = view.rules
    numbers = [b for b in bids if b.value > 0]
    if NIL in bids:
        nil_ev, bid_ev = _nil_worth(view, est, risk)
        if (nil_ev > bid_ev and est < 3) or not numbers:
            hand = int(view.hand or 0)
            return Hint(NIL, nil_reason(hand, nil_passed(hand, rules), rules, est))
    side = view.side
    limit = rules.bag_limit
    bags_near = view.bags[side] >= limit - 3
    pressure = _pressure(view)
    want = math.floor(est + ROUND_UP + (0.25 if bags_near else 0.0) + 0.3 * pressure
                      + (NO_BAGS_ROUND if rules.no_bags else 0.0))
    reason = _("about {tricks} tricks in aces, kings and spades", tricks=tenths(est))
    # Translators: {reason} is the reason so far, a clause of its own; each of these adds to it.
    if bags_near:
        reason = _("{reason}, bid up with bags near the limit", reason=reason)
    if pressure:
        reason = (_("{reason}, bid up to catch up", reason=reason) if pressure > 0
                  else _("{reason}, bid safe to keep the lead", reason=reason))
    others = [b.value for i, b in enumerate(view.bids) if b is not None and i != view.seat]
    partner = _partner_bid(view)
    total = sum(others) + want
    tricks = rules.hand_size
    if len([b for b in view.bids if b is not None]) == view.players - 1 and total > tricks:
        cut = max(0, (total - tricks + 1) // 2)
        want -= cut
        if cut:
            reason = _("{reason}, less since the table has bid too many", reason=reason)
    if rules.ten_for_two_hundred and partner is not None and partner.value + want >= 10 > partner.value + est:
        want = 9 - partner.value
        reason = _("{reason}, short of ten for 200", reason=reason)
    want = max(1, want)
    facts: tuple[Fact, ...] = ()
    if partner is not None and partner.value == 0:
        reason = _("{reason}; partner is Nil, so bid what is sure", reason=reason)
        facts = (Fact("nil", seat=view.partner),)
        want = max(1, math.floor(est + 0.3))
    chosen = _nearest(numbers, want)
    if chosen.value > want:
        reason = _("{reason}; the team must bid at least {least}", reason=reason, least=rules.min_team_bid)
    return Hint(chosen, _("{reason}: bid {bid}", reason=reason, bid=chosen.spoken), facts)


def _whiz_bid(view: SeatView, bids: list[Bid], est: float, risk: float) -> Hint:
    # The one number bid the rules allow is the count of the trumps held (in JJDD the two of diamonds among
    # them): read from the legal bids, never counted again here.
    forced = max(bids, key=lambda bid: bid.value)
    spades = forced.value
    nil_ev, _bid_ev = _nil_worth(view, est, risk)
    nil_ev -= NIL_BONUS  # forced bids: Whiz Nils are weighed at their plain value
    # The forced bid made or set: a rough chance from how the hand's tricks compare with the spades held.
    make = 1 / (1 + math.exp(-2.2 * (est - spades + WHIZ_OFFSET)))
    bid_ev = 10 * spades * (2 * make - 1) + 12
    if nil_ev > bid_ev:
        return Hint(NIL, n_("Whiz: {n} spade would be hard to make and the hand can duck: Nil",
                            "Whiz: {n} spades would be hard to make and the hand can duck: Nil", spades))
    return Hint(forced, n_("Whiz: about {tricks} tricks, so bid the {n} spade held",
                           "Whiz: about {tricks} tricks, so bid the {n} spades held", spades, tricks=tenths(est)))


def _suicide_bid(view: SeatView, bids: list[Bid], est: float, risk: float) -> Hint:
    """Suicide: every side has a Nil whatever its hands, so the Nil goes to the hand with less to shed (the risk of
    :func:`nil_risk`, not the count of tricks: a weak hand with an ace or a high spade is a poor Nil), and the
    other hand bids what it will take, more than elsewhere since it also takes the tricks its Nil partner sheds."""
    partner = _partner_bid(view)
    numbers = [b for b in bids if b.value >= 4]
    want = max(4, math.floor(est + SUICIDE_BID_UP))
    chosen = _nearest(numbers, want)
    if NIL not in bids:
        return Hint(chosen, _("Suicide: partner is Nil, so bid {bid} for about {tricks} tricks", bid=chosen.spoken,
                              tricks=tenths(est)),
                    (Fact("nil", seat=view.partner),))
    if partner is None:
        if risk < SUICIDE_FIRST_NIL:
            return Hint(NIL, _("Suicide: few high cards and spades to shed, so this side's Nil is mine"))
        return Hint(chosen, _("Suicide: too many high cards for Nil, about {tricks} tricks: bid {bid}",
                              tricks=tenths(est), bid=chosen.spoken))
    # Partner bid a number, so partner's hand was no Nil either: the riskier hand of the two bids.
    assert view.hand is not None
    top = Card(view.rules.trumps[-1])  # the ace of spades, or the Big Joker above it
    if top in view.hand:
        return Hint(chosen, _("Suicide: {card} always takes a trick, so bid {bid} and partner goes Nil",
                              card=the_card(top), bid=chosen.spoken))
    partner_risk = SUICIDE_RISK_AT_4 + SUICIDE_RISK_PER_TRICK * (partner.value - 4)
    if risk > partner_risk:
        return Hint(chosen, _("Suicide: a worse Nil than partner's {partner} hand: bid {bid} and partner goes Nil",
                              partner=partner.spoken, bid=chosen.spoken))
    return Hint(NIL, _("Suicide: partner bid {bid}, so go Nil", bid=partner.spoken))


def _two_player_bid(view: SeatView, bids: list[Bid]) -> Hint:
    assert view.hand is not None
    est = _two_player_tricks(view)
    risk = nil_risk(view.hand, view.rules)
    chance = nil_chance(risk * TWO_NIL_RISK)  # nobody covers a two-player Nil
    if NIL in bids and chance * view.rules.nil_value > 10 * est + 10:
        return Hint(NIL, _("few tricks and a failed Nil costs only bags: Nil"))
    if est >= 12.9:
        return Hint(BIDS[13], _("counting against the cards not seen, about {tricks} tricks: shoot the moon",
                                tricks=tenths(est)))
    shift = FACE_DOWN_ROUND if view.rules.face_down_discards else TWO_ROUND
    want = max(1, min(12, math.floor(est + shift)))
    chosen = _nearest([b for b in bids if b.value > 0], want)
    return Hint(chosen, _("counting against the cards not seen, about {tricks} tricks: bid {bid}", tricks=tenths(est),
                          bid=chosen.spoken))
