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

