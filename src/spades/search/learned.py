"""The learned playout player: the rule player's card, or another the weights prefer, for the playouts of `hard`.

A playout player must be quick (every candidate of every sampled deal is played out several times) and must not
fall below the rules it replaces. So the learned player is the rule player with learned corrections: each legal
card of the last tricks is scored from a few features of the card in the open position (the whole sampled deal
is seen, as in every playout) by a small network, one hidden layer of :data:`HIDDEN` units, plus a weight on the
feature "this is the rule player's card"; the card of the highest score is played. With that weight alone the
player *is* the rule player, which a test holds it to move for move. The weights are fitted by
:mod:`spades.search.train` to the exact solver's values of every card in the last :data:`LEARNED_TRICKS` tricks
of hands the rules play, from a seed, and shipped with the package (:mod:`spades.search.weights`).

Everything here is compiled by numba and works on the arrays of :mod:`spades.kernel`; ``buf`` is a float array
of :data:`BUF_SIZE` the caller owns, so that nothing here allocates.
"""

from __future__ import annotations

import numpy as np

from ..kernel.core import apply_bid, apply_card, card_suit, legal_cards, nth_bit, popcount, random_below, takes
from ..kernel.core import suit_cards as suit_mask
from ..kernel.layout import (
    BID,
    HAND,
    PHASE,
    PHASE_BID,
    PHASE_PLAY,
    R_HAND_SIZE,
    R_PARTNER,
    R_PLAYERS,
    R_SEAT_SIDE,
    R_TRUMPS,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
)
from .policy import face, highest, hot, is_nil, lowest, lowest_in, policy_bid, policy_card, side_need, sure

__all__ = ["BUF_SIZE", "FEATURES", "HIDDEN", "LEARNED_TRICKS", "N_FEATURES", "N_WEIGHTS", "RULE_WEIGHT",
           "card_features", "card_score", "fill_features", "learned_card", "play_with", "position_context"]

# The features of a legal card, in the order of the weights. Each is 0 or 1 unless said; "wins" means the card
# would take the trick as it stands (a lead always does).
FEATURES = (
    "rule",  # the rule player's card
    "trump",  # a trump
    "face",  # its rank, 0 for a two to 1 for an ace (trumps above the ace count as aces)
    "wins",
    "holds",  # wins and no opponent still to play can beat it
    "over_partner",  # wins a trick the partner was winning
    "nil_wins",  # the seat bid Nil (not yet set) and the card wins
    "cover_wins",  # the partner bid Nil (not yet set) and the card wins
    "target_wins",  # an opponent's Nil stands and the card wins
    "need_wins",  # the side still needs tricks and the card wins
    "made_wins",  # the side's contract is made and the card wins (a bag)
    "lowest",  # the lowest card the seat holds in its suit
    "highest",  # the highest card the seat holds in its suit
    "lead_length",  # a lead: the seat's cards in the suit, over the hand size
    "lead_void_opps",  # a lead: the opponents out of the suit, over two
    "lead_void_partner",  # a lead: the partner is out of the suit
    "master",  # no card out in the other hands beats it in its suit
    "discard",  # not following the suit led, and not a trump
    "ruff",  # a trump on a side suit led
    "last",  # the last card of the trick
    "wins_late",  # wins, times the share of the hand's tricks already played
    "nil_face",  # the seat bid Nil (not yet set): the card's face
    "cover_face",  # the partner bid Nil (not yet set): the card's face
    "lead_trump",  # a trump led
)
N_FEATURES = len(FEATURES)
HIDDEN = 16
# The weights, one flat array: the hidden layer's (N_FEATURES x HIDDEN, row by row), its biases (HIDDEN), the
# output's (HIDDEN), then the rule feature's own weight.
N_WEIGHTS = N_FEATURES * HIDDEN + 2 * HIDDEN + 1
RULE_WEIGHT = N_WEIGHTS - 1
BUF_SIZE = N_FEATURES + HIDDEN  # the caller's scratch array: a card's features, then the hidden layer
LEARNED_TRICKS = 6  # the learned player plays the last tricks of a hand, which the exact solver taught it; the
# rules play the earlier ones


