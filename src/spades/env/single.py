"""One learner against the computer: a Gymnasium environment that seats the learner at one seat of a
:class:`~spades.env.aec.SpadesEnv` and lets computer players (``make_bot``) take every other seat.

Each ``step`` takes the learner's action and then plays the computers until it is the learner's turn again or the
episode ends; the learner's reward is everything the AEC environment gave its agent meanwhile (a hand scored on a
computer's card included). The computers decide from their own seats' views, as at any table.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from ..bots import Bot, bot_seed, make_bot
from ..errors import SpadesError
from ..rules import Rules
from .aec import EnvError, Episode, Observation, Reward, SpadesEnv, agent_name

__all__ = ["SingleAgentEnv"]

Levels = str | Sequence[str | None] | Mapping[int, str]
Illegal = Literal["raise", "penalty"]


class SingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """``SingleAgentEnv(level="normal", seat=0, variant="standard", **options)``.

    ``level``: the computers' level, one for all (``"normal"``), or per seat (a list with an entry for every seat,
    the learner's ignored, or a mapping from seat to level). ``illegal``: ``"raise"`` (the default: an illegal
    action is an error that says why) or ``"penalty"`` (the action is refused, nothing changes, and the learner gets
    ``illegal_reward``; for learners that cannot mask their actions). ``episode`` and ``reward`` are those of
    :class:`SpadesEnv`. ``think``: the computers' thinking budget, for the levels that search."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 (Gymnasium declares it so)

    def __init__(self, level: Levels = "normal", seat: int = 0, variant: str | None = None, *,
                 rules: Rules | None = None, episode: Episode = "game", reward: Reward = "both",
                 illegal: Illegal = "raise", illegal_reward: float = -1.0, think: float | None = None,
                 render_mode: str | None = None, **options: Any) -> None:
        self.aec = SpadesEnv(variant, rules=rules, episode=episode, reward=reward, render_mode=render_mode,
                             **options)
        players = self.aec.rules.players
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise EnvError(f"seat {seat!r} is not a seat: {self.aec.rules.variant} seats 0 to {players - 1}")
        if illegal not in ("raise", "penalty"):
            raise EnvError(f"illegal {illegal!r} is not one of raise, penalty")
        self.seat = seat
        self.agent = agent_name(seat)
        self.levels = _levels(level, seat, players)
        for other in self.levels.values():
            make_bot(other)  # an unknown level is refused now, with the levels there are
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.think = think
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._bots: dict[int, Bot] = {}
        self._bots_game: object = None

    @property
    def rules(self) -> Rules:
        return self.aec.rules

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed, options=options)
        self._computers()  # no hand ends before the learner's first turn: nothing to reward yet
        return self.aec.observe(self.agent), {}

    def step(self, action: np.int64) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        aec = self.aec
        if aec.terminations.get(self.agent, True):
            raise EnvError("the episode is over: call reset() first")
        info: dict[str, Any] = {}
        try:
            aec.step(action)
        except SpadesError as error:
            if self.illegal == "raise":
                raise
            info["illegal"] = str(error)
            return aec.observe(self.agent), self.illegal_reward, False, False, info
        reward = aec.rewards.get(self.agent, 0.0) + self._computers()
        terminated = aec.terminations[self.agent]
        if terminated:
            info.update(aec.infos[self.agent])
        return aec.observe(self.agent), reward, terminated, False, info

    def action_masks(self) -> npt.NDArray[np.int8]:
        """The legal actions now, as a mask (the name sb3-contrib's maskable learners ask for)."""
        return self.aec.observe(self.agent)["action_mask"]

    def render(self) -> str | None:
        return self.aec.render()

    def _computers(self) -> float:
        """The computers play until the learner is to act or the episode ends; the learner's reward meanwhile."""
        aec = self.aec
        game = aec.game
        if self._bots_game is not game:  # a new game: its computers, seeded from it
            self._bots = {seat: make_bot(level, seed=bot_seed(game.seed, "env", seat), think=self.think)
                          for seat, level in self.levels.items()}
            self._bots_game = game
        reward = 0.0
        while not aec.terminations[self.agent] and aec.agent_selection != self.agent:
            seat = aec.seat_of(aec.agent_selection)
            action = self._bots[seat].act(game.view(seat))
            aec.step(aec.layout.index[action])
            reward += aec.rewards.get(self.agent, 0.0)
        return reward


def _levels(level: Levels, seat: int, players: int) -> dict[int, str]:
    """Each computer seat's level."""
    if isinstance(level, str):
        return {other: level for other in range(players) if other != seat}
    if isinstance(level, Mapping):
        out = {}
        for other in range(players):
            if other == seat:
                continue
            if other not in level:
                raise EnvError(f"no level for seat {other}: give one for every seat but the learner's")
            out[other] = level[other]
        return out
    levels = list(level)
    if len(levels) != players:
        raise EnvError(f"{len(levels)} levels given for {players} seats: give one for every seat "
                       "(the learner's is not read)")
    out = {}
    for other, name in enumerate(levels):
        if other == seat:
            continue
        if name is None:
            raise EnvError(f"no level for seat {other}: only the learner's seat may be None")
        out[other] = name
    return out
