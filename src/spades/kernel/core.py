"""The compiled part: one hand of Spades on a flat ``int64`` state, and random playouts over it.

Every function takes the state and the rule array made by :mod:`spades.kernel.bridge`; none allocates in the
per-move path, so a random hand costs a few hundred nanoseconds. The rules here mirror :mod:`spades.game` and
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
    BLIND_NIL_BID,
    BROKEN,
    DEALER,
    HAND,
    LAST_WINNER,
    LEADER,
    MIRROR,
    NO_BID,
    PHASE,
    PHASE_BID,
    PHASE_DONE,
    PHASE_PLAY,
    PLAYS,
    POINTS,
    R_BAG_LIMIT,
    R_BAG_PENALTY,
    R_BLIND_NIL_VALUE,
    R_MIN_TEAM_BID,
    R_MOON,
    R_NIL,
    R_NIL_FAIL_PENALTY,
    R_NIL_TRICKS_FOR_PARTNER,
    R_NIL_VALUE,
    R_PARTNERSHIPS,
    R_PLAYERS,
    R_SIDES,
    R_TEN_FOR_200,
    R_TWO_OF_CLUBS,
    R_VARIANT,
    SCORE,
    STATE_SIZE,
    SUICIDE,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
    WHIZ,
)

SUIT_MASK = 0x1FFF
NON_SPADES = (1 << 39) - 1
ALL_BIDS = (1 << 14) - 1  # bid values 0..13 as bits of a mask

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


# -- positions ------------------------------------------------------------------------------------------------
@hot
def reset_hand(state: np.ndarray, rules: np.ndarray, dealer: int) -> None:
    """Everything but the hands and the scores before the hand, as at the start of the bidding."""
    n = rules[R_PLAYERS]
    for seat in range(4):
        state[BID + seat] = NO_BID if seat < n else 0
        state[TRICKS + seat] = 0
        state[TRICK + seat] = 0
        state[POINTS + seat] = 0
        state[BAGS_AFTER + seat] = 0
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
    for seat in range(4):
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


@hot
def deal_from(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, dealer: int, deck: np.ndarray) -> None:
    """Shuffle ``deck`` (any order of the 52 cards, reused between hands) and deal 13 to each player, then
    start the bidding; two-player: the other 26 cards are set aside, as after the draw."""
    for i in range(51, 0, -1):
        j = random_below(rng, i + 1)
        card = deck[i]
        deck[i] = deck[j]
        deck[j] = card
    n = rules[R_PLAYERS]
    for seat in range(4):
        state[HAND + seat] = 0
    seat = 0
    for i in range(13 * n):
        state[HAND + seat] |= np.int64(1) << deck[i]
        seat = seat + 1 if seat + 1 < n else 0
    reset_hand(state, rules, dealer)


@njit(cache=True)
def deal_random(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, dealer: int) -> None:
    """Deal a uniformly random hand and start the bidding (see :func:`deal_from`)."""
    deal_from(state, rules, rng, dealer, np.arange(52))


# -- legal actions --------------------------------------------------------------------------------------------
@hot
def legal_bids(state: np.ndarray, rules: np.ndarray) -> int:
    """The bids the seat to move may make, as a mask of values 0..13 (Blind Nil is not offered: it is chosen
    before the cards are seen, which the engine handles)."""
    seat = state[TURN]
    variant = rules[R_VARIANT]
    if variant == WHIZ:
        spades = popcount(state[HAND + seat] >> 39)
        return 1 | (np.int64(1) << spades)
    if variant == MIRROR:
        return np.int64(1) << popcount(state[HAND + seat] >> 39)
    if variant == SUICIDE:
        partner = state[BID + (seat + 2) % 4]
        four_up = ALL_BIDS & ~np.int64(15)
        if partner == 0:
            return four_up
        return four_up | 1
    low = 0 if rules[R_NIL] else 1
    if rules[R_MIN_TEAM_BID] and rules[R_PARTNERSHIPS]:
        partner = state[BID + (seat + 2) % 4]
        if partner != NO_BID:
            value = 0 if partner == BLIND_NIL_BID else partner
            need = rules[R_MIN_TEAM_BID] - value
            if need > low:
                low = need
    return ALL_BIDS & ~((np.int64(1) << low) - 1)


@hot
def legal_cards(state: np.ndarray, rules: np.ndarray) -> int:
    """The cards the seat to move may play, as a mask."""
    hand = state[HAND + state[TURN]]
    if state[TRICK_LEN]:
        follow = hand & (np.int64(SUIT_MASK) << (13 * suit_of(state[TRICK])))
        return follow if follow else hand
    if state[PLAYS] == 0 and rules[R_TWO_OF_CLUBS]:
        return np.int64(1)
    if state[BROKEN]:
        return hand
    lead = hand & NON_SPADES
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
def apply_bid(state: np.ndarray, rules: np.ndarray, bid: int) -> None:
    seat = state[TURN]
    n = rules[R_PLAYERS]
    state[BID + seat] = bid
    if rules[R_VARIANT] == SUICIDE and 4 <= bid <= 13:
        partner = (seat + 2) % 4
        first = state[BID + partner]
        if 4 <= first <= 13:
            state[BID + partner] = 0
    for other in range(n):
        if state[BID + other] == NO_BID:
            state[TURN] = (seat + 1) % n
            return
    state[PHASE] = PHASE_PLAY
    if rules[R_TWO_OF_CLUBS]:
        for holder in range(n):
            if state[HAND + holder] & 1:
                state[TURN] = holder
    else:
        state[TURN] = (state[DEALER] + 1) % n
    state[LEADER] = state[TURN]


@hot
def apply_card(state: np.ndarray, rules: np.ndarray, card: int) -> None:
    seat = state[TURN]
    n = rules[R_PLAYERS]
    state[HAND + seat] ^= np.int64(1) << card
    length = state[TRICK_LEN]
    state[TRICK + length] = card
    length += 1
    state[TRICK_LEN] = length
    if card >= 39:
        state[BROKEN] = 1
    state[PLAYS] += 1
    if length < n:
        state[TURN] = seat + 1 if seat + 1 < n else 0
        return
    best = 0
    top = state[TRICK]
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
    winner = state[LEADER] + best
    if winner >= n:
        winner -= n
    state[TRICKS + winner] += 1
    state[LAST_WINNER] = winner
    state[TRICK_LEN] = 0
    state[LEADER] = winner
    state[TURN] = winner
    state[TRICKS_DONE] += 1
    if state[TRICKS_DONE] == 13:
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
    partnerships = rules[R_PARTNERSHIPS]
    for side in range(rules[R_SIDES]):
        contract = 0
        counted = 0
        bag_tricks = 0
        points = 0
        members = 2 if partnerships else 1
        for k in range(members):
            seat = side + 2 * k
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
        if rules[R_MOON] and contract == 13:
            if counted == 13:
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
        points += contract_points + bag_tricks
        total = state[BAGS + side] + bag_tricks
        limit = rules[R_BAG_LIMIT]
        while total >= limit:
            total -= limit
            points -= rules[R_BAG_PENALTY]
        state[POINTS + side] = points
        state[BAGS_AFTER + side] = total


# -- random play ----------------------------------------------------------------------------------------------
@hot
def random_action(state: np.ndarray, rules: np.ndarray, rng: np.ndarray) -> int:
    """A uniformly random legal action (-1 when the hand is over)."""
    mask = legal_mask(state, rules)
    if mask == 0:
        return -1
    return nth_bit(mask, random_below(rng, popcount(mask)))


@hot
def play_out(state: np.ndarray, rules: np.ndarray, rng: np.ndarray) -> None:
    """Play uniformly random legal actions until the hand is over and scored."""
    while state[PHASE] == PHASE_BID:
        mask = legal_bids(state, rules)
        apply_bid(state, rules, nth_bit(mask, random_below(rng, popcount(mask))))
    while state[PHASE] == PHASE_PLAY:
        mask = legal_cards(state, rules)
        apply_card(state, rules, nth_bit(mask, random_below(rng, popcount(mask))))


@njit(cache=True, nogil=True)
def random_playouts(state: np.ndarray, rules: np.ndarray, count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Play ``count`` random continuations of ``state`` (left unchanged) to the end of the hand.

    Returns ``(points, bags)``, each ``(count, 4)`` int64: per side, what it scored this hand (bag penalty
    included) and its bag count after the hand; columns past ``rules[R_SIDES]`` are zero."""
    rng = make_rng(seed)
    points = np.zeros((count, 4), dtype=np.int64)
    bags = np.zeros((count, 4), dtype=np.int64)
    work = np.empty_like(state)
    sides = rules[R_SIDES]
    for i in range(count):
        copy_into(work, state)
        play_out(work, rules, rng)
        for side in range(sides):
            points[i, side] = work[POINTS + side]
            bags[i, side] = work[BAGS_AFTER + side]
    return points, bags


