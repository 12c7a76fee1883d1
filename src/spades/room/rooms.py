"""The room's live tables: the seats, the owner's moves before the start, and the game itself, played through a
``Host`` rebuilt from the table's rules, seed and stored actions.

The database orders each table's actions (see ``store.append_action``). To accept an action, a process catches up
from the database, checks the action on its Host, appends it as the next seq and commits; only then is it applied
and announced, on the bus, as "table N has actions up to seq S". A lost race (another process took that seq) means
catch up and check again. Every process with clients at the table catches up on a notice and sends each of its own
clients its update, so a server killed at any moment loses nothing a client was told.

Computer seats are played here, at the table's pace, each decision in a worker thread (a ``hard`` player can think
for most of a second, and the event loop must go on serving everyone else). A person's seat whose connection is
gone is covered by the computer (``normal``) once it has been their turn for the table's timeout; the seat is
handed back when they return, and the table is told both times.

Nothing here logs a card: actions are logged as seq numbers and event kinds only."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any

from ..actions import Action, Choice, parse_action
from ..bots import Bot, bot_seed, make_bot
from ..cards import CardSet
from ..errors import ActionError
from ..game import Game
from ..host import Host
from ..view import Phase
from ..wire import rules_from_json, rules_to_json, update_to_json
from ..words import announce as say
from ..words import seat as words
from . import protocol as p
from .bus import Bus, LocalBus
from .store import Player, Store, TableInfo, game_stats

__all__ = ["COVER_LEVEL", "Connection", "Room", "RoomError", "back_line"]

log = logging.getLogger("spades.room")

COVER_LEVEL = "normal"


class RoomError(Exception):
    """A client message the room refuses: the error code and the reason in the player's words."""

    def __init__(self, code: p.ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(eq=False)
class Connection:
    """One client's connection: who it is signed in as, the tables it is at (seat, or None to watch) and how many
    public events of each it has been sent. ``send`` queues a frame; the app writes them in order."""

    send: Callable[[str], None]
    player: Player | None = None
    tables: dict[int, int | None] = field(default_factory=dict)
    cursors: dict[int, int] = field(default_factory=dict)


@dataclass(eq=False)
class Live:
    """A table this process serves: its latest stored description and, once started, its Host."""

    info: TableInfo
    host: Host | None = None
    seq: int = 0  # actions applied to the host
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    covered: set[int] = field(default_factory=set)  # absent people's seats the computer plays
    timer: asyncio.Task[None] | None = None
    timer_for: tuple[int, int] | None = None  # (seat, seq) the timer waits on
    driver: asyncio.Task[None] | None = None
    notes: dict[int, tuple[int, str]] = field(default_factory=dict)  # by event index: a seat and its private line
    reviews: dict[tuple[int, int], list[str]] = field(default_factory=dict)  # (seat, hand): the coach's lines


def back_line(game: Game, seat: int | None) -> str:
    """Where the game stands, in one line, for a player back at the table."""
    if game.over:
        return "Back at the table: the game is over."
    view = game.view(seat if seat is not None else 0)
    if view.phase == Phase.PLAY:
        where = f"hand {view.hand_number}, trick {len(view.tricks) + 1}"
    elif view.phase == Phase.DRAW:
        where = f"hand {view.hand_number}, the draw"
    else:
        where = f"hand {view.hand_number}, the bidding"
    whose = "your turn" if view.turn == seat else f"{game.seat_name(view.turn)} to play"
    return f"Back at the table: {where}, {whose}."


def _apply(live: Live, action: Action) -> None:
    """Apply one action to the table's game; a draw's kept card is noted for its seat alone, as the terminal
    notes it, since the public event names only the card that went face up."""
    assert live.host is not None
    game = live.host.game
    seat, index = game.turn, len(game.events)
    drawing = action in (Choice.KEEP, Choice.DISCARD)
    before = game.view(seat).hand if drawing else None
    game.apply(action)
    if before is not None:
        line = say.kept_line(before, game.view(seat).hand or CardSet())
        if line is not None:
            live.notes[index] = (seat, line)


def _person_seats(info: TableInfo) -> dict[int, str]:
    return {s.seat: s.player for s in info.seats if s.player is not None}


def _bot(game: Game, seat: int, level: str, label: str = "player") -> Bot:
    return make_bot(level, seed=bot_seed(game.seed, label, seat))


class Room:
    """Every table this process serves and every connection it holds."""

    def __init__(self, store: Store, bus: Bus | None = None, *, base_url: str = "", pace: float = 1.0,
                 seeds: bool = False) -> None:
        self.store = store
        self.seeds = seeds  # whether a table's creator may choose its seed
        self.bus: Bus = bus or LocalBus()
        self.base_url = base_url
        self.pace = pace
        self.live: dict[int, Live] = {}
        self.connections: set[Connection] = set()

    async def start(self) -> None:
        await self.bus.start(self.on_notice)

    async def close(self) -> None:
        for live in self.live.values():
            for task in (live.timer, live.driver):
                if task is not None:
                    task.cancel()
        await self.bus.close()

    async def _db(self, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        return await asyncio.to_thread(function, *args, **kwargs)

    # -- tables ---------------------------------------------------------------------------------------------------
    async def _load(self, table_id: int) -> Live:
        live = self.live.get(table_id)
        if live is not None:
            return live
        info = await self._db(self.store.table, table_id)
        if info is None:
            raise RoomError(p.ErrorCode.NO_SUCH_TABLE, f"there is no table {table_id}")
        live = self.live.setdefault(table_id, Live(info))
        async with live.lock:
            await self._catch_up(live)
        return live

    async def _refresh(self, live: Live) -> None:
        """Read the table's seats and state again (another process, or this one, changed them)."""
        info = await self._db(self.store.table, live.info.id)
        if info is not None:
            live.info = info

    def _make_host(self, live: Live) -> Host:
        info = live.info
        game = Game(rules_from_json(info.rules), seed=seed_of(info.seed))
        computers = {s.seat: _bot(game, s.seat, s.level) for s in info.seats if s.player is None and s.level}
        return Host(game, computers)

    async def _catch_up(self, live: Live) -> bool:
        """Apply the actions other writers committed; True when there were any. Call under the table's lock."""
        if live.info.state == "waiting":
            await self._refresh(live)
            if live.info.state == "waiting":
                return False
        if live.host is None:
            live.host = self._make_host(live)
            live.seq = 0
        rows = await self._db(self.store.actions, live.info.id, live.seq)
        for row in rows:
            if row.seq != live.seq + 1:
                break
            _apply(live, parse_action(row.action))
            live.seq = row.seq
        return bool(rows)

    def _table_message(self, live: Live, reply_to: int | None = None) -> p.Table:
        info = live.info
        present = self._present(live)
        seats = [p.SeatInfo(seat=s.seat, player=s.player, level=s.level, connected=s.seat in present)
                 for s in info.seats]
        return p.Table(type="table", id=reply_to, table=info.id, owner=info.owner or None,
                       rules=p.RulesForm.model_validate(info.rules), seats=seats,
                       state=info.state, invite=f"{self.base_url}/tables/{info.id}")  # type: ignore[arg-type]

    def _present(self, live: Live) -> set[int]:
        return {seat for conn in self.connections for table, seat in conn.tables.items()
                if table == live.info.id and seat is not None}

    def _watchers(self, live: Live) -> list[Connection]:
        return [conn for conn in self.connections if live.info.id in conn.tables]

    def _send_update(self, live: Live, conn: Connection, cursor: int | None = None) -> None:
        host = live.host
        if host is None:
            return
        table = live.info.id
        seat = conn.tables.get(table)
        start = conn.cursors.get(table, 0) if cursor is None else cursor
        start = min(start, host.cursor)
        fresh = host.update(seat, start)
        update = update_to_json(fresh)
        conn.cursors[table] = update["cursor"]
        conn.send(p.encode(p.Update(type="update", table=table, seat=seat, **update,
                                    lines=words.seat_lines(fresh.view, host.game.events, start, live.notes),
                                    brief=words.seat_lines(fresh.view, host.game.events, start, live.notes,
                                                           verbose=False),
                                    prompt=words.prompt(fresh.view))))

    def _broadcast(self, live: Live) -> None:
        """Send each of this process's clients at the table what it has not had yet."""
        host = live.host
        if host is None:
            return
        for conn in self._watchers(live):
            if conn.cursors.get(live.info.id, 0) < host.cursor:
                self._send_update(live, conn)

    def _say(self, live: Live, text: str) -> None:
        frame = p.encode(p.Said(type="said", table=live.info.id, text=text))
        for conn in self._watchers(live):
            conn.send(frame)

    def _announce_table(self, live: Live, to: Connection | None = None, reply_to: int | None = None) -> None:
        """The table's seats and state to everyone at it; ``to`` gets it as the reply to its message."""
        frame = p.encode(self._table_message(live))
        for conn in self._watchers(live):
            if conn is not to:
                conn.send(frame)
        if to is not None:
            to.send(p.encode(self._table_message(live, reply_to)))

    async def on_notice(self, notice: dict[str, Any]) -> None:
        """The bus says a table changed (its actions, or its seats and state): catch up and tell our clients."""
        table = notice.get("table")
        live = self.live.get(table) if isinstance(table, int) else None
        if live is None:
            return
        async with live.lock:
            if notice.get("seq") is None:
                await self._refresh(live)
                self._announce_table(live)
            await self._catch_up(live)
            self._broadcast(live)
            await self._after_change(live)

    async def _changed(self, live: Live, seq: int | None = None) -> None:
        await self.bus.publish({"table": live.info.id, "seq": seq})

    # -- signing in --------------------------------------------------------------------------------------------
    async def welcome(self, conn: Connection, player: Player, reply_to: int | None,
                      token: str | None = None) -> None:
        conn.player = player
        if token is None:
            token, expires = await self._db(self.store.new_session, player)
        else:
            expires = None
        if expires is None:  # a resumed session keeps its token; its expiry is not re-read
            from datetime import UTC, datetime, timedelta

            from .auth import TOKEN_LIFETIME
            expires = datetime.now(UTC) + min(TOKEN_LIFETIME, timedelta(days=1))
        conn.send(p.encode(p.Welcome(type="welcome", id=reply_to, player=p.Player(name=player.name,
                                                                                  guest=player.guest),
                                     token=token, expires=expires)))

    async def return_to_seats(self, conn: Connection) -> None:
        """After resume: back to every table under way where the player sits, with the whole state."""
        assert conn.player is not None
        name = conn.player.name
        infos: list[TableInfo] = await self._db(self.store.tables, ("waiting", "playing"))
        for info in infos:
            for seat in info.seats:
                if seat.player == name:
                    live = await self._load(info.id)
                    await self._sit_back(conn, live, seat.seat)
                    break

    async def _sit_back(self, conn: Connection, live: Live, seat: int, reply_to: int | None = None) -> None:
        async with live.lock:
            await self._catch_up(live)
            conn.tables[live.info.id] = seat
            conn.cursors[live.info.id] = 0
            self._announce_table(live, conn, reply_to)
            if live.host is not None:
                self._send_update(live, conn, 0)
                conn.send(p.encode(p.Said(type="said", table=live.info.id, text=back_line(live.host.game, seat))))
                if seat in live.covered:
                    live.covered.discard(seat)
                    live.host.set_computer(seat, None)
                    self._say(live, f"{conn.player.name if conn.player else 'The player'} is back; "
                              "the computer hands the seat back.")
            await self._after_change(live)

    # -- the lobby and the seats ---------------------------------------------------------------------------------
    def _need_player(self, conn: Connection) -> Player:
        if conn.player is None:
            raise RoomError(p.ErrorCode.NOT_SIGNED_IN, "sign in first: register, login, guest or resume")
        return conn.player

    async def lobby(self) -> list[p.TableInfo]:
        infos: list[TableInfo] = await self._db(self.store.tables, ("waiting", "playing"))
        return [p.TableInfo(**self._table_message(Live(info)).model_dump(exclude={"type", "id"}))
                for info in infos]

    async def create(self, conn: Connection, message: p.Create) -> None:
        player = self._need_player(conn)
        rules = message.rules.to_rules()
        levels = message.seat_levels()
        for seat in levels:
            if seat >= rules.players:
                raise RoomError(p.ErrorCode.BAD_SEAT, f"a {rules.variant} table has seats 0 to {rules.players - 1}")
        settings: dict[str, Any] = {"pace": self.pace if message.pace is None else message.pace}
        if message.timeout is not None:
            settings["timeout"] = message.timeout
        if message.seed is not None and not self.seeds:
            raise RoomError(p.ErrorCode.BAD_MESSAGE, "this room does not take a table's seed (spades serve --seeds)")
        seed = message.seed if message.seed is not None else str(secrets.randbelow(2**63))
        info = await self._db(self.store.create_table, player, rules_to_json(rules), seed,
                              rules.players, levels, settings)
        live = self.live.setdefault(info.id, Live(info))
        conn.send(p.encode(self._table_message(live, message.id)))

    def _owner(self, live: Live, player: Player) -> None:
        if live.info.owner != player.name:
            raise RoomError(p.ErrorCode.NOT_OWNER, "only the table's owner may do that")

    def _waiting(self, live: Live) -> None:
        if live.info.state != "waiting":
            raise RoomError(p.ErrorCode.GAME_STARTED, "the game has started")

    @contextlib.asynccontextmanager
    async def _owners_waiting_table(self, conn: Connection, table: int) -> AsyncIterator[Live]:
        """A table its owner may still arrange (levels, removals, the start): signed in, the owner, not started;
        held under the table's lock, its seats read fresh from the database."""
        player = self._need_player(conn)
        live = await self._load(table)
        async with live.lock:
            await self._refresh(live)
            self._owner(live, player)
            self._waiting(live)
            yield live

    def _seat_of(self, live: Live, seat: int) -> Any:
        if not 0 <= seat < len(live.info.seats):
            raise RoomError(p.ErrorCode.BAD_SEAT, f"this table has seats 0 to {len(live.info.seats) - 1}")
        return live.info.seats[seat]

    async def _seat_change(self, live: Live, to: Connection, reply_to: int | None) -> None:
        await self._refresh(live)
        self._announce_table(live, to, reply_to)
        await self._changed(live)

    async def join(self, conn: Connection, message: p.Join) -> None:
        player = self._need_player(conn)
        live = await self._load(message.table)
        table = live.info.id
        if message.seat is None:
            async with live.lock:
                await self._catch_up(live)
                conn.tables[table] = None
                conn.cursors[table] = 0
                conn.send(p.encode(self._table_message(live, message.id)))
                self._send_update(live, conn, 0)
            return
        async with live.lock:
            await self._refresh(live)
            seat = self._seat_of(live, message.seat)
            mine = seat.player is not None and seat.player.casefold() == player.name.casefold()
        if mine:
            await self._sit_back(conn, live, message.seat, message.id)
            return
        async with live.lock:
            self._waiting(live)
            if seat.player is not None:
                raise RoomError(p.ErrorCode.SEAT_TAKEN, f"{seat.player} sits at seat {message.seat}")
            for other in live.info.seats:  # one seat a player at a table: moving frees the old one
                if other.player == player.name:
                    await self._db(self.store.set_seat, table, other.seat, None, other.level)
            taken = await self._db(self.store.set_seat, table, message.seat, player, seat.level, only_if_empty=True)
            if not taken:
                raise RoomError(p.ErrorCode.SEAT_TAKEN, f"seat {message.seat} was just taken")
            conn.tables[table] = message.seat
            conn.cursors[table] = 0
            await self._seat_change(live, conn, message.id)

    async def stand(self, conn: Connection, message: p.Stand) -> None:
        player = self._need_player(conn)
        live = await self._load(message.table)
        table = live.info.id
        async with live.lock:
            await self._refresh(live)
            mine = [s for s in live.info.seats if s.player == player.name]
            if table not in conn.tables and not mine:
                raise RoomError(p.ErrorCode.NOT_SEATED, "you are not at that table")
            conn.tables.pop(table, None)
            if live.info.state == "waiting":
                for seat in mine:
                    await self._db(self.store.set_seat, table, seat.seat, None, seat.level)
            await self._seat_change(live, conn, message.id)
            await self._after_change(live)

    async def set_level(self, conn: Connection, message: p.SetLevel) -> None:
        async with self._owners_waiting_table(conn, message.table) as live:
            seat = self._seat_of(live, message.seat)
            if seat.player is not None:
                raise RoomError(p.ErrorCode.SEAT_TAKEN, f"{seat.player} sits at seat {message.seat}")
            await self._db(self.store.set_seat, live.info.id, message.seat, None, message.level)
            await self._seat_change(live, conn, message.id)

    async def remove(self, conn: Connection, message: p.Remove) -> None:
        async with self._owners_waiting_table(conn, message.table) as live:
            seat = self._seat_of(live, message.seat)
            await self._db(self.store.set_seat, live.info.id, message.seat, None, seat.level)
            for other in self.connections:
                if other.tables.get(live.info.id) == message.seat:
                    other.tables[live.info.id] = None  # they may go on watching
            await self._seat_change(live, conn, message.id)

    async def start_game(self, conn: Connection, message: p.Start) -> None:
        async with self._owners_waiting_table(conn, message.table) as live:
            empty = [s.seat for s in live.info.seats if s.player is None and s.level is None]
            if empty:
                raise RoomError(p.ErrorCode.BAD_SEAT, "every seat needs a person or a computer level; empty: "
                                + ", ".join(map(str, empty)))
            if not await self._db(self.store.set_state, live.info.id, "playing", was="waiting"):
                raise RoomError(p.ErrorCode.GAME_STARTED, "the game has started")
            await self._refresh(live)
            await self._catch_up(live)
            self._announce_table(live, conn, message.id)
            self._broadcast(live)
            await self._changed(live)
            await self._after_change(live)

    # -- the game ------------------------------------------------------------------------------------------------
    async def act(self, conn: Connection, message: p.Act) -> None:
        player = self._need_player(conn)
        live = await self._load(message.table)
        seats = [s.seat for s in live.info.seats if s.player == player.name]
        if not seats:
            await self._refresh(live)
            seats = [s.seat for s in live.info.seats if s.player == player.name]
        if not seats:
            raise RoomError(p.ErrorCode.NOT_SEATED, "you have no seat at that table")
        seat = seats[0]
        try:
            action = parse_action(message.action)
        except ActionError as error:
            raise RoomError(p.ErrorCode.ILLEGAL, str(error)) from None
        async with live.lock:
            await self._catch_up(live)
            if live.host is None:
                raise RoomError(p.ErrorCode.NOT_STARTED, "the game has not started yet")
            if message.cursor != live.host.cursor:
                conn.send(p.encode(p.Error(type="error", id=message.id, code=p.ErrorCode.OUT_OF_DATE,
                                           message=f"the table has {live.host.cursor} events, not "
                                           f"{message.cursor}; the update follows")))
                conn.tables.setdefault(live.info.id, seat)
                self._send_update(live, conn, min(message.cursor, live.host.cursor))
                return
            await self._commit(live, seat, action, person=True)

    async def _commit(self, live: Live, seat: int, action: Action, *, person: bool) -> None:
        """Check and store one action, under the table's lock; then apply, announce, and go on."""
        host = live.host
        assert host is not None
        while True:
            game = host.game
            if game.over:
                raise RoomError(p.ErrorCode.GAME_OVER, "the game is over")
            if game.turn != seat:
                raise RoomError(p.ErrorCode.NOT_YOUR_TURN, "it is not your turn")
            if person and seat in live.covered:
                raise RoomError(p.ErrorCode.NOT_YOUR_TURN, "the computer is playing this seat; rejoin the table")
            reason = game.why_illegal(action)
            if reason is not None:
                raise RoomError(p.ErrorCode.ILLEGAL, reason)
            text = action_text_of(action)
            if await self._db(self.store.append_action, live.info.id, live.seq + 1, seat, text):
                break
            log.info("table %s: seq %s was taken by another process; catching up", live.info.id, live.seq + 1)
            await self._catch_up(live)
        _apply(live, action)
        live.seq += 1
        log.debug("table %s: action seq %s accepted", live.info.id, live.seq)
        self._broadcast(live)
        await self._changed(live, live.seq)
        await self._after_change(live)

    async def _after_change(self, live: Live) -> None:
        """What follows any change: finish a game that is over, let the computer move, watch for absence."""
        host = live.host
        if host is None:
            return
        if host.game.over:
            if live.info.state != "over":
                await self._finish(live)
            return
        if host.computer_to_move() is not None and (live.driver is None or live.driver.done()):
            live.driver = asyncio.create_task(self._drive(live))
        self._watch_absence(live)

    async def _finish(self, live: Live) -> None:
        host = live.host
        assert host is not None
        people = _person_seats(live.info)
        registered = {}
        for seat, name in people.items():
            player = await self._db(self.store.player, name)
            if player is not None and not player.guest:
                registered[seat] = player.name
        record = host.record({"table": live.info.id, "players": {str(s): n for s, n in people.items()}})
        stats = game_stats(host.game, registered)
        if await self._db(self.store.finish, live.info.id, record, stats):
            log.info("table %s: game over after %s actions", live.info.id, live.seq)
        await self._refresh(live)
        self._announce_table(live)

    async def _drive(self, live: Live) -> None:
        """Play the computer seats while it is their turn, at the table's pace, deciding in a worker thread."""
        pace = float(live.info.settings.get("pace", self.pace))
        try:
            while True:
                host = live.host
                if host is None or host.game.over:
                    return
                seat = host.computer_to_move()
                if seat is None:
                    return
                if pace > 0:
                    await asyncio.sleep(pace)
                cursor = host.cursor
                bot = host.computers.get(seat)
                if bot is None or host.computer_to_move() != seat:
                    continue
                view = host.game.view(seat)
                action = await asyncio.to_thread(bot.act, view)
                async with live.lock:
                    await self._catch_up(live)
                    if host.cursor != cursor or host.computer_to_move() != seat:
                        continue  # the table moved on meanwhile (another process, a person back)
                    try:
                        await self._commit_quiet(live, seat, action)
                    except RoomError:
                        continue
        except asyncio.CancelledError:
            raise
        except Exception as error:  # the reason may name a card: only its kind is logged
            log.error("table %s: the computer player failed (%s)", live.info.id, type(error).__name__)

    async def _commit_quiet(self, live: Live, seat: int, action: Action) -> None:
        host = live.host
        assert host is not None
        game = host.game
        if game.turn != seat or game.why_illegal(action) is not None:
            raise RoomError(p.ErrorCode.ILLEGAL, "stale")
        if not await self._db(self.store.append_action, live.info.id, live.seq + 1, seat, action_text_of(action)):
            await self._catch_up(live)
            self._broadcast(live)
            raise RoomError(p.ErrorCode.NOT_YOUR_TURN, "taken")
        _apply(live, action)
        live.seq += 1
        self._broadcast(live)
        await self._changed(live, live.seq)
        if game.over and live.info.state != "over":
            await self._finish(live)
        else:
            self._watch_absence(live)

    # -- absence -------------------------------------------------------------------------------------------------
    def _watch_absence(self, live: Live) -> None:
        host = live.host
        if host is None or host.game.over:
            return
        turn = host.game.turn
        people = _person_seats(live.info)
        absent = turn in people and turn not in live.covered and turn not in self._present(live)
        if absent:
            if live.timer is not None and not live.timer.done() and live.timer_for == (turn, live.seq):
                return
            if live.timer is not None:
                live.timer.cancel()
            live.timer_for = (turn, live.seq)
            live.timer = asyncio.create_task(self._cover_later(live, turn, live.seq))
        elif live.timer is not None:
            live.timer.cancel()
            live.timer = None
            live.timer_for = None

    async def _cover_later(self, live: Live, seat: int, seq: int) -> None:
        await asyncio.sleep(float(live.info.settings.get("timeout", 60)))
        async with live.lock:
            await self._catch_up(live)
            host = live.host
            if host is None or host.game.over or live.seq != seq or host.game.turn != seat:
                return
            if seat in self._present(live) or seat in live.covered:
                return
            live.covered.add(seat)
            host.set_computer(seat, _bot(host.game, seat, COVER_LEVEL, "cover"))
            name = _person_seats(live.info).get(seat, host.game.seat_name(seat))
            self._say(live, f"{name} is away; the computer plays for them until they return.")
            log.info("table %s: seat %s covered by the computer", live.info.id, seat)
            live.timer = None
            await self._after_change(live)

    async def left(self, conn: Connection) -> None:
        """The connection is gone: its seats become absent (the timeout starts when it is their turn)."""
        self.connections.discard(conn)
        for table in list(conn.tables):
            live = self.live.get(table)
            if live is None:
                continue
            async with live.lock:
                self._announce_table(live)
                self._watch_absence(live)
        conn.tables.clear()

    # -- sync ----------------------------------------------------------------------------------------------------
    async def ask(self, conn: Connection, message: p.Ask) -> None:
        """Answer a reading key in the terminal's words, from the asker's seat (or as a spectator)."""
        self._need_player(conn)
        live = await self._load(message.table)
        if live.host is None:
            raise RoomError(p.ErrorCode.NOT_STARTED, "the game has not started yet")
        host = live.host
        view = host.view(conn.tables.get(live.info.id))
        action = None
        if message.key == "C":
            lines = await self._coach(live, view.seat, words.coach_refusal(view, message.hand), message.hand)
            conn.send(p.encode(p.Said(type="said", id=message.id, table=live.info.id, text=lines[0][:p.MESSAGE_MAX],
                                      lines=[line[:p.MESSAGE_MAX] for line in lines[:p.COACH_LINES]])))
            return
        if message.key == "x":  # the terminal's adviser: normal, seeded for the seat's hints
            adviser = make_bot("normal", seed=bot_seed(host.game.seed, "hint", view.seat))
            text, suggested = await asyncio.to_thread(words.hint, view, host.game.events, adviser, message.hand)
            action = None if suggested is None else action_text_of(suggested)
        else:
            text = words.answer(view, host.game.events, message.key, message.hand)
        conn.send(p.encode(p.Said(type="said", id=message.id, table=live.info.id, text=text[:p.MESSAGE_MAX],
                                  action=action)))

    async def _coach(self, live: Live, seat: int, refusal: str | None, hand: int | None) -> list[str]:
        """The coach's lines for ``seat`` about the finished ``hand`` (or the refusal), reviewed once per seat and
        hand (the room takes nothing back, so a finished hand's review never changes). The search runs in a worker
        thread on a copy of the game, so the table plays on meanwhile."""
        if refusal is not None or hand is None or live.host is None:
            return [refusal or "There is no hand to review."]
        key = (seat, hand)
        if key not in live.reviews:
            game = live.host.game.clone()  # taken here, on the loop, where the table's actions are applied
            live.reviews[key] = await asyncio.to_thread(words.coach, game, seat, hand)
        return live.reviews[key]

    async def sync(self, conn: Connection, message: p.Sync) -> None:
        player = self._need_player(conn)
        live = await self._load(message.table)
        table = live.info.id
        if table not in conn.tables:
            mine = [s.seat for s in live.info.seats if s.player == player.name]
            if not mine:
                raise RoomError(p.ErrorCode.NOT_SEATED, "join the table first (with a seat, or to watch)")
            await self._sit_back(conn, live, mine[0])
        async with live.lock:
            await self._catch_up(live)
            if live.host is None:
                raise RoomError(p.ErrorCode.NOT_STARTED, "the game has not started yet")
            self._send_update(live, conn, min(message.cursor, live.host.cursor))


def seed_of(text: str) -> int | str:
    """A stored seed as ``spades play --seed`` reads it (a number is a number), so that a table given a seed deals
    and its computer players decide exactly as at the local table with that seed."""
    return int(text) if text.lstrip("-").isdigit() else text


def action_text_of(action: Action) -> str:
    from ..wire import action_text

    return action_text(action)


async def cancel(task: asyncio.Task[None] | None) -> None:
    if task is not None:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task
