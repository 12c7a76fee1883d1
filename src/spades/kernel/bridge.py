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
from ..cards import CARDS, Card
from ..rules import Rules
from .layout import (
    BAGS,
    BID,
    BLIND_NIL_BID,
    BROKEN,
    DEALER,
    HAND,
    LAST_WINNER,
    LEADER,
    NO_BID,
    PHASE,
    PHASE_BID,
    PHASE_PLAY,
    PLAYS,
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
    RULES_SIZE,
    SCORE,
    STATE_SIZE,
    TRICK,
    TRICK_LEN,
    TRICKS,
    TRICKS_DONE,
    TURN,
    VARIANT_CODES,
)

if TYPE_CHECKING:
    from ..game import Game
    from ..view import SeatView

__all__ = ["action_of", "bid_code", "kernel_action", "legal_actions_of", "rules_array", "state_from_game",
           "state_from_view"]


def rules_array(rules: Rules) -> np.ndarray:
    """The rule set as the kernel reads it. Options that only matter between hands (target, lose_at, hands,
    Blind Nil's deficit) are not needed: the kernel plays one hand."""
    r = np.zeros(RULES_SIZE, dtype=np.int64)
    r[R_VARIANT] = VARIANT_CODES[rules.variant]
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
        raise ValueError(f"the kernel plays the bidding and the play of a hand, not the {phase} phase")
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
