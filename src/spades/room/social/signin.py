"""Signing in: register, login, guest and resume, each held to the room's limits, and a player's statistics.

- A failed login counts against the name tried from that address (the pair) and against the address
  (``Backoff``): after ``LOGIN_FREE_PER_NAME`` failures of a name from one address (``LOGIN_FREE_PER_ADDRESS``
  from an address in all) each further try of it from there waits ``LOGIN_DELAY_FIRST`` seconds (from the moment
  the last failure's check is done, however long the check took on a busy server), doubling with every failure up
  to ``LOGIN_DELAY_MAX``, and is refused (``too_many_attempts``, saying how long) without its password being
  looked at, even a right one. The name alone is never locked: a stranger's wrong passwords make the stranger
  wait, not the owner, who signs in from an address of their own. A good login ends the pair's wait; a count is
  forgotten ``LOGIN_FORGET_AFTER`` seconds after its last failure. Registering
  a taken name counts as a failure of the address (it costs the room a look at the name and is a way to try
  names).
- An address registers at most ``REGISTRATIONS_PER_ADDRESS`` players, and makes at most ``GUESTS_PER_ADDRESS``
  guests, in any ``QUOTA_WINDOW`` seconds (``Quota``; ``too_many_registrations``, ``too_many_guests``).
- Hashing and verifying a password with argon2 takes about 0.15 s of both cores: at most
  ``PASSWORD_CHECKS_AT_ONCE`` runs at once, in a thread of its own at the lowest priority (nice 19, where the
  system allows it), and at most ``PASSWORD_CHECKS_WAITING`` sign-ins wait for it (one more is refused as
  ``busy``), so that logins arriving together cannot starve the room's other clients.

The counts are the room's tallies (``table.tallies``): in Redis when the room has one, so that a client
spreading its tries over the room's processes is counted once; in the memory of the one process otherwise.
Every refusal is a ``protocol.Refusal`` with its code."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import math
import os
import threading
import time
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import TYPE_CHECKING, Any, TypeVar

from ...language import _, n_
from .. import protocol as p
from ..identity import auth, names
from ..store import Account, Figures, Store, moderation, taken_words
from ..table.tallies import LocalTallies, Tallies

if TYPE_CHECKING:
    from ..table.room import Room

__all__ = ["Backoff", "Quota", "SignIn", "signin_of"]

T = TypeVar("T")
Clock = Callable[[], float]


class Backoff:
    """Failures per key and the wait they impose: none for the first ``free``, then ``first`` seconds after the
    last failure, doubled for each failure more, at most ``cap``; forgotten ``forget`` seconds after the last.
    Counted in the room's tallies under ``name``, so every process of the room counts the same failures."""

    def __init__(self, tallies: Tallies, name: str, free: int, first: float, cap: float, forget: float,
                 clock: Clock) -> None:
        self.tallies, self.name = tallies, name
        self.free, self.first, self.cap, self.forget = free, first, cap, forget
        self.clock = clock

    async def wait(self, key: str) -> float:
        """Seconds before the key may try again (0: now)."""
        count, last = await self.tallies.failures(self.name + key)
        if count == 0:
            return 0.0
        now = self.clock()
        if now - last >= self.forget:
            await self.tallies.reset(self.name + key)
            return 0.0
        if count < self.free:
            return 0.0
        delay = min(self.cap, self.first * 2.0 ** (count - self.free))
        return max(0.0, last + delay - now)

    async def fail(self, key: str) -> None:
        await self.tallies.fail(self.name + key, self.clock(), self.forget)

    async def known(self, key: str) -> None:
        """A failure counted when its try arrived is now known (its password check is done): the wait starts
        again from now. A check that a busy server took longer than the wait over must not use the wait up, or
        the next try of the same client would be let through the moment it hears its last was wrong."""
        await self.tallies.known(self.name + key, self.clock())

    async def forgive(self, key: str) -> None:
        """Take back one failure (a try counted before its outcome was known that went well)."""
        await self.tallies.forgive(self.name + key)

    async def reset(self, key: str) -> None:
        await self.tallies.reset(self.name + key)

    async def failures(self, key: str) -> int:
        await self.wait(key)  # forgets an old count
        return (await self.tallies.failures(self.name + key))[0]


class Quota:
    """At most ``limit`` uses per key in any ``window`` seconds, counted in the room's tallies under ``name``."""

    def __init__(self, tallies: Tallies, name: str, limit: int, window: float, clock: Clock) -> None:
        self.tallies, self.name = tallies, name
        self.limit, self.window = limit, window
        self.clock = clock

    async def take(self, key: str) -> float:
        """Count one use now if the key has one left: 0.0; else the seconds before it has (nothing counted)."""
        return await self.tallies.take(self.name + key, self.limit, self.window, self.clock())

    async def refund(self, key: str) -> None:
        """Give back the last use (it was spent before its outcome was known, and it failed)."""
        await self.tallies.give_back(self.name + key)