@njit(cache=True, nogil=True)
def playout_margins(state: np.ndarray, rules: np.ndarray, count: int, seed: int, side: int) -> np.ndarray:
    """Random continuations as score differences for ``side``: its points this hand minus the mean of the
    other sides' (the opponents' in partnerships and two-player), one float per playout."""
    points, _ = random_playouts(state, rules, count, seed)
    sides = rules[R_SIDES]
    out = np.empty(count, dtype=np.float64)
    for i in range(count):
        others = 0
        for s in range(sides):
            if s != side:
                others += points[i, s]
        out[i] = points[i, side] - others / (sides - 1)
    return out


@njit(cache=True, nogil=True)
def random_hands(rules: np.ndarray, count: int, seed: int) -> np.ndarray:
    """Play ``count`` uniformly random whole hands: deal, random legal bids, 52 random legal cards, scoring.
    The dealer rotates; scores and bags start at zero each hand. Returns the summed points per side (a
    checksum that keeps the work from being optimised away, and a sanity figure)."""
    rng = make_rng(seed)
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    total = np.zeros(4, dtype=np.int64)
    deck = np.arange(52)
    n = rules[R_PLAYERS]
    for i in range(count):
        deal_from(state, rules, rng, i % n, deck)
        play_out(state, rules, rng)
        for side in range(rules[R_SIDES]):
            total[side] += state[POINTS + side]
    return total


