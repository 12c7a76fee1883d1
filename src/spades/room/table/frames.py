"""The ``update`` frames of one table, built for each connection from what it has not had yet.

An action makes a frame for every connection at the table, and most of each frame is the same for all of them,
or the same as after the last action: the public events since a cursor, the game's rules, its finished hands'
results and the hand's finished tricks. A ``Batch`` (one publish: one state of the game) converts the events once
for all the connections that start at the same cursor and encodes a spectator's frame once for every spectator;
the table's ``WireMemo`` keeps the rules, results and tricks converted from one action to the next. What is left
per seat is its view's own fields and what it hears (its lines, its prompt, why a card may not be played): the
seats' views themselves share what every seat sees (``view.Views``), and so does their wire form.

What a frame says is in the language of the connection it is for: each seat's words are made in it, and the
spectators' frame once for each language among them (the events, views and the rest are the same in all). A seat's
own notes (the card it kept in the draw, the cards of a Nil pass) are kept as what makes them, and made once in
each language they are heard in (``Notes``).

The frames are the protocol's ``Update`` message exactly (``protocol.Update`` is its schema; a test holds the two
to each other over whole games), written with orjson rather than through the pydantic model, which checks what
the room built itself and costs several times more."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import Any

import orjson

from ...host import Host
from ...language import DEFAULT, current, speaking
from ...view import SeatView, Views
from ...wire import WireMemo, event_to_json, spectator_view, view_to_json
from ...words import seat as words

__all__ = ["Batch", "Notes", "TableFrames"]


class Notes(Mapping[int, tuple[int, str]]):
    """A table's private lines by event index: the seat each is for, and its words in the language in force, each
    made once a language (a note is made when it is first heard in that language, then kept)."""

    def __init__(self) -> None:
        self._makers: dict[int, tuple[int, Callable[[], str | None]]] = {}
        self._made: dict[str, dict[int, tuple[int, str]]] = {}

    def add(self, index: int, seat: int, make: Callable[[], str | None]) -> None:
        """The note of event ``index`` for ``seat``: ``make()`` says it in the language in force."""
        self._makers[index] = (seat, make)

    def __getitem__(self, index: int) -> tuple[int, str]:
        language = current()
        made = self._made.setdefault(language, {})
        found = made.get(index)
        if found is None:
            seat, make = self._makers[index]
            found = made[index] = (seat, make() or "")
        return found

    def get(self, index: int, default: Any = None) -> Any:  # most events have no note: no KeyError raised for them
        return self[index] if index in self._makers else default

    def __contains__(self, index: object) -> bool:
        return index in self._makers

    def __iter__(self) -> Iterator[int]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


class TableFrames:
    """What one table's frames keep from one action to the next."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id
        self.memo = WireMemo()

    def batch(self, host: Host, notes: Mapping[int, tuple[int, str]], timed: Collection[int] = (),
              clock: dict[str, Any] | None = None) -> Batch:
        """The frames of the game as it stands now (make a new batch after the next action): ``timed``, the
        events of actions the computer took as a seat's time ran out; ``clock``, the table's clock now."""
        return Batch(self, host, notes, timed, clock)


class Batch:
    """The frames of one state of a table's game: the events from each cursor and every spectator's frame are
    made once."""

    def __init__(self, frames: TableFrames, host: Host, notes: Mapping[int, tuple[int, str]],
                 timed: Collection[int] = (), clock: dict[str, Any] | None = None) -> None:
        self.frames = frames
        self.host = host
        self.notes = notes
        self.timed = timed
        self.clock = clock
        self._events: dict[int, list[dict[str, Any]]] = {}
        self._watching: dict[tuple[int, str], tuple[int, str]] = {}  # by cursor and language
        self._views = Views(host.game)
        self._spectator: SeatView | None = None

    def view(self, seat: int | None) -> SeatView:
        """The seat's view (None: a spectator's), each made once and all sharing what every seat sees."""
        if seat is not None:
            return self._views[seat]
        if self._spectator is None:
            self._spectator = spectator_view(self._views[0])
        return self._spectator

    def events(self, start: int) -> list[dict[str, Any]]:
        found = self._events.get(start)
        if found is None:
            found = self._events[start] = [event_to_json(e) for e in self.host.events_since(start)]
        return found

    def update(self, seat: int | None, start: int, reply_to: int | None = None,
               language: str = DEFAULT) -> tuple[int, str]:
        """The cursor after the update and the frame of ``seat`` (None: a spectator) from cursor ``start``, its
        words in ``language``."""
        if seat is None and reply_to is None:
            found = self._watching.get((start, language))
            if found is None:
                found = self._watching[start, language] = self._make(None, start, None, language)
            return found
        return self._make(seat, start, reply_to, language)

    def _make(self, seat: int | None, start: int, reply_to: int | None, language: str) -> tuple[int, str]:
        if language == current():
            return self._frame(seat, start, reply_to)
        with speaking(language):
            return self._frame(seat, start, reply_to)

    def _frame(self, seat: int | None, start: int, reply_to: int | None) -> tuple[int, str]:
        host = self.host
        view = self.view(seat)
        events = self.events(start)
        cursor = start + len(events)
        history = host.game.events
        message: dict[str, Any] = {
            "type": "update", "table": self.frames.table_id, "seat": seat, "cursor": cursor, "events": events,
            "view": view_to_json(view, self.frames.memo),
            "lines": words.seat_lines(view, history, start, self.notes, timed=self.timed),
            "brief": words.seat_lines(view, history, start, self.notes, verbose=False, timed=self.timed),
            "prompt": words.prompt(view)}
        if reply_to is not None:
            message["id"] = reply_to
        unplayable = words.unplayable(view, host.game)
        if unplayable is not None:
            message["unplayable"] = unplayable
        if self.clock is not None:
            message["clock"] = self.clock
        timed = [index for index in range(start, cursor) if index in self.timed]
        if timed:
            message["timed"] = timed
        return cursor, orjson.dumps(message).decode()
