"""How a club player chooses a card: the table's rules of thumb, in the order a good partner applies them.

Nils come first (one's own, the partner's to protect, the opponents' to set), then the partner's winning card,
then the contract: win cheaply while tricks are needed, duck once the contract is safe and bags would cost more
than the set is worth. Who can still beat a card is read from the cards out and the voids shown.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Suit, card_words, held_card, suit_words, the_card
from ..language import _
from ..seats import seat_words
from ..tricks import winning_play
from ..view import SeatView
from .base import Fact, Hint
from .hand_words import partner_word
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
    """A seat as a reason names it: "partner", or the seat's name."""
    if seat == view.partner:
        return partner_word()
    return seat_words(seat, view.players)


def choose_card(view: SeatView) -> Hint:
    s = Situation.of(view)
    legal = [c for c in view.legal if isinstance(c, Card)]
    if len(legal) == 1:
        return Hint(legal[0], _("{card} is the only card that may be played", card=the_card(legal[0])),
                    (Fact("only_legal", card=legal[0]),))
    if not view.trick:
        return _lead(s, legal)
    return _follow(s, legal)


# -- following ------------------------------------------------------------------------------------------------
def _follow(s: Situation, legal: list[Card]) -> Hint:
    view, k = s.view, s.k
    led = k.suit(view.trick[0][1])
    win_seat, best = winning_play(view.trick, view.rules)
    played = {seat for seat, _card in view.trick}
    after = [(view.seat + i) % view.players for i in range(1, view.players) if
             (view.seat + i) % view.players not in played]
    opp_after = [x for x in after if x in s.opponents]
    following = k.suit(legal[0]) == led
    beaters = [c for c in legal if k.beats(c, best)]
    unders = [c for c in legal if not k.beats(c, best)]
    best_name = held_card(best, _name(view, win_seat))
    winning = Fact("winning", seat=win_seat, card=best)

    if s.my_nil:
        return _nil_follow(s, legal, beaters, unders, after, led, best_name, winning)

    if s.partner_nil and s.partner is not None:
        partner_nil = Fact("nil", seat=s.partner)
        if s.partner in after:
            if beaters:
                top = max(beaters, key=k.rank)
                card = top if following else _lowest_safe(k, beaters, led, opp_after) or top
                return Hint(card, _("cover partner's Nil: take the trick with {card}", card=the_card(card)),
                            (partner_nil, Fact("plays_after", seat=s.partner)))
            card = _dump_low(k, legal)
            return Hint(card, _("{best} is winning and covers partner's Nil: play low, {card}", best=best_name,
                                card=the_card(card)),
                        (partner_nil, winning, Fact("cannot_beat", card=best)))
        if win_seat == s.partner and beaters:
            card = _lowest_safe(k, beaters, led, opp_after) or max(beaters, key=k.rank)
            return Hint(card, _("partner's Nil is winning the trick: overtake with {card}", card=the_card(card)),
                        (partner_nil, winning))

    for nil_seat in s.opp_nils:
        nil = Fact("nil", seat=nil_seat)
        if win_seat == nil_seat:
            if unders:
                card = _highest(k, unders, prefer_keep_spades=True)
                return Hint(card, _("{seat} is Nil and winning: stay under with {card}", seat=_name(view, nil_seat),
                                    card=the_card(card)),
                            (nil, winning))
        elif nil_seat in after and (following or not s.want_tricks):
            card = _lowest_follow(k, unders or legal) if following else _dump_low(k, legal)
            return Hint(card, _("{seat} is Nil and plays after: play low, {card}", seat=_name(view, nil_seat),
                                card=the_card(card)),
                        (nil, Fact("plays_after", seat=nil_seat)))

    if win_seat in s.mates and (not opp_after or k.safe(best, led, opp_after)):
        card = _highest(k, unders, prefer_keep_spades=True) if not s.want_tricks and unders else \
                _dump_low(k, unders or legal)
        if win_seat == s.partner:
            return Hint(card, _("{best} is winning: play low, {card}", best=held_card(best, partner_word()),
                                card=the_card(card)),
                        (Fact("partner_winning", seat=s.partner, card=best),))
        teammate = _("teammate {seat}", seat=_name(view, win_seat))
        return Hint(card, _("{best} is winning: play low, {card}", best=held_card(best, teammate), card=the_card(card)),
                    (Fact("teammate_winning", seat=win_seat, card=best),))

    if not s.want_tricks:
        if unders:
            card = _highest(k, unders, prefer_keep_spades=True)
            if s.lost_nil:
                return Hint(card, _("the Nil is lost and its tricks are only bags: duck with {card}",
                                    card=the_card(card)))
            return Hint(card, _("the contract is made and bags cost: duck with {card}", card=the_card(card)),
                        (Fact("contract_made", seat=view.seat),))
        if not opp_after:
            card = max(legal, key=lambda c: (k.suit(c) != SPADES, k.rank(c)))
            if not after:
                return Hint(card, _("last to play and every card wins: play {card}", card=the_card(card)),
                            (Fact("last_to_play"), Fact("every_card_wins", card=best)))
            words, facts = _only_mates_after(s, after)
            # Translators: {after} is a clause of its own, "only partner plays after".
            return Hint(card, _("every card is above {best} and {after}: play {card}", best=best_name, after=words,
                                card=the_card(card)),
                        (winning, Fact("every_card_beats", card=best), *facts))
        card = min(legal, key=k.rank)
        return Hint(card, _("every card is above {best}: play the lowest, {card}", best=best_name, card=the_card(card)),
                    (winning, Fact("every_card_beats", card=best)))

    if not beaters:
        card = _dump_low(k, legal)
        return Hint(card, _("{best} is winning and nothing beats it: play low, {card}", best=best_name,
                            card=the_card(card)),
                    (winning, Fact("cannot_beat", card=best)))

    if following:
        if not opp_after:
            card = min(beaters, key=k.rank)
            if not after:
                return Hint(card, _("last to play: win cheaply with {card}", card=the_card(card)),
                            (Fact("last_to_play"),))
            words, facts = _only_mates_after(s, after)
            # Translators: {after} is a clause of its own, "only partner plays after".
            return Hint(card, _("{after}: win cheaply with {card}", after=words, card=the_card(card)), facts)
        safe = _lowest_safe(k, beaters, led, opp_after)
        position = len(view.trick) + 1
        if position == 2 and s.partner is not None:
            master = safe if safe is not None and k.out_count(led) <= SECOND_HAND_MASTER_OUT else None
            if master is not None:
                if k.is_master(master):
                    return Hint(master, _("{card} is the best left and the suit may be trumped: take it",
                                          card=the_card(master)),
                                (Fact("best_left", card=master),))
                return Hint(master, _("{card} should hold the trick and the suit may be trumped: take it",
                                      card=the_card(master)))
            card = _lowest_follow(k, legal)
            return Hint(card, _("second hand low: {card}", card=the_card(card)))
        if safe is not None:
            if k.is_master(safe):
                return Hint(safe, _("{card} is the best card left: win with it", card=the_card(safe)),
                            (Fact("best_left", card=safe),))
            return Hint(safe, _("{card} should hold the trick: win with it", card=the_card(safe)))
        card = max(beaters, key=k.rank)
        if win_seat == s.partner:
            return Hint(card, _("{best} may be beaten: play high, {card}", best=held_card(best, partner_word()),
                                card=the_card(card)),
                        (Fact("partner_winning", seat=s.partner, card=best),))
        if position == 3 or s.partner is None:
            return Hint(card, _("third hand high: {card}", card=the_card(card)))
        return Hint(card, _("play high, {card}", card=the_card(card)))

    # Void in the suit led: trump only when it pays.
    only_spades = all(k.suit(c) == SPADES for c in legal)
    if s.partner is not None and s.partner in after and len(view.trick) == 1 and s.our_need <= PARTNER_LAST_NEED \
            and not k.likely_void(s.partner, led) and not s.partner_nil and not only_spades:
        card = _dump_low(k, legal)
        return Hint(card, _("partner plays last and may win: keep the spades, discard {card}", card=the_card(card)),
                    (Fact("plays_after", seat=s.partner),))
    out_of_led = Fact("void", seat=view.seat, suit=led)
    trumps = [c for c in beaters if k.suit(c) == SPADES]
    safe = _lowest_safe(k, trumps, led, opp_after)
    if safe is not None:
        return Hint(safe, _("out of {suit}: trump with {card}", suit=suit_words(led), card=the_card(safe)),
                    (out_of_led,))
    if trumps and (not opp_after or s.our_need >= s.tricks_left - 2):
        card = min(trumps, key=k.rank)
        return Hint(card, _("out of {suit}: trump with {card}", suit=suit_words(led), card=the_card(card)),
                    (out_of_led,))
    if trumps and opp_after:
        card = max(trumps, key=k.rank)
        if len(trumps) > 1 and k.spades_out() <= 3:
            return Hint(card, _("out of {suit}: trump high with {card} so it is not overtrumped",
                                suit=suit_words(led), card=the_card(card)),
                        (out_of_led,))
    card = _dump_low(k, legal)
    if only_spades:  # nothing to discard: the lowest spade, a trump unless a higher one is already on the trick
        facts = (Fact("only_spades", seat=view.seat), out_of_led)
        if k.beats(card, best):
            return Hint(card, _("only spades left: trump low with {card}, though it may be overtrumped",
                                card=the_card(card)), facts)
        return Hint(card, _("only spades left: play low, {card}, under {best}", card=the_card(card), best=best_name),
                    (*facts, winning))
    return Hint(card, _("a trump here may be overtrumped: discard {card}", card=the_card(card)))


