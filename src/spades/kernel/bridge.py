"""Between the engine's objects and the kernel's arrays: rules, positions and actions, both ways.

Only plain Python and numpy here (no numba), so a position can be packed while the compiled code loads.
A position is read from a :class:`spades.game.Game` or from a :class:`spades.view.SeatView` plus the hidden
hands a search has sampled; either way the kernel starts at the bidding or the play of the current hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..actions import BIDS, BLIND_NIL, Action, Bid
from ..bids import Bidding
from ..cards import CARDS, Card
from ..rules import Rules
from .layout import (
    BAGS,
    BID,
    BID_FREE,
    BID_NIL_OR_SPADES,
    BID_ONE_NIL,
    BID_SPADES,
    BLIND_NIL_BID,
    BROKEN,
    DEALER,
    HAND,
    LAST_WINNER,
    LEADER,
    MAX_SEATS,
    NO_BID,
    PHASE,
    PHASE_BID,
    PHASE_PLAY,
    PLAYS,
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
    R_TWO_OF_CLUBS,
    RULES_SIZE,
    SCORE,
    STATE_SIZE,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
)
from .layout import CARDS as CARD_COUNT

if TYPE_CHECKING:
    from ..game import Game
    from ..view import SeatView

__all__ = ["action_of", "bid_code", "kernel_action", "legal_actions_of", "pass_choice", "ranks", "rules_array",
           "start_states", "state_from_game", "state_from_view"]

_BIDDING = {Bidding.FREE: BID_FREE, Bidding.NIL_OR_SPADES: BID_NIL_OR_SPADES, Bidding.SPADES: BID_SPADES,
            Bidding.ONE_NIL: BID_ONE_NIL}


def ranks(rules: Rules) -> list[int]:
    """Each card's rank for the kernel (``R_RANK``): 0..12 for a side suit's two to ace, 13 and up for the trumps
    from low to high (so in JJDD the two of spades and of diamonds rank above the ace); -1 for cards out of the
    pack."""
    out = [-1] * CARD_COUNT
    for card in range(CARD_COUNT):
        if rules.pack >> card & 1 and rules.card_suits[card] != 3:
            out[card] = card % 13
    for i, card in enumerate(rules.trumps):
        out[card] = 13 + i
    return out


def pass_choice(rules: Rules, hand: int, count: int, nil_bidder: bool) -> list[int]:
    """The cards a seat passes in a Nil exchange: the Nil bidder its ``count`` highest (trumps first, then the
    highest ranks), the partner its lowest. The kernel's playouts pass by the same rule
    (:func:`spades.kernel.core.pass_cards`), so a search plays out the exchange as the table plays it."""
    rank = ranks(rules)
    cards = [card for card in range(CARD_COUNT) if hand >> card & 1]
    cards.sort(key=lambda card: rank[card] * 64 + card, reverse=nil_bidder)
    return cards[:count]


def rules_array(rules: Rules) -> np.ndarray:
    """The rule set as the kernel reads it. Options that only matter between hands (target, lose_at, hands,
    Blind Nil's deficit) are not needed: the kernel plays one hand."""
    r = np.zeros(RULES_SIZE, dtype=np.int64)
    r[R_BIDDING] = _BIDDING[rules.bidding]
    r[R_PLAYERS] = rules.players
    r[R_SIDES] = rules.sides
    r[R_PARTNERSHIPS] = rules.partnerships
    r[R_NIL] = rules.nil
    r[R_NIL_VALUE] = rules.nil_value
    r[R_BLIND_NIL_VALUE] = rules.blind_nil_value
    r[R_NIL_TRICKS_FOR_PARTNER] = rules.nil_tricks_count_for_partner
    r[R_BAG_LIMIT] = rules.bag_limit
    r[R_BAG_PENALTY] = rules.bag_penalty
    r[R_TWO_OF_CLUBS] = rules.first_lead == "two_of_clubs"
    r[R_MIN_TEAM_BID] = rules.min_team_bid
    r[R_TEN_FOR_200] = rules.ten_for_two_hundred
    r[R_NIL_FAIL_PENALTY] = rules.nil_fail_penalty
    r[R_MOON] = rules.moon
    r[R_HAND_SIZE] = rules.hand_size
    r[R_NO_BAGS] = rules.no_bags
    r[R_NIL_PASS] = rules.nil_pass
    r[R_PACK] = rules.pack
    r[R_PRINTED] = rules.jokers == "none"
    for suit in range(4):
        r[R_SUIT_MASK + suit] = rules.suit_masks[suit]
    for seat in range(MAX_SEATS):
        r[R_SEAT_SIDE + seat] = rules.seat_sides[seat] if seat < rules.players else -1
        partner = rules.partner_of(seat) if seat < rules.players else None
        r[R_PARTNER + seat] = -1 if partner is None else partner
    for side, seats in enumerate(rules.side_seats):
        r[R_MEMBERS + side] = len(seats)
        for k, seat in enumerate(seats):
            r[R_SIDE_SEATS + 3 * side + k] = seat
    rank = ranks(rules)
    for card in range(CARD_COUNT):
        r[R_CARD_SUIT + card] = rules.card_suits[card]
        r[R_POWER + card] = rules.power(card)
        r[R_RANK + card] = rank[card]
    return r


def bid_code(bid: Bid | None) -> int:
    if bid is None:
        return NO_BID
    return BLIND_NIL_BID if bid.blind else bid.value


def kernel_action(action: Action) -> int:
    """A card or bid as the kernel's integer (a card's index; a bid's value; Blind Nil is BLIND_NIL_BID)."""
    if isinstance(action, Card):
        return int(action)
    if isinstance(action, Bid):
        return bid_code(action)
    raise ValueError(f"{action} has no kernel form: the kernel starts after the draw and the look")


def action_of(state: np.ndarray, code: int) -> Action:
    """The engine's action for a kernel integer in this position (a card in play, a bid while bidding)."""
    if state[PHASE] == PHASE_PLAY:
        return CARDS[code]
    return BLIND_NIL if code == BLIND_NIL_BID else BIDS[code]


def legal_actions_of(state: np.ndarray, mask: int) -> tuple[Action, ...]:
    """A kernel legal mask as the engine's actions, in the engine's order (rising)."""
    mask = int(mask)
    out = []
    while mask:
        low = mask & -mask
        out.append(action_of(state, low.bit_length() - 1))
        mask ^= low
    return tuple(out)


def _pack(rules: Rules, hands: Sequence[int], *, phase: str, dealer: int, turn: int, bids: Sequence[Bid | None],
          tricks_won: Sequence[int], trick_leader: int, trick: Sequence[int], tricks_done: int,
          last_winner: int, broken: bool, plays: int, scores: Sequence[int], bags: Sequence[int]) -> np.ndarray:
    if phase not in ("bid", "play"):
        raise ValueError(f"the kernel plays the bidding and the play of a hand, not the {phase} phase (the Nil "
                         "pass is played by the kernel's rule when its bids end; see pass_choice)")
    state = np.zeros(STATE_SIZE, dtype=np.int64)
    n = rules.players
    for seat in range(n):
        state[HAND + seat] = int(hands[seat])
        state[BID + seat] = bid_code(bids[seat])
        state[TRICKS + seat] = tricks_won[seat]
    for i, card in enumerate(trick):
        state[TRICK + i] = int(card)
    state[TRICK_LEN] = len(trick)
    state[LEADER] = trick_leader
    state[TURN] = turn
    state[DEALER] = dealer
    state[BROKEN] = broken
    state[PLAYS] = plays
    state[PHASE] = PHASE_BID if phase == "bid" else PHASE_PLAY
    state[LAST_WINNER] = last_winner
    state[TRICKS_DONE] = tricks_done
    for side in range(rules.sides):
        state[SCORE + side] = scores[side]
        state[BAGS + side] = bags[side]
    return state


def state_from_game(game: Game) -> np.ndarray:
    """The kernel state of a game in its bidding or play. A seat still offered Blind Nil is taken to have
    looked: the kernel never offers Blind Nil itself, but scores one already bid."""
    return _pack(
        game.rules, game.hands, phase=game.phase.value, dealer=game.dealer, turn=game.turn, bids=game.bids,
        tricks_won=game.tricks_won, trick_leader=game.leader, trick=game.trick, tricks_done=len(game.tricks),
        last_winner=game.tricks[-1][2] if game.tricks else -1, broken=game.broken, plays=game.plays_count,
        scores=game.scores, bags=game.bags,
    )


def state_from_view(view: SeatView, hands: Sequence[int]) -> np.ndarray:
    """The kernel state of what ``view`` shows, with ``hands`` the cards each seat holds now (the seat's own
    hand and a sampled guess at the others'): the starting point of one determinized search."""
    rules = view.rules
    n = rules.players
    if len(hands) != n:
        raise ValueError(f"{len(hands)} hands given; {rules.variant} has {n} players")
    plays = sum(len(t.cards) for t in view.tricks) + len(view.trick)
    # the trick's leader; with no trick, the seat to lead (while bidding, the dealer's left, as in the engine)
    first_seat = view.turn if view.phase == "play" else (view.dealer + 1) % n
    leader = view.trick[0][0] if view.trick else first_seat
    return _pack(
        rules, hands, phase=view.phase, dealer=view.dealer, turn=view.turn, bids=view.bids,
        tricks_won=view.tricks_won, trick_leader=leader, trick=[card for _, card in view.trick],
        tricks_done=len(view.tricks), last_winner=view.tricks[-1].winner if view.tricks else -1,
        broken=view.spades_broken, plays=plays, scores=view.scores, bags=view.bags,
    )


def start_states(view: SeatView) -> tuple[np.ndarray, np.ndarray]:
    """The kernel states of ``view``'s hand before its first bid and before its first card, every hand empty (the
    caller places a deal's hands at the start of the hand): where a replay of the hand's bids and cards starts.
    The play's start has the bids as they stand (after any the rules changed) and the first trick's leader."""
    rules = view.rules
    n = rules.players
    empty = [0] * n
    zeros = [0] * n
    first_bidder = (view.dealer + 1) % n
    bid_start = _pack(rules, empty, phase="bid", dealer=view.dealer, turn=first_bidder, bids=[None] * n,
                      tricks_won=zeros, trick_leader=first_bidder, trick=[], tricks_done=0, last_winner=-1,
                      broken=False, plays=0, scores=view.scores, bags=view.bags)
    if view.tricks:
        leader = view.tricks[0].leader
    elif view.trick:
        leader = view.trick[0][0]
    else:
        leader = view.turn
    play_start = _pack(rules, empty, phase="play", dealer=view.dealer, turn=leader, bids=view.bids,
                       tricks_won=zeros, trick_leader=leader, trick=[], tricks_done=0, last_winner=-1, broken=False,
                       plays=0, scores=view.scores, bags=view.bags)
    return bid_start, play_start
