"""Many hands at once for self-play: ``BatchHands(1024)`` steps a thousand games with one compiled call a move.

The AEC environment (:mod:`.aec`) walks one game through the engine, a Python call per move; that is the reference,
and its observations are the ones a learner trains on. Self-play wants millions of moves, so here the games live
in the kernel's arrays (:mod:`spades.kernel.batch`) and every step, observation and action mask is one compiled
call over all of them. The observation vectors and action indices are the environment's own, field for field
(``tests/test_env_batch.py`` replays random games through both and compares every one).

Each game of a batch is one hand from level scores, as OpenSpiel's Spades is: a finished hand pays each seat its
side's points / 100 (the environment's hand reward) and is dealt again at once by the next dealer. The kernel plays
a hand from the bidding, so the rule sets with a step it leaves to the engine are refused, with the reason: the
two-player draw, Blind Nil (chosen before the cards are seen) and the Nil pass (the kernel passes by a fixed rule,
where a learner would choose).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..kernel import layout as kl
from ..kernel import rules_array
from ..kernel.batch import HISTORY, deal_all, observe_all, random_indices, step_all
from ..kernel.core import make_rng, pack_deck
from ..rules import Rules
from ..view import Phase
from .aec import HAND_SCALE, EnvError
from .layout import PHASES, SCORE_CLIP, SCORE_SCALE, Layout, layout_for

__all__ = ["BatchHands"]


def unsupported(rules: Rules) -> str | None:
    """Why the kernel cannot play every step of ``rules``'s hands for a learner, or None when it can."""
    if not rules.deals:
        return "the two-player draw is played by the engine only: use SpadesEnv for two_player"
    if rules.blind_nil:
        return "Blind Nil is chosen before the cards are seen, which the kernel leaves to the engine: use SpadesEnv"
    if rules.nil_pass:
        return "the kernel passes a Nil bidder's cards by a fixed rule, where a learner would choose: use SpadesEnv"
    return None


