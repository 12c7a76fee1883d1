"""Computer players. Every bot decides from a :class:`~spades.view.SeatView` and nothing else."""

from .base import Bot, Fact, Hint, available_levels, bot_seed, make_bot, register

__all__ = ["Bot", "Fact", "Hint", "available_levels", "bot_seed", "make_bot", "register"]
