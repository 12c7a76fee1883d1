"""The one interface every computer player has, and the registry that makes one by its level name.

A bot sees only a seat's view, takes a thinking budget and a seed, and is deterministic for a given seed: the
same view and seed give the same action, so matches and bug reports replay exactly. A bot keeps no random state
between decisions: each decision draws from a generator fixed by the bot's seed and the position, so a game that
is resumed from a save, or replayed after an undo, is played exactly as it was the first time.

A bot's seed is never the game's seed (that seed fixes the deal, so a bot holding it could work out every hidden
card): the host derives it one way with :func:`bot_seed`.
"""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from ..actions import Action
from ..cards import Card
from ..errors import UnknownLevel
from ..view import SeatView

__all__ = ["POLICY_PREFIX", "Bot", "Fact", "FactKind", "Hint", "available_levels", "bot_seed", "make_bot",
           "position_key", "register"]


FactKind = Literal[
    "nil",  # ``seat`` bid Nil and has taken no trick yet
    "winning",  # ``seat`` is winning the trick in progress with ``card``
    "partner_winning",  # the seat's partner is winning the trick in progress, with ``card``
    "teammate_winning",  # ``seat``, on the seat's side (a team of three), is winning the trick in progress
    "plays_after",  # ``seat`` has still to play to the trick in progress
    "last_to_play",  # nobody plays to the trick after this seat
    "void",  # ``seat`` has no ``suit``: the seat's own hand, or shown out in play
    "only_spades",  # every card in the seat's hand is a spade
    "longest_side_suit",  # no side suit in the seat's hand is longer than ``suit``
    "singleton",  # the seat holds exactly one card of ``suit``, ``card``
    "best_left",  # no card of ``card``'s suit above it is unseen (held by another seat)
    "sure_winner",  # no unseen card can beat ``card``: no higher one of its suit and, for a side card, no spade
    "every_card_wins",  # every legal card beats the trick's winning card and no unseen card can beat any of them
    "every_card_beats",  # every legal card beats ``card``, the trick's winning card
    "cannot_beat",  # no legal card beats ``card``, the trick's winning card
    "contract_made",  # the seat's side has taken the tricks of its contract
    "only_legal",  # ``card`` is the only legal card
]


@dataclass(frozen=True, slots=True)
class Fact:
    """One thing a hint's reason states about the position, in a form a test can check against the seat's view:
    every reason is built with the facts it states, so a reason that says "partner is winning" or "a long suit"
    carries the fact, and a fact that does not hold in the view is a bug in the player."""

    kind: FactKind
    seat: int | None = None
    suit: int | None = None
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Hint:
    """What a bot would do and why, in one short sentence for the hint key, with the facts that sentence states."""

    action: Action
    reason: str
    facts: tuple[Fact, ...] = ()


class Bot(ABC):
    """A computer player. ``act`` returns one of ``view.legal``; ``hint`` says the same choice with its reason."""

    level: str = "?"

    def __init__(self, seed: int | str = 0, think: float | None = None) -> None:
        self.seed = seed
        self.think = think

    def act(self, view: SeatView) -> Action:
        return self.hint(view).action

    @abstractmethod
    def hint(self, view: SeatView) -> Hint:
        """The action this bot takes in ``view`` and a one-sentence reason a player can hear."""

    def decision_rng(self, view: SeatView) -> random.Random:
        """The random numbers of one decision: fixed by this bot's seed and the history the seat has seen, so the
        same position always gets the same choice however the game got there (played on, resumed or undone)."""
        digest = hashlib.blake2b(f"{self.level}\x00{self.seed}\x00{position_key(view)}".encode(),
                                 digest_size=16, person=b"spades-decide").digest()
        return random.Random(digest)


def bot_seed(game_seed: int | str, label: str, seat: int) -> str:
    """The seed of the bot at ``seat`` (``label`` tells apart the players from the hint's adviser), derived one
    way from the game's seed: it cannot be turned back into the game's seed, so the bot cannot recompute the deal,
    yet the same game always gets the same bots."""
    data = f"{game_seed!r}\x00{label}\x00{seat}".encode()
    return hashlib.blake2b(data, digest_size=16, person=b"spades-bot-seed").hexdigest()


def position_key(view: SeatView) -> str:
    """The public history the seat has seen, as text: the hand, the deal, every bid, draw and card so far, and
    the scores. Two views with the same key are the same decision."""
    hand = int(view.hand) if view.hand is not None else -1
    tricks = ";".join(f"{t.leader}:{','.join(str(int(c)) for c in t.cards)}" for t in view.tricks)
    trick = ",".join(f"{seat}:{int(card)}" for seat, card in view.trick)
    bids = ",".join("-" if b is None else str(b.value) + ("b" if b.blind else "") for b in view.bids)
    offered = -1 if view.offered is None else int(view.offered)
    return (f"{view.seat}|{view.hand_number}|{view.dealer}|{view.phase}|{view.turn}|{hand}|{bids}|{tricks}|{trick}"
            f"|{offered}|{int(view.discards)}|{view.scores}|{view.bags}")


_LEVELS: dict[str, Callable[..., Bot]] = {}
POLICY_PREFIX = "policy:"  # a level of this form names a policy file: see make_bot


def register(level: str) -> Callable[[type[Bot]], type[Bot]]:
    def wrap(cls: type[Bot]) -> type[Bot]:
        cls.level = level
        _LEVELS[level] = cls
        return cls

    return wrap


_PLAYERS_LEVELS = ("easy", "normal", "hard")  # the levels a player picks from, named first in every list


def available_levels() -> tuple[str, ...]:
    """Every level, the players' three first and the rest by name: the order is the same whichever module
    registered first, so a document or a message that lists them is the same in every process."""
    _load_all()
    rest = sorted(level for level in _LEVELS if level not in _PLAYERS_LEVELS)
    return tuple(level for level in _PLAYERS_LEVELS if level in _LEVELS) + tuple(rest)


def make_bot(level: str, seed: int | str = 0, think: float | str | None = None) -> Bot:
    """A bot of ``level`` (``random``, ``easy``, ``normal``, ``hard`` ...), or ``policy:PATH``: a policy network
    over :mod:`spades.env`'s observation, read from a file (:mod:`spades.env.policy`)."""
    if level.startswith(POLICY_PREFIX):
        from ..env.policy import PolicyBot

        return PolicyBot(level.removeprefix(POLICY_PREFIX), seed=seed, think=think)
    _load_all()
    try:
        factory = _LEVELS[level]
    except KeyError:
        raise UnknownLevel(level, available_levels()) from None
    return factory(seed=seed, think=think)


def _load_all() -> None:
    """Import the modules that register levels (kept lazy so that `import spades` stays quick)."""
    import importlib
    import pkgutil

    from .. import bots

    for info in pkgutil.iter_modules(bots.__path__):
        if info.name not in ("base",):
            importlib.import_module(f"{bots.__name__}.{info.name}")
