"""The rollout policy: a fast rule-based player on the kernel's state, for the playouts of the search.

Random playouts say little in Spades (a random player neither covers a Nil nor keeps its aces), so each
playout is played by these rules instead. They read the whole (sampled) deal, as every playout of a
determinized search does; a small share of random moves keeps the playouts from all running the same way.
Everything here is compiled by numba and works on the arrays of :mod:`spades.kernel`.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from ..kernel.core import (
    apply_bid,
    apply_card,
    card_suit,
    legal_bids,
    legal_cards,
    nth_bit,
    popcount,
    random_below,
    rank_of,
    suit_cards,
    takes,
)
from ..kernel.layout import (
    BAGS,
    BID,
    BLIND_NIL_BID,
    HAND,
    NO_BID,
    PHASE,
    PHASE_BID,
    PHASE_PLAY,
    R_BAG_LIMIT,
    R_HAND_SIZE,
    R_MOON,
    R_PARTNER,
    R_PLAYERS,
    R_PRINTED,
    R_SEAT_SIDE,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
)

SUIT = 0x1FFF
JOKERS = 52  # the Little and the Big Joker are bits 52 and 53 of a hand: the top trumps where they are dealt
hot = njit(cache=True, _nrt=False)


@hot
def can_beat(rules: np.ndarray, hand: int, led: int, best: int) -> bool:
    """Whether a seat holding ``hand`` can take a trick led in ``led`` from ``best`` with a legal card."""
    follow = hand & suit_cards(rules, led)
    choices = follow if follow else hand
    while choices:
        low = choices & -choices
        card = popcount(low - 1)
        if takes(rules, card, best):
            return True
        choices ^= low
    return False


@hot
def can_duck(rules: np.ndarray, hand: int, led: int, best: int) -> bool:
    """Whether a seat holding ``hand`` has a legal card that does not take a trick led in ``led`` from ``best``."""
    follow = hand & suit_cards(rules, led)
    choices = follow if follow else hand
    while choices:
        low = choices & -choices
        if not takes(rules, popcount(low - 1), best):
            return True
        choices ^= low
    return False


@hot
def is_nil(bid: int) -> bool:
    return bid == 0 or bid == BLIND_NIL_BID


@hot
def side_need(state: np.ndarray, rules: np.ndarray, seat: int) -> int:
    """Tricks the seat's side still needs for its contract (zero or less once made)."""
    n = rules[R_PLAYERS]
    side = rules[R_SEAT_SIDE + seat]
    contract = 0
    taken = 0
    for s in range(n):
        if rules[R_SEAT_SIDE + s] != side:
            continue
        bid = state[BID + s]
        if not is_nil(bid) and bid != NO_BID:
            contract += bid
            taken += state[TRICKS + s]
    size = rules[R_HAND_SIZE]
    if rules[R_MOON] and contract == size:
        return size - taken
    return contract - taken


@hot
def lowest(mask: int) -> int:
    return popcount((mask & -mask) - 1)


@hot
def highest(rules: np.ndarray, mask: int) -> int:
    """The card of ``mask`` that ranks highest (one suit in play, or trumps above side cards)."""
    if rules[R_PRINTED]:  # bit order is rank order within a suit, and spades are the top bits
        card = -1
        while mask:
            low = mask & -mask
            card = popcount(low - 1)
            mask ^= low
        return card
    card = -1
    best = -1
    while mask:
        low = mask & -mask
        c = popcount(low - 1)
        mask ^= low
        if rank_of(rules, c) >= best:
            best = rank_of(rules, c)
            card = c
    return card


@hot
def lowest_in(rules: np.ndarray, mask: int) -> int:
    """The card of ``mask`` that ranks lowest (with the printed suits: the lowest bit, clubs first)."""
    if rules[R_PRINTED]:
        return lowest(mask)
    card = -1
    best = 99
    while mask:
        low = mask & -mask
        c = popcount(low - 1)
        mask ^= low
        if rank_of(rules, c) < best:
            best = rank_of(rules, c)
            card = c
    return card


@hot
def face(rules: np.ndarray, card: int) -> int:
    """A card's rank to compare across suits: 0 for a two up to 12 for an ace, the trumps above the ace 12 too."""
    rank = rank_of(rules, card)
    if rank >= 13:
        rank -= 13
    return rank if rank < 12 else 12


