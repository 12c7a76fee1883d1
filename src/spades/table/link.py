"""One seat's connection to a game: what the seat may know (its view and the public events) and the actions it
takes. The terminal table is fed only through a ``SeatLink``, so the same console, saying the same words, sits at
a local game against the computer (:class:`LocalLink`) or at a table of the online room (the room's client).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..actions import Action
from ..events import Event
from ..language import _
from ..rules import Rules
from ..view import SeatView

if TYPE_CHECKING:
    from ..host import Host

__all__ = ["LocalLink", "SeatLink", "TakenBack"]


class TakenBack(NamedTuple):
    """What an undo took back: the seat's own action, and how many actions of others went with it."""

    action: Action
    later: int


class SeatLink(Protocol):
    """A seat's connection. ``events()`` are every public event so far (they only grow, except after an undo);
    ``view()`` is the seat's view now."""

    seat: int

    @property
    def rules(self) -> Rules: ...

    @property
    def kept_words(self) -> str:
        """What becomes of the game when the player leaves, as said on leaving: "the game is saved. spades play
        --resume continues it"."""
        ...

    @property
    def leave_question(self) -> str:
        """What q asks before the player leaves: what becomes of the game ("Leave the game? It will be saved. y or
        n.")."""
        ...

    def leave(self) -> None:
        """The player leaves on purpose (q, then y): at a table with others, they are told so (not that the
        connection was lost)."""
        ...

    def view(self) -> SeatView: ...

    def events(self) -> Sequence[Event]: ...

    def answer(self, key: str, hand: int | None) -> str | None:
        """The table's own answer to a reading key, where it knows more than the seat's view (the room: who is
        away at w, and its cover rule at z); None: the seat's own words answer."""
        ...

    def act(self, action: Action) -> str | None:
        """Take the seat's action: None when accepted, else the reason it was refused (nothing changed)."""
        ...

    def wait(self, timeout: float) -> bool:
        """Let the others move: True when something new happened, False when nothing has yet within
        ``timeout`` seconds (then the console reads the player's keys and waits again)."""
        ...

    def undo(self) -> TakenBack | str:
        """Take back the seat's last action and what followed, or the reason it cannot be done."""
        ...

    def coach(self, hand: int) -> Sequence[str] | str:
        """The coach's review of the seat's bids and cards in the finished hand number ``hand`` (see
        :mod:`spades.coach`), as the lines to say, or the reason there is none here."""
        ...

    def notices(self) -> Sequence[str]:
        """Lines to say besides the game's events, such as a lost connection and where the game stands on return;
        the console asks often, even while the player thinks."""
        ...

    def timed(self) -> Collection[int]:
        """The events (by index) of actions the computer took because a seat's clock ran out: said as such."""
        ...

    def save(self) -> None: ...

    def close(self) -> None: ...


class LocalLink:
    """A seat at a game hosted in this process, the other seats played by the computer: ``wait`` lets one
    computer act at once (the console paces what it says), ``save`` writes the game where ``--resume`` finds it."""

    def __init__(self, host: Host, seat: int, meta: dict[str, Any] | None = None, save_to: Path | None = None,
                 levels: dict[int, str] | None = None) -> None:
        self.host = host
        self.seat = seat
        self.meta = dict(meta or {})
        self.save_to = save_to
        self.levels = dict(levels or {})  # each computer seat's level, said with the rules at z
        self.reviews: dict[tuple[int, int], list[str]] = {}  # (hand, actions taken): the coach's words
        self.record_path: Path | None = None  # where the finished game's record was kept

    @property
    def rules(self) -> Rules:
        return self.host.game.rules

    @property
    def kept_words(self) -> str:
        return _("the game is saved. spades play --resume continues it")

    @property
    def leave_question(self) -> str:
        return _("Leave the game? It will be saved. y or n.")

    def leave(self) -> None:
        """No one else is at the table: the save (the table's, on leaving) is all there is to do."""

    def answer(self, key: str, hand: int | None) -> str | None:
        """z says the rules and who the computer plays at which level; every other key, the seat's own words."""
        if key != "z" or not self.levels:
            return None
        from ..words import announce as say

        return f"{say.rules_line(self.view())} {say.computer_line(self.rules, self.seat, self.levels)}"

    def view(self) -> SeatView:
        return self.host.view(self.seat)

    def events(self) -> Sequence[Event]:
        return self.host.game.events

    def act(self, action: Action) -> str | None:
        return self.host.act(self.seat, action)

    def wait(self, timeout: float) -> bool:
        return self.host.step()

    def undo(self) -> TakenBack | str:
        taken = self.host.undo(self.seat)
        return taken if isinstance(taken, str) else TakenBack(*taken)

    def coach(self, hand: int) -> Sequence[str] | str:
        """Reviewed once and kept (an undo changes the actions, and so the key), since it takes a second or two."""
        from ..coach import review_hand, review_words

        game = self.host.game
        key = (hand, len(game.actions))
        if key not in self.reviews:
            self.reviews[key] = review_words(review_hand(game, hand, self.seat))
        return self.reviews[key]

    def notices(self) -> Sequence[str]:
        return ()

    def timed(self) -> Collection[int]:
        return ()  # the local table has no clock

    def save(self) -> None:
        """The game so far, where ``spades play --resume`` finds it; a finished game's save is removed, and its
        record kept (once) in the games folder beside it, for ``spades replay --review``."""
        from .saves import keep_finished, remove_save, save_game

        if self.host.game.over:
            if self.record_path is None:
                self.record_path = keep_finished(self.host.game, self.meta, self.save_to)
            remove_save(self.save_to)
        else:
            save_game(self.host.game, self.meta, self.save_to)

    def close(self) -> None:
        """Nothing to let go of: the game lives in this process."""
