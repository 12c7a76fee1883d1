"""The compiled rules: one hand of Spades on a flat ``int64`` state (deal, bids, cards, tricks, score).

Every function takes the state and the rule array made by :mod:`spades.kernel.bridge`; none allocates in the
per-move path, so a random hand costs a couple of microseconds. The rules here mirror :mod:`spades.game` and
:mod:`spades.scoring` line for line; ``tests/test_kernel.py`` replays random hands through both and fails on
the first difference, so a rule changed in the engine and not here cannot go unnoticed.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .layout import (
    BAGS,
    BAGS_AFTER,
    BID,
    BID_NIL_OR_SPADES,
    BID_ONE_NIL,
    BID_SPADES,
    BLIND_NIL_BID,
    BROKEN,
    DEALER,
    HAND,
    LAST_WINNER,
    LEADER,
    MAX_BID,
    MAX_SEATS,
    NO_BID,
    ONE_NIL_LOW,
    PHASE,
    PHASE_BID,
    PHASE_DONE,
    PHASE_PLAY,
    PLAYS,
    POINTS,
    R_BAG_LIMIT,
    R_BAG_PENALTY,
    R_BIDDING,
    R_BLIND_NIL_VALUE,
    R_CARD_SUIT,
    R_HAND_SIZE,
    R_MEMBERS,
    R_MIN_TEAM_BID,
    R_MOON,
    R_NIL,
    R_NIL_FAIL_PENALTY,
    R_NIL_PASS,
    R_NIL_TRICKS_FOR_PARTNER,
    R_NIL_VALUE,
    R_NO_BAGS,
    R_PACK,
    R_PARTNER,
    R_PARTNERSHIPS,
    R_PLAYERS,
    R_POWER,
    R_PRINTED,
    R_RANK,
    R_SEAT_SIDE,
    R_SIDE_SEATS,
    R_SIDES,
    R_SUIT_MASK,
    R_TEN_FOR_200,
    R_TRUMPS,
    R_TWO_OF_CLUBS,
    SCORE,
    STATE_SIZE,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
)

SUIT_MASK = 0x1FFF
NON_SPADES = (1 << 39) - 1

# The per-move functions allocate nothing, so they are compiled without numba's reference counting: with it,
# every call that passes the state array pays for two atomic counter updates, which cost more than the move.
# (``_nrt`` is numba's own switch for it; should a numba lack it, the kernel is only slower.)
try:
    from numba.core.options import DefaultOptions

    _NO_REFCOUNTS = {"_nrt": False} if hasattr(DefaultOptions, "_nrt") else {}
except ImportError:  # pragma: no cover - another numba layout
    _NO_REFCOUNTS = {}
hot = njit(cache=True, nogil=True, error_model="numpy", **_NO_REFCOUNTS)


# -- bits -----------------------------------------------------------------------------------------------------
@hot
def popcount(x: int) -> int:
    x = x - ((x >> 1) & 0x5555555555555555)
    x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333)
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F
    return (x * 0x0101010101010101) >> 56


@hot
def suit_of(card: int) -> int:
    """``card // 13`` for a card index, without the sign fix-ups of Python's floor division."""
    return (card * 5042) >> 16


@hot
def lowest_bit(mask: int) -> int:
    """Index of the lowest set bit of a non-zero mask."""
    return popcount((mask & -mask) - 1)


@hot
def nth_bit(mask: int, k: int) -> int:
    """Index of the k-th (from 0, lowest first) set bit of ``mask``."""
    for _ in range(k):
        mask &= mask - 1
    return lowest_bit(mask)


