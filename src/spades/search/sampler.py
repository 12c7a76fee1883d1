"""Deals of the unseen cards that fit everything a seat has seen, weighted by how well they explain the bids.

A deal for the search must never contradict the view: the seat's own hand is fixed, played cards are gone, a seat
that failed to follow a suit holds none of it, a Whiz or Mirror bid is the bidder's spade count, and in
two-player Spades the other hand is known once the draw is over (unless the discards went face down: then the other
hand is any 13 of the cards this seat has not seen, its discards among them), and after a Nil pass the partner
holds the cards passed to it until it plays them. Only cards of the rules' pack are dealt, each in its suit in
play (a joker is a spade). Those are hard constraints, kept exactly: cards
are placed one at a time, each on a seat chosen at random among those that may hold it, and a placement is only
made if the rest can still be placed (Hall's condition over the suits, checked on at most 15 subsets).
Bids are soft evidence: a deal where a seat that bid 5 holds a 2-trick hand is possible, only unlikely, so each
deal gets a weight from the bidders' hands (the quick trick estimate near the bid), and the search draws more deals
than it plays and keeps them in proportion to their weights.
A Nil says more than a number: few random hands are fit to bid it (one in ten or so), so drawing twice as many
deals as are kept leaves most sampled Nil bidders holding hands nobody would bid Nil with, and the search then
sees a partner's Nil as lost whatever it plays (or an opponent's as set whatever it does). So each deal's Nil
hands are brought in line with the bid by swaps with the other unseen hands (:mod:`.nil_hands`).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import numpy as np

from ..bids import spades_shown
from ..kernel.bridge import ranks
from ..rules import Rules
from ..view import Phase, SeatView
from .inference import Evidence
from .nil_hands import fit_nil
from .policy import estimate

SUIT_BITS = 0b1111  # every suit a seat may hold

__all__ = ["Sampler"]

SPADES = 3
PRINTED_SUITS = tuple(min(card // 13, SPADES) for card in range(54))  # the suits of a pack without JJDD
BID_SPREAD = 1.6  # how far, in tricks, a hand's estimate may stray from its bid before the deal is unlikely
NIL_SWAPS = 60  # swaps tried per deal to fit a Nil bidder's hand to its bid
QUICK_TRIES = 6  # deals by suits tried before the careful card-by-card deal
KEPT_BIAS = 3.0  # face-down two-player: how much likelier a high card is in the other hand than in its discards
# Plays as soft evidence, in log-weight per card the deal gives a seat against what its play suggests:
NIL_DUCK = 2.0  # an intact Nil that played under the winner held no card between its card and the winner
NIL_FORCED = 2.0  # an intact Nil that took the lead following suit held no card under the winner
CHEAPEST_WIN = 1.5  # the last to play, taking the trick in the suit led, held no card between winner and its card
LOW_LOSER = 0.5  # a seat that played a losing card (or discarded) held nothing lower in that suit


@dataclass
class Sampler:
    """Deals for one decision of one seat."""

    view: SeatView
    free: list[int]  # seats whose cards are unknown
    fixed: list[int]  # per seat, the cards placed before sampling (own hand, known hands)
    room: dict[int, int]  # free seat -> cards it holds now
    suits_ok: dict[int, int]  # free seat -> mask of suits it may still hold
    exact_spades: dict[int, int]  # free seat -> spades it must hold now (Whiz and Mirror bids)
    pool: list[int]  # unseen cards not yet placed
    played_by: list[int]  # per seat, the cards it played this hand
    nil_seats: list[int]  # free seats whose Nil bid is evidence of a safe hand
    card_cost: dict[int, list[float]] = field(default_factory=dict)  # free seat -> per card, its plays' evidence
    model: np.ndarray | None = None  # the model of players' weights (see .inference); None: the hand-set weights

    def __post_init__(self) -> None:
        n = len(self.fixed)
        self._ok = np.array([self.suits_ok.get(s, 0) for s in range(n)], dtype=np.int64)
        self._exact = np.array([s in self.exact_spades for s in range(n)], dtype=np.bool_)
        self._suits = np.array(self.view.rules.card_suits, dtype=np.int64)
        self._pinned = 0  # cards placed before sampling in a free seat's hand (passed to the partner)
        for s in self.free:
            self._pinned |= self.fixed[s]
        self._evidence: Evidence | None = None

    @classmethod
    def from_view(cls, view: SeatView, model: np.ndarray | None = None) -> Sampler:
        """The sampler of ``view``'s hidden hands; ``model``: the model of players' weights, to weight each deal by
        the likelihood of this hand's decisions (:mod:`.inference`), or None for the hand-set weights."""
        rules = view.rules
        n = view.players
        hand = int(view.hand) if view.hand is not None else 0
        played_by = [0] * n
        voids = [0] * n
        broken = False
        plays_list = [trick.plays(n) for trick in view.tricks]
        if view.trick:
            plays_list.append(tuple(view.trick))
        for plays in plays_list:
            leader, first = plays[0]
            led = rules.suit_of(first)
            if led == SPADES and not broken:
                voids[leader] |= 0b0111  # a spade led before spades were broken: the leader held nothing else
            for seat, card in plays:
                played_by[seat] |= 1 << card
                if rules.suit_of(card) != led:
                    voids[seat] |= 1 << led
                if rules.suit_of(card) == SPADES:
                    broken = True
        played = 0
        for m in played_by:
            played |= m
        unseen = rules.pack & ~hand & ~played
        two = not rules.deals
        if two:
            unseen &= ~int(view.discards)  # face up: both seats' discards; face down: this seat's own
        fixed = [0] * n
        fixed[view.seat] = hand
        if two and not rules.face_down_discards and view.phase in (Phase.BID, Phase.PLAY):
            fixed[1 - view.seat] = unseen  # the draw is over: the other hand is every card not seen
        partner = rules.partner_of(view.seat)
        if partner is not None and view.passed:
            # the partner holds what this seat passed it, unless played or passed back
            fixed[partner] |= int(view.passed) & ~played & ~hand
        free = [s for s in range(n) if s != view.seat and not (fixed[s] and two)]
        held = [rules.hand_size - played_by[s].bit_count() for s in range(n)]
        room = {s: held[s] - fixed[s].bit_count() for s in free}
        taken = 0
        for m in fixed:
            taken |= m
        pool = [c for c in range(54) if unseen >> c & 1 and not taken >> c & 1]
        suits_ok = {s: SUIT_BITS & ~voids[s] for s in free}
        if two and rules.face_down_discards:
            # The other seat's discards are as unseen as its hand: a pile beside the seats (index n) takes the
            # cards the other seat does not hold, and is dropped from every deal.
            fixed.append(0)
            played_by = [*played_by, 0]
            free.append(n)
            room[n] = len(pool) - sum(room.values())
            suits_ok[n] = SUIT_BITS
        exact: dict[int, int] = {}
        for s in (s for s in free if s < n):
            bid = view.bids[s]
            shown = spades_shown(rules, bid) if bid is not None else None
            if shown is not None:
                exact[s] = shown - (played_by[s] & rules.suit_masks[SPADES]).bit_count() \
                    - (fixed[s] & rules.suit_masks[SPADES]).bit_count()
        # (a seat holding cards passed to it is not fitted: the swaps would move them)
        nil_seats = [s for s in free if s < n and _nil_evidence(view, s) and not fixed[s]]
        return cls(view, free, fixed, room, suits_ok, exact, pool, played_by, nil_seats, _play_evidence(view, free),
                   model)

    # -- one deal ---------------------------------------------------------------------------------------------
    def deal(self, rng: random.Random) -> list[int]:
        """One deal of the hands as they are now (per seat masks), consistent with the view, with any Nil
        bidder's hand fitted to its bid."""
        hands = self._place(rng)
        for s in self.nil_seats:
            self._fit_nil(hands, s, rng)
        return hands[:self.view.players]  # without the face-down discards' pile, when there is one

    def _fit_nil(self, hands: list[int], seat: int, rng: random.Random) -> None:
        """Fit ``seat``'s hand to its Nil by swaps with the other free seats (in place; see :mod:`.nil_hands`)."""
        others = np.array([s for s in self.free if s != seat], dtype=np.int64)
        if not len(others):
            return
        work = np.array(hands, dtype=np.int64)
        fit_nil(work, seat, others, self.played_by[seat], self._ok, self._exact, NIL_SWAPS, rng.getrandbits(62),
                self._suits, self._pinned)
        hands[:] = work.tolist()

    def _place(self, rng: random.Random) -> list[int]:
        """One deal meeting the hard constraints, the cards placed at random."""
        if len(self.fixed) > self.view.players:
            return self._place_kept(rng)
        hands = list(self.fixed)
        room = dict(self.room)
        ok = dict(self.suits_ok)
        pool = list(self.pool)
        suit_of = self.view.rules.card_suits
        spade_pool = [c for c in pool if suit_of[c] == SPADES]
        exact_total = sum(max(0, count) for count in self.exact_spades.values())
        if self.exact_spades and 0 <= exact_total <= len(spade_pool):
            rng.shuffle(spade_pool)
            for s, count in sorted(self.exact_spades.items()):
                count = max(0, min(count, room[s]))
                for card in spade_pool[:count]:
                    hands[s] |= 1 << card
                taken = set(spade_pool[:count])
                spade_pool = spade_pool[count:]
                pool = [c for c in pool if c not in taken]
                room[s] -= count
                ok[s] &= ~(1 << SPADES)
        rng.shuffle(pool)
        seats = [s for s in self.free if room[s] > 0]
        if all(ok[s] == 0b1111 for s in seats):
            i = 0
            for s in seats:
                for card in pool[i:i + room[s]]:
                    hands[s] |= 1 << card
                i += room[s]
            return hands
        for _ in range(QUICK_TRIES):
            quick = _deal_by_suits(rng, pool, seats, room, ok, suit_of)
            if quick is not None:
                for s, cards in quick.items():
                    hands[s] |= cards
                return hands
        counts = [0, 0, 0, 0]
        for card in pool:
            counts[suit_of[card]] += 1
        # the most constrained suits first: fewer seats that may hold them
        order = sorted(pool, key=lambda c: sum(1 for s in seats if ok[s] >> suit_of[c] & 1))
        for card in order:
            suit = suit_of[card]
            choices = [s for s in seats if room[s] > 0 and ok[s] >> suit & 1]
            weights = [room[s] for s in choices]
            while choices:
                pick = rng.choices(range(len(choices)), weights)[0]
                s = choices[pick]
                room[s] -= 1
                counts[suit] -= 1
                if _feasible(counts, room, ok, seats):
                    hands[s] |= 1 << card
                    break
                room[s] += 1
                counts[suit] += 1
                del choices[pick]
                del weights[pick]
            else:  # cannot happen when the view is consistent; keep the deal whole rather than fail
                s = next(s for s in seats if room[s] > 0)
                room[s] -= 1
                counts[suit] -= 1
                hands[s] |= 1 << card
        return hands

    def _place_kept(self, rng: random.Random) -> list[int]:
        """Two-player with the discards face down: the other hand drawn from the unseen cards with the high ones
        likelier (a card's weight its rank plus one, spades four higher, to the power :data:`KEPT_BIAS`), since
        it kept the better card of most of its draws; the rest is its pile of discards. Efraimidis and Spirakis'
        weighted draw without replacement: each card's key is a uniform number to the power one over its weight,
        and the highest keys are drawn."""
        rules = self.view.rules
        other = 1 - self.view.seat
        pile = self.view.players
        hands = list(self.fixed)
        rank = ranks(rules)
        ok = self.suits_ok[other]
        keys = []
        for card in self.pool:
            suit = rules.card_suits[card]
            if not ok >> suit & 1:
                continue
            face = rank[card] - 13 if rank[card] >= 13 else rank[card]
            weight = (face + 1 + (4 if suit == SPADES else 0)) ** KEPT_BIAS
            keys.append((rng.random() ** (1.0 / weight), card))
        keys.sort(reverse=True)
        for _, card in keys[:self.room[other]]:
            hands[other] |= 1 << card
        for card in self.pool:
            if not hands[other] >> card & 1:
                hands[pile] |= 1 << card
        return hands

    def feasible(self) -> bool:
        counts = [0, 0, 0, 0]
        for card in self.pool:
            counts[self.view.rules.card_suits[card]] += 1
        return _feasible(counts, dict(self.room), self.suits_ok, self.free)

    # -- weights ----------------------------------------------------------------------------------------------
    def weight(self, hands: list[int]) -> float:
        """How well a deal explains the bids and the plays made: 1 for a perfect fit, smaller the worse it fits."""
        view = self.view
        rules = view.rules
        log_w = 0.0
        for s, cost in self.card_cost.items():
            if s >= rules.players:
                continue
            m = hands[s]
            while m:
                low = m & -m
                log_w -= cost[low.bit_length() - 1]
                m ^= low
        for s in self.free:
            if s >= rules.players:
                continue  # the face-down discards
            bid = view.bids[s]
            if bid is None or bid.blind or spades_shown(rules, bid) is not None:
                continue  # no bid yet, or a Blind Nil (no evidence), or a spade count (kept exactly in the deal)
            at_bid = hands[s] | self.played_by[s]
            if s == rules.partner_of(view.seat):  # its hand at the bid: before this seat's pass reached it
                at_bid = at_bid & ~int(view.passed) | int(view.received)
            if bid.value == 0:
                continue  # fitted by the swaps in :meth:`deal`
            est = estimate(at_bid) * (1.25 if rules.players == 2 else 4 / rules.players)
            gap = est - bid.value
            if rules.one_nil_per_side and gap > 0:
                continue  # the partner of a forced Nil may bid low on a big hand
            log_w -= gap * gap / (2 * BID_SPREAD * BID_SPREAD)
        return math.exp(max(log_w, -700.0))

    def weights(self, drawn: list[list[int]]) -> list[float]:
        """Each deal's weight: by the model of players when the sampler has one, else by :meth:`weight`."""
        if self.model is None:
            return [self.weight(h) for h in drawn]
        if self._evidence is None:
            self._evidence = Evidence.from_view(self.view, self.free)
        out: list[float] = self._evidence.weights(drawn, self.model).tolist()
        return out

    def deals(self, rng: random.Random, count: int, oversample: int = 3) -> list[list[int]]:
        """``count`` deals drawn in proportion to their weights from ``oversample`` times as many."""
        if not self.free:
            return [list(self.fixed[:self.view.players]) for _ in range(count)]
        drawn = [self.deal(rng) for _ in range(count * oversample)]
        if oversample == 1:
            return drawn
        weights = self.weights(drawn)
        total = sum(weights)
        if total <= 0:
            return drawn[:count]
        # systematic resampling: low variance, deterministic for a given rng
        step = total / count
        start = rng.random() * step
        out = []
        acc = 0.0
        i = 0
        for j in range(count):
            point = start + j * step
            while acc + weights[i] < point and i < len(drawn) - 1:
                acc += weights[i]
                i += 1
            out.append(drawn[i])
        return out


