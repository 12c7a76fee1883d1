"""The limits the room holds each connection to, beside the schema's: the rate of messages."""

from __future__ import annotations

import time
from collections.abc import Callable

from ..protocol.codes import RATE_BURST, RATE_PER_SECOND


class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once. One per connection; the server
    asks ``allow()`` for each frame and answers ``rate_limited`` (dropping the frame) when it says no.

    The clock is injectable so that tests need not sleep."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limit needs a positive rate and a burst of at least 1")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        """Take one token if there is one: True, the message may pass; False, it is over the limit."""
        now = self._clock()
        elapsed = max(0.0, now - self._last)
        self._last = now
        self._tokens = min(float(self.burst), self._tokens + elapsed * self.rate)
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


class Buckets:
    """A token bucket per key (a client's address): ``rate`` requests a second on average, ``burst`` at once,
    for every connection and request of that key together, and, with ``whole``, one more bucket for every key at
    once (a crowd of addresses is held to what the room can spare). A bucket that has filled up again says no more
    than a new one would, so it is forgotten: only keys heard from within the last ``burst / rate`` seconds are
    held (and at most ``max_keys`` of them, the oldest dropped first), however many addresses come and go."""

    def __init__(self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic,
                 max_keys: int = 100_000, whole: RateLimit | None = None) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limit needs a positive rate and a burst of at least 1")
        self.whole = whole  # every key's requests together, when given: many addresses are held as one too
        self.rate = rate
        self.burst = burst
        self.max_keys = max_keys
        self._clock = clock
        self._tokens: dict[str, tuple[float, float]] = {}  # key: (tokens, when counted), oldest first
        self._swept = clock()

    def __len__(self) -> int:
        return len(self._tokens)

    def allow(self, key: str) -> bool:
        """Take one of the key's tokens if it has one: True, the request may pass."""
        now = self._clock()
        self.sweep(now)
        tokens, last = self._tokens.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + max(0.0, now - last) * self.rate)
        allowed = tokens >= 1.0
        self._tokens[key] = (tokens - 1.0 if allowed else tokens, now)  # put back last: the dict stays oldest first
        if len(self._tokens) > self.max_keys:
            self._tokens.pop(next(iter(self._tokens)))
        return allowed and (self.whole is None or self.whole.allow())

    def sweep(self, now: float | None = None) -> None:
        """Forget the keys whose buckets are full again (at most once a second, from the oldest on)."""
        now = self._clock() if now is None else now
        if now - self._swept < 1.0 and now >= self._swept:
            return
        self._swept = now
        full = self.burst / self.rate
        for key, (_, last) in list(self._tokens.items()):
            if now - last < full:
                break
            del self._tokens[key]