def _only_mates_after(s: Situation, after: list[int]) -> tuple[str, tuple[Fact, ...]]:
    """Words and facts for "nobody but this side plays after": the partner, or the teammates still to play."""
    facts = tuple(Fact("plays_after", seat=seat) for seat in after)
    if after == [s.partner]:
        return _("only partner plays after"), facts
    if len(after) == 1:
        return _("only teammate {seat} plays after", seat=_name(s.view, after[0])), facts
    return _("only teammates play after"), facts


def _nil_follow(s: Situation, legal: list[Card], beaters: list[Card], unders: list[Card], after: list[int],
                led: int, best_name: str, winning: Fact) -> Hint:
    k = s.k
    if unders:
        following = k.suit(legal[0]) == led
        if following:
            card = max(unders, key=k.rank)
            return Hint(card, _("Nil: {card} goes under {best}", card=the_card(card), best=best_name), (winning,))
        # A spade under a higher trump is shed gladly: spades are the cards a Nil is most often caught with.
        card = max(unders, key=lambda c: (k.rank(c) + NIL_SPADE_DANGER * (k.suit(c) == SPADES),
                                          -k.hand_count(k.suit(c))))
        return Hint(card, _("Nil: shed {card} while it cannot win", card=the_card(card)))
    if after:
        card = min(beaters, key=k.rank)
        return Hint(card, _("Nil: every card is above {best}; play {card} and hope it is beaten", best=best_name,
                            card=the_card(card)),
                    (winning, Fact("every_card_beats", card=winning.card)))
    card = max(beaters, key=k.rank)
    return Hint(card, _("Nil is lost on this trick: get rid of {card}", card=the_card(card)),
                (Fact("last_to_play"), Fact("every_card_beats", card=winning.card)))


