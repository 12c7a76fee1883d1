"""A learned model of how players bid and play, and the likelihood it gives a sampled deal.

The search samples the hidden hands. Some deals explain what the other seats did this hand better than others:
a seat that bid 5 seldom holds two tricks, and a seat that ducked under a king while holding the ace was unlikely
to be the one holding it. So each sampled deal is weighted by the probability of every bid and card the other
seats have made this hand, each seen from that seat's own view with the hand the deal gives it
(policy-based inference, as Rebstock, Solinas, Buro and Sturtevant measured it in Skat, 2019).

The model is what a seat could know: its own hand and what the table has seen, never another hand. A card is
chosen among the legal ones with a probability proportional to ``exp(w . f)``, ``f`` the card's features below
(a conditional logit); a bid likewise among the legal bids, its features built on a learned estimate of the
hand's tricks. The weights are fitted to decisions of the project's own players (:mod:`.fit_players`) and
shipped in ``players.json`` (:mod:`.players_file`).

A hand is replayed on the kernel from its start with each deal's hands: the bids from the first bidder, the cards
from the first lead, each observed decision scored on the state the seat saw, so that the model reads exactly
what the seat read. Everything here is compiled by numba; ``buf`` is the caller's scratch array.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernel.core import apply_bid, apply_card, card_suit, copy_into, legal_bids, legal_cards, popcount, rank_of, takes
from ..kernel.core import suit_cards as suit_mask
from ..kernel.layout import (
    BID,
    HAND,
    MAX_SEATS,
    NO_BID,
    R_HAND_SIZE,
    R_PACK,
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
from .policy import estimate, face, is_nil, nil_risk, side_need, table_scale

__all__ = ["BID_FEATURES", "CARD_FEATURES", "HAND_FEATURES", "N_BID", "N_CARD", "N_HAND", "N_MODEL",
           "bid_features", "bid_logp", "card_features", "card_logp", "deal_logliks", "hand_features",
           "moment_features", "tricks_estimate"]

# What a hand holds, for the learned estimate of its tricks (counts unless said).
HAND_FEATURES = (
    "one",  # a constant
    "estimate",  # the rule estimate of the hand's tricks (spades.search.policy.estimate), at this table's scale
    "trumps",  # trumps held
    "top_trumps",  # of the three highest trumps
    "long_trumps",  # trumps beyond three
    "side_aces",
    "side_kings",  # with at least one other card of the suit
    "side_queens",  # with at least two others
    "voids",  # side suits held none of
    "singletons",
    "short_trumps",  # trumps to ruff with: the lesser of the trumps and twice the voids plus the singletons
    "long_sides",  # side cards beyond four in a suit
)
N_HAND = len(HAND_FEATURES)

# A candidate bid's features (the "nil_" ones only on Nil, the rest only on a number).
BID_FEATURES = (
    "nil",
    "nil_risk",  # times the rule measure of how likely a Nil fails
    "nil_tricks",  # times the learned estimate of the hand's tricks
    "nil_partner",  # the partner bid already, times its bid over the hand size
    "nil_after_nil",  # another seat of the table bid Nil already
    "gap_squared",  # minus the square of the bid less the learned estimate
    "gap",  # the bid less the learned estimate
    "gap_partner",  # the same, when the partner has bid
    "gap_last",  # the same, for the last to bid
    "table_over",  # the bids so far plus this one, less the hand size, when positive, over the hand size
)
N_BID = len(BID_FEATURES)

# A legal card's features for the seat to play it (0 or 1 unless said). "wins": the card takes the trick as it
# stands; "master": no card this seat cannot see ranks above it in its suit; "face": 0 for a two to 1 for an ace.
CARD_FEATURES = (
    "lead",
    "lead_trump",
    "lead_master",
    "lead_face",
    "lead_length",  # the seat's cards of the suit, over the hand size
    "lead_lowest",  # the lowest the seat holds of the suit
    "lead_singleton",
    "follow_face",
    "wins",
    "wins_master",
    "over_partner",  # wins a trick the partner was winning
    "wins_last",  # wins as the last to play
    "cheapest_win",  # the lowest legal card that wins
    "highest_under",  # the highest legal card of its suit that does not win
    "lowest_own",  # the lowest the seat holds of its suit
    "highest_own",  # the highest the seat holds of its suit
    "discard",  # neither the suit led nor a trump
    "discard_face",
    "discard_short",  # a discard from a suit of one or two cards
    "ruff",  # a trump on a side suit led
    "ruff_face",
    "nil_wins",  # the seat's Nil stands and the card wins
    "nil_face",
    "cover_wins",  # the partner's Nil stands and the card wins
    "cover_face",
    "target_wins",  # an opponent's Nil stands and the card wins
    "need_wins",  # the side still needs tricks and the card wins
    "made_wins",  # the side's contract is made and the card wins
    "face",
    "trump",
    "wins_late",  # wins, times the share of the hand's tricks already played
)
N_CARD = len(CARD_FEATURES)
N_MODEL = N_HAND + N_BID + N_CARD  # the weights, one flat array: the tricks estimate's, the bids', the cards'
BUF_SIZE = 64  # a feature list in the front half, a decision's scores (at most 19 choices) in the back half
assert max(N_HAND, N_BID, N_CARD) <= BUF_SIZE // 2

hot = njit(cache=True, _nrt=False)


@hot
def hand_features(rules: np.ndarray, hand: int, buf: np.ndarray) -> None:
    """The features of ``hand`` in :data:`HAND_FEATURES` order, into ``buf``."""
    trumps_mask = rules[R_TRUMPS] & rules[R_PACK]
    trumps = popcount(hand & rules[R_TRUMPS])
    top = 0
    above = 0
    m = trumps_mask
    while m:  # how many trumps rank above each held one tells whether it is among the top three
        low = m & -m
        m ^= low
        card = popcount(low - 1)
        if hand >> card & 1:
            above = 0
            rest = trumps_mask
            while rest:
                bit = rest & -rest
                rest ^= bit
                if rank_of(rules, popcount(bit - 1)) > rank_of(rules, card):
                    above += 1
            if above < 3:
                top += 1
    aces = 0
    kings = 0
    queens = 0
    voids = 0
    singles = 0
    long_sides = 0
    for suit in range(3):
        cards = hand & suit_mask(rules, suit)
        length = popcount(cards)
        if length == 0:
            voids += 1
        elif length == 1:
            singles += 1
        if length > 4:
            long_sides += length - 4
        while cards:
            low = cards & -cards
            cards ^= low
            r = rank_of(rules, popcount(low - 1))
            if r == 12:
                aces += 1
            elif r == 11 and length >= 2:
                kings += 1
            elif r == 10 and length >= 3:
                queens += 1
    buf[0] = 1.0
    buf[1] = estimate(hand) * table_scale(rules)
    buf[2] = trumps
    buf[3] = top
    buf[4] = trumps - 3 if trumps > 3 else 0
    buf[5] = aces
    buf[6] = kings
    buf[7] = queens
    buf[8] = voids
    buf[9] = singles
    short = 2 * voids + singles
    buf[10] = short if short < trumps else trumps
    buf[11] = long_sides


@hot
def tricks_estimate(rules: np.ndarray, hand: int, weights: np.ndarray, buf: np.ndarray) -> float:
    """The learned estimate of the tricks ``hand`` takes (the first :data:`N_HAND` weights)."""
    hand_features(rules, hand, buf)
    return _dot(weights, 0, buf, N_HAND)


@hot
def bid_features(state: np.ndarray, rules: np.ndarray, value: int, tricks: float, risk: float,
                 buf: np.ndarray) -> None:
    """The features of bidding ``value`` for the seat to move, its hand's learned estimate ``tricks`` and Nil
    risk ``risk`` worked out once, in :data:`BID_FEATURES` order, into ``buf``."""
    n = rules[R_PLAYERS]
    seat = state[TURN]
    size = rules[R_HAND_SIZE]
    partner = rules[R_PARTNER + seat]
    partner_bid = state[BID + partner] if partner >= 0 else NO_BID
    so_far = 0
    made = 0
    nils = 0
    for k in range(n):
        bid = state[BID + k]
        if bid != NO_BID:
            made += 1
            if is_nil(bid):
                nils += 1
            else:
                so_far += bid
    for i in range(N_BID):
        buf[i] = 0.0
    if value == 0:
        buf[0] = 1.0
        buf[1] = risk
        buf[2] = tricks
        if partner_bid != NO_BID:
            buf[3] = (0 if is_nil(partner_bid) else partner_bid) / size
        buf[4] = 1.0 if nils else 0.0
        return
    gap = value - tricks
    buf[5] = -gap * gap
    buf[6] = gap
    if partner_bid != NO_BID:
        buf[7] = gap
    if made == n - 1:
        buf[8] = gap
    over = so_far + value - size
    buf[9] = over / size if over > 0 else 0.0


@hot
def bid_logp(state: np.ndarray, rules: np.ndarray, action: int, weights: np.ndarray, buf: np.ndarray) -> float:
    """The model's log-probability that the seat to move bids ``action`` with the hand the state gives it (0 when
    it had no other bid, or bid what it may not: Blind Nil is not scored)."""
    legal = legal_bids(state, rules)
    if popcount(legal) < 2 or not legal >> action & 1:
        return 0.0
    hand = state[HAND + state[TURN]]
    tricks = tricks_estimate(rules, hand, weights, buf)
    risk = nil_risk(hand)
    scores = buf[BUF_SIZE // 2:]
    k = 0
    pick = 0
    m = legal
    while m:
        low = m & -m
        m ^= low
        value = popcount(low - 1)
        bid_features(state, rules, value, tricks, risk, buf)
        scores[k] = _dot(weights, N_HAND, buf, N_BID)
        if value == action:
            pick = k
        k += 1
    return _log_share(scores, k, pick)


@hot
def _dot(weights: np.ndarray, base: int, buf: np.ndarray, count: int) -> float:
    """A choice's score: its ``count`` features in ``buf`` times the weights from ``base``."""
    total = 0.0
    for i in range(count):
        total += weights[base + i] * buf[i]
    return total


