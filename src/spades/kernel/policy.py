"""A quick rule-of-thumb player for playouts, seeing every hand of the sampled deal.

Random playouts price a move by what careless players would make of it; these rules (Nil kept and covered,
the partner's winner left alone, tricks won cheaply while the contract or a set needs them, ducked once it
does not) play more like the table does, at a small cost in speed. ``greedy`` in the playout functions says
how often (in percent) a seat uses them instead of a random legal action.
"""

from __future__ import annotations

import numpy as np

from .core import card_suit, hot, legal_bids, legal_cards, lowest_bit, popcount, rank_of, side_of, suit_cards, takes
from .layout import (
    BID,
    BLIND_NIL_BID,
    HAND,
    LEADER,
    NO_BID,
    R_HAND_SIZE,
    R_NIL_TRICKS_FOR_PARTNER,
    R_PARTNER,
    R_PLAYERS,
    R_SEAT_SIDE,
    R_SIDES,
    R_TRUMPS,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
)


@hot
def lowest_card(rules: np.ndarray, mask: int) -> int:
    """The card of lowest rank, a side suit's before a spade."""
    side_cards = mask & ~rules[R_TRUMPS]
    m = side_cards if side_cards else mask
    best = -1
    best_rank = 99
    while m:
        card = lowest_bit(m)
        m &= m - 1
        if rank_of(rules, card) < best_rank:
            best_rank = rank_of(rules, card)
            best = card
    return best


@hot
def highest_card(rules: np.ndarray, mask: int) -> int:
    """The card of highest rank, a side suit's before a spade (spades are kept for later)."""
    side_cards = mask & ~rules[R_TRUMPS]
    m = side_cards if side_cards else mask
    best = -1
    best_rank = -1
    while m:
        card = lowest_bit(m)
        m &= m - 1
        if rank_of(rules, card) >= best_rank:
            best_rank = rank_of(rules, card)
            best = card
    return best


@hot
def _top_card(rules: np.ndarray, mask: int) -> int:
    """The highest-ranked card of ``mask`` (one suit in play), -1 when empty."""
    card = -1
    best = -1
    while mask:
        c = lowest_bit(mask)
        mask &= mask - 1
        if rank_of(rules, c) > best:
            best = rank_of(rules, c)
            card = c
    return card


@hot
def nil_intact(state: np.ndarray, seat: int) -> bool:
    bid = state[BID + seat]
    return (bid == 0 or bid == BLIND_NIL_BID) and state[TRICKS + seat] == 0


@hot
def need(state: np.ndarray, rules: np.ndarray, side: int) -> int:
    """Tricks the side still needs for its contract (counted as the scoring counts them)."""
    contract = 0
    counted = 0
    for seat in range(rules[R_PLAYERS]):
        if rules[R_SEAT_SIDE + seat] != side:
            continue
        bid = state[BID + seat]
        if bid == NO_BID:
            continue
        if bid == 0 or bid == BLIND_NIL_BID:
            if rules[R_NIL_TRICKS_FOR_PARTNER]:
                counted += state[TRICKS + seat]
            continue
        contract += bid
        counted += state[TRICKS + seat]
    return contract - counted if contract > counted else 0


@hot
def wants_tricks(state: np.ndarray, rules: np.ndarray, seat: int) -> bool:
    """For the contract, or to set an opponent who needs nearly every trick left."""
    own = side_of(rules, seat)
    if need(state, rules, own) > 0:
        return True
    left = rules[R_HAND_SIZE] - state[TRICKS_DONE]
    for other in range(rules[R_SIDES]):  # noqa: SIM110 - numba compiles the loop, not a generator
        if other != own and left > 1 and need(state, rules, other) >= left - 1:
            return True
    return False


@hot
def greedy_card(state: np.ndarray, rules: np.ndarray) -> int:
    legal = legal_cards(state, rules)
    if popcount(legal) == 1:
        return lowest_bit(legal)
    n = rules[R_PLAYERS]
    seat = state[TURN]
    partner = rules[R_PARTNER + seat]
    my_nil = nil_intact(state, seat)
    want = wants_tricks(state, rules, seat)
    length = state[TRICK_LEN]
    if length == 0:
        if my_nil or not want:
            return lowest_card(rules, legal)
        live = np.int64(0)
        for other in range(n):
            live |= state[HAND + other]
        for suit in range(4):  # lead a card no one can beat in its suit, side suits first
            top = _top_card(rules, live & suit_cards(rules, suit))
            if top >= 0 and (legal >> top) & 1:
                return top
        return lowest_card(rules, legal)
    best = state[TRICK]
    offset = 0
    for i in range(1, length):
        if takes(rules, state[TRICK + i], best):
            best = state[TRICK + i]
            offset = i
    winner = (state[LEADER] + offset) % n
    winning = np.int64(0)
    m = legal
    while m:
        card = lowest_bit(m)
        m &= m - 1
        if takes(rules, card, best):
            winning |= np.int64(1) << card
    under = legal & ~winning
    if my_nil:
        return highest_card(rules, under) if under else lowest_card(rules, legal)
    if partner >= 0 and winner == partner:
        if nil_intact(state, partner):
            return lowest_card(rules, winning) if winning else lowest_card(rules, legal)
        return lowest_card(rules, under) if under else lowest_card(rules, legal)
    if side_of(rules, winner) != side_of(rules, seat) and nil_intact(state, winner):
        return highest_card(rules, under) if under else lowest_card(rules, legal)
    if want:
        if not winning:
            return lowest_card(rules, legal)
        if length == n - 1:
            return lowest_card(rules, winning)
        follow = winning & suit_cards(rules, card_suit(rules, state[TRICK]))
        if follow:
            return _top_card(rules, follow)
        return lowest_card(rules, winning)
    return highest_card(rules, under) if under else lowest_card(rules, legal)


@hot
def greedy_bid(state: np.ndarray, rules: np.ndarray) -> int:
    """Count sure tricks (aces, guarded kings, trumps past three, the top trumps above the ace) and bid the
    legal value nearest to them, Nil with nothing."""
    legal = legal_bids(state, rules)
    hand = state[HAND + state[TURN]]
    tricks = 0
    for suit in range(4):
        cards = hand & suit_cards(rules, suit)
        length = popcount(cards)
        m = cards
        while m:
            card = lowest_bit(m)
            m &= m - 1
            rank = rank_of(rules, card)
            ace = rank_of(rules, 51) if suit == 3 else 12
            if rank >= ace or (rank == ace - 1 and length >= 2):  # an ace, or a trump above the ace of spades
                tricks += 1
        if suit == 3 and length > 3:
            tricks += length - 3
    if tricks == 0 and legal & 1:
        return 0
    best = -1
    gap = 99
    m = legal
    while m:
        bid = lowest_bit(m)
        m &= m - 1
        distance = abs(bid - tricks) if bid else 3 + tricks
        if distance < gap:
            gap = distance
            best = bid
    return best