# -- random numbers (splitmix64: tiny state, good enough for playouts, identical on every platform) -----------
@hot
def next_random(rng: np.ndarray) -> np.uint64:
    x = rng[0] + np.uint64(0x9E3779B97F4A7C15)
    rng[0] = x
    x = (x ^ (x >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    x = (x ^ (x >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return x ^ (x >> np.uint64(31))


@hot
def random_below(rng: np.ndarray, n: int) -> int:
    """Uniform in ``range(n)`` for n < 2**32 (multiply-shift on the high 32 bits)."""
    return np.int64(((next_random(rng) >> np.uint64(32)) * np.uint64(n)) >> np.uint64(32))


@njit(cache=True)
def make_rng(seed: int) -> np.ndarray:
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = np.uint64(seed)
    next_random(rng)
    return rng


# -- the suits and the order of the cards, read from the rules --------------------------------------------------
@hot
def card_suit(rules: np.ndarray, card: int) -> int:
    """The suit ``card`` plays in (a joker, and the JJDD two of diamonds, are spades)."""
    return rules[R_CARD_SUIT + card]


@hot
def suit_cards(rules: np.ndarray, suit: int) -> int:
    """The cards of ``suit`` in play, as a mask."""
    return rules[R_SUIT_MASK + suit]


@hot
def takes(rules: np.ndarray, card: int, best: int) -> bool:
    """Whether ``card`` takes a trick from ``best``, the card winning it so far (so of the suit led, or a trump)."""
    suit = rules[R_CARD_SUIT + card]
    if suit == rules[R_CARD_SUIT + best]:
        return rules[R_POWER + card] > rules[R_POWER + best]
    return suit == 3


@hot
def rank_of(rules: np.ndarray, card: int) -> int:
    """0..12 for a side suit's two to ace; 13 and up for the trumps, low to high."""
    return rules[R_RANK + card]


# -- positions ------------------------------------------------------------------------------------------------
@hot
def reset_hand(state: np.ndarray, rules: np.ndarray, dealer: int) -> None:
    """Everything but the hands and the scores before the hand, as at the start of the bidding."""
    n = rules[R_PLAYERS]
    for seat in range(MAX_SEATS):
        state[BID + seat] = NO_BID if seat < n else 0
        state[TRICKS + seat] = 0
    for side in range(rules[R_SIDES]):  # (the trick's slots are read only up to TRICK_LEN)
        state[POINTS + side] = 0
        state[BAGS_AFTER + side] = 0
    state[DEALER] = dealer
    state[TURN] = (dealer + 1) % n
    state[LEADER] = state[TURN]
    state[TRICK_LEN] = 0
    state[BROKEN] = 0
    state[PLAYS] = 0
    state[PHASE] = PHASE_BID
    state[LAST_WINNER] = -1
    state[TRICKS_DONE] = 0


@hot
def start_hand(state: np.ndarray, rules: np.ndarray, hands: np.ndarray, dealer: int) -> None:
    """Set ``state`` to the start of the bidding with ``hands`` (per seat masks) dealt by ``dealer``; the
    scores and bags before the hand (SCORE, BAGS) are left as they are."""
    n = rules[R_PLAYERS]
    for seat in range(MAX_SEATS):
        state[HAND + seat] = hands[seat] if seat < n else 0
    reset_hand(state, rules, dealer)


@njit(cache=True)
def new_state(rules: np.ndarray, hands: np.ndarray, dealer: int, scores: np.ndarray,
              bags: np.ndarray) -> np.ndarray:
    """A fresh state at the start of the bidding, with the sides' scores and bags before the hand."""
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    for side in range(rules[R_SIDES]):
        state[SCORE + side] = scores[side]
        state[BAGS + side] = bags[side]
    start_hand(state, rules, hands, dealer)
    return state


@njit(cache=True)
def pack_deck(rules: np.ndarray) -> np.ndarray:
    """The cards of the rules' pack, rising: a deck for :func:`deal_from` to shuffle."""
    pack = rules[R_PACK]
    deck = np.empty(popcount(pack), dtype=np.int64)
    i = 0
    m = pack
    while m:
        deck[i] = lowest_bit(m)
        m &= m - 1
        i += 1
    return deck


@hot
def deal_from(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, dealer: int, deck: np.ndarray) -> None:
    """Shuffle ``deck`` (any order of the pack's cards, reused between hands) and deal ``hand_size`` to each
    player, then start the bidding; two-player: the other 26 cards are set aside, as after the draw."""
    for i in range(len(deck) - 1, 0, -1):
        j = random_below(rng, i + 1)
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card
    n = rules[R_PLAYERS]
    for seat in range(MAX_SEATS):
        state[HAND + seat] = 0
    seat = 0
    for i in range(rules[R_HAND_SIZE] * n):
        state[HAND + seat] |= np.int64(1) << deck[i]
        seat = seat + 1 if seat + 1 < n else 0
    reset_hand(state, rules, dealer)


@njit(cache=True)
def deal_random(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, dealer: int) -> None:
    """Deal a uniformly random hand and start the bidding (see :func:`deal_from`)."""
    deal_from(state, rules, rng, dealer, pack_deck(rules))


# -- legal actions --------------------------------------------------------------------------------------------
@hot
def legal_bids(state: np.ndarray, rules: np.ndarray) -> int:
    """The bids the seat to move may make, as a mask of values 0..hand_size (Blind Nil is not offered: it is
    chosen before the cards are seen, which the engine handles). As :mod:`spades.bids` states each rule."""
    seat = state[TURN]
    bidding = rules[R_BIDDING]
    all_bids = (np.int64(1) << (rules[R_HAND_SIZE] + 1)) - 1
    if bidding == BID_NIL_OR_SPADES:
        return 1 | (np.int64(1) << popcount(state[HAND + seat] & rules[R_TRUMPS]))
    if bidding == BID_SPADES:
        return np.int64(1) << popcount(state[HAND + seat] & rules[R_TRUMPS])
    partner = rules[R_PARTNER + seat]
    if bidding == BID_ONE_NIL:
        up = all_bids & ~((np.int64(1) << ONE_NIL_LOW) - 1)
        if partner >= 0 and state[BID + partner] == 0:
            return up
        return up | 1
    low = 0 if rules[R_NIL] else 1
    if rules[R_MIN_TEAM_BID] and rules[R_PARTNERSHIPS]:
        # the last of the side to bid (a partner, or the third of a team of three) brings it to the floor
        side = rules[R_SEAT_SIDE + seat]
        mates = 0
        for k in range(rules[R_MEMBERS + side]):
            mate = rules[R_SIDE_SEATS + 3 * side + k]
            if mate != seat:
                bid = state[BID + mate]
                if bid == NO_BID:
                    return all_bids & ~((np.int64(1) << low) - 1)
                mates += 0 if bid == BLIND_NIL_BID else bid
        need = rules[R_MIN_TEAM_BID] - mates
        if need > low:
            low = need
    return all_bids & ~((np.int64(1) << low) - 1)


@hot
def legal_cards(state: np.ndarray, rules: np.ndarray) -> int:
    """The cards the seat to move may play, as a mask."""
    hand = state[HAND + state[TURN]]
    if state[TRICK_LEN]:
        if rules[R_PRINTED]:  # the printed suits: no table to read (the standard game's speed)
            follow = hand & (np.int64(SUIT_MASK) << (13 * suit_of(state[TRICK])))
        else:
            follow = hand & rules[R_SUIT_MASK + rules[R_CARD_SUIT + state[TRICK]]]
        return follow if follow else hand
    if state[PLAYS] == 0 and rules[R_TWO_OF_CLUBS]:
        return np.int64(1)
    if state[BROKEN]:
        return hand
    lead = hand & (NON_SPADES if rules[R_PRINTED] else ~rules[R_TRUMPS])
    return lead if lead else hand


@hot
def legal_mask(state: np.ndarray, rules: np.ndarray) -> int:
    """Legal actions as a mask: bid values while bidding, cards in play, 0 when the hand is over."""
    phase = state[PHASE]
    if phase == PHASE_PLAY:
        return legal_cards(state, rules)
    if phase == PHASE_BID:
        return legal_bids(state, rules)
    return 0


# -- acting ---------------------------------------------------------------------------------------------------
@hot
def pass_cards(rules: np.ndarray, hand: int, count: int, high: bool) -> int:
    """The ``count`` cards a seat passes from ``hand`` in a Nil exchange, as a mask: a Nil bidder its highest
    (trumps first, then the highest ranks), its partner its lowest. The same rule as
    :func:`spades.kernel.bridge.pass_choice`, which the search player uses at the table."""
    out = np.int64(0)
    for _ in range(count):
        pick = -1
        key = 0
        m = hand & ~out
        while m:
            card = lowest_bit(m)
            m &= m - 1
            k = rules[R_RANK + card] * 64 + card
            if pick < 0 or (k > key if high else k < key):
                pick = card
                key = k
        if pick < 0:
            break
        out |= np.int64(1) << pick
    return out


@hot
def exchange(state: np.ndarray, rules: np.ndarray) -> None:
    """The Nil passes after the bids, by :func:`pass_cards`: each partnership with one Nil (from the dealer's left),
    the Nil bidder passing first and its partner passing back knowing the cards, as the engine orders them; a
    partnership that bid two Nils passes nothing."""
    n = rules[R_PLAYERS]
    count = rules[R_NIL_PASS]
    done = 0
    for i in range(n):
        seat = (state[DEALER] + 1 + i) % n
        bid = state[BID + seat]
        partner = rules[R_PARTNER + seat]
        if (bid != 0 and bid != BLIND_NIL_BID) or partner < 0 or (done >> seat) & 1:
            continue
        mate = state[BID + partner]
        if mate == 0 or mate == BLIND_NIL_BID:
            continue
        done |= (1 << seat) | (1 << partner)
        give = pass_cards(rules, state[HAND + seat], count, True)
        state[HAND + seat] ^= give
        state[HAND + partner] |= give
        back = pass_cards(rules, state[HAND + partner], count, False)
        state[HAND + partner] ^= back
        state[HAND + seat] |= back


@hot
def start_play(state: np.ndarray, rules: np.ndarray) -> None:
    n = rules[R_PLAYERS]
    state[PHASE] = PHASE_PLAY
    if rules[R_TWO_OF_CLUBS]:
        for holder in range(n):
            if state[HAND + holder] & 1:
                state[TURN] = holder
    else:
        state[TURN] = (state[DEALER] + 1) % n
    state[LEADER] = state[TURN]


@hot
def apply_bid(state: np.ndarray, rules: np.ndarray, bid: int) -> None:
    seat = state[TURN]
    n = rules[R_PLAYERS]
    state[BID + seat] = bid
    if rules[R_BIDDING] == BID_ONE_NIL and ONE_NIL_LOW <= bid <= MAX_BID:
        partner = rules[R_PARTNER + seat]
        if partner >= 0:
            first = state[BID + partner]
            if ONE_NIL_LOW <= first <= MAX_BID:
                state[BID + partner] = 0
    for other in range(n):
        if state[BID + other] == NO_BID:
            state[TURN] = (seat + 1) % n
            return
    if rules[R_NIL_PASS]:
        exchange(state, rules)
    start_play(state, rules)


@hot
def apply_card(state: np.ndarray, rules: np.ndarray, card: int) -> None:
    seat = state[TURN]
    n = rules[R_PLAYERS]
    state[HAND + seat] ^= np.int64(1) << card
    length = state[TRICK_LEN]
    state[TRICK + length] = card
    length += 1
    state[TRICK_LEN] = length
    printed = rules[R_PRINTED]
    if (card >= 39) if printed else rules[R_CARD_SUIT + card] == 3:
        state[BROKEN] = 1
    state[PLAYS] += 1
    if length < n:
        state[TURN] = seat + 1 if seat + 1 < n else 0
        return
    best = 0
    top = state[TRICK]
    if printed:  # printed suits in bit order: the card numbers say it all
        top_suit = suit_of(top)
        for i in range(1, n):
            other = state[TRICK + i]
            if suit_of(other) == top_suit:
                if other > top:
                    best = i
                    top = other
            elif other >= 39:
                best = i
                top = other
                top_suit = 3
    else:
        top_suit = rules[R_CARD_SUIT + top]
        top_power = rules[R_POWER + top]
        for i in range(1, n):
            other = state[TRICK + i]
            suit = rules[R_CARD_SUIT + other]
            if suit == top_suit:
                if rules[R_POWER + other] > top_power:
                    best = i
                    top_power = rules[R_POWER + other]
            elif suit == 3:
                best = i
                top_power = rules[R_POWER + other]
                top_suit = 3
    winner = state[LEADER] + best
    if winner >= n:
        winner -= n
    state[TRICKS + winner] += 1
    state[LAST_WINNER] = winner
    state[TRICK_LEN] = 0
    state[LEADER] = winner
    state[TURN] = winner
    state[TRICKS_DONE] += 1
    if state[TRICKS_DONE] == rules[R_HAND_SIZE]:
        score(state, rules)
        state[PHASE] = PHASE_DONE


@hot
def apply(state: np.ndarray, rules: np.ndarray, action: int) -> None:
    """Take ``action`` for the seat to move: a bid value (or BLIND_NIL_BID) while bidding, a card in play.
    Legality is not checked here (the hot path); ask :func:`legal_mask` first."""
    if state[PHASE] == PHASE_PLAY:
        apply_card(state, rules, action)
    else:
        apply_bid(state, rules, action)


# -- scoring --------------------------------------------------------------------------------------------------
@hot
def score(state: np.ndarray, rules: np.ndarray) -> None:
    """Score the finished hand into POINTS and BAGS_AFTER, as :func:`spades.scoring.score_hand` does."""
    size = rules[R_HAND_SIZE]
    for side in range(rules[R_SIDES]):
        contract = 0
        counted = 0
        bag_tricks = 0
        points = 0
        for k in range(rules[R_MEMBERS + side]):
            seat = rules[R_SIDE_SEATS + 3 * side + k]
            bid = state[BID + seat]
            taken = state[TRICKS + seat]
            if bid == 0 or bid == BLIND_NIL_BID:
                value = rules[R_BLIND_NIL_VALUE] if bid == BLIND_NIL_BID else rules[R_NIL_VALUE]
                if taken == 0:
                    points += value
                elif rules[R_NIL_FAIL_PENALTY]:
                    points -= value
                if rules[R_NIL_TRICKS_FOR_PARTNER]:
                    counted += taken
                else:
                    bag_tricks += taken
            else:
                contract += bid
                counted += taken
        if rules[R_MOON] and contract == size:
            if counted == size:
                contract_points = 250
            else:
                contract_points = 0
                bag_tricks += counted
        else:
            per_trick = 20 if rules[R_TEN_FOR_200] and contract >= 10 else 10
            if counted >= contract:
                contract_points = per_trick * contract
                bag_tricks += counted - contract
            else:
                contract_points = -per_trick * contract
        if rules[R_NO_BAGS]:
            bag_tricks = 0
        points += contract_points + bag_tricks
        total = state[BAGS + side] + bag_tricks
        limit = rules[R_BAG_LIMIT]
        while total >= limit:
            total -= limit
            points -= rules[R_BAG_PENALTY]
        state[POINTS + side] = points
        state[BAGS_AFTER + side] = total


# -- helpers of search ---------------------------------------------------------------------------------------
@hot
def margin(state: np.ndarray, rules: np.ndarray, side: int) -> float:
    """A finished hand's points for ``side`` minus the mean of the other sides' points."""
    sides = rules[R_SIDES]
    others = 0
    for s in range(sides):
        if s != side:
            others += state[POINTS + s]
    return state[POINTS + side] - others / (sides - 1)


@hot
def side_of(rules: np.ndarray, seat: int) -> int:
    return rules[R_SEAT_SIDE + seat]


@hot
def copy_into(target: np.ndarray, source: np.ndarray) -> None:
    for i in range(STATE_SIZE):
        target[i] = source[i]