@hot
def _log_share(scores: np.ndarray, count: int, pick: int) -> float:
    """The log-probability of choice ``pick`` under the softmax of the first ``count`` scores."""
    top = scores[0]
    for i in range(1, count):
        if scores[i] > top:
            top = scores[i]
    total = 0.0
    for i in range(count):
        total += np.exp(scores[i] - top)
    return scores[pick] - top - np.log(total)


@hot
def card_features(state: np.ndarray, rules: np.ndarray, played: int, card: int, legal: int, buf: np.ndarray
                  ) -> None:
    """The features of ``card`` for the seat to move, in :data:`CARD_FEATURES` order, into ``buf``. ``played``:
    the cards played this hand (the trick's included), ``legal``: the seat's legal cards."""
    n = rules[R_PLAYERS]
    seat = state[TURN]
    hand = state[HAND + seat]
    size = rules[R_HAND_SIZE]
    length = state[TRICK_LEN]
    suit = card_suit(rules, card)
    own = hand & suit_mask(rules, suit)
    trumps = rules[R_TRUMPS]
    trump = 1.0 if trumps >> card & 1 else 0.0
    f = face(rules, card) / 12.0
    unseen = rules[R_PACK] & ~hand & ~played & suit_mask(rules, suit)
    master = 1.0
    m = unseen
    while m:
        low = m & -m
        m ^= low
        if rank_of(rules, popcount(low - 1)) > rank_of(rules, card):
            master = 0.0
            break
    lowest_own = 1.0
    highest_own = 1.0
    m = own
    while m:
        low = m & -m
        m ^= low
        r = rank_of(rules, popcount(low - 1))
        if r < rank_of(rules, card):
            lowest_own = 0.0
        elif r > rank_of(rules, card):
            highest_own = 0.0
    for i in range(N_CARD):
        buf[i] = 0.0
    buf[28] = f
    buf[29] = trump
    buf[14] = lowest_own
    buf[15] = highest_own
    partner = rules[R_PARTNER + seat]
    me = rules[R_SEAT_SIDE + seat]
    my_nil = is_nil(state[BID + seat]) and state[TRICKS + seat] == 0
    cover = partner >= 0 and is_nil(state[BID + partner]) and state[TRICKS + partner] == 0
    target = False
    for k in range(n):
        if rules[R_SEAT_SIDE + k] != me and is_nil(state[BID + k]) and state[TRICKS + k] == 0:
            target = True
    if length == 0:
        wins = 1.0
        buf[0] = 1.0
        buf[1] = trump
        buf[2] = master
        buf[3] = f
        buf[4] = popcount(own) / size
        buf[5] = lowest_own
        buf[6] = 1.0 if popcount(own) == 1 else 0.0
    else:
        leader = (seat - length + n) % n
        led = card_suit(rules, state[TRICK])
        best = state[TRICK]
        best_seat = leader
        for i in range(1, length):
            c = state[TRICK + i]
            if takes(rules, c, best):
                best = c
                best_seat = (leader + i) % n
        wins = 1.0 if takes(rules, card, best) else 0.0
        if suit == led:
            buf[7] = f
        elif trump > 0:
            buf[19] = 1.0
            buf[20] = f
        else:
            buf[16] = 1.0
            buf[17] = f
            buf[18] = 1.0 if popcount(own) <= 2 else 0.0
        buf[8] = wins
        buf[9] = wins * master
        if partner >= 0 and best_seat == partner:
            buf[10] = wins
        if length == n - 1:
            buf[11] = wins
        cheapest = wins > 0
        under = wins == 0 and suit == led
        m = legal
        while m:
            low = m & -m
            m ^= low
            c = popcount(low - 1)
            if c == card:
                continue
            if wins > 0 and takes(rules, c, best) and rank_of(rules, c) < rank_of(rules, card):
                cheapest = False
            if under and card_suit(rules, c) == suit and not takes(rules, c, best) \
                    and rank_of(rules, c) > rank_of(rules, card):
                under = False
        buf[12] = 1.0 if cheapest else 0.0
        buf[13] = 1.0 if under else 0.0
    if my_nil:
        buf[21] = wins
        buf[22] = f
    if cover:
        buf[23] = wins
        buf[24] = f
    if target:
        buf[25] = wins
    if side_need(state, rules, seat) > 0:
        buf[26] = wins
    else:
        buf[27] = wins
    buf[30] = wins * state[TRICKS_DONE] / size


