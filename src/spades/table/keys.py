"""Reading the player's input: single keypresses in a real terminal, or whole lines from a braille display or a
script.

A key is returned as a short name (``left``, ``home``, ``enter``) or as the character typed, so the table never
sees escape sequences. The terminal is put in cbreak mode only while the table runs and always restored, so a
crash never leaves the player's shell without echo.
"""

from __future__ import annotations

import os
import select
import sys
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Protocol, TextIO

from ..language import N_, _

# The sequences terminals send for the keys of KEYS.md, in both the normal and the "application" cursor modes.
SEQUENCES: dict[str, str] = {
    "[A": "up", "[B": "down", "[C": "right", "[D": "left",
    "OA": "up", "OB": "down", "OC": "right", "OD": "left",
    "[H": "home", "[F": "end", "OH": "home", "OF": "end",
    "[1~": "home", "[4~": "end", "[7~": "home", "[8~": "end",
    "[3~": "delete", "[2~": "insert", "[5~": "page up", "[6~": "page down", "[Z": "shift+tab",
    "OP": "f1", "OQ": "f2", "OR": "f3", "OS": "f4", "[11~": "f1", "[12~": "f2", "[13~": "f3", "[14~": "f4",
    "[15~": "f5", "[17~": "f6", "[18~": "f7", "[19~": "f8", "[20~": "f9", "[21~": "f10", "[23~": "f11",
    "[24~": "f12",
}
CONTROL: dict[str, str] = {"\r": "enter", "\n": "enter", "\x7f": "backspace", "\b": "backspace", "\t": "tab",
                           "\x1b": "escape"}


# The keys a player knows by a name, as the keyboard names them (the function keys are their letter and number).
KEY_WORDS = {"up": N_("Up"), "down": N_("Down"), "left": N_("Left"), "right": N_("Right"), "home": N_("Home"),
             "end": N_("End"), "delete": N_("Delete"), "insert": N_("Insert"), "page up": N_("Page Up"),
             "page down": N_("Page Down"), "shift+tab": N_("Shift+Tab"), "tab": N_("Tab"), "escape": N_("Escape"),
             "backspace": N_("Backspace"), "enter": N_("Enter")}


def key_name(key: str) -> str:
    """A key as a player knows it, for "... does nothing here": the character typed, ``Ctrl+L`` for a control
    character (which would print as nothing), ``Page Up``, ``F1``; ``That key`` for a sequence not known."""
    if len(key) == 1:
        if key.isprintable():
            return key
        code = ord(key)
        return f"Ctrl+{chr(code + 64)}" if code < 32 else _("The key {code}", code=format(code, "#x"))
    if key == "unknown":
        return _("That key")
    if key in KEY_WORDS:
        return _(KEY_WORDS[key])
    return "+".join(" ".join(word.capitalize() for word in part.split(" ")) for part in key.split("+"))


class Input(Protocol):
    line_mode: bool

    def read(self) -> str | None:
        """The next key (key mode) or line (line mode); None when input has ended."""

    def raw(self) -> AbstractContextManager[None]:
        """The terminal set up for reading (cbreak for keys), restored on leaving."""

    def ready(self, timeout: float) -> bool:
        """Whether ``read`` has something (or the end of input) to give, waiting up to ``timeout`` seconds: the
        table looks at the keys this way while others are still to move at an online table."""


def _fd_ready(fd: int | None, timeout: float) -> bool:
    """Whether the file descriptor has input (or its end) waiting; True when there is no descriptor to wait on
    (a script's in-memory input never blocks)."""
    if fd is None:
        return True
    ready, _, _ = select.select([fd], [], [], max(timeout, 0))
    return bool(ready)


def _fileno(stream: TextIO) -> int | None:
    try:
        return stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None


def decode(data: str) -> list[str]:
    """Split what the terminal sent into key names: arrows and friends, control keys, plain characters."""
    keys: list[str] = []
    i = 0
    while i < len(data):
        char = data[i]
        if char == "\x1b" and i + 1 < len(data) and data[i + 1] in "[O":
            j = i + 2
            while j < len(data) and not (data[j].isalpha() or data[j] == "~"):
                j += 1
            body = data[i + 1:j + 1]
            keys.append(SEQUENCES.get(body, "unknown"))
            i = j + 1
            continue
        if char == "\r" and data[i + 1:i + 2] == "\n":
            i += 1
        keys.append(CONTROL.get(char, char))
        i += 1
    return keys


class KeyInput:
    """Single keypresses from a terminal in cbreak mode (Ctrl-C still interrupts)."""

    line_mode = False

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        self.fd = self.stream.fileno()
        self.pending: list[str] = []

    def read(self) -> str | None:
        if not self.pending:
            data = os.read(self.fd, 64)
            if not data:
                return None
            # An escape sequence may arrive in pieces; wait a moment for the rest of it.
            while data.endswith(b"\x1b") or (b"\x1b" in data[-4:] and not _complete(data)):
                ready, _, _ = select.select([self.fd], [], [], 0.05)
                if not ready:
                    break
                more = os.read(self.fd, 64)
                if not more:
                    break
                data += more
            self.pending = decode(data.decode("utf-8", errors="replace"))
        return self.pending.pop(0) if self.pending else self.read()

    def ready(self, timeout: float) -> bool:
        return bool(self.pending) or _fd_ready(self.fd, timeout)

    @contextmanager
    def raw(self) -> Iterator[None]:
        import termios
        import tty

        saved = termios.tcgetattr(self.fd)
        try:
            tty.setcbreak(self.fd, termios.TCSANOW)  # keys typed ahead are kept, not flushed
            yield
        finally:
            termios.tcsetattr(self.fd, termios.TCSADRAIN, saved)


def _complete(data: bytes) -> bool:
    tail = data[data.rfind(b"\x1b"):]
    return len(tail) >= 3 and (chr(tail[-1]).isalpha() or tail.endswith(b"~"))


class LineInput:
    """Whole lines: typed on a braille display, or sent by a script through a pipe."""

    line_mode = True

    def __init__(self, stream: TextIO | None = None) -> None:
        self.stream = stream or sys.stdin
        # A real file descriptor is read directly, with this class's own buffer, so that ``ready`` never misses a
        # line already read ahead into the stream's buffer; an in-memory stream is read by lines.
        self.fd = _fileno(self.stream)
        self.buffer = b""
        self.ended = False

    def read(self) -> str | None:
        if self.fd is None:
            line = self.stream.readline()
            return line.rstrip("\r\n") if line else None
        while b"\n" not in self.buffer and not self.ended:
            data = os.read(self.fd, 4096)
            if not data:
                self.ended = True
            self.buffer += data
        if not self.buffer:
            return None
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line.decode("utf-8", errors="replace").rstrip("\r")

    def ready(self, timeout: float) -> bool:
        if self.fd is None or b"\n" in self.buffer or self.ended:
            return True
        if not _fd_ready(self.fd, timeout):
            return False
        data = os.read(self.fd, 4096)
        self.ended = not data
        self.buffer += data
        return b"\n" in self.buffer or self.ended

    @contextmanager
    def raw(self) -> Iterator[None]:
        yield