@hot
def lowest_rank(rules: np.ndarray, mask: int) -> int:
    """The card of lowest rank (non-spades first on equal ranks)."""
    best = -1
    for suit in range(4):
        part = mask & suit_cards(rules, suit)
        if part:
            card = lowest_in(rules, part)
            if best < 0 or face(rules, card) < face(rules, best):
                best = card
    return best


@hot
def highest_rank(rules: np.ndarray, mask: int) -> int:
    best = -1
    for suit in range(4):
        part = mask & suit_cards(rules, suit)
        if part:
            card = highest(rules, part)
            if best < 0 or face(rules, card) >= face(rules, best):
                best = card
    return best


@hot
def sure(state: np.ndarray, rules: np.ndarray, seat: int, card: int, best: int, led: int, after: int) -> bool:
    """Whether ``card``, played by ``seat`` now and winning the trick so far, still holds it against the
    ``after`` seats to play after it (a partner's cards do not count against it)."""
    n = rules[R_PLAYERS]
    for k in range(1, after + 1):
        other = (seat + k) % n
        if rules[R_SEAT_SIDE + other] == rules[R_SEAT_SIDE + seat]:
            continue
        if can_beat(rules, state[HAND + other], led, card):
            return False
    return True


@hot
def policy_card(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, noise: int) -> int:
    """The card the rule player chooses for the seat to move. ``noise``: one move in ``noise`` is random
    (0: none), except a Nil bidder's while its Nil stands: no player throws away a Nil on a whim, and a random
    card from it would set the Nil in the playouts far more often than at the table."""
    legal = legal_cards(state, rules)
    count = popcount(legal)
    if count == 1:
        return lowest(legal)
    seat = state[TURN]
    careful = is_nil(state[BID + seat]) and state[TRICKS + seat] == 0
    if noise > 0 and random_below(rng, noise) == 0 and not careful:
        return nth_bit(legal, random_below(rng, count))
    n = rules[R_PLAYERS]
    length = state[TRICK_LEN]
    after = n - length - 1
    my_bid = state[BID + seat]

    # who is winning the trick so far
    led = -1
    best = -1
    best_seat = -1
    leader = (seat - length + n) % n
    if length:
        led = card_suit(rules, state[TRICK])
        best = state[TRICK]
        best_seat = leader
        for i in range(1, length):
            card = state[TRICK + i]
            if takes(rules, card, best):
                best = card
                best_seat = (leader + i) % n

    # Nil bidder: never win a trick if it can be helped
    if is_nil(my_bid):
        if length == 0:
            return lowest_rank(rules, legal)
        losing = 0
        m = legal
        while m:
            low = m & -m
            card = popcount(low - 1)
            if not takes(rules, card, best):
                losing |= low
            m ^= low
        if losing:
            # shed the most dangerous card that still loses: the highest, non-spades first
            nonspade = losing & ~suit_cards(rules, 3)
            return highest_rank(rules, nonspade) if nonspade else highest(rules, losing)
        return lowest_in(rules, legal)

    partner = rules[R_PARTNER + seat]
    me = rules[R_SEAT_SIDE + seat]
    partner_nil = partner >= 0 and is_nil(state[BID + partner]) and state[TRICKS + partner] == 0
    # a clean Nil among the opponents, to be made to take a trick
    target_nil = -1
    for k in range(n):
        clean_nil = k != seat and k != partner and is_nil(state[BID + k]) and state[TRICKS + k] == 0
        if clean_nil and rules[R_SEAT_SIDE + k] != me:
            target_nil = k
            break
    # Covering a partner's Nil: win the trick over the partner, or play high before the partner plays.
    if partner_nil:
        partner_pos = (partner - leader + n) % n  # place of the partner in this trick
        partner_played = partner_pos < length
        if length == 0:
            # a side suit the partner is out of lets it shed (it has a side card to shed); else lead high
            partner_hand = state[HAND + partner]
            if partner_hand & ~suit_cards(rules, 3):
                for suit in range(3):
                    part = legal & suit_cards(rules, suit)
                    if part and not partner_hand & suit_cards(rules, suit):
                        return lowest_in(rules, part)
            nonspade = legal & ~suit_cards(rules, 3)
            return highest_rank(rules, nonspade) if nonspade else highest(rules, legal)
        if partner_played and best_seat == partner:
            winners = 0
            m = legal
            while m:
                low = m & -m
                if takes(rules, popcount(low - 1), best):
                    winners |= low
                m ^= low
            if winners:
                follow = winners & suit_cards(rules, led)
                return highest(rules, follow) if follow else lowest_in(rules, winners)
            return lowest_rank(rules, legal)
        if not partner_played:
            follow = legal & suit_cards(rules, led)
            if follow:
                return highest(rules, follow)
            if not can_duck(rules, state[HAND + partner], led, best):
                # out of the suit and the partner cannot get under: the lowest trump over the trick covers it
                m = legal & suit_cards(rules, 3)
                while m:
                    low = m & -m
                    card = popcount(low - 1)
                    if takes(rules, card, best):
                        return card
                    m ^= low

    # Setting an opponent's Nil: stay under it, lead low into it.
    if target_nil >= 0:
        nil_pos = (target_nil - leader + n) % n
        if length == 0:
            nil_hand = state[HAND + target_nil]
            choice = -1
            for suit in range(4):
                part = legal & suit_cards(rules, suit)
                if part and nil_hand & suit_cards(rules, suit):
                    card = lowest_in(rules, part)
                    if choice < 0 or face(rules, card) < face(rules, choice):
                        choice = card
            if choice >= 0:
                return choice
        elif nil_pos < length and best_seat == target_nil:
            # the Nil is winning: play under it if possible
            under = 0
            m = legal
            while m:
                low = m & -m
                if not takes(rules, popcount(low - 1), best):
                    under |= low
                m ^= low
            if under:
                follow = under & suit_cards(rules, led)
                return highest(rules, follow) if follow else lowest_rank(rules, under)
        elif nil_pos > length:
            follow = legal & suit_cards(rules, led)
            if follow:
                return lowest_in(rules, follow)

    need = side_need(state, rules, seat)
    want = need > 0
    if not want:
        # our contract is made: take tricks only to set an opponent
        for k in range(n):
            if rules[R_SEAT_SIDE + k] == me:
                continue
            other_need = side_need(state, rules, k)
            left = rules[R_HAND_SIZE] - state[TRICKS_DONE]
            if 0 < other_need <= left:
                # worth it unless the tricks it takes to set them would bring our bags to the penalty
                to_set = left - other_need + 1
                if state[BAGS + me] - need + to_set < rules[R_BAG_LIMIT]:
                    want = True
                    break

    if length == 0:
        if want:
            # lead a card nobody can beat, else the lowest of the longest side suit
            m = legal
            while m:
                low = m & -m
                card = popcount(low - 1)
                m ^= low
                if sure(state, rules, seat, card, card, card_suit(rules, card), n - 1):
                    return card
            choice = -1
            size = -1
            for suit in range(3):
                part = legal & suit_cards(rules, suit)
                c = popcount(part)
                if c > size and part:
                    size = c
                    choice = lowest_in(rules, part)
            return choice if choice >= 0 else lowest_in(rules, legal)
        return lowest_rank(rules, legal)

    partner_winning = partner >= 0 and best_seat == partner
    if want:
        if partner_winning and sure(state, rules, partner, best, best, led, after):
            return _discard_low(rules, legal, led)
        # the lowest card that wins and holds
        m = legal
        while m:
            low = m & -m
            card = popcount(low - 1)
            m ^= low
            if takes(rules, card, best) and sure(state, rules, seat, card, card, led, after):
                return card
        return _discard_low(rules, legal, led)  # nothing sure: keep the high cards for later
    # duck: the highest card that loses, else the lowest
    losing = 0
    m = legal
    while m:
        low = m & -m
        if not takes(rules, popcount(low - 1), best):
            losing |= low
        m ^= low
    if losing:
        nonspade = losing & ~suit_cards(rules, 3)
        return highest_rank(rules, nonspade) if nonspade else highest(rules, losing)
    return lowest_in(rules, legal)


