"""How a club player chooses a card: the table's rules of thumb, in the order a good partner applies them.

Nils come first (one's own, the partner's to protect, the opponents' to set), then the partner's winning card,
then the contract: win cheaply while tricks are needed, duck once the contract is safe and bags would cost more
than the set is worth. Who can still beat a card is read from the cards out and the voids shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Suit
from ..seats import seat_name
from ..tricks import winning_play
from ..view import SeatView
from .base import Fact, Hint
from .knowledge import Knowledge

__all__ = ["Situation", "choose_card"]

SPADES = int(Suit.SPADES)
# Thresholds of the rules of thumb, tuned by arena matches.
SECOND_HAND_MASTER_OUT = 7  # second hand takes with the best card left once this few of the suit are out
SET_MARGIN = 4  # keep taking tricks after the contract while the opponents need this close to all that is left
SET_MARGIN_BAGS = 1  # the same, with bags near the limit
PARTNER_LAST_NEED = 1  # void second hand leaves the trick to a partner who plays last when this few are needed
NIL_SPADE_DANGER = 3  # a Nil sheds a spade under a higher trump before a side card up to this many ranks higher
LEAD_LONG = True  # with nothing better, lead low from the longest suit (else from the shortest)


def _nil_intact(view: SeatView, seat: int) -> bool:
    bid = view.bids[seat]
    return bid is not None and bid.value == 0 and view.tricks_won[seat] == 0


@dataclass
class Situation:
    """The hand's state as it bears on this seat's choice."""

    view: SeatView
    k: Knowledge
    partner: int | None
    mates: list[int]  # the other seats of this seat's side: the partner, or two teammates in teams of three
    opponents: list[int]
    my_nil: bool
    partner_nil: bool
    opp_nils: list[int]
    our_need: int  # tricks still needed for the side's contract (none for a seat whose Nil has failed)
    opp_need: int  # tricks the opponents most in need still need
    tricks_left: int
    bags_near: bool
    lost_nil: bool  # this seat bid Nil, has taken a trick, and its tricks count for nothing but bags

    @classmethod
    def of(cls, view: SeatView) -> Situation:
        rules = view.rules
        seat = view.seat
        side = view.side
        k = Knowledge.from_view(view)
        partner = view.partner
        opponents = [s for s in range(view.players) if rules.side_of(s) != side]
        tricks_left = rules.hand_size - len(view.tricks)

        def need(side_: int) -> int:
            contract = counted = 0
            for s in rules.seats_of(side_):
                bid = view.bids[s]
                if bid is None:
                    continue
                if bid.value == 0:
                    if rules.nil_tricks_count_for_partner:
                        counted += view.tricks_won[s]
                    continue
                contract += bid.value
                counted += view.tricks_won[s]
            return max(0, contract - counted)

        opp_sides = {rules.side_of(s) for s in opponents}
        bags = view.bags[side]
        my_bid = view.bids[seat]
        # A failed Nil's tricks count for nothing but bags: that seat takes a trick only to set the opponents.
        lost_nil = my_bid is not None and my_bid.value == 0 and not rules.nil_tricks_count_for_partner
        return cls(
            view=view, k=k, partner=partner, mates=[x for x in rules.seats_of(side) if x != seat],
            opponents=opponents,
            my_nil=_nil_intact(view, seat),
            partner_nil=partner is not None and _nil_intact(view, partner),
            opp_nils=[s for s in opponents if _nil_intact(view, s)],
            our_need=0 if lost_nil else need(side), opp_need=max((need(s) for s in opp_sides), default=0),
            tricks_left=tricks_left,
            bags_near=bags + max(0, tricks_left - need(side)) // 3 >= rules.bag_limit - 2,
            lost_nil=lost_nil and view.tricks_won[seat] > 0,
        )

    @property
    def want_tricks(self) -> bool:
        """Whether another trick is worth having: for the contract, or to set the opponents (without bags any
        trick is: an overtrick costs nothing and may set them)."""
        if self.our_need > 0 or self.view.rules.no_bags:
            return True
        if self.opp_need <= 0:
            return False
        if self.bags_near:
            return self.opp_need >= self.tricks_left - SET_MARGIN_BAGS
        return self.opp_need >= self.tricks_left - SET_MARGIN


def _name(view: SeatView, seat: int) -> str:
    if seat == view.partner:
        return "partner"
    return seat_name(seat, view.players)


def choose_card(view: SeatView) -> Hint:
    s = Situation.of(view)
    legal = [c for c in view.legal if isinstance(c, Card)]
    if len(legal) == 1:
        return Hint(legal[0], f"the {legal[0].name} is the only card that may be played",
                    (Fact("only_legal", card=legal[0]),))
    if not view.trick:
        return _lead(s, legal)
    return _follow(s, legal)


# -- following ------------------------------------------------------------------------------------------------
def _follow(s: Situation, legal: list[Card]) -> Hint:
    view, k = s.view, s.k
    led = k.suit(view.trick[0][1])
    win_seat, best = winning_play(view.trick, view.rules)
    played = {seat for seat, _ in view.trick}
    after = [(view.seat + i) % view.players for i in range(1, view.players) if
             (view.seat + i) % view.players not in played]
    opp_after = [x for x in after if x in s.opponents]
    following = k.suit(legal[0]) == led
    beaters = [c for c in legal if k.beats(c, best)]
    unders = [c for c in legal if not k.beats(c, best)]
    best_name = f"{_name(view, win_seat)}'s {best.name}"
    winning = Fact("winning", seat=win_seat, card=best)

    if s.my_nil:
        return _nil_follow(s, legal, beaters, unders, after, led, best_name, winning)

    if s.partner_nil and s.partner is not None:
        partner_nil = Fact("nil", seat=s.partner)
        if s.partner in after:
            if beaters:
                top = max(beaters, key=k.rank)
                card = top if following else _lowest_safe(k, beaters, led, opp_after) or top
                return Hint(card, f"cover partner's Nil: take the trick with the {card.name}",
                            (partner_nil, Fact("plays_after", seat=s.partner)))
            card = _dump_low(k, legal)
            return Hint(card, f"{best_name} is winning and covers partner's Nil: play low, the {card.name}",
                        (partner_nil, winning, Fact("cannot_beat", card=best)))
        if win_seat == s.partner and beaters:
            card = _lowest_safe(k, beaters, led, opp_after) or max(beaters, key=k.rank)
            return Hint(card, f"partner's Nil is winning the trick: overtake with the {card.name}",
                        (partner_nil, winning))

    for nil_seat in s.opp_nils:
        nil = Fact("nil", seat=nil_seat)
        if win_seat == nil_seat:
            if unders:
                card = _highest(k, unders, prefer_keep_spades=True)
                return Hint(card, f"{_name(view, nil_seat)} is Nil and winning: stay under with the {card.name}",
                            (nil, winning))
        elif nil_seat in after and (following or not s.want_tricks):
            card = _lowest_follow(k, unders or legal) if following else _dump_low(k, legal)
            return Hint(card, f"{_name(view, nil_seat)} is Nil and plays after: play low, the {card.name}",
                        (nil, Fact("plays_after", seat=nil_seat)))

    if win_seat in s.mates and (not opp_after or k.safe(best, led, opp_after)):
        card = _highest(k, unders, prefer_keep_spades=True) if not s.want_tricks and unders else \
                _dump_low(k, unders or legal)
        if win_seat == s.partner:
            return Hint(card, f"partner's {best.name} is winning: play low, the {card.name}",
                        (Fact("partner_winning", seat=s.partner, card=best),))
        return Hint(card, f"teammate {_name(view, win_seat)}'s {best.name} is winning: play low, the {card.name}",
                    (Fact("teammate_winning", seat=win_seat, card=best),))

    if not s.want_tricks:
        if unders:
            card = _highest(k, unders, prefer_keep_spades=True)
            if s.lost_nil:
                return Hint(card, f"the Nil is lost and its tricks are only bags: duck with the {card.name}")
            return Hint(card, f"the contract is made and bags cost: duck with the {card.name}",
                        (Fact("contract_made", seat=view.seat),))
        if not opp_after:
            card = max(legal, key=lambda c: (k.suit(c) != SPADES, k.rank(c)))
            if not after:
                return Hint(card, f"last to play and every card wins: play the {card.name}",
                            (Fact("last_to_play"), Fact("every_card_wins", card=best)))
            words, facts = _only_mates_after(s, after)
            return Hint(card, f"every card is above {best_name} and {words}: play the {card.name}",
                        (winning, Fact("every_card_beats", card=best), *facts))
        card = min(legal, key=k.rank)
        return Hint(card, f"every card is above {best_name}: play the lowest, the {card.name}",
                    (winning, Fact("every_card_beats", card=best)))

    if not beaters:
        card = _dump_low(k, legal)
        return Hint(card, f"{best_name} is winning and nothing beats it: play low, the {card.name}",
                    (winning, Fact("cannot_beat", card=best)))

    if following:
        if not opp_after:
            card = min(beaters, key=k.rank)
            if not after:
                return Hint(card, f"last to play: win cheaply with the {card.name}", (Fact("last_to_play"),))
            words, facts = _only_mates_after(s, after)
            return Hint(card, f"{words}: win cheaply with the {card.name}", facts)
        safe = _lowest_safe(k, beaters, led, opp_after)
        position = len(view.trick) + 1
        if position == 2 and s.partner is not None:
            master = safe if safe is not None and k.out_count(led) <= SECOND_HAND_MASTER_OUT else None
            if master is not None:
                if k.is_master(master):
                    return Hint(master, f"the {master.name} is the best left and the suit may be trumped: take it",
                                (Fact("best_left", card=master),))
                return Hint(master, f"the {master.name} should hold the trick and the suit may be trumped: take it")
            card = _lowest_follow(k, legal)
            return Hint(card, f"second hand low: the {card.name}")
        if safe is not None:
            if k.is_master(safe):
                return Hint(safe, f"the {safe.name} is the best card left: win with it",
                            (Fact("best_left", card=safe),))
            return Hint(safe, f"the {safe.name} should hold the trick: win with it")
        card = max(beaters, key=k.rank)
        if win_seat == s.partner:
            return Hint(card, f"partner's {best.name} may be beaten: play high, the {card.name}",
                        (Fact("partner_winning", seat=s.partner, card=best),))
        if position == 3 or s.partner is None:
            return Hint(card, f"third hand high: the {card.name}")
        return Hint(card, f"play high, the {card.name}")

    # Void in the suit led: trump only when it pays.
    only_spades = all(k.suit(c) == SPADES for c in legal)
    if s.partner is not None and s.partner in after and len(view.trick) == 1 and s.our_need <= PARTNER_LAST_NEED \
            and not k.likely_void(s.partner, led) and not s.partner_nil and not only_spades:
        card = _dump_low(k, legal)
        return Hint(card, f"partner plays last and may win: keep the spades, discard the {card.name}",
                    (Fact("plays_after", seat=s.partner),))
    out_of_led = Fact("void", seat=view.seat, suit=led)
    trumps = [c for c in beaters if k.suit(c) == SPADES]
    safe = _lowest_safe(k, trumps, led, opp_after)
    if safe is not None:
        return Hint(safe, f"out of {Suit(led).plural}: trump with the {safe.name}", (out_of_led,))
    if trumps and (not opp_after or s.our_need >= s.tricks_left - 2):
        card = min(trumps, key=k.rank)
        return Hint(card, f"out of {Suit(led).plural}: trump with the {card.name}", (out_of_led,))
    if trumps and opp_after:
        card = max(trumps, key=k.rank)
        if len(trumps) > 1 and k.spades_out() <= 3:
            return Hint(card, f"out of {Suit(led).plural}: trump high with the {card.name} so it is not overtrumped",
                        (out_of_led,))
    card = _dump_low(k, legal)
    if only_spades:  # nothing to discard: the lowest spade, a trump unless a higher one is already on the trick
        facts = (Fact("only_spades", seat=view.seat), out_of_led)
        if k.beats(card, best):
            return Hint(card, f"only spades left: trump low with the {card.name}, though it may be overtrumped", facts)
        return Hint(card, f"only spades left: play low, the {card.name}, under {best_name}", (*facts, winning))
    return Hint(card, f"a trump here may be overtrumped: discard the {card.name}")


def _only_mates_after(s: Situation, after: list[int]) -> tuple[str, tuple[Fact, ...]]:
    """Words and facts for "nobody but this side plays after": the partner, or the teammates still to play."""
    facts = tuple(Fact("plays_after", seat=seat) for seat in after)
    if after == [s.partner]:
        return "only partner plays after", facts
    if len(after) == 1:
        return f"only teammate {_name(s.view, after[0])} plays after", facts
    return "only teammates play after", facts


def _nil_follow(s: Situation, legal: list[Card], beaters: list[Card], unders: list[Card], after: list[int],
                led: int, best_name: str, winning: Fact) -> Hint:
    k = s.k
    if unders:
        following = k.suit(legal[0]) == led
        if following:
            card = max(unders, key=k.rank)
            return Hint(card, f"Nil: the {card.name} goes under {best_name}", (winning,))
        # A spade under a higher trump is shed gladly: spades are the cards a Nil is most often caught with.
        card = max(unders, key=lambda c: (k.rank(c) + NIL_SPADE_DANGER * (k.suit(c) == SPADES),
                                          -k.hand_count(k.suit(c))))
        return Hint(card, f"Nil: shed the {card.name} while it cannot win")
    if after:
        card = min(beaters, key=k.rank)
        return Hint(card, f"Nil: every card is above {best_name}; play the {card.name} and hope it is beaten",
                    (winning, Fact("every_card_beats", card=winning.card)))
    card = max(beaters, key=k.rank)
    return Hint(card, f"Nil is lost on this trick: get rid of the {card.name}",
                (Fact("last_to_play"), Fact("every_card_beats", card=winning.card)))


# -- leading --------------------------------------------------------------------------------------------------
def _lead(s: Situation, legal: list[Card]) -> Hint:
    view, k = s.view, s.k
    non_spades = [c for c in legal if k.suit(c) != SPADES]
    if s.my_nil:
        pool = non_spades or legal
        card = min(pool, key=lambda c: (k.rank(c), -k.out_count(k.suit(c))))
        return Hint(card, f"Nil: lead low, the {card.name}")
    if s.partner_nil and s.partner is not None:
        spades = [c for c in legal if k.suit(c) == SPADES]
        if spades and k.is_master(max(spades, key=k.rank)) and k.may_hold(s.partner, SPADES):
            card = max(spades, key=k.rank)
            return Hint(card, f"lead the {card.name}, the best spade left, so partner can shed a spade under it",
                        (Fact("best_left", card=card), Fact("nil", seat=s.partner)))
        masters = [c for c in legal if k.is_master(c) and k.suit(c) != SPADES]
        if masters:
            card = max(masters, key=lambda c: k.out_count(k.suit(c)))
            return Hint(card, f"lead the {card.name}, the best card left in its suit, so partner can shed under it",
                        (Fact("best_left", card=card), Fact("nil", seat=s.partner)))
        partner_has_side = any(k.may_hold(s.partner, x) for x in range(3))
        shed = [c for c in non_spades if k.void(s.partner, k.suit(c)) and partner_has_side]
        if shed:
            card = min(shed, key=k.by_suit)
            return Hint(card, f"partner is out of {Suit(k.suit(card)).plural} and can shed: lead the {card.name}",
                        (Fact("void", seat=s.partner, suit=k.suit(card)), Fact("nil", seat=s.partner)))
        pool = non_spades or legal
        card = max(pool, key=lambda c: (k.rank(c), k.out_count(k.suit(c))))
        return Hint(card, f"lead high to cover partner's Nil: the {card.name}", (Fact("nil", seat=s.partner),))
    if s.opp_nils:
        nil_seat = s.opp_nils[0]
        pool = [c for c in legal if not k.void(nil_seat, k.suit(c)) and k.suit(c) != SPADES] or legal
        card = min(pool, key=lambda c: (k.rank(c), -k.out_count(k.suit(c))))
        return Hint(card, f"{_name(view, nil_seat)} is Nil: lead low, the {card.name}, so that the Nil bidder may "
                          "have to take the trick", (Fact("nil", seat=nil_seat),))

    if not s.want_tricks:
        pool = [c for c in legal if not k.is_master(c)] or legal
        card = min(pool, key=lambda c: (k.rank(c), k.suit(c) == SPADES))
        if s.lost_nil:
            return Hint(card, f"the Nil is lost and its tricks are only bags: lead low, the {card.name}")
        return Hint(card, f"the contract is made: lead low, the {card.name}, and let them take the bags",
                    (Fact("contract_made", seat=view.seat),))

    opps = s.opponents
    # Cash side-suit winners the opponents cannot trump yet.
    cash = [c for c in non_spades if k.is_master(c) and not any(k.likely_void(o, k.suit(c)) for o in opps)]
    if cash:
        card = max(cash, key=lambda c: (k.out_count(k.suit(c)), k.rank(c)))
        if _sure_winner(k, card):
            return Hint(card, f"cash the {card.name}, a sure winner: the best card left in its suit, and nobody can "
                              "trump it", (Fact("best_left", card=card), Fact("sure_winner", card=card)))
        return Hint(card, f"cash the {card.name}, the best card left in its suit, before the suit is trumped",
                    (Fact("best_left", card=card),))
    spades = [c for c in legal if k.suit(c) == SPADES]
    if spades and k.spades_out() and k.is_master(max(spades, key=k.rank)):
        mine = len(spades)
        if mine >= 2 or not non_spades:
            card = max(spades, key=k.rank)
            return Hint(card, f"lead the {card.name}, the best spade left and a sure winner, to draw the opponents' "
                              "spades", (Fact("best_left", card=card), Fact("sure_winner", card=card)))
    if s.partner is not None:
        ruff = [c for c in non_spades if k.void(s.partner, k.suit(c)) and not any(k.void(o, k.suit(c)) for o in opps)
                and k.may_hold(s.partner, SPADES)]
        if ruff:
            card = min(ruff, key=k.by_suit)
            return Hint(card, f"partner is out of {Suit(k.suit(card)).plural}: lead the {card.name} for a trump",
                        (Fact("void", seat=s.partner, suit=k.suit(card)),))
    my_spades = k.hand_count(SPADES)
    if my_spades >= 2:
        singles = [c for c in non_spades if k.hand_count(k.suit(c)) == 1 and k.rank(c) < 13]
        if singles:
            card = min(singles, key=k.by_suit)
            return Hint(card, f"lead the singleton {card.name} to trump the suit later",
                        (Fact("singleton", seat=view.seat, suit=k.suit(card), card=card),))
    quiet = [c for c in non_spades if not _ruffed(k, opps, k.suit(c))]
    if quiet:
        card = min(quiet, key=lambda c: (_honour_exposed(k, c), -k.hand_count(k.suit(c)) if LEAD_LONG
                                            else k.hand_count(k.suit(c)), k.rank(c)))
        suit = k.suit(card)
        if all(k.hand_count(suit) >= k.hand_count(other) for other in range(3)):
            return Hint(card, f"lead low from the longest side suit, the {card.name}, and keep the high cards",
                        (Fact("longest_side_suit", seat=view.seat, suit=suit),))
        return Hint(card, f"lead low, the {card.name}, and keep the high cards")
    if non_spades:
        card = min(non_spades, key=lambda c: k.rank(c))
        return Hint(card, f"every side suit may be trumped: lead low, the {card.name}")
    card = min(spades, key=k.rank)
    return Hint(card, f"only spades left: lead the {card.name}", (Fact("only_spades", seat=view.seat),))


def _sure_winner(k: Knowledge, card: Card) -> bool:
    """Whether ``card``, led, takes the trick whatever the others hold: no higher card of its suit is out, and, for
    a side card, no other seat may trump it (each has shown out of spades, or is known to hold the suit)."""
    suit = k.suit(card)
    if not k.is_master(card):
        return False
    if suit == SPADES:
        return True
    for seat in range(k.players):
        if seat == k.seat:
            continue
        if k.known[seat]:
            if not k.known[seat] & k.mask(suit) and k.known[seat] & k.mask(SPADES):
                return False
        elif k.may_hold(seat, SPADES):
            return False
    return True


def _ruffed(k: Knowledge, opps: list[int], suit: int) -> bool:
    """Whether an opponent has shown out of ``suit`` and may still trump it."""
    return any(k.void(o, suit) and k.may_hold(o, SPADES) for o in opps)


def _honour_exposed(k: Knowledge, card: Card) -> int:
    """Leading from a suit headed by a king or queen that is not the best card gives a trick away."""
    suit = k.suit(card)
    top = k.hand_top(suit)
    if top is None or k.is_master(top):
        return 0
    return 1 if k.rank(top) >= 12 and k.hand_count(suit) <= 3 else 0


# -- choosing among cards ------------------------------------------------------------------------------------
def _lowest_safe(k: Knowledge, cards: list[Card], led: int, opp_after: list[int]) -> Card | None:
    safe = [c for c in cards if k.safe(c, led, opp_after)]
    return min(safe, key=k.rank) if safe else None


def _lowest_follow(k: Knowledge, cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (k.suit(c) == SPADES, k.rank(c)))


def _highest(k: Knowledge, cards: list[Card], prefer_keep_spades: bool = False) -> Card:
    if prefer_keep_spades:
        non_spades = [c for c in cards if k.suit(c) != SPADES]
        if non_spades:
            return max(non_spades, key=lambda c: k.rank(c))
    return max(cards, key=lambda c: k.rank(c))


def _dump_low(k: Knowledge, cards: list[Card]) -> Card:
    """The card least worth keeping: a low card, off a short suit (to trump it later), never a spade if avoidable."""
    non_spades = [c for c in cards if k.suit(c) != SPADES]
    if not non_spades:
        return min(cards, key=k.rank)
    losers = [c for c in non_spades if not k.is_master(c)] or non_spades
    return min(losers, key=lambda c: (k.rank(c), k.hand_count(k.suit(c))))
