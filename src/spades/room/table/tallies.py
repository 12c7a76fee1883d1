"""Tallies: what each player or address did lately, counted where every process of the room sees it, so that a
per-player limit (chat's rate, failed logins, guests and registrations from an address) holds however a client
spreads its messages over the room's processes.

Two kinds of count: uses in a sliding window (``take``: at most ``limit`` in any ``window`` seconds, checked and
counted in one step, ``give_back`` for a use whose outcome failed), and failures with the time of the last
(``fail``, ``failures``, ``known``, ``forgive``, ``reset``), forgotten ``forget`` seconds after the last one. One
process keeps them in memory (``LocalTallies``, bounded in size); with ``--redis`` they are Redis keys
(``RedisTallies``: a sorted set of times, a hash of count and last), each step one atomic script, named from the
room's database as the bus's channel is. Times are the callers' clock (seconds); processes that share Redis
share a wall clock."""

from __future__ import annotations

import hashlib
import secrets
from collections import deque
from typing import Any, Protocol

__all__ = ["LocalTallies", "RedisTallies", "Tallies", "make_tallies"]

MAX_KEYS = 100_000  # keys one process remembers; past that the oldest are forgotten


class Tallies(Protocol):
    async def take(self, key: str, limit: int, window: float, now: float) -> float:
        """Count one use if fewer than ``limit`` were made in the ``window`` seconds before ``now``: 0.0; else
        the seconds until one may be made (nothing is counted)."""
        ...

    async def give_back(self, key: str) -> None:
        """Take back the last use counted (it was counted before its outcome was known, and it failed)."""
        ...

    async def fail(self, key: str, now: float, forget: float) -> None:
        """One more failure, the last at ``now``; the count is forgotten ``forget`` seconds after the last."""
        ...

    async def failures(self, key: str) -> tuple[int, float]:
        """The failures counted and the time of the last ((0, 0.0): none)."""
        ...

    async def known(self, key: str, now: float) -> None:
        """The last failure is known only now (its check took a while): its time becomes ``now``."""
        ...

    async def forgive(self, key: str) -> None:
        """One failure fewer (a try counted before its outcome was known went well)."""
        ...

    async def reset(self, key: str) -> None:
        ...


class LocalTallies:
    """The tallies of one process, in memory."""

    def __init__(self) -> None:
        self._uses: dict[str, deque[float]] = {}
        self._windows: dict[str, float] = {}
        self._swept = 0.0
        self._failed: dict[str, tuple[int, float, float]] = {}  # key: (failures, last, forget), oldest first

    def held(self) -> int:
        """How many counts of uses are kept: a gone player's are forgotten once their window has passed."""
        return len(self._uses)

    def _sweep(self, now: float) -> None:
        """Forget the keys none of whose uses count any more (at most once a minute)."""
        if now - self._swept < 60:
            return
        self._swept = now
        for key, uses in list(self._uses.items()):
            if not uses or uses[-1] <= now - self._windows.get(key, 0.0):
                del self._uses[key]
                self._windows.pop(key, None)

    async def take(self, key: str, limit: int, window: float, now: float) -> float:
        self._sweep(now)
        self._windows[key] = window
        uses = self._uses.get(key)
        if uses is None:
            uses = self._uses[key] = deque()
            if len(self._uses) > MAX_KEYS:
                self._uses.pop(next(iter(self._uses)))
        while uses and uses[0] <= now - window:
            uses.popleft()
        if len(uses) >= limit:
            return max(0.0, uses[0] + window - now)
        uses.append(now)
        return 0.0

    async def give_back(self, key: str) -> None:
        uses = self._uses.get(key)
        if uses:
            uses.pop()

    async def fail(self, key: str, now: float, forget: float) -> None:
        count = self._current(key, now)[0]
        self._failed.pop(key, None)  # put back last: the dict stays oldest first
        self._failed[key] = (count + 1, now, forget)
        if len(self._failed) > MAX_KEYS:
            for old in list(self._failed)[:len(self._failed) - MAX_KEYS]:
                del self._failed[old]

    def _current(self, key: str, now: float) -> tuple[int, float, float]:
        seen = self._failed.get(key)
        if seen is None:
            return 0, 0.0, 0.0
        if now - seen[1] >= seen[2]:
            del self._failed[key]
            return 0, 0.0, 0.0
        return seen

    async def failures(self, key: str) -> tuple[int, float]:
        seen = self._failed.get(key, (0, 0.0, 0.0))
        return seen[0], seen[1]

    async def known(self, key: str, now: float) -> None:
        seen = self._failed.pop(key, None)
        if seen is not None:
            self._failed[key] = (seen[0], now, seen[2])

    async def forgive(self, key: str) -> None:
        seen = self._failed.get(key)
        if seen is not None:
            self._failed[key] = (max(0, seen[0] - 1), seen[1], seen[2])

    async def reset(self, key: str) -> None:
        self._failed.pop(key, None)