def _nil_evidence(view: SeatView, seat: int) -> bool:
    """Whether ``seat``'s bid is a Nil chosen on its cards (not blind, not forced by the variant)."""
    bid = view.bids[seat]
    if bid is None or bid.blind or bid.value != 0 or view.rules.one_nil_per_side:
        return False
    return spades_shown(view.rules, bid) is None


def _play_evidence(view: SeatView, free: list[int]) -> dict[int, list[float]]:
    """What each unseen seat's plays this hand suggest about the cards it still holds, as a cost per card.

    Seats play by habits that show: an intact Nil goes under the winner with its highest card that stays under
    (so it held none between) and takes a trick following suit only when it held nothing lower; the last to play
    wins as cheaply as it can; a seat that cannot or will not win plays or discards its lowest card of that suit.
    None of it is certain (a seat may unblock, or keep a low card to duck later), so each is a soft cost on the
    deals that contradict it, never a filter. Only cards a seat still holds count: played ones are known."""
    n = view.players
    rules = view.rules
    cost = {s: [0.0] * 54 for s in free}
    if not cost:
        return cost
    order = _suit_orders(rules)
    tricks = [(t.leader, list(t.cards)) for t in view.tricks]
    if view.trick:
        tricks.append((view.trick[0][0], [card for _, card in view.trick]))
    won = [0] * n
    for number, (leader, cards) in enumerate(tricks):
        led = rules.suit_of(cards[0])
        best_seat, best = leader, int(cards[0])
        for i in range(1, len(cards)):
            seat, card = (leader + i) % n, int(cards[i])
            wins = _takes(rules, card, best)
            if seat in cost:
                bid = view.bids[seat]
                nil = bid is not None and bid.value == 0 and won[seat] == 0
                partner_winning = best_seat == rules.partner_of(seat)
                last = i == n - 1
                _note_play(cost[seat], rules, order, card, best, led, wins, nil, last and not partner_winning)
            if wins:
                best_seat, best = seat, card
        if number < len(view.tricks):
            won[view.tricks[number].winner] += 1
    return cost