@hot
def position_context(state: np.ndarray, rules: np.ndarray) -> tuple[int, int, int, int, float, float, float, int,
                                                                      int]:
    """What the features of every card of the seat to move share, worked out once a decision: the suit led
    (-1 on a lead), the card winning the trick so far and its seat, the partner (-1: none), whether the seat's
    Nil, the partner's Nil or an opponent's Nil stands (1.0 or 0.0), the other seats' cards, and the tricks the
    side still needs."""
    n = rules[R_PLAYERS]
    seat = state[TURN]
    length = state[TRICK_LEN]
    leader = (seat - length + n) % n
    led = -1
    best = -1
    best_seat = -1
    if length:
        led = card_suit(rules, state[TRICK])
        best = state[TRICK]
        best_seat = leader
        for i in range(1, length):
            c = state[TRICK + i]
            if takes(rules, c, best):
                best = c
                best_seat = (leader + i) % n
    partner = rules[R_PARTNER + seat]
    me = rules[R_SEAT_SIDE + seat]
    my_nil = 1.0 if is_nil(state[BID + seat]) and state[TRICKS + seat] == 0 else 0.0
    partner_nil = 0.0
    if partner >= 0 and is_nil(state[BID + partner]) and state[TRICKS + partner] == 0:
        partner_nil = 1.0
    target = 0.0
    others = 0
    for k in range(n):
        if k == seat:
            continue
        others |= state[HAND + k]
        if rules[R_SEAT_SIDE + k] != me and is_nil(state[BID + k]) and state[TRICKS + k] == 0:
            target = 1.0
    return led, best, best_seat, partner, my_nil, partner_nil, target, others, side_need(state, rules, seat)


@hot
def card_features(state: np.ndarray, rules: np.ndarray, card: int, rule: int, buf: np.ndarray) -> None:
    """The features of ``card`` for the seat to move, in :data:`FEATURES` order, into ``buf``; ``rule`` is the
    rule player's card in this position."""
    led, best, best_seat, partner, my_nil, partner_nil, target, others, need = position_context(state, rules)
    fill_features(state, rules, card, rule, led, best, best_seat, partner, my_nil, partner_nil, target, others,
                  need, buf)


@hot
def fill_features(state: np.ndarray, rules: np.ndarray, card: int, rule: int, led: int, best: int, best_seat: int,
                  partner: int, my_nil: float, partner_nil: float, target: float, others: int, need: int,
                  buf: np.ndarray) -> None:
    """:func:`card_features` from the decision's :func:`position_context`."""
    n = rules[R_PLAYERS]
    seat = state[TURN]
    length = state[TRICK_LEN]
    after = n - length - 1
    suit = card_suit(rules, card)
    suit_cards = suit_mask(rules, suit)
    own_suit = state[HAND + seat] & suit_cards
    trumps = rules[R_TRUMPS]
    trump = (trumps >> card) & 1
    if length == 0:
        led = suit
        best = card
    wins = 1.0 if length == 0 or takes(rules, card, best) else 0.0
    holds = 1.0 if wins > 0 and sure(state, rules, seat, card, card, led, after) else 0.0
    lead = 1.0 if length == 0 else 0.0
    voids = 0.0
    if length == 0:
        me = rules[R_SEAT_SIDE + seat]
        for k in range(n):
            if rules[R_SEAT_SIDE + k] != me and not state[HAND + k] & suit_cards:
                voids += 0.5
    f = face(rules, card) / 12.0
    buf[0] = 1.0 if card == rule else 0.0
    buf[1] = trump
    buf[2] = f
    buf[3] = wins
    buf[4] = holds
    buf[5] = wins if length and partner >= 0 and best_seat == partner else 0.0
    buf[6] = my_nil * wins
    buf[7] = partner_nil * wins
    buf[8] = target * wins
    buf[9] = wins if need > 0 else 0.0
    buf[10] = wins if need <= 0 else 0.0
    buf[11] = 1.0 if card == lowest_in(rules, own_suit) else 0.0
    buf[12] = 1.0 if card == highest(rules, own_suit) else 0.0
    buf[13] = lead * popcount(own_suit) / rules[R_HAND_SIZE]
    buf[14] = lead * voids
    buf[15] = lead if partner >= 0 and not state[HAND + partner] & suit_cards else 0.0
    outside = others & suit_cards
    buf[16] = 1.0 if outside == 0 or highest(rules, outside | (1 << card)) == card else 0.0
    buf[17] = 1.0 if length and suit != led and not trump else 0.0
    buf[18] = 1.0 if length and trump and not (trumps >> state[TRICK]) & 1 else 0.0
    buf[19] = 1.0 if after == 0 else 0.0
    buf[20] = wins * state[TRICKS_DONE] / rules[R_HAND_SIZE]
    buf[21] = my_nil * f
    buf[22] = partner_nil * f
    buf[23] = lead * trump


