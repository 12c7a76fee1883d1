"""The two-player draw by search: keep the card seen or take the next one, each played out to the hand's end.

At each draw the seat knows its own cards, the cards turned face up and the card it has just drawn; the other
player's kept cards and the order of the rest of the deck are unknown. The search deals those at random, then
for each choice finishes the draw the way :meth:`spades.game.Game.apply` draws (keep the card and the next goes
face up, or turn it face up and keep the next), both players choosing by the normal player's rule for the draws
still to come (:func:`draw_rule`), and finishes the hand on the kernel: the policy's bids and play, priced by the
search's reward. Both choices meet the same deals and the same playout luck.

The normal player's choice stands unless the other is better by a margin plus the noise of the paired gain (as
:func:`spades.search.search.choose` grants the rule player's choice).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

import numpy as np

from ..actions import Choice
from ..cards import SUIT_MASKS
from ..game import Game
from ..kernel.bridge import rules_array, state_from_game
from ..kernel.layout import HAND, STATE_SIZE
from ..view import SeatView
from .pimc import policy_games
from .reward import reward_params
from .search import BATCH, NOISE, PRIOR_MARGIN, PRIOR_SIGMAS, ROLLOUTS, Budget
from .warmup import ready

__all__ = ["DrawDecision", "choose_draw_by_search", "draw_rule", "finish_draw"]

SPADES = 3
DRAW_SPADE = 9  # the normal player's draw rule (spades.bots.bidding.choose_draw): spades from this rank up ...
DRAW_RANK = 13  # ... side cards from this rank up (one lower beside a card of its suit) ...
DRAW_LENGTH = 3  # ... and any spade when holding this many


def draw_rule(hand: int, card: int) -> bool:
    """Whether the normal player keeps ``card`` drawn holding ``hand`` (masks): the same rule as
    :func:`spades.bots.bidding.choose_draw`, on plain masks for the playouts of the draw."""
    suit, rank = card // 13, card % 13 + 2
    if suit == SPADES and rank >= DRAW_SPADE:
        return True
    if rank >= DRAW_RANK or (rank == DRAW_RANK - 1 and hand & SUIT_MASKS[suit]):
        return True
    return suit == SPADES and (hand & SUIT_MASKS[SPADES]).bit_count() >= DRAW_LENGTH


def finish_draw(mine: int, theirs: int, keep: bool, card: int, rest: list[int]) -> tuple[int, int]:
    """The two hands at the end of the draw: the seat keeps ``card`` (the next card of ``rest`` goes face up) or
    turns it up (and keeps the next); then the other player and the seat draw in turn from ``rest`` by
    :func:`draw_rule` until the deck is out."""
    if keep:
        mine |= 1 << card
    else:
        mine |= 1 << rest[0]
    hands = [mine, theirs]
    turn = 1
    i = 1
    while i < len(rest):  # the cards after the first come in pairs: the one drawn and the one after it
        top = rest[i]
        if draw_rule(hands[turn], top):
            hands[turn] |= 1 << top
        else:
            hands[turn] |= 1 << rest[i + 1]
        i += 2
        turn = 1 - turn
    return hands[0], hands[1]


@dataclass(frozen=True)
class DrawDecision:
    """Keep or discard, and the search's figures: the mean reward of each and the mean gain of the choice made
    over the other (with its standard error), over ``deals`` sampled deals."""

    action: Choice
    keep_value: float
    discard_value: float
    gain: float
    noise: float
    deals: int


def draw_values(view: SeatView, deals: int | None, seconds: float, rng: random.Random) -> np.ndarray:
    """``values[d, 0]``: the reward of keeping the card seen in sampled deal ``d``; ``values[d, 1]``: of
    turning it up and keeping the next."""
    card = view.offered
    if card is None or view.hand is None:
        raise ValueError("not a two-player draw")
    rules = view.rules
    mine = int(view.hand)
    shown = int(view.discards)
    unknown = [c for c in range(52) if not (mine | shown) >> c & 1 and c != int(card)]
    theirs_held = shown.bit_count() - mine.bit_count()  # every draw put one card in a hand and one face up
    seat = view.seat
    # one kernel state for the bidding of this hand; each deal only changes the two hands
    board = Game.from_deal(rules, _whole_hands(), dealer=view.dealer, scores=view.scores, bags=view.bags,
                           hand_number=view.hand_number)
    base = state_from_game(board)
    r = rules_array(rules)
    p = reward_params(view)
    start = time.perf_counter()
    rows: list[np.ndarray] = []
    done = 0
    while True:
        batch = BATCH if deals is None else min(BATCH, deals - done)
        if batch <= 0:
            break
        states = np.empty((2 * batch, STATE_SIZE), dtype=np.int64)
        for d in range(batch):
            order = list(unknown)
            rng.shuffle(order)
            theirs = sum(1 << c for c in order[:theirs_held])
            rest = order[theirs_held:]
            for column, keep in enumerate((True, False)):
                own, other = finish_draw(mine, theirs, keep, int(card), rest)
                state = states[2 * d + column]
                state[:] = base
                state[HAND + seat] = own
                state[HAND + 1 - seat] = other
        rows.append(_paired(states, r, p, rng.getrandbits(62)))
        done += batch
        if deals is None and time.perf_counter() - start >= seconds:
            break
    return np.vstack(rows)


def _paired(states: np.ndarray, r: np.ndarray, p: np.ndarray, seed: int) -> np.ndarray:
    """``out[d, choice]``: the mean reward of ``ROLLOUTS`` policy playouts of each deal's two states (keep,
    discard), the two with the same playout luck."""
    batch = states.shape[0] // 2
    out = np.empty((batch, 2))
    for d in range(batch):
        for column in range(2):
            one = np.repeat(states[2 * d + column:2 * d + column + 1], ROLLOUTS, axis=0)
            out[d, column] = float(policy_games(one, r, p, seed + d * 7919, NOISE).mean())
    return out


def _whole_hands() -> list[int]:
    """Two 13-card hands (any will do: the search writes each deal's own over them)."""
    return [sum(1 << c for c in range(13)), sum(1 << c for c in range(13, 26))]


def choose_draw_by_search(view: SeatView, budget: Budget, rng: random.Random, prior: Choice) -> DrawDecision:
    """Keep or discard: the rule player's ``prior`` unless the other choice gains clearly more."""
    if budget.deals is None:
        ready()
    values = draw_values(view, budget.deals, budget.seconds, rng)
    mine, other = (0, 1) if prior is Choice.KEEP else (1, 0)
    diff = values[:, other] - values[:, mine]
    noise = float(diff.std(ddof=1) / np.sqrt(len(diff))) if len(diff) > 1 else float("inf")
    gain = float(diff.mean())
    overrule = gain >= PRIOR_MARGIN + PRIOR_SIGMAS * noise
    action = (Choice.DISCARD if prior is Choice.KEEP else Choice.KEEP) if overrule else prior
    return DrawDecision(action=action, keep_value=float(values[:, 0].mean()),
                        discard_value=float(values[:, 1].mean()), gain=gain, noise=noise, deals=len(diff))
