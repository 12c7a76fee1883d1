"""A quick rule-of-thumb player for playouts, seeing every hand of the sampled deal.

Random playouts price a move by what careless players would make of it; these rules (Nil kept and covered,
the partner's winner left alone, tricks won cheaply while the contract or a set needs them, ducked once it
does not) play more like the table does, at a small cost in speed. ``greedy`` in the playout functions says
how often (in percent) a seat uses them instead of a random legal action.
"""

from __future__ import annotations

import numpy as np

from .core import hot, legal_bids, legal_cards, lowest_bit, popcount, side_of, suit_of
from .layout import (
    BID,
    BLIND_NIL_BID,
    HAND,
    LEADER,
    NO_BID,
    R_NIL_TRICKS_FOR_PARTNER,
    R_PARTNERSHIPS,
    R_PLAYERS,
    R_SIDES,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
)

SPADES = np.int64(0x1FFF) << 39
NON_SPADES = (np.int64(1) << 39) - 1


@hot
def _rank(card: int) -> int:
    return card - 13 * suit_of(card)


@hot
def lowest_card(mask: int) -> int:
    """The card of lowest rank, a side suit's before a spade."""
    side_cards = mask & NON_SPADES
    m = side_cards if side_cards else mask
    best = -1
    best_rank = 99
    while m:
        card = lowest_bit(m)
        m &= m - 1
        if _rank(card) < best_rank:
            best_rank = _rank(card)
            best = card
    return best


@hot
def highest_card(mask: int) -> int:
    """The card of highest rank, a side suit's before a spade (spades are kept for later)."""
    side_cards = mask & NON_SPADES
    m = side_cards if side_cards else mask
    best = -1
    best_rank = -1
    while m:
        card = lowest_bit(m)
        m &= m - 1
        if _rank(card) >= best_rank:
            best_rank = _rank(card)
            best = card
    return best


@hot
def _highest_bit(mask: int) -> int:
    card = -1
    while mask:
        card = lowest_bit(mask)
        mask &= mask - 1
    return card


@hot
def beats(card: int, best: int) -> bool:
    """Whether ``card`` would take the trick from ``best`` (the card now winning it)."""
    if suit_of(card) == suit_of(best):
        return card > best
    return card >= 39


@hot
def nil_intact(state: np.ndarray, seat: int) -> bool:
    bid = state[BID + seat]
    return (bid == 0 or bid == BLIND_NIL_BID) and state[TRICKS + seat] == 0


@hot
def need(state: np.ndarray, rules: np.ndarray, side: int) -> int:
    """Tricks the side still needs for its contract (counted as the scoring counts them)."""
    contract = 0
    counted = 0
    members = 2 if rules[R_PARTNERSHIPS] else 1
    for k in range(members):
        seat = side + 2 * k
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
    left = 13 - state[TRICKS_DONE]
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
    partnerships = rules[R_PARTNERSHIPS]
    partner = (seat + 2) % 4 if partnerships else -1
    my_nil = nil_intact(state, seat)
    want = wants_tricks(state, rules, seat)
    length = state[TRICK_LEN]
    if length == 0:
        if my_nil or not want:
            return lowest_card(legal)
        live = np.int64(0)
        for other in range(n):
            live |= state[HAND + other]
        for suit in range(4):  # lead a card no one can beat in its suit, side suits first
            top = _highest_bit(live & (np.int64(0x1FFF) << (13 * suit)))
            if top >= 0 and (legal >> top) & 1:
                return top
        return lowest_card(legal)
    best = state[TRICK]
    offset = 0
    for i in range(1, length):
        if beats(state[TRICK + i], best):
            best = state[TRICK + i]
            offset = i
    winner = (state[LEADER] + offset) % n
    winning = np.int64(0)
    m = legal
    while m:
        card = lowest_bit(m)
        m &= m - 1
        if beats(card, best):
            winning |= np.int64(1) << card
    under = legal & ~winning
    if my_nil:
        return highest_card(under) if under else lowest_card(legal)
    if partner >= 0 and winner == partner:
        if nil_intact(state, partner):
            return lowest_card(winning) if winning else lowest_card(legal)
        return lowest_card(under) if under else lowest_card(legal)
    if side_of(rules, winner) != side_of(rules, seat) and nil_intact(state, winner):
        return highest_card(under) if under else lowest_card(legal)
    if want:
        if not winning:
            return lowest_card(legal)
        if length == n - 1:
            return lowest_card(winning)
        led = np.int64(0x1FFF) << (13 * suit_of(state[TRICK]))
        follow = winning & led
        if follow:
            return _highest_bit(follow)
        return lowest_card(winning)
    return highest_card(under) if under else lowest_card(legal)


@hot
def greedy_bid(state: np.ndarray, rules: np.ndarray) -> int:
    """Count sure tricks (aces, guarded kings, spades past three) and bid the legal value nearest to them,
    Nil with nothing."""
    legal = legal_bids(state, rules)
    hand = state[HAND + state[TURN]]
    tricks = 0
    for suit in range(4):
        cards = (hand >> (13 * suit)) & 0x1FFF
        length = popcount(cards)
        if cards & (1 << 12):
            tricks += 1
        if cards & (1 << 11) and length >= 2:
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