def _suit_orders(rules: Rules) -> list[list[int]]:
    """The pack's cards of each suit in play, from low to high."""
    return [sorted((c for c in range(54) if rules.pack >> c & 1 and rules.card_suits[c] == suit), key=rules.power)
            for suit in range(4)]


def _takes(rules: Rules, card: int, best: int) -> bool:
    """Whether ``card`` takes the trick from ``best``, the card winning it so far."""
    suit = rules.card_suits[card]
    if suit == rules.card_suits[best]:
        return rules.power(card) > rules.power(best)
    return suit == SPADES


def _note_play(cost: list[float], rules: Rules, order: list[list[int]], card: int, best: int, led: int, wins: bool,
               nil: bool, last: bool) -> None:
    """The cost per card, for one seat, of one play of ``card`` on ``best`` (the winner before it), suit ``led``."""
    suit = rules.card_suits[card]
    cards = order[suit]
    at = cards.index(card)

    def between(low: int, high: int, price: float) -> None:  # the cards of this suit strictly between two places
        for c in cards[low + 1:high]:
            cost[c] += price

    best_in_led = rules.card_suits[best] == led
    if suit == led:
        if nil and not wins:  # the highest card that stays under
            between(at, cards.index(best) if best_in_led else len(cards), NIL_DUCK)
        elif nil and best_in_led:  # forced over: nothing under the winner
            between(-1, cards.index(best), NIL_FORCED)
        elif wins and last and best_in_led:  # the cheapest winner
            between(cards.index(best), at, CHEAPEST_WIN)
        elif not wins and not nil:
            between(-1, at, LOW_LOSER)
    elif suit != SPADES and not nil:  # a discard: the lowest of its suit
        between(-1, at, LOW_LOSER)