def _lower_priority() -> None:
    """Run this thread (and the threads argon2 starts from it for its lanes, which inherit it) at the lowest
    priority: the event loop's thread then gets a core the moment it has a frame to answer."""
    with contextlib.suppress(AttributeError, OSError):  # Linux sets a thread's priority by its id
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)


def _seconds(wait: float) -> str:
    return n_("{n} second", "{n} seconds", max(1, math.ceil(wait)))


class SignIn:
    """Signs players in for the room's websocket (and answers stats), on the store, counting in ``tallies`` (the
    room's), by the clock given (seconds since the epoch, shared by the processes of a room, unless a test moves
    its own)."""

    def __init__(self, store: Store, clock: Clock = time.time, tallies: Tallies | None = None,
                 run: Callable[..., Awaitable[Any]] | None = None) -> None:
        self.store = store
        self.clock = clock
        self.run = run or asyncio.to_thread  # how a store call is run: the room's threads aside from the tables'
        self.gate = asyncio.Semaphore(p.SIGN_INS_AT_ONCE)  # sign-ins in progress at once; the others wait
        tallies = tallies if tallies is not None else LocalTallies()
        self.name_failures = Backoff(tallies, "login:", p.LOGIN_FREE_PER_NAME, p.LOGIN_DELAY_FIRST,
                                     p.LOGIN_DELAY_MAX, p.LOGIN_FORGET_AFTER, clock)
        self.address_failures = Backoff(tallies, "login-from:", p.LOGIN_FREE_PER_ADDRESS, p.LOGIN_DELAY_FIRST,
                                        p.LOGIN_DELAY_MAX, p.LOGIN_FORGET_AFTER, clock)
        self.registrations = Quota(tallies, "register-from:", p.REGISTRATIONS_PER_ADDRESS, p.QUOTA_WINDOW, clock)
        self.guests = Quota(tallies, "guest-from:", p.GUESTS_PER_ADDRESS, p.QUOTA_WINDOW, clock)
        self._checks = ThreadPoolExecutor(p.PASSWORD_CHECKS_AT_ONCE, thread_name_prefix="password-check",
                                          initializer=_lower_priority)
        self._waiting = 0

    def close(self) -> None:
        self._checks.shutdown(wait=False, cancel_futures=True)

    async def sign_in(self, message: Any, address: str) -> tuple[Account, str | None]:
        """The player a register, login, guest or resume message signs in as, and for resume the token it gave
        (None otherwise: the room makes a new session). ``address`` is the client's IP. Refusal on refusal; a
        suspended or banned player is refused (and a new player or guest from an address a suspension or ban
        holds), and where the player signed in from is kept for the moderators."""
        if message.type in ("register", "guest"):
            held = await self.run(moderation.refused_address, self.store, address)
            if held is not None:
                self._refuse(held, you=False)
        player, token = await self._sign_in(message, address)
        held = await self.run(moderation.in_force, self.store, player.id)
        if held is not None:
            self._refuse(held)
        await self.run(moderation.mark, self.store, player.id, address, getattr(message, "device", None))
        return player, token

    def _refuse(self, held: moderation.Sanction, *, you: bool = True) -> None:
        code = p.ErrorCode.BANNED if held.kind == "ban" else p.ErrorCode.SUSPENDED
        now = self.store.now()
        if you:
            raise p.Refusal(code, held.words(now))
        if held.kind == "ban":
            raise p.Refusal(code, _("A player banned signed in from this address; no new player or guest may sign "
                                    "in from it meanwhile."))
        left = p.minutes_words(max(1.0, (held.left(now) or timedelta(0)).total_seconds() / 60))
        raise p.Refusal(code, _("A player suspended ({left} left) signed in from this address; no new player or "
                                "guest may sign in from it meanwhile.", left=left))

    async def _sign_in(self, message: Any, address: str) -> tuple[Account, str | None]:
        kind = message.type
        try:
            if kind == "register":
                return await self._register(message.name, message.password, address), None
            if kind == "login":
                return await self._login(message.name, message.password, address), None
            if kind == "guest":
                return await self._guest(message.name, address), None
            if kind == "resume":
                player = await self.run(self.store.player_for_token, message.token)
                if player is None:
                    raise p.Refusal(p.ErrorCode.SESSION_EXPIRED, _("the token is unknown or has expired; sign "
                                                                   "in again"))
                return player, message.token
        except auth.AuthError as error:
            code = p.ErrorCode.NAME_TAKEN if error.code == "name_taken" else p.ErrorCode.BAD_MESSAGE
            raise p.Refusal(code, str(error)) from None
        raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("{kind} is not a way to sign in", kind=kind))

    async def stats(self, name: str) -> Figures:
        """The player's figures; Refusal no_such_player when no player has that name."""
        stats = await self.run(self.store.stats, name)
        if stats is None:
            raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("no player has that name"))
        return stats

    # -- each way in -------------------------------------------------------------------------------------------
    async def _login(self, name: str, password: str, address: str) -> Account:
        key = f"name:{names.lookup_key(name) or name}@{address}"  # the name as tried from this address
        wait = max(await self.name_failures.wait(key), await self.address_failures.wait(address))
        if wait > 0:
            raise p.Refusal(p.ErrorCode.TOO_MANY_ATTEMPTS, _("too many failed logins of that name from this "
                                                             "address, or from this address; try again in {wait}",
                                                             wait=_seconds(wait)))
        # counted as failed until the password is found right, so that tries sent together are counted together
        await self.name_failures.fail(key)
        await self.address_failures.fail(address)
        try:
            player = await self._checked(self.store.check_password, name, password)
        except p.Refusal:  # busy: not a try
            await self.name_failures.forgive(key)
            await self.address_failures.forgive(address)
            raise
        if player is None:
            await self.name_failures.known(key)
            await self.address_failures.known(address)
            # Told apart so that a client can offer to register a new name; register says as much (name_taken),
            # and a wrong name took as long as a wrong password all the same.
            if await self.run(self.store.name_free, name):
                raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("no registered player has that name; register it "
                                                              "first"))
            raise p.Refusal(p.ErrorCode.BAD_PASSWORD, _("that is not the password of the player of that name"))
        await self.name_failures.reset(key)
        await self.address_failures.forgive(address)
        return player

    async def _register(self, name: str, password: str, address: str) -> Account:
        wait = await self.address_failures.wait(address)
        if wait > 0:
            raise p.Refusal(p.ErrorCode.TOO_MANY_ATTEMPTS, _("too many failed tries from this address; try "
                                                             "again in {wait}", wait=_seconds(wait)))
        # spent before the outcome is known, so that registrations sent together count together
        wait = await self.registrations.take(address)
        if wait > 0:
            raise p.Refusal(p.ErrorCode.TOO_MANY_REGISTRATIONS, _(
                "{count} players were registered from this address within the hour; try again in {wait}",
                count=p.REGISTRATIONS_PER_ADDRESS, wait=_seconds(wait)))
        try:
            auth.check_name(name)
            free = await self.run(self.store.name_free, name)  # before the cost of hashing the password
        except BaseException:
            await self.registrations.refund(address)
            raise
        if not free:
            await self.registrations.refund(address)
            await self.address_failures.fail(address)
            holder = await self.run(self.store.player, name)
            said = taken_words(name, holder) if holder is not None else _("The name {name} is taken.", name=name)
            raise p.Refusal(p.ErrorCode.NAME_TAKEN, said)
        try:
            return await self._checked(self.store.create_player, name, password)
        except (auth.AuthError, p.Refusal) as error:
            await self.registrations.refund(address)
            if isinstance(error, auth.AuthError) and error.code == "name_taken":
                await self.address_failures.fail(address)
            raise

    async def _guest(self, name: str | None, address: str) -> Account:
        wait = await self.guests.take(address)  # counted at once: guests asked for together count together
        if wait > 0:
            raise p.Refusal(p.ErrorCode.TOO_MANY_GUESTS, _(
                "{count} guests were made from this address within the hour; try again in {wait}, or resume a "
                "guest's session with its token", count=p.GUESTS_PER_ADDRESS, wait=_seconds(wait)))
        try:
            return await self.run(self.store.guest, name)
        except auth.AuthError:
            await self.guests.refund(address)
            raise

    async def _checked(self, function: Callable[..., T], *args: Any) -> T:
        """Run a store call that hashes or verifies a password in the bounded pool."""
        if self._waiting >= p.PASSWORD_CHECKS_WAITING:
            raise p.Refusal(p.ErrorCode.BUSY, _("the room is checking many passwords just now; try again in a "
                                                "moment"))
        self._waiting += 1
        try:
            run = functools.partial(contextvars.copy_context().run, function, *args)  # refused in the asker's words
            return await asyncio.get_running_loop().run_in_executor(self._checks, run)
        finally:
            self._waiting -= 1


_SIGNINS: weakref.WeakKeyDictionary[Room, SignIn] = weakref.WeakKeyDictionary()


def signin_of(room: Room) -> SignIn:
    """The room's sign-in, made on first use and closed with the room."""
    signin = _SIGNINS.get(room)
    if signin is None:
        signin = _SIGNINS[room] = SignIn(room.store, tallies=room.tallies, run=room.aside)
        room.closing.append(signin.close)
    return signin