# -- exact play of the last tricks ----------------------------------------------------------------------------
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
    return seat & 1 if rules[R_PARTNERSHIPS] else seat


@hot
def _distinct_cards(state: np.ndarray, rules: np.ndarray, mask: int) -> int:
    """One card of each run of ``mask`` that no live card separates (live: in a hand or in the trick in
    progress). Cards of such a run win and lose the same tricks, so trying one of them is enough."""
    live = np.int64(0)
    for seat in range(rules[R_PLAYERS]):
        live |= state[HAND + seat]
    for i in range(state[TRICK_LEN]):
        live |= np.int64(1) << state[TRICK + i]
    keep = np.int64(0)
    previous_kept_suit = -1  # the suit of the previous live card, when that card is one of ``mask``
    m = live
    while m:
        card = lowest_bit(m)
        m &= m - 1
        suit = suit_of(card)
        if (mask >> card) & 1:
            if previous_kept_suit != suit:
                keep |= np.int64(1) << card
            previous_kept_suit = suit
        else:
            previous_kept_suit = -1
    return keep


@hot
def copy_into(target: np.ndarray, source: np.ndarray) -> None:
    for i in range(STATE_SIZE):
        target[i] = source[i]


@hot
def _minimax(stack: np.ndarray, moves: np.ndarray, bounds: np.ndarray, rules: np.ndarray, side: int) -> float:
    """Alpha-beta from the position ``stack[0]``, with explicit stacks rather than recursion (numba cannot
    reload a recursive function from its cache). Per depth d: ``stack[d]`` the position, ``moves[d]`` the
    cards still to try, ``bounds[d]`` = (alpha, beta, best)."""
    depth = 0
    if stack[0, PHASE] == PHASE_DONE:
        return margin(stack[0], rules, side)
    moves[0] = _distinct_cards(stack[0], rules, legal_cards(stack[0], rules))
    maximizing = side_of(rules, stack[0, TURN]) == side
    bounds[0, 0] = -np.inf
    bounds[0, 1] = np.inf
    bounds[0, 2] = -np.inf if maximizing else np.inf
    while True:
        if moves[depth] and bounds[depth, 0] < bounds[depth, 1]:
            mask = moves[depth]
            card = lowest_bit(mask)
            moves[depth] = mask & (mask - 1)
            child = stack[depth + 1]
            copy_into(child, stack[depth])
            apply_card(child, rules, card)
            if child[PHASE] == PHASE_DONE:
                value = margin(child, rules, side)
            else:
                depth += 1
                moves[depth] = _distinct_cards(child, rules, legal_cards(child, rules))
                bounds[depth, 0] = bounds[depth - 1, 0]
                bounds[depth, 1] = bounds[depth - 1, 1]
                bounds[depth, 2] = -np.inf if side_of(rules, child[TURN]) == side else np.inf
                continue
        else:
            value = bounds[depth, 2]
            if depth == 0:
                return value
            depth -= 1
        # the value of a child of the node at ``depth``
        if side_of(rules, stack[depth, TURN]) == side:
            if value > bounds[depth, 2]:
                bounds[depth, 2] = value
            if value > bounds[depth, 0]:
                bounds[depth, 0] = value
        else:
            if value < bounds[depth, 2]:
                bounds[depth, 2] = value
            if value < bounds[depth, 1]:
                bounds[depth, 1] = value


@njit(cache=True, nogil=True)
def solve_cards(state: np.ndarray, rules: np.ndarray, side: int) -> np.ndarray:
    """Exact values of each legal card for the seat to play, with every hand known: the margin (as
    :func:`margin`) ``side`` gets when ``side``'s seats play their best and every other seat plays against it.
    Returns 52 floats, NaN for cards that may not be played. Use it for the last few tricks (each trick left
    multiplies the work by about the number of cards each hand holds, to the fourth)."""
    values = np.full(52, np.nan)
    if state[PHASE] != PHASE_PLAY:
        return values
    stack = np.empty((54, STATE_SIZE), dtype=np.int64)
    moves = np.zeros(54, dtype=np.int64)
    bounds = np.zeros((54, 3), dtype=np.float64)
    mask = legal_cards(state, rules)
    while mask:
        card = lowest_bit(mask)
        mask &= mask - 1
        copy_into(stack[0], state)
        apply_card(stack[0], rules, card)
        values[card] = _minimax(stack, moves, bounds, rules, side)
    return values
