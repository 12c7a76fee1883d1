"""A table's turn clock as the table keeps it: each seat's bank and the turn running now, worked out from the
moments its actions were stored.

Nothing of the clock is stored beside the actions: each action's row has the moment it was stored, and the clock
of a game is a function of those moments (a turn starts when the action before it is stored; what it takes past
its own seconds comes out of the seat's bank). So every process that applies the same actions runs the same clock,
and a room restarted from its store counts on from the same deadline. The clock runs for a person's turn only: a
computer's seat, or a person's the computer covers while they are away, is not timed. The one warning and the
computer's action when time runs out are the clock's listener's (``room.clocks``), not the table's."""

from __future__ import annotations

import time
from collections.abc import Iterable
from typing import Any

from ...host import Host
from ...tournament.clock import Clock, Turn
from ..store import StoredSeat

__all__ = ["TableClock"]


class TableClock:
    """The clock of one table, or none (``running`` False) at a table that has no clock."""

    def __init__(self, setting: dict[str, Any] | None) -> None:
        self.clock = Clock(float(setting["per_action"]), float(setting["bank"])) if setting else None
        self.more_time = bool(setting.get("more_time", True)) if setting else False
        self.banks: dict[int, float] = {}  # by seat: what is left of its bank, once it has had a turn
        self.turn: Turn | None = None
        self.seat: int | None = None  # whose turn runs

    @property
    def running(self) -> bool:
        return self.clock is not None

    def reset(self) -> None:
        self.banks.clear()
        self.turn, self.seat = None, None

    def bank(self, seat: StoredSeat | None) -> float:
        """What the seat's bank holds now: its start (doubled for a person who asked for more time, where the
        clock allows it) until its first turn ends."""
        assert self.clock is not None
        if seat is not None and seat.seat in self.banks:
            return self.banks[seat.seat]
        return self.clock.bank_for(self.more_time and seat is not None and seat.more_time)

    def acted(self, seat: int, at: float) -> None:
        """The seat acted at ``at``: its turn ends, and what it took past its seconds comes out of its bank."""
        if self.turn is not None and self.seat == seat:
            self.banks[seat] = self.turn.bank_after(at)
        self.turn, self.seat = None, None

    def follow(self, host: Host, seats: Iterable[StoredSeat], at: float) -> None:
        """The turn that runs now: started at ``at`` if it is a person's and is not running already; none when
        the seat to move is the computer's, or the game is over."""
        if self.clock is None:
            return
        game = host.game
        turn = None if game.over else game.turn
        if turn is None or turn in host.computers:
            self.turn, self.seat = None, None
            return
        if self.turn is not None and self.seat == turn:
            return
        stored = next((s for s in seats if s.seat == turn), None)
        self.turn, self.seat = self.clock.turn(at, self.bank(stored)), turn

    def state(self, players: int, seats: Iterable[StoredSeat], host: Host, now: float | None = None) -> dict[str,
                                                                                                          Any] | None:
        """The clock as the seat's update carries it (``protocol.ClockState``), or None at a table without one."""
        if self.clock is None:
            return None
        now = time.time() if now is None else now
        by_seat = {s.seat: s for s in seats}
        banks: list[float | None] = []
        for seat in range(players):
            stored = by_seat.get(seat)
            if stored is None or stored.player is None or seat in host.computers:
                banks.append(None)
            elif self.turn is not None and self.seat == seat:
                banks.append(round(min(self.turn.bank, self.turn.left(now)), 1))
            else:
                banks.append(round(self.bank(stored), 1))
        running = self.turn is not None
        return {"turn": self.seat if running else None,
                "left": round(self.turn.left(now), 1) if self.turn is not None else None,
                "deadline": round(self.turn.deadline, 3) if self.turn is not None else None,
                "banks": banks}