def _deal_by_suits(rng: random.Random, pool: list[int], seats: list[int], room: dict[int, int],
                   ok: dict[int, int], suit_of: tuple[int, ...] = PRINTED_SUITS) -> dict[int, int] | None:
    """The unseen cards dealt a suit at a time, the suits fewest seats may hold first: each suit's cards go to
    places drawn at random among the empty places of the seats that may hold the suit (so a seat gets cards in
    proportion to its room, as when dealing card by card). None when a suit finds too few places: the caller
    tries again, and in the end deals card by card with Hall's condition checked at each card."""
    left = dict(room)
    by_suit: list[list[int]] = [[], [], [], []]
    for card in pool:
        by_suit[suit_of[card]].append(card)
    order = sorted(range(4), key=lambda suit: sum(1 for s in seats if ok[s] >> suit & 1))
    out = {s: 0 for s in seats}
    for suit in order:
        cards = by_suit[suit]
        if not cards:
            continue
        places = [s for s in seats if ok[s] >> suit & 1 for _ in range(left[s])]
        if len(places) < len(cards):
            return None
        for card, s in zip(cards, rng.sample(places, len(cards)), strict=False):
            out[s] |= 1 << card
            left[s] -= 1
    return out


def _feasible(counts: list[int], room: dict[int, int], ok: dict[int, int], seats: list[int]) -> bool:
    """Hall's condition: every set of suits fits in the room of the seats that may hold one of them."""
    for subset in range(1, 16):
        need = 0
        for suit in range(4):
            if subset >> suit & 1:
                need += counts[suit]
        if not need:
            continue
        cap = 0
        for s in seats:
            if ok[s] & subset:
                cap += room[s]
        if need > cap:
            return False
    return True