@hot
def card_logp(state: np.ndarray, rules: np.ndarray, played: int, card: int, weights: np.ndarray,
              buf: np.ndarray) -> float:
    """The model's log-probability that the seat to move plays ``card`` (0 when it had no other legal card)."""
    legal = legal_cards(state, rules)
    if popcount(legal) < 2 or not legal >> card & 1:
        return 0.0
    scores = buf[BUF_SIZE // 2:]
    k = 0
    pick = 0
    m = legal
    while m:
        low = m & -m
        m ^= low
        c = popcount(low - 1)
        card_features(state, rules, played, c, legal, buf)
        scores[k] = _dot(weights, N_HAND + N_BID, buf, N_CARD)
        if c == card:
            pick = k
        k += 1
    return _log_share(scores, k, pick)


@hot
def _start(state: np.ndarray, start: np.ndarray, hands: np.ndarray, d: int) -> None:
    """``state`` set to ``start`` with deal ``d``'s hands (each seat's cards at the start of the hand)."""
    copy_into(state, start)
    for s in range(hands.shape[1]):
        state[HAND + s] = hands[d, s]


@njit(cache=True)
def deal_logliks(bid_start: np.ndarray, play_start: np.ndarray, rules: np.ndarray, hands: np.ndarray,
                 bids: np.ndarray, bid_seen: np.ndarray, cards: np.ndarray, card_seen: np.ndarray,
                 weights: np.ndarray, out: np.ndarray) -> int:
    """``out[d]``: the log-probability, under the model, of the observed bids and cards of this hand, with the
    seats holding ``hands[d]`` (each seat's cards at the start of the hand). ``bid_start`` is the state before
    the first bid, ``play_start`` before the first card (their hands are replaced by each deal's); ``bids`` and
    ``cards`` are the hand's actions in order, ``*_seen`` says which are scored (another seat's, with evidence).
    Returns the number of deals whose replay disagreed with the order of play (0 when consistent)."""
    state = np.empty_like(bid_start)
    buf = np.zeros(BUF_SIZE)
    wrong = 0
    for d in range(hands.shape[0]):
        total = 0.0
        if len(bids):
            _start(state, bid_start, hands, d)
            for k in range(len(bids)):
                if bid_seen[k]:
                    total += bid_logp(state, rules, bids[k], weights, buf)
                if k + 1 < len(bids):
                    apply_bid(state, rules, bids[k])
        if len(cards):
            _start(state, play_start, hands, d)
            played = 0
            for t in range(len(cards)):
                card = cards[t]
                if not state[HAND + state[TURN]] >> card & 1:
                    wrong += 1
                    break
                if card_seen[t]:
                    total += card_logp(state, rules, played, card, weights, buf)
                played |= np.int64(1) << card
                apply_card(state, rules, card)
        out[d] = total
    return wrong


@njit(cache=True)
def moment_features(bid_start: np.ndarray, play_start: np.ndarray, rules: np.ndarray, hands: np.ndarray,
                    bids: np.ndarray, cards: np.ndarray, weights: np.ndarray, bid_x: np.ndarray, bid_n: np.ndarray,
                    bid_pick: np.ndarray, bid_hand: np.ndarray, bid_tricks: np.ndarray, card_x: np.ndarray,
                    card_n: np.ndarray, card_pick: np.ndarray, counts: np.ndarray) -> None:
    """The training rows of one hand (the true hands ``hands[0]``), every decision with a choice: per bid, each
    legal bid's features, how many, which was
    chosen, the hand's features and the tricks its seat took (the bids' features use the tricks estimate of
    ``weights``: the fit makes the estimate first, then reads the bids again); per card likewise. Rows are appended at
    ``counts[0]`` (bids) and ``counts[1]`` (cards), which are advanced."""
    n = hands.shape[1]
    state = np.empty_like(bid_start)
    buf = np.zeros(BUF_SIZE)
    taken = np.zeros(MAX_SEATS, dtype=np.int64)
    if len(cards):
        _start(state, play_start, hands, 0)
        for t in range(len(cards)):
            apply_card(state, rules, cards[t])
        for s in range(n):
            taken[s] = state[TRICKS + s]
    if len(bids):
        _start(state, bid_start, hands, 0)
        for k in range(len(bids)):
            legal = legal_bids(state, rules)
            i = counts[0]
            if popcount(legal) >= 2 and legal >> bids[k] & 1 and i < len(bid_n):
                seat = state[TURN]
                hand = state[HAND + seat]
                hand_features(rules, hand, buf)
                for f in range(N_HAND):
                    bid_hand[i, f] = buf[f]
                bid_tricks[i] = taken[seat]
                risk = nil_risk(hand)
                j = 0
                m = legal
                while m:
                    low = m & -m
                    m ^= low
                    value = popcount(low - 1)
                    bid_features(state, rules, value, tricks_estimate(rules, hand, weights, buf), risk, buf)
                    for f in range(N_BID):
                        bid_x[i, j, f] = buf[f]
                    if value == bids[k]:
                        bid_pick[i] = j
                    j += 1
                bid_n[i] = j
                counts[0] = i + 1
            if k + 1 < len(bids):
                apply_bid(state, rules, bids[k])
    if len(cards):
        _start(state, play_start, hands, 0)
        played = 0
        for t in range(len(cards)):
            legal = legal_cards(state, rules)
            i = counts[1]
            if popcount(legal) >= 2 and i < len(card_n):
                j = 0
                m = legal
                while m:
                    low = m & -m
                    m ^= low
                    c = popcount(low - 1)
                    card_features(state, rules, played, c, legal, buf)
                    for f in range(N_CARD):
                        card_x[i, j, f] = buf[f]
                    if c == cards[t]:
                        card_pick[i] = j
                    j += 1
                card_n[i] = j
                counts[1] = i + 1
            played |= np.int64(1) << cards[t]
            apply_card(state, rules, cards[t])
