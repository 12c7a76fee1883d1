"""The host of a game: it owns the ``Game``, runs the computer seats, takes a seat's action or says why not, and
gives each seat (or a spectator) its updates.

Everything a seat learns comes from here as a :class:`~spades.wire.SeatUpdate`: the public events after the
seat's cursor and its own ``SeatView``, so that the terminal table, the room and the browser are all fed the
same way, and none of them needs (or gets) the game itself. A refused action changes nothing. Computer players
decide from their seat's view only, like everyone else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from .actions import Action, Choice, parse_action
from .bots import Bot
from .errors import ActionError, PositionError
from .events import Event
from .game import Game
from .language import N_, _
from .view import SeatView
from .wire import SPECTATOR, SeatUpdate, spectator_view

__all__ = ["COMPUTER_SEAT", "NOT_AN_ACTION", "NOT_YOUR_TURN", "Host", "Refusal", "RefusalKind", "not_an_action"]

# The refusals in English, marked for the catalogue: say them with ``_(NOT_YOUR_TURN)``.
NOT_YOUR_TURN = N_("it is not your turn")
COMPUTER_SEAT = N_("the computer is playing this seat")
# The English tail of ``not_an_action``'s sentence, kept for the callers that quote the text themselves.
NOT_AN_ACTION = "is not an action: a card such as AS or 10H, a bid 0 to 13, nil, blind nil, keep, discard or look"


def not_an_action(quoted: str) -> str:
    """The refusal of a text that names no action, ``quoted`` as the player typed it (already quoted), in the
    language in force."""
    # Translators: the words "AS", "10H", "nil", "blind nil", "keep", "discard" and "look" are what a player types,
    # in every language.
    return _("{text} is not an action: a card such as AS or 10H, a bid 0 to 13, nil, blind nil, keep, discard or "
             "look", text=quoted)

RefusalKind = Literal["game_over", "not_an_action", "not_your_turn", "computer_seat", "illegal"]


@dataclass(frozen=True)
class Refusal:
    """Why an action may not be taken: a ``kind`` a program can act on (the room maps each to an error code)
    and the ``reason`` in the seat's own words, in the language in force when it was checked."""

    kind: RefusalKind
    reason: str


class Host:
    """A game with some seats played by the computer (``computers``: seat to bot); the others act through
    :meth:`act`."""

    def __init__(self, game: Game, computers: Mapping[int, Bot] | None = None) -> None:
        self.game = game
        self.computers: dict[int, Bot] = dict(computers or {})
        for seat in self.computers:
            self._check_seat(seat)

    def _check_seat(self, seat: int) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.game.n:
            raise PositionError(f"seat {seat!r} is not at this table")

    # -- acting ---------------------------------------------------------------------------------------------
    def check(self, seat: int, action: Action | str, *, person: bool = True) -> Action | Refusal:
        """Whether ``seat`` may take ``action`` now (an action, or its text as a player or a record writes it):
        the action, parsed, when it may; else the refusal. The one place that decides it, for the local table,
        the room's people and its computers alike. ``person``: a person acts, who may not act for a seat the
        computer is playing."""
        self._check_seat(seat)
        game = self.game
        if game.over:
            return Refusal("game_over", _("the game is over"))
        if isinstance(action, str):
            text = action
            try:
                action = parse_action(text)
            except ActionError:
                return Refusal("not_an_action", not_an_action(repr(text[:20])))
        if game.turn != seat:
            return Refusal("not_your_turn", _(NOT_YOUR_TURN))
        if person and seat in self.computers:
            return Refusal("computer_seat", _(COMPUTER_SEAT))
        reason = game.why_illegal(action)
        if reason is not None:
            return Refusal("illegal", reason)
        return action

    def act(self, seat: int, action: Action, *, person: bool = False) -> str | None:
        """Take ``action`` for ``seat``: None when it was applied, else the reason in the seat's own words
        ("it is not your turn", "you must follow hearts"), and then nothing has changed."""
        checked = self.check(seat, action, person=person)
        if isinstance(checked, Refusal):
            return checked.reason
        self.game.apply(checked)
        return None

    def computer_to_move(self) -> int | None:
        """The seat of a computer player that must act now, or None (a person's turn, or the game is over)."""
        game = self.game
        if game.over or game.turn not in self.computers:
            return None
        return game.turn

    def step(self) -> bool:
        """One computer action, decided from that seat's view; False when no computer is to move."""
        seat = self.computer_to_move()
        if seat is None:
            return False
        action = self.computers[seat].act(self.game.view(seat))
        reason = self.act(seat, action)
        if reason is not None:  # a bot's bug must not pass for a move, nor stall the table silently
            raise PositionError(f"the computer at seat {seat} chose {action}, which is not legal: {reason}")
        return True

    def set_computer(self, seat: int, bot: Bot | None) -> None:
        """The computer takes ``seat`` (``bot``), or hands it back to its person (None)."""
        self._check_seat(seat)
        if bot is None:
            self.computers.pop(seat, None)
        else:
            self.computers[seat] = bot

    # -- what the seats learn -------------------------------------------------------------------------------
    @property
    def cursor(self) -> int:
        """The number of public events so far."""
        return len(self.game.events)

    def events_since(self, cursor: int) -> tuple[Event, ...]:
        """The public events after the first ``cursor``."""
        events = self.game.events
        if not isinstance(cursor, int) or isinstance(cursor, bool) or not 0 <= cursor <= len(events):
            raise PositionError(f"cursor {cursor!r} is not between 0 and {len(events)}")
        return tuple(events[cursor:])

    def view(self, seat: int | None) -> SeatView:
        """What ``seat`` may know; None: a spectator, who sees what every seat sees (no hand)."""
        if seat is None or seat == SPECTATOR:
            return spectator_view(self.game.view(0))
        self._check_seat(seat)
        return self.game.view(seat)

    def update(self, seat: int | None, cursor: int) -> SeatUpdate:
        """Everything ``seat`` (None: a spectator) is missing after ``cursor`` events, and its view now."""
        events = self.events_since(cursor)
        return SeatUpdate(cursor + len(events), events, self.view(seat))

    # -- the local table's extras ---------------------------------------------------------------------------
    def undo(self, seat: int) -> tuple[Action, int] | str:
        """Take back ``seat``'s last action (looking at one's cards aside) and everything after it: the action
        and how many later actions went with it, or the reason nothing was taken back. Only for a table where
        every other seat is the computer: at a table of people it would take back their moves too."""
        self._check_seat(seat)
        game = self.game
        if game.over:
            return _("the game is over; nothing can be taken back")
        history = game.history
        mine = [i for i, (who, action) in enumerate(history) if who == seat and action is not Choice.LOOK]
        if not mine:
            return _("you have nothing to take back")
        index = mine[-1]
        game.truncate(index)
        return history[index][1], len(history) - index - 1

    def record(self, meta: dict[str, object] | None = None) -> dict[str, object]:
        """The engine's record of the game so far (for a finished game, the downloadable record)."""
        from .record import record_of

        return record_of(self.game, dict(meta or {}))