@hot
def card_score(weights: np.ndarray, buf: np.ndarray) -> float:
    """The network's score of the card whose features are ``buf[:N_FEATURES]`` (the rest of ``buf`` holds the
    hidden layer meanwhile)."""
    base = N_FEATURES * HIDDEN
    for j in range(HIDDEN):
        buf[N_FEATURES + j] = weights[base + j]
    for i in range(N_FEATURES):
        x = buf[i]
        if x != 0.0:  # most features are zero: skipping them changes no bit of the sums
            row = i * HIDDEN
            for j in range(HIDDEN):
                buf[N_FEATURES + j] += x * weights[row + j]
    score = weights[RULE_WEIGHT] * buf[0]
    out = base + HIDDEN
    for j in range(HIDDEN):
        h = buf[N_FEATURES + j]
        if h > 0.0:
            score += h * weights[out + j]
    return score


@hot
def learned_card(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, noise: int, weights: np.ndarray,
                 buf: np.ndarray) -> int:
    """The card of the highest score for the seat to move (the lowest such card on a tie) in the last
    :data:`LEARNED_TRICKS` tricks, the rule player's before. ``noise`` as the rule player's: one move in
    ``noise`` is random, except a standing Nil's."""
    legal = legal_cards(state, rules)
    count = popcount(legal)
    if count == 1:
        return lowest(legal)
    seat = state[TURN]
    careful = is_nil(state[BID + seat]) and state[TRICKS + seat] == 0
    if noise > 0 and random_below(rng, noise) == 0 and not careful:
        return nth_bit(legal, random_below(rng, count))
    rule = policy_card(state, rules, rng, 0)
    if rules[R_HAND_SIZE] - state[TRICKS_DONE] > LEARNED_TRICKS:
        return rule
    best = rule
    best_score = -1e300
    led, top, top_seat, partner, my_nil, partner_nil, target, others, need = position_context(state, rules)
    m = legal
    while m:
        low = m & -m
        m ^= low
        card = popcount(low - 1)
        fill_features(state, rules, card, rule, led, top, top_seat, partner, my_nil, partner_nil, target, others,
                      need, buf)
        score = card_score(weights, buf)
        if score > best_score:
            best_score = score
            best = card
    return best


@hot
def play_with(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, noise: int, weights: np.ndarray,
              buf: np.ndarray) -> None:
    """Finish the hand as :func:`spades.search.policy.play_policy` does, the cards by :func:`learned_card` when
    ``weights`` are given (an empty array: the rule player's own cards, at the rules' speed)."""
    while state[PHASE] == PHASE_BID:
        apply_bid(state, rules, policy_bid(state, rules))
    if weights.shape[0] == 0:
        while state[PHASE] == PHASE_PLAY:
            apply_card(state, rules, policy_card(state, rules, rng, noise))
        return
    while state[PHASE] == PHASE_PLAY:
        apply_card(state, rules, learned_card(state, rules, rng, noise, weights, buf))
