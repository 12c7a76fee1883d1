"""The one interface every computer player has, and the registry that makes one by its level name.

A bot sees only a seat's view, takes a thinking budget and a seed, and is deterministic for a given seed: the
same view and seed give the same action, so matches and bug reports replay exactly.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass

from ..actions import Action
from ..errors import UnknownLevel
from ..view import SeatView

__all__ = ["Bot", "Hint", "available_levels", "make_bot", "register"]


@dataclass(frozen=True, slots=True)
class Hint:
    """What a bot would do and why, in one short sentence for the hint key."""

    action: Action
    reason: str


class Bot(ABC):
    """A computer player. ``act`` returns one of ``view.legal``; ``hint`` says the same choice with its reason."""

    level: str = "?"

    def __init__(self, seed: int | str = 0, think: float | None = None) -> None:
        self.seed = seed
        self.think = think
        self.rng = random.Random(f"bot:{self.level}:{seed}")

    def act(self, view: SeatView) -> Action:
        return self.hint(view).action

    @abstractmethod
    def hint(self, view: SeatView) -> Hint:
        """The action this bot takes in ``view`` and a one-sentence reason a player can hear."""

    def reseed(self, seed: int | str) -> None:
        self.seed = seed
        self.rng = random.Random(f"bot:{self.level}:{seed}")


_LEVELS: dict[str, Callable[..., Bot]] = {}


def register(level: str) -> Callable[[type[Bot]], type[Bot]]:
    def wrap(cls: type[Bot]) -> type[Bot]:
        cls.level = level
        _LEVELS[level] = cls
        return cls

    return wrap


def available_levels() -> tuple[str, ...]:
    _load_all()
    return tuple(_LEVELS)


def make_bot(level: str, seed: int | str = 0, think: float | None = None) -> Bot:
    """A bot of ``level`` (``random``, ``easy``, ``normal``, ``hard`` ...)."""
    _load_all()
    try:
        factory = _LEVELS[level]
    except KeyError:
        raise UnknownLevel(level, tuple(_LEVELS)) from None
    return factory(seed=seed, think=think)


def _load_all() -> None:
    """Import the modules that register levels (kept lazy so that `import spades` stays quick)."""
    import importlib
    import pkgutil

    from .. import bots

    for info in pkgutil.iter_modules(bots.__path__):
        if info.name not in ("base",):
            importlib.import_module(f"{bots.__name__}.{info.name}")
