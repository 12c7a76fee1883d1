"""``RemoteLink``: one seat at a table of the online room, as the terminal table's ``SeatLink``.

The console is synchronous and reads keys; the room is a websocket. So the link runs the async ``RoomClient`` on
an event loop in a background thread, and every frame for its table is put in an inbox. The console's thread
takes the inbox in ``wait``, ``act`` and ``notices`` only, so the view and the events it reads never change under
it between two of its own calls.

When the connection drops, the link says "Connection lost; reconnecting.", tries again with growing pauses,
signs in again with its session token and asks for everything after its cursor; the room then says where the
game stands ("Back at the table: hand 3, trick 5, your turn."). Nothing is lost: the room keeps the game.

A room that is slow or silent is waited for the same way, never with a traceback: a message the room has not
answered in ``ANSWER_TIMEOUT`` seconds (``SPADES_JOIN_WAIT`` sets another length: the tests of a slow room wait a
second, not twenty) is said ("The room has not answered in 20 seconds; ...") and waited for again, sent again on
a new connection when the first was lost, up to ``TRIES`` times; then ``spades join`` ends with a sentence saying
so. Only an address where nothing listens (or no room speaks) ends at once: no wait would change it.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import contextvars
import math
import os
import re
import threading
import time
from collections import deque
from collections.abc import Callable, Collection, Coroutine, Sequence
from typing import Any, TypeVar

import websockets
import websockets.exceptions

from ..actions import Action
from ..events import Event
from ..language import N_, _, current, n_, number
from ..room.client import RoomClient
from ..rules import Rules
from ..view import SeatView
from ..wire import action_text, event_from_json, rules_from_json, view_from_json
from .chat import chat_line
from .link import TakenBack

__all__ = ["LOST", "JoinError", "RemoteLink", "websocket_url", "with_language"]

LOST = N_("Connection lost; reconnecting.")
ANSWER_TIMEOUT = 20.0  # seconds to wait for the room to answer one message (WAIT_VARIABLE sets another)
WAIT_VARIABLE = "SPADES_JOIN_WAIT"
TRIES = 6  # waits of that length for one answer (or connection) before giving up: two minutes, as said
COACH_TIMEOUT = 120.0  # ... and for the coach's review, a search that may first have to load its compiled code
FIRST_PAUSE = 0.25  # seconds before the first attempt to reconnect; doubled after each failure up to LONGEST_PAUSE
LONGEST_PAUSE = 5.0
SYNC_AGAIN = 2.0  # seconds before a gap still open is asked for again

T = TypeVar("T")
TALK = ("chat", "chat_log", "removed")  # the chat's frames for the table, said as lines
# frames said as lines that belong to no table: the room's notices to the player, a moderator's queue as it grows,
# and the link's own end when the room has shut the player out
TOLD = ("notice", "reports", "closed")
REPLIES = ("muted", "chat_settings", "friends", "blocked")  # replies to the table's own requests (their id)
SANCTIONS = ("suspended", "banned")  # the notices, and the refusals' codes, of a player the room keeps out


class JoinError(Exception):
    """The room refused what ``spades join`` asked (the room's reason), or could not be reached."""


# what spades join can do for a player the room keeps out: said after the room's refusal, and when the room closes
# the connection
ENDS = {"suspended": N_("spades join can sign you in again once the suspension ends."),
        "banned": N_("spades join cannot sign you in while the ban holds.")}
CLOSED_ENDS = {"suspended": N_("The room has closed your connection; spades join ends here, and can sign you in "
                               "again once the suspension ends."),
               "banned": N_("The room has closed your connection; spades join ends here, and cannot sign you in "
                            "while the ban holds.")}


class NoAnswer(JoinError):
    """The room did not answer in time, or the connection dropped before it did: worth trying again."""


# What a room that is stopped, too busy or gone meanwhile makes a connection or a request raise.
SILENT = (TimeoutError, ConnectionError, EOFError, websockets.exceptions.WebSocketException)


def answer_wait() -> float:
    """Seconds to wait for one answer of the room before saying so and trying again."""
    try:
        value = float(os.environ.get(WAIT_VARIABLE) or ANSWER_TIMEOUT)
    except ValueError:
        return ANSWER_TIMEOUT
    return value if value > 0 and math.isfinite(value) else ANSWER_TIMEOUT


def seconds(count: float) -> str:
    """A wait in seconds as said: "1 second", "20 seconds", "0.5 seconds"."""
    if float(count).is_integer():
        return n_("{n} second", "{n} seconds", int(count))
    return _("{seconds} seconds", seconds=number(count))


def websocket_url(address: str) -> str:
    """The room's websocket from what a person types: ``ws://host:port/ws``, ``http://host:port``, ``host:port``
    or an invitation link ``http://host:port/tables/7``."""
    address = address.strip()
    if "://" not in address:
        address = "ws://" + address
    scheme, rest = address.split("://", 1)
    scheme = {"http": "ws", "https": "wss"}.get(scheme.lower(), scheme.lower())
    host = rest.split("/", 1)[0]
    path = "/" + rest.split("/", 1)[1] if "/" in rest else ""
    return f"{scheme}://{host}{path if path == '/ws' else '/ws'}"


def with_language(url: str, language: str) -> str:
    """The websocket's address with the player's language as its query (``ws://host/ws?lang=fr``): the room says
    its sentences to this connection in that language."""
    return f"{url}{'&' if '?' in url else '?'}lang={language}"


_FIELD_PATH = re.compile(r"^[a-z_]+(\.[a-z_0-9]+)*: ")


def refusal_words(reply: dict[str, Any], name: str | None) -> str:
    """A refused sign-in in a player's words: what is wrong and what to do, never a field of the protocol."""
    code, message = reply.get("code"), str(reply.get("message") or "")
    if code in SANCTIONS:  # the room's sentence says what, why and until when; nothing here can change it
        return f"{message[:1].lower()}{message[1:].rstrip('.')}. {_(ENDS[str(code)]).rstrip('.')}"
    if code == "bad_password":
        return _("wrong password: {name} is registered at this room with another one; run the command again to "
                 "retype it, or join as a guest without --password", name=name)
    if code == "bad_message":  # the schema's words name the field: the rule alone is said
        return _("the room cannot take that: {reason}", reason=_FIELD_PATH.sub("", message))
    if code == "name_taken":  # the room says what to do; here that is done with --name or --password
        said = message[:1].lower() + message[1:].rstrip(".")
        # Translators: {reason} is the room's refusal of the name, which says what to do.
        return _("{reason} (spades join --name chooses the name, and --password signs in to a registered one)",
                 reason=said)
    if message:
        return message[:1].lower() + message[1:].rstrip(".")
    return _("the room refused to sign in ({code})", code=code)


class RemoteLink:
    """A seat at table ``table`` of the room at ``url`` (a ``ws://`` address), once :meth:`sign_in` and
    :meth:`sit` have run. Until then ``seat`` is -1."""

    def __init__(self, url: str, say: Callable[[str], object] | None = None, language: str | None = None) -> None:
        self.url = url  # the room's address, as the player types it again (and the key of its saved session)
        # the player's language, told the room with every connection, so that it speaks it to this player
        self.language = current() if language is None else language
        self.say = say  # says a line at once, while the console waits here for the room (else said later)
        self.wait_seconds = answer_wait()
        self.sent_again = False  # the last request was sent again on a new connection (its first may have counted)
        self._reached = False  # a connection was made once: a refusal from now on is a room starting again
        self.seat = -1
        self.table: int | None = None
        self.token: str | None = None
        self.name = ""
        self.guest = True
        self.back = False  # sat again at one's own seat of a game under way
        self.registered = False  # signed in by registering a new name
        self.info: dict[str, Any] = {}  # the table's latest description (seats, owner, state)
        self.adopt = False  # quick play or a rematch: the next table that seats this player becomes the link's
        self.room_frames: list[dict[str, Any]] = []  # the queue's and the rematch's news, for table.quick
        self.removed = False  # the table's owner removed this player: nothing is left to play here
        self.rating: dict[str, Any] | None = None  # how the table's finished game was rated (the room's message)
        self.rating_taken = False  # and the line the room says of it, which follows the message, is taken
        self.last_heard: dict[str, Any] | None = None  # the last chat line of another person said (what ! reports)
        self.invitation: dict[str, Any] | None = None  # the room's last notice of an invitation (what Shift+A takes)
        self.sanction = ""  # the kind of the notice that kept the player out of the room (suspended, banned)
        self.shut_out = False  # the room closed the connection on a suspension or ban: nothing is left to do here
        self._heard: dict[str, None] = {}  # the names of the chat's senders, latest last (names of several words)
        self._reports_seen = 0  # the highest number of a report a moderator has heard of
        self._queue_answers = 0  # queues still to come in answer to one's own acts (nothing new in them)
        self._rules: Rules | None = None
        self._events: list[Event] = []
        self._timed: set[int] = set()  # the events of the computer's actions as a seat's clock ran out
        self._synced: tuple[int, float] = (-1, 0.0)  # the cursor a gap was last asked from, and when
        self._handed = 0  # how many of the events the console has been handed (events())
        self._view: SeatView | None = None
        self._lines: list[str] = []
        self._inbox: deque[dict[str, Any]] = deque()
        self._arrived = threading.Condition()
        self._closing = False
        self.client: RoomClient | None = None
        self._keeper: concurrent.futures.Future[None] | None = None
        self._loop = asyncio.new_event_loop()
        # the loop's thread in this thread's context: what it says is said in the player's language
        self._thread = threading.Thread(target=contextvars.copy_context().run, args=(self._loop.run_forever,),
                                        name="room-link", daemon=True)
        self._thread.start()

    # -- the background loop ------------------------------------------------------------------------------------
    def _run(self, coroutine: Coroutine[Any, Any, T], timeout: float | None = None) -> T:
        """Run a coroutine on the link's loop and wait for its result (TimeoutError past ``timeout``, by default a
        little longer than an answer's wait, so that the coroutine's own timeout comes first)."""
        future = asyncio.run_coroutine_threadsafe(coroutine, self._loop)
        try:
            return future.result(self.wait_seconds + 5 if timeout is None else timeout)
        except BaseException:  # a timeout, or Ctrl-C: the coroutine is not left running on the loop
            future.cancel()
            raise

    def _say(self, line: str) -> None:
        """(Console thread.) A line about the wait, said now when the link can say it, else with the notices."""
        if self.say is not None:
            self.say(line)
        else:
            self._post({"type": "notice", "text": line})

    def _on_frame(self, frame: dict[str, Any]) -> None:
        """(Loop thread.) A frame for this table, or a reply, goes to the inbox for the console's thread."""
        kind = frame.get("type")
        if kind == "table" and self.adopt and frame.get("table") != self.table:
            self._adopt(frame)
        if kind in ("update", "said", "table", "rating", *TALK) and frame.get("table") != self.table:
            return
        if kind in ("update", "said", "table", "error", "queue", "rematch", "rating", "tournament", *TALK, *TOLD) \
                or (kind in REPLIES and frame.get("id") is not None):
            self._post(frame)

    def _adopt(self, frame: dict[str, Any]) -> None:
        """(Loop thread, before the table's first update.) The room seated this player at a new table: the link
        is at it from now on, its game not yet known."""
        seat = next((s["seat"] for s in frame.get("seats", []) if s.get("player") == self.name), None)
        if seat is None:
            return
        with self._arrived:
            self.adopt = False
            self.table, self.seat, self.info, self.back = int(frame["table"]), int(seat), frame, False
            self._rules = rules_from_json(frame["rules"])
            self._events, self._view, self._handed = [], None, 0
            self.rating, self.rating_taken = None, False
            self._inbox = deque(f for f in self._inbox if f.get("type") in ("queue", "rematch", "tournament", *TOLD))

    def _post(self, frame: dict[str, Any]) -> None:
        with self._arrived:
            self._inbox.append(frame)
            self._arrived.notify_all()

    async def _connect(self) -> RoomClient:
        """A new connection; NoAnswer when the room does not answer it in time (or it drops), JoinError when
        nothing listens at the address, or what answers is not a room, before any connection was made."""
        try:
            client = await RoomClient(with_language(self.url, self.language), self._on_frame,
                                      paced=True).connect(self.wait_seconds)
        except TimeoutError:
            raise NoAnswer(_("the room at {room} has not answered the connection in {wait}", room=self.url,
                             wait=seconds(self.wait_seconds))) from None
        except (ConnectionRefusedError, websockets.exceptions.InvalidStatus, websockets.exceptions.InvalidURI,
                OSError) as error:
            if self._reached and isinstance(error, OSError):  # the room is starting again, or the network is
                raise NoAnswer(_("the room at {room} cannot be reached: {reason}", room=self.url,
                                 reason=error)) from None
            raise JoinError(_("the room at {room} cannot be reached: {reason}", room=self.url, reason=error)) from None
        except SILENT as error:  # the handshake was cut: a room stopping, or too busy to finish it
            raise NoAnswer(_("the room at {room} did not finish the connection: {reason}", room=self.url,
                             reason=error)) from None
        except Exception as error:  # an address that is not a room (a bad URL)
            raise JoinError(_("the room at {room} cannot be reached: {reason}", room=self.url, reason=error)) from None
        self._reached = True
        return client

    async def _keep_connected(self) -> None:
        """(Loop thread.) Whenever the connection drops, say so, reconnect with growing pauses, sign in again with
        the token and ask for what was missed."""
        while not self._closing:
            client = self.client
            assert client is not None
            await client.wait_closed()
            if self._closing:
                return
            if client.close_code == _closed_sanctioned():  # suspended or banned: the room will not take us back
                self._post({"type": "closed", "text": client.close_reason})
                return
            self._post({"type": "notice", "text": _(LOST)})
            pause = FIRST_PAUSE
            while not self._closing:
                await asyncio.sleep(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
                try:
                    client = await self._connect()
                except JoinError:
                    continue
                try:
                    reply = await client.request({"type": "resume", "token": self.token}, self.wait_seconds)
                except SILENT:  # connected, but the room did not take the session up in time: a new connection
                    await _close_quietly(client)
                    continue
                if reply.get("type") != "welcome":
                    said = str(reply.get("message") or "")
                    if reply.get("code") in SANCTIONS:
                        self._post({"type": "closed", "text": said, "kind": reply["code"]})
                    else:
                        self._post({"type": "notice", "text": _("The room did not take us back: {reason}.",
                                                                 reason=said)})
                    await _close_quietly(client)
                    return
                with self._arrived:
                    self.client = client
                    self._arrived.notify_all()
                if self.table is not None:
                    with self._arrived:
                        cursor = len(self._events)
                    await client.send({"type": "sync", "table": self.table, "cursor": cursor})
                break

    def _request(self, message: dict[str, Any]) -> dict[str, Any]:
        """Send and wait for the reply, patiently (``_answer``); a refusal raises JoinError with the room's
        reason."""
        reply = self._answer(message)
        if reply.get("type") == "error":
            raise JoinError(str(reply.get("message")))
        return reply

    def _answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """(Console thread.) The room's reply to ``message`` (a refusal included). A reply that has not come in
        ``wait_seconds`` is said and waited for again while the connection holds (a busy room answers late,
        and sending again would only add to its work); a connection that dropped, or could not be made, is made
        again (the session taken up with its token) and the message sent again on it; ``sent_again`` says so.
        After ``TRIES`` waits, JoinError saying how long the room was waited for."""
        self.sent_again = False
        sent: tuple[RoomClient, int, int] | None = None  # the connection it was sent on, its frames then, its id
        pause = FIRST_PAUSE
        for attempt in range(1, TRIES + 1):
            began = time.monotonic()
            try:
                client = self._open()
                if sent is None or sent[0] is not client:
                    self.sent_again = sent is not None
                    since = len(client.frames)
                    sent = (client, since, self._run(client.send(message)))
                since, ident = sent[1], sent[2]
                return self._run(client.wait_for(lambda f, ident=ident: f.get("id") == ident,
                                                 self.wait_seconds, since=since))
            except NoAnswer as error:
                # Translators: {reason} is why the room did not answer, a clause of its own.
                reason = str(error)[:1].upper() + str(error)[1:]
                line = _("{reason}; trying again, try {attempt} of {tries}; press Ctrl-C to stop.", reason=reason,
                         attempt=attempt + 1, tries=TRIES)
            except SILENT:
                if sent is not None and not sent[0].closed:
                    line = _("The room has not answered in {wait}; it may be busy. Waiting again, try {attempt} of "
                             "{tries}; press Ctrl-C to stop.", wait=seconds(self.wait_seconds), attempt=attempt + 1,
                             tries=TRIES)
                else:
                    line = _("Connection lost; reconnecting, try {attempt} of {tries}; press Ctrl-C to stop.",
                             attempt=attempt + 1, tries=TRIES)
            if attempt == TRIES:
                break
            self._say(line)
            if time.monotonic() - began < pause:  # failed at once (a room starting again): not a busy loop
                time.sleep(pause)
                pause = min(pause * 2, LONGEST_PAUSE)
        waited = TRIES * self.wait_seconds
        span = _("{minutes} minutes", minutes=number(waited / 60)) if waited >= 120 else seconds(waited)
        raise JoinError(_("the room at {room} did not answer in {wait} ({tries} tries); it may be stopped or too "
                          "busy. Try again later", room=self.url, wait=span, tries=TRIES))

    def _open(self) -> RoomClient:
        """(Console thread.) The connection to send on: the one open; else the one the keeper makes once it has
        taken the session up again (after the seat is taken); else a new one, made here, in the session of the
        link's token when it has one. NoAnswer when none is open in time."""
        client = self.client
        if client is not None and not client.closed:
            return client
        if self._keeper is not None and not self._keeper.done():
            with self._arrived:
                if self._arrived.wait_for(lambda: self.client is not None and not self.client.closed,
                                          self.wait_seconds):
                    assert self.client is not None
                    return self.client
            raise NoAnswer(_("the room at {room} has not taken the connection up again in {wait}", room=self.url,
                             wait=seconds(self.wait_seconds)))
        if client is not None:
            with contextlib.suppress(Exception):
                self._run(_close_quietly(client), 1)
        fresh = self._run(self._connect())
        if self.token is not None:
            try:
                reply = self._run(fresh.request({"type": "resume", "token": self.token}, self.wait_seconds))
            except BaseException:
                with contextlib.suppress(Exception):
                    self._run(_close_quietly(fresh), 1)
                raise
            if reply.get("type") != "welcome":
                self._run(_close_quietly(fresh))
                raise JoinError(_("the room did not take us back: {reason}", reason=reply.get("message")))
        self.client = fresh
        return fresh

    # -- before the game: signing in, the table, the seat -----------------------------------------------------
    def sign_in(self, name: str | None = None, password: str | None = None, token: str | None = None,
                confirm: Callable[[], str] | None = None) -> dict[str, Any]:
        """Back in the session of ``token`` while the room still knows it; else as a guest (named or not), or with
        a password: a registered name is logged in, and a new one registered, once ``confirm`` (when given) has
        had the password typed again. A refusal is JoinError in a player's words."""
        reply: dict[str, Any] = {}
        if token is not None:
            reply = self._answer({"type": "resume", "token": token})
            if reply.get("code") in SANCTIONS:  # not a guest in its place: the room keeps this player out
                raise JoinError(refusal_words(reply, name))
        if reply.get("type") == "welcome":
            reply["token"] = token
        elif password is None:
            reply = self._signed({"type": "guest", **({"name": name} if name else {})}, name)
        else:
            from ..room.protocol.codes import PASSWORD_MAX  # the protocol's package, only for a password

            assert name is not None
            if len(password) > PASSWORD_MAX:
                raise JoinError(n_("a password is at most {n} character", "a password is at most {n} characters",
                                   PASSWORD_MAX))
            reply = self._checked({"type": "login", "name": name, "password": password})
            if reply.get("code") == "no_such_player":
                reply = self._register(name, password, confirm)
            elif reply.get("type") == "error":
                raise JoinError(refusal_words(reply, name))
        self.token = reply["token"]
        self.name = reply["player"]["name"]
        self.guest = bool(reply["player"]["guest"])
        return reply

    def _register(self, name: str, password: str, confirm: Callable[[], str] | None) -> dict[str, Any]:
        """A name no one has registered: registered with the password, if it is long enough and typed twice."""
        from ..room.protocol.codes import PASSWORD_MAX, PASSWORD_MIN

        if len(password) < PASSWORD_MIN:
            raise JoinError(_("no player is registered as {name} at this room; to register the name, choose a "
                              "password of {low} to {high} characters", name=name, low=PASSWORD_MIN,
                              high=PASSWORD_MAX))
        if confirm is not None and confirm() != password:
            raise JoinError(_("the two passwords differ, so {name} was not registered; run the command again to "
                              "choose one", name=name))
        reply = self._checked({"type": "register", "name": name, "password": password})
        if reply.get("code") == "name_taken" and self.sent_again:  # the first, on the lost connection, counted
            reply = self._checked({"type": "login", "name": name, "password": password})
        if reply.get("type") == "error":
            raise JoinError(refusal_words(reply, name))
        self.registered = True
        return reply

    def _signed(self, message: dict[str, Any], name: str | None) -> dict[str, Any]:
        """A sign-in message's welcome, or JoinError in a player's words."""
        reply = self._checked(message)
        if reply.get("type") == "error":
            raise JoinError(refusal_words(reply, name))
        return reply

    def _checked(self, message: dict[str, Any]) -> dict[str, Any]:
        """A sign-in's reply, asked again while the room says it is busy checking others' passwords (it checks
        one at a time, and takes only so many waiting)."""
        for attempt in range(1, TRIES + 1):
            reply = self._answer(message)
            if reply.get("code") != "busy" or attempt == TRIES:
                return reply
            self._say(_("The room is busy checking other players' passwords; asking again, try {attempt} of {tries}; "
                        "press Ctrl-C to stop.", attempt=attempt + 1, tries=TRIES))
            time.sleep(min(self.wait_seconds, LONGEST_PAUSE))
        return reply

    def create(self, rules: dict[str, Any], levels: dict[int, str], seed: str | None = None,
               pace: float | None = None, autostart: bool = False, clock: dict[str, Any] | None = None) -> int:
        """A new table, owned by this player (``autostart``: the game starts once every seat is taken; ``clock``:
        its turn clock, as the protocol's ``create`` takes it); its number."""
        message: dict[str, Any] = {"type": "create", "rules": rules, "levels": {str(s): lv for s, lv in levels.items()}}
        if clock is not None:
            message["clock"] = clock
        if seed is not None:
            message["seed"] = seed
        if pace is not None:
            message["pace"] = pace
        if autostart:
            message["autostart"] = True
        reply = self._request(message)
        self.info = reply
        return int(reply["table"])

    def lobby(self, page: int = 0) -> list[dict[str, Any]]:
        """A page of the tables waiting or under way (the room sends them a page at a time, waiting ones first)."""
        return list(self._request({"type": "lobby", "page": page})["tables"])

    def look(self, table: int) -> dict[str, Any]:
        """A table's description, as the lobby lists it; JoinError when there is no such table (or its game is
        over)."""
        for info in self._request({"type": "lobby", "table": table})["tables"]:
            if info["table"] == table:
                return dict(info)
        raise JoinError(_("there is no table {table} waiting or under way", table=table))

    def seated(self) -> list[dict[str, Any]]:
        """The tables waiting or under way where the player sits, as the lobby lists them."""
        return list(self._request({"type": "lobby", "seated": True})["tables"])

    def sit(self, table: int, seat: int, more_time: bool = False) -> dict[str, Any]:
        """Take the seat (or go back to one's own; ``more_time``: ask for a clock's bank doubled); the table's
        description."""
        self.table = table
        reply = self._request({"type": "join", "table": table, "seat": seat, **({"more_time": True} if more_time
                                                                                 else {})})
        self.seat = seat
        self.info = reply
        self._rules = rules_from_json(reply["rules"])
        self.keep_connected()
        return reply

    def keep_connected(self) -> None:
        """From now on a dropped connection is taken up again by itself."""
        if self._keeper is None:
            self._keeper = asyncio.run_coroutine_threadsafe(self._keep_connected(), self._loop)

    def send(self, message: dict[str, Any]) -> dict[str, Any]:
        """A message of the room's protocol and its reply (quick play, the rematch); JoinError when refused."""
        return self._request(message)

    def start(self) -> None:
        assert self.table is not None
        reply = self._answer({"type": "start", "table": self.table})
        if reply.get("type") == "error" and not (self.sent_again and reply.get("code") == "game_started"):
            raise JoinError(str(reply.get("message")))  # (sent again: the first start, on the lost connection, did)

    def stand(self) -> None:
        """Leave the seat of a table whose game has not started, so that another may take it."""
        assert self.table is not None
        self._request({"type": "stand", "table": self.table})

    def level(self, seat: int, level: str) -> None:
        assert self.table is not None
        self._request({"type": "level", "table": self.table, "seat": seat, "level": level})

    def until_started(self, timeout: float | None = None, say: Callable[[str], None] | None = None) -> bool:
        """Wait for the game's first update (True), taking the table's news meanwhile (said through ``say``, or
        kept for the table); False after ``timeout``."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while self._view is None:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            self.wait(0.5 if left is None else min(left, 0.5))
            if say is not None and self._view is None:
                for line in self.notices():
                    say(line)
        return True

    def until_started_patiently(self, say: Callable[[str], None] | None = None) -> bool:
        """Wait for the game's first update as ``until_started`` does, saying each ``wait_seconds`` that it has
        not come and asking the room again for everything after the cursor (a lost frame is sent again); after
        ``TRIES`` waits, False, said."""
        for attempt in range(1, TRIES + 1):
            if self.until_started(self.wait_seconds, say):
                return True
            if attempt == TRIES:
                break
            (say or self._say)(_("The game at table {table} has not started after {wait}; asking the room again, try "
                                 "{attempt} of {tries}; press Ctrl-C to stop.", table=self.table,
                                 wait=seconds(self.wait_seconds), attempt=attempt + 1, tries=TRIES))
            client = self.client
            if client is not None and not client.closed and self.table is not None:
                with contextlib.suppress(Exception):
                    self._run(client.send({"type": "sync", "table": self.table, "cursor": 0}))
        (say or self._say)(_("The game at table {table} has not started; the room did not say why. {command} sits "
                             "there again.", table=self.table, command=self.join_command(self.table)))
        return False

    def stats(self) -> dict[str, Any]:
        return self._request({"type": "stats"})

    # -- the SeatLink -----------------------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        assert self._rules is not None, "sit first"
        return self._rules

    @property
    def kept_words(self) -> str:
        return _("the room keeps the game. {command} takes you back to it", command=self.join_command(self.table))

    def join_command(self, table: int | None) -> str:
        """The command that sits the player at ``table`` of this room again, to be typed as said: the room's
        address is in it, since without one ``spades join`` tries a room on this machine."""
        return f"spades join {self.url} --table {table}"

    @property
    def leave_question(self) -> str:
        return _("Leave the table? The game goes on: the computer plays for you until you come back. y or n.")

    def leave(self) -> None:
        """Stand up from the table on purpose: the room tells the table that the player left (a connection that
        only closed would be told as lost), and the computer plays the seat until they are back. Best done: a
        room that does not answer hears the connection close instead."""
        if self.table is not None and self.client is not None and not self.client.closed:
            self._exchange({"type": "stand", "table": self.table}, self.wait_seconds)

    def answer(self, key: str, hand: int | None) -> str | None:
        """The room's answer to w (who is away, and when the computer plays for them), z (its cover rule and
        clock) and Shift+T (the clock: the room keeps it); the other keys are the seat's own words, said without
        asking."""
        if key not in ("w", "z", "T", "S") or self.table is None:
            return None
        reply = self._ask(key, hand, self.wait_seconds)
        if not (isinstance(reply, dict) and reply["type"] == "said"):
            return None
        return f"{reply['text']} {self.seating()}" if key == "z" and self.seating() else str(reply["text"])

    def seating(self) -> str:
        """Who sits at the other seats, people by name and the computer by level, as the table last said it."""
        from ..words.announce import seating_line

        if self._rules is None:
            return ""
        people: dict[int, str] = {}
        levels: dict[int, str] = {}
        for seat in self.info.get("seats", []):
            if seat["seat"] == self.seat:
                continue
            if seat.get("player"):
                people[seat["seat"]] = str(seat["player"])
            elif seat.get("level"):
                levels[seat["seat"]] = str(seat["level"])
        return seating_line(self._rules, self.seat, people, levels)

    def view(self) -> SeatView:
        assert self._view is not None, "the game has not started"
        return self._view

    def events(self) -> Sequence[Event]:
        self._handed = len(self._events)  # the console says these before any line that came after them
        return self._events

    def _take(self) -> bool:
        """Apply the inbox in order; True when anything new came (events, a view or a line). It stops before a
        line (said, notice, a seat's change) that came after events the console has not been handed yet: the
        console says the lines it has, then the events, so a line taken after such events would be said first
        ("Ada is back" before the card the computer played for Ada, when a busy machine let both frames arrive at
        once; a game's rating before its last cards, when the last update was taken while waiting); the take
        after the console has read the events has it."""
        changed = False
        while True:
            with self._arrived:
                if not self._inbox:
                    return changed
                if len(self._events) > self._handed and self._inbox[0].get("type") in ("said", "table", *TALK,
                                                                                         *TOLD):
                    return changed
                frame = self._inbox.popleft()
            changed = self._handle(frame) or changed

    def _next_frame(self, deadline: float) -> dict[str, Any] | None:
        """The next frame from the room, waiting until ``deadline`` (a ``time.monotonic`` time); None past it."""
        with self._arrived:
            while not self._inbox:
                left = deadline - time.monotonic()
                if left <= 0:
                    return None
                self._arrived.wait(left)
            return self._inbox.popleft()

    def _handle(self, frame: dict[str, Any]) -> bool:
        kind = frame.get("type")
        if kind == "update":
            return self._apply(frame)
        if kind in ("said", "notice", "removed"):
            self.removed = self.removed or kind == "removed"
            self._lines.append(str(frame["text"]))
            if kind == "said" and self.rating is not None:
                self.rating_taken = True  # the room says the rating's line right after its message
            if kind == "notice" and frame.get("kind") == "invited":
                self.invitation = frame
            if kind == "notice" and frame.get("kind") in SANCTIONS:
                self.sanction = str(frame["kind"])
            return True
        if kind == "closed":
            self.shut_out = True
            reason = str(frame.get("text") or "")
            if not self.sanction and reason:  # the notice that says why did not come before the connection closed
                self._lines.append(reason)
            kind = self.sanction or str(frame.get("kind") or ("banned" if " banned " in reason else "suspended"))
            self._lines.append(_(CLOSED_ENDS[kind]))
            return True
        if kind == "reports":
            return self._queue(frame)
        if kind == "rating":
            self.rating = frame
            return False
        if kind in ("queue", "rematch", "tournament"):
            self.room_frames.append(frame)
            return False
        if kind == "chat":
            self._heard_line(frame, frame.get("table"))
            self._lines.append(chat_line(frame))
            return True
        if kind == "chat_log" and frame.get("earlier"):
            for message in frame["messages"]:
                self._heard_line(message, frame.get("table"))
            self._lines.extend(chat_line(message, earlier=True) for message in frame["messages"])
            return True
        if kind == "table":
            lines = self._seat_changes(self.info, frame)
            self.info = frame
            self._lines.extend(lines)
            return bool(lines)
        return False

    def _heard_line(self, message: dict[str, Any], table: Any) -> None:
        """A chat line about to be said: another person's is the one ! reports, until the next."""
        name = str(message.get("name") or "")
        self._heard.pop(name, None)
        self._heard[name] = None
        while len(self._heard) > 50:
            del self._heard[next(iter(self._heard))]
        if name and name != self.name and isinstance(message.get("seq"), int):
            self.last_heard = {"name": name, "text": message.get("text", ""), "seq": message["seq"], "table": table}

    def _queue(self, frame: dict[str, Any]) -> bool:
        """A moderator's queue, sent as each report is made: the new report said, with the key that reads them all
        (a queue answering one's own act, or asked for with Shift+O, has nothing new)."""
        numbers = [int(entry["number"]) for entry in frame.get("reports") or []]
        newest = max(numbers, default=0)
        if self._queue_answers > 0 and frame.get("id") is None:
            self._queue_answers -= 1
            self._reports_seen = max(self._reports_seen, newest)
            return False
        if newest <= self._reports_seen:
            return False
        self._reports_seen = newest
        entry = next(e for e in frame["reports"] if int(e["number"]) == newest)
        text = str(entry.get("text") or "")
        # Translators: {report} is the room's sentence of the report, its first letter made small ("report 4: ...").
        self._lines.append(_("New {report} Shift+O says the open reports.", report=text[:1].lower() + text[1:]))
        return True

    def _seat_changes(self, before: dict[str, Any], after: dict[str, Any]) -> list[str]:
        """Who sat down or stood up, in words ("Bob sits at East."), from two descriptions of the table."""
        if self._rules is None or before.get("table") != after.get("table"):
            return []
        from ..words.announce import name

        was = {s["seat"]: s["player"] for s in before.get("seats", [])}
        lines = []
        for seat in after.get("seats", []):
            player, old = seat["player"], was.get(seat["seat"])
            if player != old and seat["seat"] != self.seat:
                where = name(self._rules, seat["seat"])
                lines.append(_("{player} sits at {seat}.", player=player, seat=where) if player else
                             _("{player} leaves {seat}; the seat is free.", player=old, seat=where))
        return lines

    def _apply(self, frame: dict[str, Any]) -> bool:
        """Add an update's events after the ones known (a resent stretch replaces the same events); a gap, which
        a lost frame would leave, is filled by asking for everything after the cursor."""
        events = frame["events"]
        start = frame["cursor"] - len(events)
        if frame["cursor"] < len(self._events):
            return False  # older than what is known
        if start > len(self._events):
            client = self.client
            asked = (len(self._events), time.monotonic())
            # once for a gap: the frames after it each find it, and one answer fills it
            if client is not None and not client.closed and (self._synced[0] != asked[0]
                                                             or asked[1] - self._synced[1] > SYNC_AGAIN):
                self._synced = asked
                asyncio.run_coroutine_threadsafe(
                    client.send({"type": "sync", "table": self.table, "cursor": len(self._events)}), self._loop)
            return False
        known = len(self._events)
        self._events[start:] = [event_from_json(e, f"update.events[{i}]") for i, e in enumerate(events)]
        self._timed.update(index for index in frame.get("timed") or () if isinstance(index, int))
        self._view = view_from_json(frame["view"])
        return len(self._events) > known or start == known

    def timed(self) -> Collection[int]:
        return self._timed

    def wait(self, timeout: float) -> bool:
        with self._arrived:
            if not self._inbox:
                self._arrived.wait(timeout)
        return self._take()

    def notices(self) -> Sequence[str]:
        """What the link has to say besides the game's events (a lost connection, where the game stands on
        return, the computer covering an absent player), said by the console as it comes."""
        self._take()
        lines, self._lines = self._lines, []
        return lines

    def act(self, action: Action) -> str | None:
        reply = self._exchange({"type": "act", "table": self.table, "action": action_text(action),
                                "cursor": len(self._events)}, self.wait_seconds, TRIES)
        if isinstance(reply, str):
            return reply
        if reply["type"] == "error":
            if reply.get("code") == "out_of_date":
                return _("the table moved on meanwhile")
            return str(reply.get("message"))
        self._handle(reply)  # the update that answers it, with the action in it
        return None

    def undo(self) -> TakenBack | str:
        return _("nothing can be taken back at the room's tables; U takes back a move only in spades play")

    def coach(self, hand: int) -> Sequence[str] | str:
        """The room's coach for this seat and the finished ``hand``: the lines of its answer to the key C (the
        frames that come meanwhile are taken in as ever), or why there are none."""
        reply = self._ask("C", hand, COACH_TIMEOUT)
        if isinstance(reply, str):
            return reply
        if reply["type"] == "error":
            return str(reply.get("message"))
        return list(reply.get("lines") or [reply.get("text", "")])

    def _ask(self, key: str, hand: int | None, timeout: float) -> dict[str, Any] | str:
        """The room's reply (said or error) to an ask of ``key``; or why there is none."""
        return self._exchange({"type": "ask", "table": self.table, "key": key,
                               **({} if hand is None else {"hand": hand})}, timeout)

    def _exchange(self, message: dict[str, Any], timeout: float, tries: int = 1) -> dict[str, Any] | str:
        """Send ``message`` and take the room's frames until its reply (the frame carrying its id), the frames that
        come meanwhile taken in as ever; the reply, or why there is none. A move or a chat line is waited for
        ``tries`` times while the connection holds, each wait past the first said: a busy room answers late,
        and the player would only send it again."""
        self._take()
        client = self.client
        if client is None or client.closed:
            return _("the connection to the room is lost; it is reconnecting")
        try:
            ident = self._run(client.send(message))
        except Exception:
            return _("the connection to the room is lost; it is reconnecting")
        deadline = time.monotonic() + timeout
        attempt = 1
        while True:
            frame = self._next_frame(deadline)
            if frame is None and attempt < tries and not client.closed:  # a busy room: its answer may yet come
                attempt += 1
                self._say(_("The room has not answered in {wait}; it may be busy. Waiting again, try {attempt} of "
                            "{tries}; press Ctrl-C to stop.", wait=seconds(timeout), attempt=attempt, tries=TRIES))
                deadline = time.monotonic() + timeout
                continue
            if frame is None:
                return _("the room did not answer")
            if frame.get("id") == ident:
                return frame
            if frame.get("type") == "notice" and "kind" not in frame:  # the link's own: the connection was lost
                self._handle(frame)
                return _("the connection to the room was lost before it answered")
            self._handle(frame)

    # -- the chat (table.chat) ------------------------------------------------------------------------------
    def chat(self, text: str) -> str | None:
        """Say ``text`` at the table; None once the room has taken it (its line is said as the others'), or
        the room's reason."""
        reply = self._exchange({"type": "chat", "table": self.table, "text": text}, self.wait_seconds, TRIES)
        if isinstance(reply, str):
            return reply
        if reply["type"] == "error":
            return str(reply.get("message"))
        self._handle(reply)
        return None

    def chat_history(self) -> list[str] | str:
        """The table's last chat messages, each marked as said earlier; or why there are none."""
        reply = self._exchange({"type": "chat_history", "table": self.table}, self.wait_seconds)
        if isinstance(reply, str):
            return reply
        if reply["type"] == "error":
            return str(reply.get("message"))
        return [chat_line(message, earlier=True) for message in reply.get("messages", [])]

    def request_words(self, message: dict[str, Any]) -> str:
        """A chat command's message to the room (for this table), and its answer in words; empty when the room
        tells the whole table itself."""
        if message["type"] != "mute":
            message = {**message, "table": self.table}
        reply = self._exchange(message, self.wait_seconds)
        if isinstance(reply, str):
            return reply[:1].upper() + reply[1:] + "."
        if reply["type"] == "error":
            text = str(reply.get("message"))
            return text[:1].upper() + text[1:] + "."
        if reply["type"] == "muted":
            names = reply.get("names") or []
            return _("You mute {names}.", names=", ".join(names)) if names else _("You mute no one.")
        self._handle(reply)
        return ""

    # -- reports, friends, invitations (table.governance) --------------------------------------------------------
    def request(self, message: dict[str, Any]) -> dict[str, Any] | str:
        """A message of the room's keys (a report, the friends, a block, an invitation, a moderator's act) and the
        room's reply; or why there is none (the room's refusal in its words)."""
        reply = self._exchange(message, self.wait_seconds)
        if isinstance(reply, str):
            return reply
        if reply["type"] == "error":
            return str(reply.get("message"))
        if message["type"] == "moderate" and reply["type"] == "notice":
            self._queue_answers += 1  # the queue as it stands now follows the act's notice
        if reply["type"] == "reports":
            self._reports_seen = max([self._reports_seen, *(int(r["number"]) for r in reply.get("reports") or [])])
        return reply

    def people(self) -> list[str]:
        """The names met here: the players at the table and the chat's senders, latest last."""
        seated = [str(seat["player"]) for seat in self.info.get("seats", []) if seat.get("player")]
        return [*seated, *self._heard]

    def table_players(self) -> int | None:
        """How many seats the table has (None at no table)."""
        return self._rules.players if self._rules is not None and self.table is not None else None

    def accept_invitation(self, invitation: dict[str, Any]) -> str | None:
        """Go to an invitation's table and sit at its seat (or the first one free): from then on the link is at
        that table, its game not yet known, as when quick play seats the player; the seat left behind is stood up
        from, as q does (the computer plays it, and the others are told). None once seated; else why not, and the
        link stays where it was."""
        table = int(invitation["table"])
        seat = invitation.get("seat")
        if seat is None:
            try:
                info = self.look(table)
            except JoinError as error:
                return str(error)
            free = [s["seat"] for s in info["seats"] if s.get("player") is None and s.get("level") is None]
            if not free:
                return _("table {table} has no free seat now", table=table)
            seat = free[0]
        old = self.table
        self.adopt = True  # the table that answers, with this player at the seat, becomes the link's
        try:
            reply = self._exchange({"type": "join", "table": table, "seat": seat}, self.wait_seconds, TRIES)
        finally:
            self.adopt = False
        if isinstance(reply, str):
            return reply
        if reply["type"] == "error":
            return str(reply.get("message"))
        if self.table != table:
            self._adopt(reply)
        if self.table != table:
            return _("the room did not seat you at table {table}", table=table)
        self.invitation = None
        self.back = reply.get("state") == "playing"  # one's own seat at a game under way: where it stands is said
        client = self.client
        if old is not None and old != table and client is not None and not client.closed:
            with contextlib.suppress(Exception):  # best done: a room that does not answer hears the connection go
                self._run(client.send({"type": "stand", "table": old}))
        self.keep_connected()
        return None

    def save(self) -> None:
        """Nothing to do: the room has stored every action before anyone heard of it."""

    def close(self) -> None:
        self._closing = True
        client = self.client
        if client is not None:
            with contextlib.suppress(Exception):
                self._run(client.close(), 5)
        if self._keeper is not None:
            self._keeper.cancel()
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(5)


def _closed_sanctioned() -> int:
    """The close code of a suspended or banned player's connections (the protocol's, read only when one closes)."""
    from ..room.protocol.codes import CLOSE_SANCTIONED

    return CLOSE_SANCTIONED


async def _close_quietly(client: RoomClient) -> None:
    """Close a connection the room may no longer answer on: it is given up either way."""
    with contextlib.suppress(Exception):
        await asyncio.wait_for(client.close(), 2)
