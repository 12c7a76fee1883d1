"""Speaking directly to the player's screen reader or speech engine, when one can be reached.

Uses prismatoid (the ``speech`` extra). Any failure, from a missing package to a missing screen reader, only
means that the printed lines are all there is: speech is a help, never a requirement, and never a wait.

A speech backend talks to another process (Speech Dispatcher, a screen reader) that may not answer, or answer
slowly: opening Speech Dispatcher takes about two seconds even when it works. So the backend is opened and
spoken to only from a worker thread of its own. The table waits at most :data:`OPEN_WAIT` seconds for it to
open, then starts anyway; the lines said meanwhile wait in the queue and are spoken once it opens. A backend
that has not opened after :data:`OPEN_LIMIT` seconds is given up, and the table says so with its next line.
Lines are only queued, so a backend that hangs while speaking silences speech but never holds the table.

What is said about speech at the start: when the player chose the mode (``--speech``, or a remembered mode other
than the default ``auto``), one line, whether speech is on or why it is off. With the default ``auto``, only a
trouble the player may want to fix, a speech service that does not answer; a missing prismatoid or no speech
engine says nothing, since a screen reader reading the terminal already speaks every printed line.
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import importlib.util
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any

from ..language import _, number

# Backends that are plain speech synthesisers rather than the player's screen reader.
SYNTHESISERS = ("sapi", "espeak", "speech dispatcher", "speechd", "onecore", "avspeech", "say")
OPEN_WAIT = 2.0  # seconds the table waits for the backend to open before it starts without it
OPEN_LIMIT = 10.0  # seconds after which a backend that has not opened is given up
CLOSE_WAIT = 1.0  # seconds given, when the table closes, to the lines still waiting to be spoken


_CONTEXTS: list[Any] = []  # prismatoid's contexts, kept alive as long as the backends they opened


def _acquire_prism() -> Any:
    """The best backend prismatoid finds (may block for good: call it only from the speaker's thread)."""
    prism = importlib.import_module("prism")  # the prismatoid package
    context = prism.Context()
    backend = context.acquire_best()
    _CONTEXTS.append(context)
    return backend


class Speaker:
    """One worker thread that opens the backend and then speaks the lines queued by :meth:`say`, in order.

    :meth:`say` only queues, so it never waits. A line said with ``interrupt`` drops the lines not yet spoken
    (the player has moved on) and cuts off the one being spoken."""

    def __init__(self, acquire: Callable[[], Any] = _acquire_prism, limit: float = OPEN_LIMIT,
                 screen_reader_only: bool = False) -> None:
        self.acquire = acquire
        self.limit = limit
        self.screen_reader_only = screen_reader_only
        self.refused = _("Speech is off: no screen reader or speech engine was found.")
        self.deadline = time.monotonic() + limit
        self.backend: Any = None
        self.name = "speech"
        self.opened = threading.Event()  # set once the backend is open, or has failed to open
        self.idle = threading.Event()  # set while nothing waits to be spoken
        self.closed = False
        self.lines: deque[tuple[str, bool]] = deque()
        self.wake = threading.Condition()
        self.thread = threading.Thread(target=self._run, name="speech", daemon=True)
        self.thread.start()

    @property
    def on(self) -> bool:
        return self.backend is not None

    def off_reason(self) -> str | None:
        """Why speech is off, once it is known to be (None while it is on or still opening)."""
        if self.opened.is_set():
            return None if self.on else self.refused
        if time.monotonic() >= self.deadline:
            return _("Speech is off: the screen reader or speech engine did not answer within {seconds} seconds.",
                     seconds=number(self.limit))
        return None

    def say(self, text: str, interrupt: bool = False) -> None:
        with self.wake:
            if self.closed:
                return
            if interrupt:
                self.lines.clear()
            self.lines.append((text, interrupt))
            self.idle.clear()
            self.wake.notify()

    def close(self, wait: float = CLOSE_WAIT) -> None:
        """Give the lines still queued ``wait`` seconds to be spoken (when the backend is open), then stop."""
        if self.closed:
            return
        if self.on:
            self.idle.wait(wait)
        with self.wake:
            self.closed = True
            self.lines.clear()
            self.wake.notify()

    def _run(self) -> None:
        try:
            backend = self.acquire()
            self.name = str(getattr(backend, "name", "speech"))
            if self.screen_reader_only and any(word in self.name.lower() for word in SYNTHESISERS):
                self.refused = _("Speech is off: no screen reader was found, only {name}.", name=self.name)
                return
            self.backend = backend
        except BaseException:  # any error of the backend library only means "no speech"
            return
        finally:
            self.opened.set()
        while True:
            with self.wake:
                while not self.lines and not self.closed:
                    self.idle.set()
                    self.wake.wait()
                if self.closed:
                    self.idle.set()
                    return
                text, interrupt = self.lines.popleft()
            self._speak(text, interrupt)

    def _speak(self, text: str, interrupt: bool) -> None:
        try:
            self.backend.output(text, interrupt=interrupt)
        except Exception:
            with contextlib.suppress(Exception):
                self.backend.speak(text, interrupt=interrupt)


def open_speech(mode: str, explicit: bool = True, wait: float = OPEN_WAIT, limit: float = OPEN_LIMIT,
                acquire: Callable[[], Any] = _acquire_prism) -> tuple[Speaker | None, str]:
    """A speaker for ``mode`` (auto, screenreader, none) and the line to say about it now ("" for nothing).

    ``explicit``: whether the player chose the mode (see the module's notes for what is said when). The speaker
    may still be opening after ``wait`` seconds; the table then asks its :meth:`Speaker.off_reason` with each
    line."""
    if mode == "none":
        return None, ""
    if acquire is _acquire_prism and importlib.util.find_spec("prism") is None:
        return None, _("Speech is off: prismatoid is not installed.") if explicit else ""
    speaker = Speaker(acquire, limit, screen_reader_only=mode == "screenreader")
    speaker.opened.wait(min(wait, limit))
    reason = speaker.off_reason()
    if reason is not None:
        speaker.close(0)
        quiet = speaker.opened.is_set() and not explicit  # nothing found and nothing asked for
        return None, "" if quiet else reason
    atexit.register(speaker.close)  # the last lines (a goodbye) are still spoken when the table ends
    if not explicit:
        return speaker, ""
    if speaker.on:
        return speaker, _("Speech: {name}.", name=speaker.name)
    return speaker, _("Speech: waiting for the screen reader or speech engine; lines are spoken once it answers.")