# KEYS[1] the window's sorted set; ARGV: limit, window, now, a unique member. The wait, as text (0: counted).
_TAKE = """
local key, limit, window, now = KEYS[1], tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local first = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return tostring(tonumber(first[2]) + window - now)
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, math.ceil(window * 1000))
return '0'
"""
# KEYS[1] the failures' hash; ARGV: now, forget
_FAIL = """
redis.call('HINCRBY', KEYS[1], 'count', 1)
redis.call('HSET', KEYS[1], 'last', ARGV[1])
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) * 1000))
"""
_KNOWN = """
if redis.call('EXISTS', KEYS[1]) == 1 then redis.call('HSET', KEYS[1], 'last', ARGV[1]) end
"""
_FORGIVE = """
if tonumber(redis.call('HGET', KEYS[1], 'count') or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'count', -1) end
"""


class RedisTallies:
    """The room's tallies in Redis, shared by every process on its database; ``prefix`` names the room's keys."""

    def __init__(self, url: str, prefix: str) -> None:
        import redis.asyncio as redis

        self._redis: Any = redis.from_url(url)
        self.prefix = prefix
        self._scripts = {name: self._redis.register_script(text)
                         for name, text in (("take", _TAKE), ("fail", _FAIL), ("known", _KNOWN),
                                            ("forgive", _FORGIVE))}

    async def take(self, key: str, limit: int, window: float, now: float) -> float:
        wait = await self._scripts["take"](keys=[self.prefix + "use:" + key],
                                           args=[limit, window, repr(now), f"{now!r}:{secrets.token_hex(6)}"])
        return max(0.0, float(wait))

    async def give_back(self, key: str) -> None:
        await self._redis.zpopmax(self.prefix + "use:" + key)

    async def fail(self, key: str, now: float, forget: float) -> None:
        await self._scripts["fail"](keys=[self.prefix + "fail:" + key], args=[repr(now), forget])

    async def failures(self, key: str) -> tuple[int, float]:
        count, last = await self._redis.hmget(self.prefix + "fail:" + key, "count", "last")
        return (int(count), float(last)) if count is not None and last is not None else (0, 0.0)

    async def known(self, key: str, now: float) -> None:
        await self._scripts["known"](keys=[self.prefix + "fail:" + key], args=[repr(now)])

    async def forgive(self, key: str) -> None:
        await self._scripts["forgive"](keys=[self.prefix + "fail:" + key])

    async def reset(self, key: str) -> None:
        await self._redis.delete(self.prefix + "fail:" + key)

    async def close(self) -> None:
        await self._redis.aclose()


def make_tallies(redis_url: str | None, database_url: str | None = None) -> Tallies:
    """The room's tallies: in memory for one process, in Redis (keys named from the database, as the bus's
    channel) when the room has one."""
    if not redis_url:
        return LocalTallies()
    key = hashlib.sha256((database_url or "").encode()).hexdigest()[:16]
    return RedisTallies(redis_url, f"spades:room:{key}:tally:")