@hot
def _discard_low(rules: np.ndarray, legal: int, led: int) -> int:
    follow = legal & suit_cards(rules, led)
    if follow:
        return lowest_in(rules, follow)
    nonspade = legal & ~suit_cards(rules, 3)
    return lowest_rank(rules, nonspade) if nonspade else lowest_in(rules, legal)


# -- bidding --------------------------------------------------------------------------------------------------
@hot
def estimate(hand: int) -> float:
    """Tricks a four-handed hand should take: aces, guarded kings, spade honours and length, short suits. A
    joker (bits 52 and 53) is a top trump, a sure trick (the JJDD deuces are read as their printed cards, a
    small error of the estimate)."""
    tricks = 0.0
    spades = hand >> 39 & SUIT
    jokers = popcount(hand >> JOKERS & 3)
    nspades = popcount(spades) + jokers
    tricks += jokers
    for suit in range(3):
        bits = hand >> (13 * suit) & SUIT
        length = popcount(bits)
        ace = bits >> 12 & 1
        king = bits >> 11 & 1
        queen = bits >> 10 & 1
        if ace:
            tricks += 1.0 if length <= 5 else 0.6
        if king and length >= 2:
            tricks += (0.85 if ace else 0.6) if length <= 5 else 0.3
        if queen and length >= 3 and (ace or king):
            tricks += 0.3
        if nspades >= 3:
            if length == 0:
                tricks += 0.8
            elif length == 1:
                tricks += 0.5
    used = jokers
    if spades >> 12 & 1:
        tricks += 1.0 if jokers == 0 else 0.8
        used += 1
    if spades >> 11 & 1 and nspades >= 2:
        tricks += 0.9 if jokers == 0 else 0.6
        used += 1
    if spades >> 10 & 1 and nspades >= 3 and jokers == 0:
        tricks += 0.7
        used += 1
    if nspades > 3:
        tricks += (nspades - 3) * 0.8
    return tricks