class BatchHands:
    """``games`` hands of one rule set (``variant`` and options, or ``rules=``), stepped together.

    After ``reset(seed)``, ``observations`` (``games x layout.size`` float32) and ``masks`` (``games x actions``
    int8) hold each game's observation and legal actions for the seat to act, ``turn[g]`` that seat; ``step``
    takes one action index a game and returns the rewards (``games x players``, nonzero only in the games whose
    hand ended) and which games ended (those are dealt again before ``step`` returns)."""

    def __init__(self, games: int, variant: str | None = None, *, rules: Rules | None = None, seed: int = 0,
                 **options: Any) -> None:
        if games < 1:
            raise EnvError(f"a batch needs at least one game, not {games}")
        if rules is not None and (options or variant):
            raise EnvError("give either rules=Rules(...) or a variant and its options, not both")
        self.rules = rules if rules is not None else Rules.preset(variant or "standard", **options)
        why = unsupported(self.rules)
        if why:
            raise EnvError(why)
        self.games = games
        self.layout: Layout = layout_for(self.rules)
        self._rules = rules_array(self.rules)
        self._deck = pack_deck(self._rules)
        self._cards = np.asarray(self.layout.cards, dtype=np.int64)
        self._card_index = np.asarray(self.layout.card_index, dtype=np.int64)
        self._template, self._offsets = self._fixed_fields()
        self._scales = np.array([SCORE_SCALE, SCORE_CLIP, HAND_SCALE], dtype=np.float64)  # kernel.batch's S_*
        size, actions = self.layout.size, len(self.layout.actions)
        self._states = np.zeros((games, kl.STATE_SIZE), dtype=np.int64)
        self._history = np.zeros((games, HISTORY, kl.CARDS), dtype=np.int64)
        self.observations: npt.NDArray[np.float32] = np.zeros((games, size), dtype=np.float32)
        self.masks: npt.NDArray[np.int8] = np.zeros((games, actions), dtype=np.int8)
        self._rewards = np.zeros((games, self.rules.players), dtype=np.float32)
        self._done = np.zeros(games, dtype=np.int8)
        self._random = np.zeros(games, dtype=np.int64)
        self.reset(seed)

    def _fixed_fields(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int64]]:
        """What no move of a batch hand changes: the layout's constant fields, the cards seen (every batch hand
        is dealt and looked at) and, in a game of a fixed number of hands, the hands left (a batch hand is a
        first hand); and where each field the kernel writes starts, in the order of kernel.batch's ``O_*``."""
        layout = self.layout
        at = layout.at
        template = layout.constant.copy()
        template[at["looked"]] = 1.0
        if self.rules.hands:
            template[at["hands_left"]] = 1.0
        phase = at["phase"]
        offsets = np.asarray([
            at["hand"], at["bid"], at["has_bid"], at["nil"], at["tricks_won"], at["played_by"], at["played_trick"],
            at["led"], at["trick"], at["leader"], at["turn"], at["spades_broken"], at["score"], at["bags"],
            phase + PHASES.index(Phase.BID), phase + PHASES.index(Phase.PLAY), phase + PHASES.index(Phase.OVER),
            at["dealer"]], dtype=np.int64)
        return template, offsets

    @property
    def turn(self) -> npt.NDArray[np.int64]:
        """The seat to act in each game: whose observation ``observations[g]`` is."""
        return self._states[:, kl.TURN]

    def hands(self, game: int) -> list[int]:
        """The cards each seat of ``game`` holds now, as masks: what a test needs to replay the same hand through
        the engine (a learner sees its own hand in its observation only)."""
        return [int(self._states[game, kl.HAND + seat]) for seat in range(self.rules.players)]

    def dealer(self, game: int) -> int:
        """The seat that dealt ``game``'s hand in progress, which the engine needs to replay the hand."""
        return int(self._states[game, kl.DEALER])

    def reset(self, seed: int | None = None) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Deal every game a new hand (dealers spread over the seats) and observe them; ``seed`` makes the deals
        repeat (None: the next deals of the current seed)."""
        if seed is not None:
            self._rng = make_rng(int(seed))
        every = np.arange(self.games, dtype=np.int64)
        self._states[:, kl.SCORE:kl.BAGS + kl.MAX_SEATS] = 0  # the scores and bags before the hand: level
        deal_all(self._states, self._history, self._rules, self._rng, self._deck, every, every % self.rules.players)
        return self.observe()

    def observe(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """Each game's observation and action mask for its seat to act (written into ``observations`` and
        ``masks``, which are returned)."""
        observe_all(self._states, self._history, self._rules, self._template, self._offsets, self._scales,
                    self._card_index, self.observations, self.masks)
        return self.observations, self.masks

    def step(self, actions: npt.ArrayLike) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Take one action index (of ``layout.actions``) in every game; returns ``(rewards, ended)``.

        An action that is not legal in its game raises :class:`EnvError` naming the game and the action, and no
        game moves. The games whose hand ended are dealt again, by the next dealer, and every game is observed.
        Like ``observations`` and ``masks``, the arrays returned are the batch's own, overwritten by the next step
        (no allocation a step): copy what you keep."""
        chosen = np.ascontiguousarray(actions, dtype=np.int64)
        if chosen.shape != (self.games,):
            raise EnvError(f"step takes one action a game: an array of {self.games}, not of shape {chosen.shape}")
        self._rewards[:] = 0.0
        self._done[:] = 0
        bad = step_all(self._states, self._history, self._rules, chosen, self._cards, self._scales, self._rewards,
                       self._done)
        if bad >= 0:
            index = int(chosen[bad])
            named = (f"{self.layout.actions[index]} (index {index})" if 0 <= index < len(self.layout.actions)
                     else f"index {index}, outside 0..{len(self.layout.actions) - 1}")
            raise EnvError(f"game {bad}: {named} is not legal for seat {int(self.turn[bad])} there; no game moved")
        ended = self._done.astype(bool)
        if ended.any():
            rows = np.flatnonzero(ended)
            dealers = (self._states[rows, kl.DEALER] + 1) % self.rules.players
            deal_all(self._states, self._history, self._rules, self._rng, self._deck, rows, dealers)
        self.observe()
        return self._rewards, ended

    def random_actions(self) -> npt.NDArray[np.int64]:
        """A uniformly random legal action index for every game, from the current masks (the batch's own array,
        overwritten by the next call)."""
        random_indices(self.masks, self._rng, self._random)
        return self._random
