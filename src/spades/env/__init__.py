"""Spades for learning programs: every rule set as a PettingZoo AEC environment, and one seat against the computer
as a Gymnasium environment.

- :class:`SpadesEnv` (``env()`` and ``raw_env()`` in PettingZoo's style): one agent a seat, named ``seat_0`` to
  ``seat_{players - 1}`` after the engine's seat numbers;
- :class:`SingleAgentEnv`: the learner at one seat, computer players (``make_bot``) at the others;
- :class:`BatchHands` (``spades.env.batch``, which loads the compiled kernel): many hands stepped at once for
  self-play, the same observations and action indices;
- :func:`action_table` and :func:`observation_fields`: what each action index means and where each field of the
  observation lies, for a rule set (:data:`OBSERVATION_FIELDS`: the standard game's).

docs/env.md has the layout, the rewards and an example. This package needs the ``env`` extra
(``pip install spades[env]``: pettingzoo and gymnasium).
"""

from .aec import EPISODES, REWARDS, EnvError, SpadesEnv, agent_name, env, raw_env, table_text
from .layout import (
    OBSERVATION_FIELDS,
    SCORE_CLIP,
    SCORE_SCALE,
    Layout,
    ObservationField,
    action_table,
    layout_for,
    observation_fields,
)
from .single import SingleAgentEnv


def __getattr__(name: str) -> object:
    """``spades.env.BatchHands`` loads numba only when it is asked for."""
    if name == "BatchHands":
        from .batch import BatchHands

        return BatchHands
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [  # BatchHands comes from __getattr__, on demand
    "EPISODES",
    "OBSERVATION_FIELDS",
    "REWARDS",
    "SCORE_CLIP",
    "SCORE_SCALE",
    "BatchHands",
    "EnvError",
    "Layout",
    "ObservationField",
    "SingleAgentEnv",
    "SpadesEnv",
    "action_table",
    "agent_name",
    "env",
    "layout_for",
    "observation_fields",
    "raw_env",
    "table_text",
]