@hot
def table_scale(rules: np.ndarray) -> float:
    """What :func:`estimate` (made for four hands of 13) is multiplied by at this table: a seat's share of the
    tricks is ``hand_size / players`` where a four-handed estimate expects ``hand_size / 4``; two players (who
    chose their 13 cards in the draw) take about a quarter more than the four-handed count."""
    n = rules[R_PLAYERS]
    return 1.25 if n == 2 else 4.0 / n


@hot
def nil_risk(hand: int) -> float:
    """How likely a Nil is to fail, roughly: high spades (a joker above all), long spades and unguarded high
    cards."""
    risk = 2.5 * popcount(hand >> JOKERS & 3)
    spades = hand >> 39 & SUIT
    nspades = popcount(spades)
    for r in range(13):
        if spades >> r & 1:
            risk += 2.0 if r == 12 else 0.9 if r == 11 else 0.55 if r == 10 else 0.3 if r == 9 else 0.1
    if nspades >= 4:
        risk += 0.5 * (nspades - 3)
    for suit in range(3):
        bits = hand >> (13 * suit) & SUIT
        lower = 0
        for r in range(13):
            if bits >> r & 1:
                base = 1.0 if r == 12 else 0.7 if r == 11 else 0.45 if r == 10 else 0.28 if r == 9 else \
                    0.12 if r == 8 else 0.0
                risk += base * 0.6 ** lower
                lower += 1
    return risk


@hot
def policy_bid(state: np.ndarray, rules: np.ndarray) -> int:
    """A quick bid for the seat to move, for the seats that bid after the searching seat in a simulation."""
    mask = legal_bids(state, rules)
    seat = state[TURN]
    hand = state[HAND + seat]
    est = estimate(hand) * table_scale(rules)
    want = int(est + 0.5)
    if want < 1:
        want = 1
    nil_ok = (mask & 1) != 0
    if nil_ok:
        partner_nil = False
        partner = rules[R_PARTNER + seat]
        if partner >= 0:
            partner_nil = is_nil(state[BID + partner])
        if not partner_nil and nil_risk(hand) < 1.0 and est < 2.0:
            return 0
        if popcount(mask) <= 2 and est < 1.5:
            return 0
    best = -1
    for b in range(1, rules[R_HAND_SIZE] + 1):
        if mask >> b & 1 and (best < 0 or abs(b - want) < abs(best - want)):
            best = b
    if best < 0:
        return lowest(mask)
    return best


@hot
def play_policy(state: np.ndarray, rules: np.ndarray, rng: np.ndarray, noise: int) -> None:
    """Finish the hand: quick bids for the seats still to bid, then the rule player's cards to the score."""
    while state[PHASE] == PHASE_BID:
        apply_bid(state, rules, policy_bid(state, rules))
    while state[PHASE] == PHASE_PLAY:
        apply_card(state, rules, policy_card(state, rules, rng, noise))
