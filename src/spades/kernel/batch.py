"""Many hands stepped at once, with each seat's observation written as :mod:`spades.env` lays it out.

The states are the kernel's own (one row of a ``(games, STATE_SIZE)`` array per hand); beside them each game
keeps what the state forgets and an observation shows: which seat played each card, to which trick, and whether
it led. One compiled call steps every game by one action, another writes every game's observation and action mask
for the seat to act, so self-play pays no Python per move. The layout's constant fields (the variant, the table's
shape) come in a template filled once by :mod:`spades.env.batch`, and ``tests/test_env_batch.py`` holds every
observation and mask here to the environment's, built from the engine's view, move for move.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from .core import apply_bid, apply_card, deal_from, hot, legal_mask, lowest_bit, random_below
from .layout import (
    BAGS,
    BID,
    BROKEN,
    CARDS,
    DEALER,
    HAND,
    LEADER,
    NO_BID,
    PHASE,
    PHASE_BID,
    PHASE_DONE,
    PHASE_PLAY,
    POINTS,
    R_BAG_LIMIT,
    R_HAND_SIZE,
    R_PLAYERS,
    R_SEAT_SIDE,
    R_SIDES,
    SCORE,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
)

# The layout's numbers come from spades.env.batch, which reads them from spades.env, so they are stated once:
# where each moving field starts (``offsets``, in this order; the phase's three places are those of the bidding,
# the play and a finished hand), and the scales (``scales``: a score's unit and bound, a hand reward's unit).
O_HAND, O_BID, O_HAS_BID, O_NIL, O_TRICKS_WON, O_PLAYED_BY, O_PLAYED_TRICK, O_LED, O_TRICK, O_LEADER, O_TURN, \
    O_BROKEN, O_SCORE, O_BAGS, O_PHASE_BID, O_PHASE_PLAY, O_PHASE_OVER, O_DEALER = range(18)
S_SCORE, S_CLIP, S_REWARD = range(3)
HISTORY = 3  # per card: the seat that played it (-1: not played), its trick from 1 (0: not played), 1 if it led
H_BY, H_TRICK, H_LED = range(HISTORY)


@hot
def relative(seat: int, me: int, n: int) -> int:
    """``seat`` counted from ``me`` clockwise, as the observation counts seats (``(seat - me) % n``)."""
    return seat - me if seat >= me else seat - me + n


@njit(cache=True, nogil=True)
def deal_all(states: np.ndarray, history: np.ndarray, rules: np.ndarray, rng: np.ndarray, deck: np.ndarray,
             rows: np.ndarray, dealers: np.ndarray) -> None:
    """Deal each game of ``rows`` a new hand (scores and bags left as they are), by its dealer in ``dealers``."""
    for k in range(rows.shape[0]):
        g = rows[k]
        deal_from(states[g], rules, rng, dealers[k], deck)
        history[g, H_BY, :] = -1
        history[g, H_TRICK, :] = 0
        history[g, H_LED, :] = 0


@njit(cache=True, nogil=True)
def step_all(states: np.ndarray, history: np.ndarray, rules: np.ndarray, actions: np.ndarray,
             cards: np.ndarray, scales: np.ndarray, rewards: np.ndarray, done: np.ndarray) -> int:
    """Take ``actions[g]`` (an index of the layout's action table) in every game ``g`` still in its hand; a
    finished hand's rewards (each seat's side's points in units of ``scales[S_REWARD]``) go to ``rewards[g]``
    and ``done[g]`` becomes 1.

    Returns -1, or the first game whose action is not legal there (that game and those after it are left as
    they were, so the caller can say which and nothing half-done remains)."""
    pack = cards.shape[0]
    for g in range(states.shape[0]):
        state = states[g]
        if state[PHASE] == PHASE_DONE:
            continue
        index = actions[g]
        if index < 0:
            return g
        if state[PHASE] == PHASE_PLAY:
            if index >= pack:
                return g
            action = cards[index]
        else:
            action = index - pack
            if action < 0:
                return g
        if action > 63 or not (legal_mask(state, rules) >> action) & 1:
            return g
    players = rules[R_PLAYERS]
    for g in range(states.shape[0]):
        state = states[g]
        phase = state[PHASE]
        if phase == PHASE_DONE:
            continue
        if phase == PHASE_PLAY:
            card = cards[actions[g]]
            history[g, H_BY, card] = state[TURN]
            history[g, H_TRICK, card] = state[TRICKS_DONE] + 1
            history[g, H_LED, card] = 1 if state[TRICK_LEN] == 0 else 0
            apply_card(state, rules, card)
        else:
            apply_bid(state, rules, actions[g] - pack)
        if state[PHASE] == PHASE_DONE:
            done[g] = 1
            for seat in range(players):
                rewards[g, seat] = state[POINTS + rules[R_SEAT_SIDE + seat]] / scales[S_REWARD]
    return -1


@njit(cache=True, nogil=True)
def observe_all(states: np.ndarray, history: np.ndarray, rules: np.ndarray, template: np.ndarray,
                offsets: np.ndarray, scales: np.ndarray, card_index: np.ndarray, out: np.ndarray,
                masks: np.ndarray) -> None:
    """Write every game's observation for its seat to act into ``out[g]`` (over a copy of ``template``, the
    layout's constant fields) and its action mask into ``masks[g]``; a finished hand is observed by the seat
    that would lead next, its mask all 0."""
    n = rules[R_PLAYERS]
    sides = rules[R_SIDES]
    size = rules[R_HAND_SIZE]
    pack = masks.shape[1] - (size + 1)
    bag_limit = rules[R_BAG_LIMIT]
    for g in range(states.shape[0]):
        state = states[g]
        row = out[g]
        row[:] = template
        masks[g, :] = 0
        me = state[TURN]
        phase = state[PHASE]
        hand = state[HAND + me]
        while hand:
            card = lowest_bit(hand)
            hand &= hand - 1
            row[offsets[O_HAND] + card_index[card]] = 1.0
        for seat in range(n):
            r = relative(seat, me, n)
            bid = state[BID + seat]
            if bid != NO_BID:
                row[offsets[O_BID] + r] = bid / size
                row[offsets[O_HAS_BID] + r] = 1.0
                if bid == 0:
                    row[offsets[O_NIL] + r] = 1.0
            row[offsets[O_TRICKS_WON] + r] = state[TRICKS + seat] / size
        for card in range(CARDS):
            by = history[g, H_BY, card]
            if by < 0:
                continue
            i = card_index[card]
            r = relative(by, me, n)
            row[offsets[O_PLAYED_BY] + i * n + r] = 1.0
            row[offsets[O_PLAYED_TRICK] + i] = history[g, H_TRICK, card] / size
            if history[g, H_LED, card]:
                row[offsets[O_LED] + i] = 1.0
        leader = state[LEADER]
        for k in range(state[TRICK_LEN]):
            r = relative((leader + k) % n, me, n)
            row[offsets[O_TRICK] + r * pack + card_index[state[TRICK + k]]] = 1.0
        if phase == PHASE_PLAY:
            row[offsets[O_LEADER] + relative(leader, me, n)] = 1.0
        if phase != PHASE_DONE:
            row[offsets[O_TURN]] = 1.0
        row[offsets[O_BROKEN]] = float(state[BROKEN])
        mine = rules[R_SEAT_SIDE + me]
        for side in range(sides):
            r = relative(side, mine, sides)
            row[offsets[O_SCORE] + r] = min(max(state[SCORE + side] / scales[S_SCORE], -scales[S_CLIP]),
                                            scales[S_CLIP])
            row[offsets[O_BAGS] + r] = min(state[BAGS + side] / bag_limit, 1.0)
        place = O_PHASE_BID if phase == PHASE_BID else O_PHASE_PLAY if phase == PHASE_PLAY else O_PHASE_OVER
        row[offsets[place]] = 1.0
        row[offsets[O_DEALER] + relative(state[DEALER], me, n)] = 1.0
        if phase == PHASE_DONE:
            continue
        legal = legal_mask(state, rules)
        while legal:
            action = lowest_bit(legal)
            legal &= legal - 1
            masks[g, card_index[action] if phase == PHASE_PLAY else pack + action] = 1


@njit(cache=True, nogil=True)
def random_indices(masks: np.ndarray, rng: np.ndarray, out: np.ndarray) -> None:
    """A uniformly random legal action index for each game from its mask (-1 where the mask is empty)."""
    for g in range(masks.shape[0]):
        count = 0
        for a in range(masks.shape[1]):
            count += masks[g, a]
        if count == 0:
            out[g] = -1
            continue
        k = random_below(rng, count)
        for a in range(masks.shape[1]):
            if masks[g, a]:
                if k == 0:
                    out[g] = a
                    break
                k -= 1

