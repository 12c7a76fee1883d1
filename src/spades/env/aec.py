"""Spades as a PettingZoo AEC environment: one agent a seat, any variant and option of ``Rules``.

The environment owns a :class:`~spades.game.Game` and nothing else of the game's: each agent's observation is
encoded from ``game.view(seat)`` (:mod:`.layout`), its action mask is the view's ``legal``, and every action goes
through ``Game.apply``, which refuses an illegal one with its reason. Rewards come from the hands the game scores
and the winner it names.
"""

from __future__ import annotations

import operator
import random
import secrets
from typing import Any, ClassVar, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..actions import Action
from ..errors import IllegalAction, SpadesError
from ..game import Game
from ..rules import Rules
from ..seats import side_name
from ..view import Phase
from .layout import Layout, ObservationField, layout_for

__all__ = ["EPISODES", "REWARDS", "EnvError", "SpadesEnv", "agent_name", "env", "raw_env"]

Episode = Literal["game", "hand"]
Reward = Literal["both", "hand", "game"]
EPISODES: tuple[str, ...] = ("game", "hand")
REWARDS: tuple[str, ...] = ("both", "hand", "game")
HAND_SCALE = 100.0  # a hand's points to one unit of reward
RENDER_MODES: tuple[str, ...] = ("ansi",)
Observation = dict[str, npt.NDArray[Any]]


class EnvError(SpadesError):
    """An environment asked for something it does not offer (an unknown option value, an action index out of
    range, an illegal action): the message says what was wrong."""


def agent_name(seat: int) -> str:
    """The agent of ``seat``: ``seat_0`` for seat 0 (North at four and at two; South at three, five and six)."""
    return f"seat_{seat}"


class SpadesEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """``SpadesEnv("whiz", target=300)`` or ``SpadesEnv(rules=Rules(...))`` (no variant: the standard game).

    ``episode``: ``"game"`` (a whole game; the option ``hands=N`` shortens it) or ``"hand"`` (each hand an
    episode: ``reset()`` without a seed plays on to the next hand of the same game, until the game is over).
    ``reward``: ``"hand"`` (each agent gets its side's points of every hand scored / 100), ``"game"`` (+1 for the
    winner's seats, -1 for the others, 0 for every seat of a drawn match, when the game ends), or ``"both"``
    (their sum; the default)."""

    metadata: ClassVar[dict[str, Any]] = {"name": "spades_v0", "render_modes": list(RENDER_MODES),
                                          "is_parallelizable": False}

    def __init__(self, variant: str | None = None, *, rules: Rules | None = None, episode: Episode = "game",
                 reward: Reward = "both", render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if rules is not None and (options or variant):
            raise EnvError("give either rules=Rules(...) or a variant and its options, not both")
        if episode not in EPISODES:
            raise EnvError(f"episode {episode!r} is not one of {', '.join(EPISODES)}")
        if reward not in REWARDS:
            raise EnvError(f"reward {reward!r} is not one of {', '.join(REWARDS)}")
        if render_mode not in (None, *RENDER_MODES):
            raise EnvError(f"render_mode {render_mode!r} is not one of None, {', '.join(RENDER_MODES)}")
        self.rules = rules if rules is not None else Rules.preset(variant or "standard", **options)
        self.episode = episode
        self.reward_mode = reward
        self.render_mode = render_mode
        self.layout: Layout = layout_for(self.rules)
        self.possible_agents = [agent_name(seat) for seat in range(self.rules.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        layout = self.layout
        self.observation_spaces = {agent: spaces.Dict({
            "observation": spaces.Box(layout.low, layout.high, dtype=np.float32),
            "action_mask": spaces.Box(0, 1, (len(layout.actions),), dtype=np.int8),
        }) for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(len(layout.actions)) for agent in self.possible_agents}
        self._seeds = random.Random(secrets.randbits(64))
        self._game: Game | None = None
        self._hand_ended = False
        self.agents: list[str] = []

    # -- spaces -------------------------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    @property
    def actions(self) -> tuple[Action, ...]:
        """The action of each index (``spades.env.action_table``): cards, bids, then Blind Nil and look, keep and
        discard where the rules have them."""
        return self.layout.actions

    @property
    def observation_fields(self) -> tuple[ObservationField, ...]:
        """This rule set's observation layout: (name, offset, length, meaning) for each field."""
        return self.layout.fields

    @property
    def game(self) -> Game:
        """The game being played (to read after an episode, or to record); reset() first."""
        if self._game is None:
            raise EnvError("the environment has no game yet: call reset() first")
        return self._game

    def seat_of(self, agent: str) -> int:
        try:
            return self._seat[agent]
        except KeyError:
            raise EnvError(f"{agent!r} is not an agent here; the agents are {', '.join(self.possible_agents)}")\
                from None

    # -- the AEC loop -------------------------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, from ``seed`` when one is given (the game's seed is then ``seed`` itself, so the same seed
        deals the same cards); without one, the next hand of the game when ``episode="hand"`` and the last episode
        ended with its hand, else a new game with a seed drawn from the last seed given. ``options`` is accepted,
        as PettingZoo's API has it, and not read."""
        if seed is not None:
            self._seeds = random.Random(int(seed))
            self._game = Game(self.rules, seed=int(seed))
        elif not (self.episode == "hand" and self._hand_ended and self._game is not None and not self._game.over):
            self._game = Game(self.rules, seed=self._seeds.getrandbits(63))
        self._hand_ended = False
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game.turn]
        self._skip_agent_selection = None

    def observe(self, agent: str) -> Observation:
        view = self.game.view(self.seat_of(agent))
        return {"observation": self.layout.encode(view), "action_mask": self.layout.mask(view)}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        game = self.game
        chosen = self.action_of(action, agent)
        hands = len(game.results)
        try:
            game.apply(chosen)
        except IllegalAction as error:
            raise EnvError(f"{agent} may not take action {int(action)} ({chosen}) now: {error.reason}") from None
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        if len(game.results) > hands:
            self._score_hand()
        self.agent_selection = self.possible_agents[game.turn]
        self._accumulate_rewards()

    def action_of(self, index: Any, agent: str | None = None) -> Action:
        """The action of an index (any integer, a NumPy one included); an index out of range is refused."""
        try:
            i = operator.index(index)
        except TypeError:
            raise EnvError(f"action {index!r} is not a whole number") from None
        actions = self.layout.actions
        if not 0 <= i < len(actions):
            who = f"{agent}: " if agent else ""
            raise EnvError(f"{who}action {i} is out of range: the actions are 0 to {len(actions) - 1}")
        return actions[i]

    def _score_hand(self) -> None:
        """The rewards of the hand just scored (and of the game, if it ended there), and the end of the episode."""
        game = self.game
        rules = self.rules
        result = game.results[-1]
        for agent in self.agents:
            side = rules.side_of(self._seat[agent])
            reward = 0.0
            if self.reward_mode != "game":
                reward += result.sides[side].points / HAND_SCALE
            if game.over and self.reward_mode != "hand" and game.winner is not None:
                reward += 1.0 if game.winner == side else -1.0
            self.rewards[agent] = reward
        if game.over or self.episode == "hand":
            self._hand_ended = True
            for agent in self.agents:
                self.terminations[agent] = True
                self.infos[agent] = {"scores": tuple(game.scores), "winner": game.winner}

    # -- around it ----------------------------------------------------------------------------------------------
    def render(self) -> str | None:
        """``render_mode="ansi"``: the table as text, every seat's hand as that seat sees it."""
        if self.render_mode is None:
            return None
        return table_text(self.game)

    def close(self) -> None:
        """Nothing to release: the environment holds no window, process or file."""


def table_text(game: Game) -> str:
    """The whole table in a few lines: the scores, then each seat's bid, tricks and hand (read from its own view),
    then the trick in progress."""
    rules = game.rules
    views = [game.view(seat) for seat in range(rules.players)]
    first = views[0]
    scores = ", ".join(f"{side_name(rules, side)} {first.scores[side]} ({first.bags[side]} bags)"
                       for side in range(rules.sides))
    lines = [f"{rules.describe()}; hand {first.hand_number}, {first.phase.value}; {scores}"]
    for view in views:
        bid = view.bids[view.seat]
        hand = "not looked at" if view.hand is None else view.hand.by_suit()
        marks = ("dealer " if view.dealer == view.seat else "") + (
            "to act" if view.turn == view.seat and view.phase is not Phase.OVER else "")
        lines.append(f"{game.seat_name(view.seat)}: bid {bid if bid is not None else '-'}, "
                     f"{view.tricks_won[view.seat]} tricks; {hand} {marks}".rstrip())
    if first.trick:
        lines.append("trick: " + ", ".join(f"{game.seat_name(seat)} {card}" for seat, card in first.trick))
    return "\n".join(lines)


def raw_env(variant: str | None = None, **kwargs: Any) -> SpadesEnv:
    """The environment itself (PettingZoo's ``raw_env``)."""
    return SpadesEnv(variant, **kwargs)


def env(variant: str | None = None, **kwargs: Any) -> Any:
    """The environment in PettingZoo's usual wrappers: actions checked against the space, and the calls' order
    (reset before step) enforced."""
    wrapped = wrappers.AssertOutOfBoundsWrapper(SpadesEnv(variant, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)
