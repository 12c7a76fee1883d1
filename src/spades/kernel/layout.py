"""Where each field of a kernel state and a kernel rule array lives, and what its codes mean.

A state is one ``numpy.int64`` array of ``STATE_SIZE`` so that copying a position for a playout is one small
``memcpy``; the rules are another ``int64`` array filled once from :class:`spades.rules.Rules`. Plain module
constants, so numba folds them into the compiled code (a change here starts a fresh cache: see
:func:`spades.kernel.cache_dir_for`).

Every table of every rule set fits: up to six seats (so six cards a trick, six sides in six-handed solo), up to
54 cards (the jokers are cards 52 and 53, as in :mod:`spades.cards`; an ``int64`` mask holds them), bids up to
18 (three-handed with jokers). What a variant is, the kernel reads only from the rule fields below (the bidding
rule, the seats of each side, the suits in play and the order of the trumps), never from its name.
"""

from __future__ import annotations

MAX_SEATS = 6
CARDS = 54  # card indices 0..53: the 52 and the Little (52) and Big (53) Joker
MAX_BID = 18  # a bid's value 0..18 (the most tricks of a hand: three players with jokers)

# -- state fields ---------------------------------------------------------------------------------------------
HAND = 0  # HAND + seat: the seat's cards as a mask (card = suit * 13 + rank - 2, as spades.cards; jokers 52, 53)
BID = 6  # BID + seat: NO_BID, 0 (Nil) .. MAX_BID, or BLIND_NIL_BID
TRICKS = 12  # TRICKS + seat: tricks won this hand
TURN = 18  # seat to act
LEADER = 19  # seat that led the trick in progress
TRICK_LEN = 20  # cards in the trick in progress
TRICK = 21  # TRICK + i: the i-th card of the trick in progress (i from the leader)
BROKEN = 27  # 1 once a spade (a card of the trump suit in play) has been played
PLAYS = 28  # cards played this hand
PHASE = 29  # PHASE_BID, PHASE_PLAY or PHASE_DONE
DEALER = 30
LAST_WINNER = 31  # winner of the last finished trick, -1 before the first
SCORE = 32  # SCORE + side: the side's score before this hand
BAGS = 38  # BAGS + side: the side's bags before this hand
POINTS = 44  # POINTS + side: what the side scored this hand, bag penalty included (set when PHASE_DONE)
BAGS_AFTER = 50  # BAGS_AFTER + side: the side's bag count after the hand (set when PHASE_DONE)
TRICKS_DONE = 56  # finished tricks
STATE_SIZE = 58

NO_BID = -1
BLIND_NIL_BID = MAX_BID + 1  # Blind Nil: value 0, scored with blind_nil_value

PHASE_BID = 1
PHASE_PLAY = 2
PHASE_DONE = 3  # the hand is over and scored; the kernel does not deal the next one

# -- rule fields ----------------------------------------------------------------------------------------------
R_BIDDING = 0  # the bidding rule: one of BID_FREE .. BID_ONE_NIL (rules.bidding)
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
R_HAND_SIZE = 15  # tricks a hand (cards dealt to each seat)
R_NO_BAGS = 16
R_NIL_PASS = 17  # cards a Nil bidder and partner exchange after the bids (0: none)
R_PACK = 18  # mask of the cards dealt
R_SUIT_MASK = 19  # R_SUIT_MASK + suit: the cards of each suit in play (jokers and the JJDD two of diamonds: 3)
R_TRUMPS = R_SUIT_MASK + 3
R_SEAT_SIDE = 23  # R_SEAT_SIDE + seat: the seat's side
R_PARTNER = 29  # R_PARTNER + seat: the seat's one partner, -1 when it has none (solo, or a team of three)
R_CARD_SUIT = 35  # R_CARD_SUIT + card: the suit the card plays in
R_POWER = R_CARD_SUIT + CARDS  # R_POWER + card: its order within its suit in play (rules.power: trumps 100 up)
R_RANK = R_POWER + CARDS  # R_RANK + card: 0..12 for a side suit's two..ace, 13 up for the trumps low to high
R_PRINTED = R_RANK + CARDS  # 1 without jokers: every card plays in its printed suit (card // 13) in bit order
R_MEMBERS = R_PRINTED + 1  # R_MEMBERS + side: how many seats the side has (1 solo, 2 partners, 3 a team of three)
R_SIDE_SEATS = R_MEMBERS + MAX_SEATS  # R_SIDE_SEATS + 3 * side + k: the side's k-th seat
RULES_SIZE = R_SIDE_SEATS + 3 * MAX_SEATS

# bidding rules (spades.bids.Bidding), by what they do rather than by any variant's name
BID_FREE, BID_NIL_OR_SPADES, BID_SPADES, BID_ONE_NIL = range(4)
ONE_NIL_LOW = 4  # the lowest number bid beside a forced Nil (spades.bids.SUICIDE_LOW)