# -- leading --------------------------------------------------------------------------------------------------
def _lead(s: Situation, legal: list[Card]) -> Hint:
    view, k = s.view, s.k
    non_spades = [c for c in legal if k.suit(c) != SPADES]
    if s.my_nil:
        pool = non_spades or legal
        card = min(pool, key=lambda c: (k.rank(c), -k.out_count(k.suit(c))))
        return Hint(card, _("Nil: lead low, {card}", card=the_card(card)))
    if s.partner_nil and s.partner is not None:
        spades = [c for c in legal if k.suit(c) == SPADES]
        if spades and k.is_master(max(spades, key=k.rank)) and k.may_hold(s.partner, SPADES):
            card = max(spades, key=k.rank)
            return Hint(card, _("lead {card}, the best spade left, so partner can shed a spade under it",
                                card=the_card(card)),
                        (Fact("best_left", card=card), Fact("nil", seat=s.partner)))
        masters = [c for c in legal if k.is_master(c) and k.suit(c) != SPADES]
        if masters:
            card = max(masters, key=lambda c: k.out_count(k.suit(c)))
            return Hint(card, _("lead {card}, the best card left in its suit, so partner can shed under it",
                                card=the_card(card)),
                        (Fact("best_left", card=card), Fact("nil", seat=s.partner)))
        partner_has_side = any(k.may_hold(s.partner, x) for x in range(3))
        shed = [c for c in non_spades if k.void(s.partner, k.suit(c)) and partner_has_side]
        if shed:
            card = min(shed, key=k.by_suit)
            return Hint(card, _("partner is out of {suit} and can shed: lead {card}", suit=suit_words(k.suit(card)),
                                card=the_card(card)),
                        (Fact("void", seat=s.partner, suit=k.suit(card)), Fact("nil", seat=s.partner)))
        pool = non_spades or legal
        card = max(pool, key=lambda c: (k.rank(c), k.out_count(k.suit(c))))
        return Hint(card, _("lead high to cover partner's Nil: {card}", card=the_card(card)),
                    (Fact("nil", seat=s.partner),))
    if s.opp_nils:
        nil_seat = s.opp_nils[0]
        pool = [c for c in legal if not k.void(nil_seat, k.suit(c)) and k.suit(c) != SPADES] or legal
        card = min(pool, key=lambda c: (k.rank(c), -k.out_count(k.suit(c))))
        return Hint(card, _("{seat} is Nil: lead low, {card}, so that the Nil bidder may have to take the trick",
                            seat=_name(view, nil_seat), card=the_card(card)), (Fact("nil", seat=nil_seat),))

    if not s.want_tricks:
        pool = [c for c in legal if not k.is_master(c)] or legal
        card = min(pool, key=lambda c: (k.rank(c), k.suit(c) == SPADES))
        if s.lost_nil:
            return Hint(card, _("the Nil is lost and its tricks are only bags: lead low, {card}", card=the_card(card)))
        return Hint(card, _("the contract is made: lead low, {card}, and let them take the bags", card=the_card(card)),
                    (Fact("contract_made", seat=view.seat),))

    opps = s.opponents
    # Cash side-suit winners the opponents cannot trump yet.
    cash = [c for c in non_spades if k.is_master(c) and not any(k.likely_void(o, k.suit(c)) for o in opps)]
    if cash:
        card = max(cash, key=lambda c: (k.out_count(k.suit(c)), k.rank(c)))
        if _sure_winner(k, card):
            return Hint(card, _("cash {card}, a sure winner: the best card left in its suit, and nobody can trump it",
                                card=the_card(card)), (Fact("best_left", card=card), Fact("sure_winner", card=card)))
        return Hint(card, _("cash {card}, the best card left in its suit, before the suit is trumped",
                            card=the_card(card)),
                    (Fact("best_left", card=card),))
    spades = [c for c in legal if k.suit(c) == SPADES]
    if spades and k.spades_out() and k.is_master(max(spades, key=k.rank)):
        mine = len(spades)
        if mine >= 2 or not non_spades:
            card = max(spades, key=k.rank)
            return Hint(card, _("lead {card}, the best spade left and a sure winner, to draw the opponents' spades",
                                card=the_card(card)), (Fact("best_left", card=card), Fact("sure_winner", card=card)))
    if s.partner is not None:
        ruff = [c for c in non_spades if k.void(s.partner, k.suit(c)) and not any(k.void(o, k.suit(c)) for o in opps)
                and k.may_hold(s.partner, SPADES)]
        if ruff:
            card = min(ruff, key=k.by_suit)
            return Hint(card, _("partner is out of {suit}: lead {card} for a trump", suit=suit_words(k.suit(card)),
                                card=the_card(card)),
                        (Fact("void", seat=s.partner, suit=k.suit(card)),))
    my_spades = k.hand_count(SPADES)
    if my_spades >= 2:
        singles = [c for c in non_spades if k.hand_count(k.suit(c)) == 1 and k.rank(c) < 13]
        if singles:
            card = min(singles, key=k.by_suit)
            # Translators: {card} is the card's name alone, "lead the singleton ace of hearts".
            return Hint(card, _("lead the singleton {card} to trump the suit later", card=card_words(card)),
                        (Fact("singleton", seat=view.seat, suit=k.suit(card), card=card),))
    quiet = [c for c in non_spades if not _ruffed(k, opps, k.suit(c))]
    if quiet:
        card = min(quiet, key=lambda c: (_honour_exposed(k, c), -k.hand_count(k.suit(c)) if LEAD_LONG
                                            else k.hand_count(k.suit(c)), k.rank(c)))
        suit = k.suit(card)
        if all(k.hand_count(suit) >= k.hand_count(other) for other in range(3)):
            return Hint(card, _("lead low from the longest side suit, {card}, and keep the high cards",
                                card=the_card(card)),
                        (Fact("longest_side_suit", seat=view.seat, suit=suit),))
        return Hint(card, _("lead low, {card}, and keep the high cards", card=the_card(card)))
    if non_spades:
        card = min(non_spades, key=lambda c: k.rank(c))
        return Hint(card, _("every side suit may be trumped: lead low, {card}", card=the_card(card)))
    card = min(spades, key=k.rank)
    return Hint(card, _("only spades left: lead {card}", card=the_card(card)), (Fact("only_spades", seat=view.seat),))


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
