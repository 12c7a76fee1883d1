"""The tournament director: pairs each round by standing, makes and starts its tables, tells every entrant where
they sit, records each match's result as its game ends, and ends the tournament after its last round.

It listens to the tables (``GameOver``) and never reaches into them: a round's tables are made in the store in the
same transaction as its pairing (so a round is paired once in the room, and nobody is seated twice), then started
as any table is. One process directs a tournament at a time, by a lease in the database that it renews while it
lives; every process sweeps the open tournaments every few seconds, so when the directing process dies another
takes the lease over once it runs out, reads the finished games' records for the results it had not stored, and
the round goes on. People are seated by the processes that hold their connections (a notice on the bus); an
entrant who is not there is played for by the computer under the table's cover rule."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import os
from typing import Any

from ...events import BidMade, CardPlayed
from ...language import _, listed
from ...record import game_from_record
from ...rules import Rules
from ...seats import seat_words
from ...tournament import duplicate, knockout, solo, swiss
from ...wire import rules_from_json, rules_to_json
from .. import protocol as p
from ..lobby import seating
from ..lobby.queue import sit_down
from ..store import tournaments as stored
from ..store.friends import blocked_names_between
from ..table.connections import in_language, send_each
from ..table.events import GameOver
from ..table.room import Room
from .views import played, played_solo, tournament_message

__all__ = ["LEASE", "SWEEP", "Director", "director_of", "install", "seating_line"]

log = logging.getLogger("spades.room")

LEASE = 15.0  # seconds a process directs a tournament without renewing
SWEEP = 2.0  # seconds between the sweeps of the open tournaments
NOTICE = "tournament_seats"
_DIRECTORS: dict[int, Director] = {}


def seating_line(rules: Rules, round_: int, rounds: int, number: int, seats: dict[str, int], name: str,
                 board: int | None = None) -> str:
    """"Round 2 of 4: table 3, you sit North with Bob against Cy and Di." (a duplicate's: "Round 2 of 4, board 5:
    ..."), in the language in force."""
    by_seat = {seat: person for person, seat in seats.items()}
    mine = seats[name]
    fields: dict[str, object] = {"round": round_, "rounds": rounds, "board": board, "table": number,
                                 "seat": seat_words(mine, rules.players)}
    if not rules.partnerships:
        fields["others"] = listed([by_seat.get(s) or _("the computer") for s in range(rules.players) if s != mine])
        if board is not None:
            return _("Round {round} of {rounds}, board {board}: table {table}, you sit {seat} against {others}.",
                     **fields)
        return _("Round {round} of {rounds}: table {table}, you sit {seat} against {others}.", **fields)
    fields["partner"] = by_seat.get((mine + 2) % 4) or _("the computer")
    fields["others"] = listed([by_seat.get(s) or _("the computer") for s in range(4) if s % 2 != mine % 2])
    if board is not None:
        return _("Round {round} of {rounds}, board {board}: table {table}, you sit {seat} with {partner} against "
                 "{others}.", **fields)
    return _("Round {round} of {rounds}: table {table}, you sit {seat} with {partner} against {others}.", **fields)


class Director:
    def __init__(self, room: Room) -> None:
        self.room = room
        self.task: asyncio.Task[None] | None = None
        self.busy = asyncio.Lock()

    @property
    def holder(self) -> str:
        """This process in the director's lease: its pid, then the room's own mark."""
        return f"{os.getpid()}:{self.room.origin}"

    def start(self) -> None:
        if self.task is None:
            self.task = asyncio.create_task(self._sweep())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def _sweep(self) -> None:
        while True:
            try:
                for tournament_id in await self.room.db(stored.open_tournaments, self.room.store):
                    await self.advance(tournament_id)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.error("the tournament director failed (%s: %s)", type(error).__name__, error)
            await asyncio.sleep(SWEEP)

    async def game_over(self, event: GameOver) -> None:
        tournament_id = await self.room.db(stored.tournament_of_table, self.room.store, event.table)
        if tournament_id is None:
            return
        record = await self.room.db(self.room.store.record, event.table)
        if record is not None and await self.room.db(
                stored.record_result, self.room.store, event.table, _halves(event.winner), tuple(event.scores),
                mostly_covered(record)):
            await self.tell(tournament_id)  # each result as it comes, not only each round's end
        await self.advance(tournament_id)

    async def advance(self, tournament_id: int) -> None:
        """Move the tournament on if this process holds its lease: results read from finished games, the next
        round paired and seated once every match of this one has a result, or the end after the last round."""
        room = self.room
        async with self.busy:
            lease = await room.db(stored.take_lease, room.store, tournament_id, self.holder, LEASE)
            if lease is None:
                return
            state = await room.db(stored.tournament, room.store, tournament_id)
            if state is not None and state.state == "entry" and state.settings.get("starts_at") \
                    and await room.db(stored.start_if_due, room.store, tournament_id):
                await self.tell(tournament_id)
                state = await room.db(stored.tournament, room.store, tournament_id)
            if state is None or state.state != "running":
                return
            if lease == "taken over":
                log.info("tournament %s: directed here from now on", tournament_id)
            pending = [m for m in state.round_matches(state.round) if m.ns_halves is None]
            for match in pending:
                if not any(o.number == match.number and (o.board or 0) < (match.board or 0) for o in pending):
                    # a duplicate's next board at a table starts once the one before it there is played
                    await self.adopt(state, match, taken_over=lease == "taken over")
            for match in pending:
                record = await room.db(room.store.record, match.table)
                if record is None:
                    return  # still being played
                result = record["result"]
                await room.db(stored.record_result, room.store, match.table, _halves(result["winner"]),
                              tuple(result["scores"]), mostly_covered(record))
            state = await room.db(stored.tournament, room.store, tournament_id)
            assert state is not None
            rounds = int(state.settings["rounds"])
            if state.round >= rounds:
                if await room.db(stored.finish, room.store, tournament_id):
                    log.info("tournament %s is over", tournament_id)
                    await self.tell(tournament_id)
                return
            await self.pair(state)

    async def adopt(self, state: stored.TournamentState, match: stored.Match, *, taken_over: bool) -> None:
        """A table of the round not finished: started if the director that paired it died before it could; and
        once the directing process has died, served here from now on, its people not connected here marked away
        quietly (a process holding their connection claims them back), so the computer covers the absent under the
        table's cover rule and the game goes on to its end."""
        room = self.room
        info = await room.db(room.store.table, match.table)
        if info is None:
            return
        if info.state == "waiting":
            seats = {s.player: s.seat for s in info.seats if s.player is not None}
            await self.start_table(state, match.round, match.table, match.number, seats, match.board)
            return
        if not taken_over or info.state != "playing":
            return
        table = await room.table(match.table)
        async with table.lock:
            await table.refresh()
            present = room.connections.present(table.id)
            away = [s.seat for s in table.info.seats if s.player is not None and s.seat not in present]
            for seat in away:
                await room.db(room.store.set_away, table.id, seat, "restart", only_if_present=True)
            await table.refresh(mine=away)
            await table.catch_up()
            await table.after_change()
            await table.changed()

    async def apart(self, state: stored.TournamentState) -> set[tuple[int, int]]:
        """The entries one of whose players blocks one of the other's: the Swiss keeps them from meeting when it
        can."""
        numbers = {name.casefold(): e.number for e in state.entries if e.number is not None for name in e.players}
        pairs = await self.room.db(blocked_names_between, self.room.store, sorted(numbers))
        return {(numbers[a], numbers[b]) for a, b in pairs if numbers[a] != numbers[b]}

    async def pair(self, state: stored.TournamentState) -> None:
        """The next round: a Swiss's by standing, a knockout's from the bracket's winners, a duplicate's from the
        Mitchell movement (every board of it made now, each table's first started)."""
        room = self.room
        entries = sum(e.number is not None for e in state.entries)
        rounds = int(state.settings["rounds"])
        round_ = state.round + 1
        bye, table_rules = None, None
        if state.format == "knockout":
            bracket_now = bracket(state)
            specs = [stored.MatchSpec(m.number, m.first, m.second) for m in bracket_now.matches(round_)
                     if m.first is not None and m.second is not None]
        elif state.format == "duplicate":
            tables, seed = entries // 2, str(state.settings["seed"])
            specs = [stored.MatchSpec(s.table, s.ns_pair, tables + s.ew_pair, board, duplicate.board_seed(seed, board))
                     for s in duplicate.mitchell(tables, int(state.settings["boards"]), rounds) if s.round == round_
                     for board in s.boards]
            table_rules = rules_to_json(duplicate.board_rules(rules_from_json(state.rules)))
        elif not state.settings.get("pairs", True):
            size = rules_from_json(state.rules).players
            specs = [stored.MatchSpec(n, s.seats[0] or 0, s.seats[1] or 0, seats=s.seats)
                     for n, s in enumerate(solo.group_round(entries, size, played_solo(state)), 1)]
        else:
            pairing = swiss.pair_round(entries, rounds, played(state), await self.apart(state))
            specs = [stored.MatchSpec(n, m.ns, m.ew) for n, m in enumerate(pairing.matches, 1)]
            bye = pairing.bye.entry if pairing.bye else None
        table_settings: dict[str, Any] = {"pace": room.pace, "autostart": False,
                                          "timeout": float(state.settings.get("timeout", 60))}
        if state.settings.get("clock"):
            table_settings["clock"] = state.settings["clock"]
        paired = await room.db(stored.pair_round, room.store, state.id, round_, specs, bye, table_settings,
                               table_rules)
        if paired is None:
            return  # another process paired it
        log.info("tournament %s: round %s paired: %s games", state.id, paired.round, len(paired.tables))
        first: dict[int, tuple[int, int, int, dict[str, int]]] = {}
        for table_id, number, board, seats in paired.tables:
            if number not in first or (board or 0) < first[number][2]:
                first[number] = (table_id, number, board or 0, seats)
        for table_id, number, board, seats in first.values():
            await self.start_table(state, paired.round, table_id, number, seats, board or None)
        await self.tell(state.id)

    async def start_table(self, state: stored.TournamentState, round_: int, table_id: int, number: int,
                          seats: dict[str, int], board: int | None = None) -> None:
        """Start a table of the round (once in the room: a table started already stays as it is) and seat its
        people wherever they are connected, each told where they sit."""
        room = self.room
        table = await room.table(table_id)
        async with table.lock:
            await table.refresh()
            if table.info.state != "waiting":
                return
            await seating.begin(table)
        rounds = int(state.settings["rounds"])
        await room.bus.publish({NOTICE: state.id, "table": table_id, "round": round_, "rounds": rounds,
                                "number": number, "seats": seats, "rules": state.rules, "board": board,
                                "from": room.origin})
        await self.seat(table_id, round_, rounds, number, seats, rules_from_json(state.rules), board)

    async def seat(self, table_id: int, round_: int, rounds: int, number: int, seats: dict[str, int],
                   rules: Rules, board: int | None = None) -> None:
        """Seat this process's connections of the table's people, each told where they sit."""
        for name, seat in seats.items():
            for conn in self.room.connections.of_player(name):
                line = in_language(conn, functools.partial(seating_line, rules, round_, rounds, number, seats, name,
                                                           board))
                with contextlib.suppress(p.Refusal):
                    await sit_down(self.room, conn, table_id, seat, line)

    async def tell(self, tournament_id: int) -> None:
        """Every entrant, and the director, connected here hear the tournament as it stands."""
        state = await self.room.db(stored.tournament, self.room.store, tournament_id)
        if state is None:
            return
        names = {n for e in state.entries for n in e.players} | {state.director}
        # its sentence in each one's language, made once for each language among them
        send_each([conn for name in names for conn in self.room.connections.of_player(name)],
                  lambda: p.encode(tournament_message(state)))


def mostly_covered(record: dict[str, Any]) -> tuple[int, ...]:
    """The seats whose person the computer played for more than half of that seat's actions in a finished game
    (its record's ``meta.covered`` counts them): the game counts, and is marked."""
    covered = record.get("meta", {}).get("covered", {})
    if not covered:
        return ()
    game = game_from_record(record)
    acted: dict[int, int] = {}
    for event in game.events:
        if isinstance(event, (BidMade, CardPlayed)):
            acted[event.seat] = acted.get(event.seat, 0) + 1
    return tuple(sorted(int(seat) for seat, count in covered.items()
                        if int(count) * 2 > acted.get(int(seat), 0) > 0))


def bracket(state: stored.TournamentState) -> knockout.Bracket[int]:
    """A knockout's bracket of its entries (numbered by rating, best first) with the winners recorded so far."""
    entries = sorted(e.number for e in state.entries if e.number is not None)
    drawn = knockout.Bracket(entries)
    for round_ in range(1, state.round + 1):
        for match in state.round_matches(round_):
            if match.ns_halves is not None:  # level after a fixed number of hands cannot be: the higher seed goes on
                drawn.record(round_, match.number, match.ew if match.ns_halves == 0 else match.ns)
    return drawn


def _halves(winner: int | None) -> int:
    return 1 if winner is None else 2 if winner == 0 else 0


def director_of(room: Room) -> Director:
    found = _DIRECTORS.get(id(room))
    if found is None:
        found = _DIRECTORS[id(room)] = Director(room)
    return found


def install(room: Room) -> None:
    director = director_of(room)
    room.events.subscribe(GameOver, director.game_over, made_here=True)

    async def notice(room_: Room, message: dict[str, Any]) -> None:
        if message.get("from") == room_.origin:
            return
        board = message.get("board")
        await director.seat(int(message["table"]), int(message["round"]), int(message["rounds"]),
                            int(message["number"]), dict(message["seats"]), rules_from_json(message["rules"]),
                            board if isinstance(board, int) else None)

    room.on_notice_key(NOTICE, notice)
    room.closing.append(director.stop)
    room.starting.append(director.start)
