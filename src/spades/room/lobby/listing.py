"""The lobby's list of tables, made once per change and shared by every asker.

Anyone may ask for the lobby, signed in or not, so one request must cost little however many ask: the list is
read from the store and encoded once, in pages of ``LOBBY_PAGE`` tables, and each reply is that encoded page with
the asker's id put in front. The order is the one a person looking for a game wants, and the one that keeps a
crowd of old tables from hiding a new one: waiting tables with a seat free first, then the other waiting tables,
then those under way, each newest first (finished tables are never listed, and a waiting table expires:
``lobby.expiry``). One table, or the tables where the asker sits, are found in the same copy (``lobby_find``,
``lobby_seated``), so that an invitation or a player coming back never has to page through the list. The
copy is made again only when something it shows may have changed: a table's seats or state (this process's
notices, and the other processes' on the bus: a table created, its seats, its state), a connection coming to or
leaving a table (who is connected), and, should a notice have been lost, once it is ``LOBBY_MAX_AGE`` seconds old.
It is made from the stored tables without validating each again (``table_json``): a few milliseconds for hundreds
of tables, where the ``table`` message's model took seconds on a busy machine and held the event loop meanwhile."""

from __future__ import annotations

import asyncio
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

import orjson

from .. import protocol as p
from ..store import Account, StoredTable
from ..store.friends import private_tables_for
from ..table.messages import table_json
from ..table.room import Room

__all__ = ["LOBBY_MAX_AGE", "Listing", "listing_of", "lobby_find", "lobby_frame", "lobby_order", "lobby_page",
           "lobby_seated", "lobby_tables"]

LOBBY_MAX_AGE = 10.0  # seconds a copy is shared at most, when no change this process hears of made it stale


@dataclass
class Listing:
    """One made copy of the lobby: each page's tables as encoded JSON, and what it was made from."""

    pages: list[bytes] = field(default_factory=lambda: [b"[]"])
    tables: list[dict[str, Any]] = field(default_factory=list)  # the same tables, in the same order, not encoded
    private: list[dict[str, Any]] = field(default_factory=list)  # the private tables, in no page: for who may see
    version: tuple[int, int] = (-1, -1)
    made: float = -LOBBY_MAX_AGE
    builds: int = 0  # how many copies were made (the bench and the tests count them against the requests)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def fresh(self, room: Room) -> bool:
        return self.version == _version(room) and time.monotonic() - self.made < LOBBY_MAX_AGE


def _version(room: Room) -> tuple[int, int]:
    return room.lobby_version, room.connections.version


_LISTINGS: weakref.WeakKeyDictionary[Room, Listing] = weakref.WeakKeyDictionary()


def listing_of(room: Room) -> Listing:
    """This process's copy of the room's lobby."""
    return _LISTINGS.setdefault(room, Listing())


def lobby_order(info: StoredTable) -> tuple[int, int]:
    """Where a table comes in the lobby: waiting with a seat free (no person, no computer), then waiting and full,
    then under way; newest first in each."""
    free = any(s.player is None and s.level is None for s in info.seats)
    return (2 if info.state != "waiting" else 0 if free else 1), -info.id


async def lobby_tables(room: Room, *, private: bool = False) -> list[dict[str, Any]]:
    """Every table waiting or under way, in the lobby's order (``lobby_order``; read now, not shared); with
    ``private``, the private ones too."""
    infos: list[StoredTable] = await room.db(room.store.tables, ("waiting", "playing"), p.LOBBY_MAX_TABLES,
                                             newest_first=True)
    return [table_json(info, room.connections.present(info.id), room.base_url)
            for info in sorted(infos, key=lobby_order) if private or not info.settings.get("private")]


async def private_tables(room: Room, viewer: Account) -> list[dict[str, Any]]:
    """The private tables the viewer may see (their own, their friends', those they are invited to, those they
    sit at), from the shared copy, which keeps them apart from its pages: the viewer's own read is made only when
    the room has a private table at all."""
    listing = await _current(room)
    if not listing.private or viewer.guest:
        return []
    allowed = set(await room.db(private_tables_for, room.store, viewer.id))
    return [info for info in listing.private if info["table"] in allowed][:p.LOBBY_PAGE]


async def _current(room: Room) -> Listing:
    """The shared copy, made again first when it may be stale (by one asker; the others wait for it)."""
    listing = listing_of(room)
    if listing.fresh(room):
        return listing
    async with listing.lock:
        if listing.fresh(room):
            return listing
        version = _version(room)  # read before the store: a change made meanwhile makes the next asker read again
        every = await lobby_tables(room, private=True)
        tables = [info for info in every if not info["private"]]
        listing.private = [info for info in every if info["private"]]
        size = p.LOBBY_PAGE
        listing.pages = [orjson.dumps(tables[at:at + size]) for at in range(0, len(tables), size)] or [b"[]"]
        listing.tables = tables
        listing.version, listing.made = version, time.monotonic()
        listing.builds += 1
        room.metrics.lobby_builds += 1
    return listing


async def lobby_page(room: Room, page: int) -> tuple[bytes, int]:
    """A page of the lobby's tables as encoded JSON (an empty list past the last page) and how many pages there
    are."""
    listing = await _current(room)
    room.metrics.lobby_lists += 1
    pages = listing.pages
    return (pages[page] if page < len(pages) else b"[]"), len(pages)


async def lobby_find(room: Room, table: int) -> dict[str, Any] | None:
    """The lobby's entry of one table (None: it is not waiting nor under way), from the shared copy."""
    listing = await _current(room)
    room.metrics.lobby_lists += 1
    return next((info for info in listing.tables if info["table"] == table), None)


async def lobby_seated(room: Room, name: str) -> list[dict[str, Any]]:
    """The lobby's entries of the tables where the player ``name`` sits, from the shared copy."""
    listing = await _current(room)
    room.metrics.lobby_lists += 1
    key = name.casefold()
    return [info for info in listing.tables if any((s["player"] or "").casefold() == key for s in info["seats"])]


async def lobby_frame(room: Room, page: int, reply_to: int | None, *, table: int | None = None,
                      seated: str | None = None, viewer: Account | None = None) -> str:
    """The ``lobby`` message of a page, with the asker's id: the shared page's bytes, not encoded again. With
    ``table``, only that table (or none); with ``seated``, only the tables where that player sits: one page. A
    signed-in ``viewer`` also finds the private tables they may see (on the first page, before the others)."""
    private = await private_tables(room, viewer) if viewer is not None else []
    if table is not None or seated is not None:
        found: list[dict[str, Any] | None] = (list(await lobby_seated(room, seated)) if seated is not None
                                              else [await lobby_find(room, table or 0)])
        key = (seated or "").casefold()
        found += [info for info in private if info["table"] == table or (seated is not None and any(
            (s["player"] or "").casefold() == key for s in info["seats"]))]
        tables, pages, page = orjson.dumps([info for info in found if info is not None]), 1, 0
    elif private and page == 0:
        shared, pages = await lobby_page(room, page)
        tables = orjson.dumps(private + orjson.loads(shared))
    else:
        tables, pages = await lobby_page(room, page)
    head = b'{"type":"lobby",' + (b'"id":%d,' % reply_to if reply_to is not None else b"")
    return (head + b'"page":%d,"pages":%d,"tables":' % (page, pages) + tables + b"}").decode()
