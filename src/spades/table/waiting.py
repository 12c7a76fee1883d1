"""A long search at the table (the coach's review, a hint), done beside it: while it lasts, the table says every
few seconds that it is still at work, so that silence never reads as a key that did nothing. A review takes a
second or two, but far longer on a busy machine, or the first time the search is compiled."""

from __future__ import annotations

import contextvars
import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from ..language import _

__all__ = ["STILL_EVERY", "STILL_FIRST", "meanwhile"]

STILL_FIRST, STILL_EVERY = 2.5, 5.0  # seconds before saying a search is still at work, and between sayings
T = TypeVar("T")


def meanwhile(work: Callable[[], T], still: str, out: Callable[..., Any]) -> T:
    """``work``'s result, done in a worker thread while this one says ``still`` with the seconds so far (through
    ``out``, not remembered for m), first after ``STILL_FIRST`` seconds, then every ``STILL_EVERY``; what ``work``
    raised is raised here. ``work`` runs in this thread's context, so that what it says is in the player's
    language. ``still`` is a whole sentence without its full stop ("The hint is still being worked out")."""
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            done.append(work())
        except BaseException as error:  # handed to the table's thread
            failed.append(error)

    worker = threading.Thread(target=contextvars.copy_context().run, args=(run,), name="search", daemon=True)
    began = time.monotonic()
    worker.start()
    wait = STILL_FIRST
    while True:
        worker.join(wait)
        if not worker.is_alive():
            break
        # Translators: {still} is a sentence such as "The coach is still at work on hand 3".
        out(_("{still}: {seconds} seconds so far.", still=still, seconds=round(time.monotonic() - began)),
            remember=False)
        wait = STILL_EVERY
    if failed:
        raise failed[0]
    return done[0]
