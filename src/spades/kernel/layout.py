"""Where each field of a kernel state and a kernel rule array lives, and what its codes mean.

A state is one ``numpy.int64`` array of ``STATE_SIZE`` so that copying a position for a playout is one small
``memcpy``; the rules are another ``int64`` array filled once from :class:`spades.rules.Rules`. Plain module
constants, so numba folds them into the compiled code (a change here starts a fresh cache: see
:func:`spades.kernel.cache_dir_for`).
"""

from __future__ import annotations

# -- state fields ---------------------------------------------------------------------------------------------
HAND = 0  # HAND + seat: the seat's cards as a 52-bit mask (card = suit * 13 + rank - 2, as spades.cards)
BID = 4  # BID + seat: NO_BID, 0 (Nil) .. 13, or BLIND_NIL_BID
TRICKS = 8  # TRICKS + seat: tricks won this hand
TURN = 12  # seat to act
LEADER = 13  # seat that led the trick in progress
TRICK_LEN = 14  # cards in the trick in progress
TRICK = 15  # TRICK + i: the i-th card of the trick in progress (i from the leader)
BROKEN = 19  # 1 once a spade has been played
PLAYS = 20  # cards played this hand
PHASE = 21  # PHASE_BID, PHASE_PLAY or PHASE_DONE
DEALER = 22
LAST_WINNER = 23  # winner of the last finished trick, -1 before the first
SCORE = 24  # SCORE + side: the side's score before this hand
BAGS = 28  # BAGS + side: the side's bags before this hand
POINTS = 32  # POINTS + side: what the side scored this hand, bag penalty included (set when PHASE_DONE)
BAGS_AFTER = 36  # BAGS_AFTER + side: the side's bag count after the hand (set when PHASE_DONE)
TRICKS_DONE = 40  # finished tricks
STATE_SIZE = 44

NO_BID = -1
BLIND_NIL_BID = 14  # Blind Nil: value 0, scored with blind_nil_value

PHASE_BID = 1
PHASE_PLAY = 2
PHASE_DONE = 3  # the hand is over and scored; the kernel does not deal the next one

# -- rule fields ----------------------------------------------------------------------------------------------
R_VARIANT = 0  # index into VARIANT_CODES
R_PLAYERS = 1
R_SIDES = 2
R_PARTNERSHIPS = 3
R_NIL = 4
R_NIL_VALUE = 5
R_BLIND_NIL_VALUE = 6
R_NIL_TRICKS_FOR_PARTNER = 7
R_BAG_LIMIT = 8
R_BAG_PENALTY = 9
R_TWO_OF_CLUBS = 10  # first_lead == "two_of_clubs"
R_MIN_TEAM_BID = 11
R_TEN_FOR_200 = 12
R_NIL_FAIL_PENALTY = 13
R_MOON = 14
RULES_SIZE = 16

STANDARD, WHIZ, MIRROR, SUICIDE, SOLO, TWO_PLAYER = range(6)
VARIANT_CODES = {"standard": STANDARD, "whiz": WHIZ, "mirror": MIRROR, "suicide": SUICIDE, "solo": SOLO,
                 "two_player": TWO_PLAYER}
