"""``spades bench room --profile``: where the server's CPU goes, sampled by py-spy during the first measured step.

py-spy samples every server process 100 times a second (``--nonblocking``: the server is never paused) and keeps
only the threads that are not idle by the system's account: one waiting on a socket or a lock is left out, but one
ready to run and waiting for a CPU of a busy machine is counted. So the samples give the shares; the milliseconds
and engine hands an action of each category are its share of the CPU per action that the server's metrics
report. Its raw format is one line per distinct stack, ``outer;...;inner COUNT``, each frame
``function (path:line)``.

A sample goes to the category of its innermost frame that matches a rule below; a sample none of whose frames
match is "event loop and other" (asyncio's own work, the room's bookkeeping, the interpreter). Within one frame the
first matching rule wins, which is how a module doing two things is split by its functions. A rule is (category,
path pattern, function pattern): both regular expressions searched for in the frame's path and in its
(qualified) function name; an empty function pattern matches any function.

=======================  ====================================================================================
category                 rules, in the order they are tried
=======================  ====================================================================================
sending                  send/write functions of starlette's WebSocket, uvicorn's websocket protocols, the
                         websockets library and asyncio's socket transports; the room's connection writer
                         (``write`` in room/web/app.py) and its queue (room/table/connections.py)
encoding                 spades/wire.py (but its ``from_json`` functions), encode/dump functions of the
                         room's protocol, orjson, json's encoder, pydantic's serialisation
decoding and checking    spades/wire.py's ``from_json``, the room's protocol (parse_client and the
                         messages), room/web/handlers.py, room/web/limits.py, ``_frame`` in room/web/app.py,
                         ``Host.check``, pydantic's validation, json's decoder
store                    room modules named for storing or logging actions (store, queue_store,
                         action_log), the room's ``db`` and a table's ``_db`` (the hand-off of a database
                         call to its thread), the thread pool those calls run in (nothing else uses it
                         here: no computer seats, no hints) but a worker between two calls (waiting for
                         work or for a CPU), sqlalchemy, sqlite3, psycopg
engine                   spades/game.py, tricks, scoring, bids, cards, rules, actions, seats, events (but
                         their ``__str__``, ``__repr__`` and ``__format__``: text made for a frame or a line
                         is its caller's), the kernel
views and words          spades/view.py, spades/host.py (but ``check``), spades/words/, room/notes.py, the
                         room's update building (room/table/frames.py; room/table/live.py's update, publish, say,
                         announce and view functions)
receiving                starlette's WebSocket, uvicorn's websocket protocols, the websockets library
                         (the rest of their functions), asyncio's socket reading, ``read`` in room/web/app.py
event loop and other     the rest of room/table/live.py and room/table/room.py (a table's and the room's own
                         bookkeeping), room/table/bus.py and redis (the updates carried between server
                         processes): the search stops there, so they are not counted as their callers';
                         and every stack no rule matches (asyncio or uvloop, the interpreter)
=======================  ====================================================================================

A C function (orjson's, sqlite3's) has no frame: its time shows on the calling line of the innermost Python
frame. So before the rules above, the innermost frame, when it is the room's own code, is tried by the text of that
line (``LINE_RULES``): a line calling ``orjson.dumps`` or ``json.dumps`` is encoding, one calling ``loads`` is
decoding. The text is read from the files this process imports, which are the server's.

Under uvloop the event loop's own work (polling, reading and writing sockets) is C code without Python frames:
those samples show only the outermost frames and are "event loop and other".
"""

from __future__ import annotations

import linecache
import re
import shutil
import signal
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

OTHER = "event loop and other"
CATEGORIES = ("receiving", "decoding and checking", "store", "engine", "views and words", "encoding", "sending",
              OTHER)
RATE = 100  # samples a second

_SEND = r"send|write|serialize|data_to_send|drain"
_NOT_FORMATTING = r"^(?!.*\.__(str|repr|format)__$)"  # a card's text is made for a frame: the caller's category
RULES: tuple[tuple[str, str, str], ...] = (
    # category, path pattern, function pattern ("" = any)
    ("sending", r"(^|/)starlette/websockets\.py$", _SEND),
    ("sending", r"(^|/)uvicorn/protocols/websockets/", _SEND),
    ("sending", r"(^|/)websockets/", _SEND),
    ("sending", r"(^|/)asyncio/(selector_events|transports|sslproto)\.py$", _SEND),
    ("sending", r"(^|/)spades/room/web/app\.py$", r"(^|\.)(write|_drain)$"),
    ("sending", r"(^|/)spades/room/table/connections\.py$", r"send|next_frame"),
    ("encoding", r"(^|/)spades/wire\.py$", r"^(?!.*from_json)"),
    ("encoding", r"(^|/)spades/room/protocol/", r"encode|dump"),
    ("encoding", r"(^|/)orjson/", ""),
    ("encoding", r"(^|/)json/(encoder|__init__)\.py$", r"dump|encode"),
    ("encoding", r"(^|/)pydantic(_core)?/", r"dump|serializ|to_json"),
    ("decoding and checking", r"(^|/)spades/wire\.py$", ""),
    ("decoding and checking", r"(^|/)spades/room/protocol/", ""),
    ("decoding and checking", r"(^|/)spades/room/web/(handlers|limits)\.py$", ""),
    ("decoding and checking", r"(^|/)spades/room/web/app\.py$", r"(^|\.)_frame$"),
    ("decoding and checking", r"(^|/)spades/host\.py$", r"(^|\.)check$"),
    ("decoding and checking", r"(^|/)pydantic(_core)?/", r"validate"),
    ("decoding and checking", r"(^|/)json/(decoder|__init__)\.py$", ""),
    ("store", r"(^|/)spades/room/store/\w+\.py$", ""),
    ("store", r"(^|/)spades/room/table/(live|room)\.py$", r"(^|\.)_?db$"),
    (OTHER, r"(^|/)concurrent/futures/thread\.py$", r"^_worker$"),
    ("store", r"(^|/)concurrent/futures/thread\.py$", ""),
    ("store", r"(^|/)(sqlalchemy|sqlite3|psycopg|psycopg_pool|psycopg_binary)/", ""),
    ("engine", r"(^|/)spades/(game|tricks|scoring|bids|cards|rules|actions|seats|events)\.py$", _NOT_FORMATTING),
    ("engine", r"(^|/)spades/kernel/", ""),
    ("views and words", r"(^|/)spades/(view|host)\.py$", ""),
    ("views and words", r"(^|/)spades/words/", ""),
    ("views and words", r"(^|/)spades/room/table/frames\.py$", ""),
    ("views and words", r"(^|/)spades/room/table/live\.py$", r"update|publish|say|announce|view"),
    ("receiving", r"(^|/)starlette/websockets\.py$", ""),
    ("receiving", r"(^|/)uvicorn/protocols/websockets/", ""),
    ("receiving", r"(^|/)websockets/", ""),
    ("receiving", r"(^|/)asyncio/selector_events\.py$", r"read"),
    ("receiving", r"(^|/)spades/room/web/app\.py$", r"(^|\.)read$"),
    # the rest of a table's and the room's own bookkeeping, and the bus between processes (Redis), stop the search:
    # they are not their callers'
    (OTHER, r"(^|/)spades/room/table/(live|room|bus)\.py$", ""),
    (OTHER, r"(^|/)redis/", ""),
)
_COMPILED = tuple((category, re.compile(path), re.compile(function)) for category, path, function in RULES)
# A C function (orjson's, sqlite3's) has no frame of its own: its time shows on the line of the innermost Python
# frame that called it. So the innermost frame, when it is the room's code, is first tried by its line's text.
LINE_RULES: tuple[tuple[str, str], ...] = (
    ("encoding", r"\b(orjson|json)\.dumps\b|\.model_dump_json\b"),
    ("decoding and checking", r"\b(orjson|json)\.loads\b|\.model_validate"),
)
_COMPILED_LINES = tuple((category, re.compile(rule)) for category, rule in LINE_RULES)
_FRAME = re.compile(r"^(?P<function>.*) \((?P<path>[^()]*?)(?::(?P<line>\d+))?\)$")
_PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # the directory spades/ is in


def source_line(path: str, line: int) -> str:
    """The text of a line of the room's code, as the server ran it (the same files as this process's)."""
    if "spades/" not in path:
        return ""
    file = Path(path) if Path(path).is_absolute() else _PACKAGE_ROOT / path
    return linecache.getline(str(file), line)


def frame_category(frame: str, innermost: bool = False,
                   source: Callable[[str, int], str] = source_line) -> str | None:
    """The category of one frame (``function (path:line)``), or None when no rule matches it."""
    found = _FRAME.match(frame)
    if found is None:
        return None
    function, path = found["function"], found["path"]
    if innermost and found["line"]:
        text = source(path, int(found["line"]))
        for category, rule in _COMPILED_LINES:
            if rule.search(text):
                return category
    for category, path_rule, function_rule in _COMPILED:
        if path_rule.search(path) and function_rule.search(function):
            return category
    return None


def categorise(collapsed: str, unmatched: Counter[str] | None = None,
               source: Callable[[str, int], str] = source_line) -> Counter[str]:
    """Samples by category from py-spy's raw (collapsed stack) text: each stack goes to its innermost matching
    frame's category. ``unmatched`` counts the innermost frames (without their lines) of the stacks that went to
    "event loop and other", so that what hides there can be seen. ``source`` gives a line's text."""
    samples: Counter[str] = Counter()
    for line in collapsed.splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack or not count.isdigit():
            continue
        category = OTHER
        frames = stack.split(";")
        for depth in range(len(frames) - 1, -1, -1):
            found = frame_category(frames[depth], depth == len(frames) - 1, source)
            if found is not None:
                category = found
                break
        samples[category] += int(count)
        if category == OTHER and unmatched is not None:
            unmatched[re.sub(r":\d+\)$", ")", frames[-1])] += int(count)
    return samples


def py_spy() -> str:
    """py-spy's executable (beside this Python's, or on the PATH), or a clear error saying how to install it."""
    beside = Path(sys.executable).parent / "py-spy"
    found = str(beside) if beside.exists() else shutil.which("py-spy")
    if found is None:
        from ..cli import CommandError

        raise CommandError("--profile needs py-spy: pip install py-spy (or pip install -e '.[bench]')")
    return found


class Profile:
    """py-spy recording each server process from ``start`` until ``stop``, one raw file per process."""

    def __init__(self, path: Path, pids: dict[int, int], logs: Path) -> None:
        self.files = {k: path if len(pids) == 1 else path.with_name(f"{path.name}.{k}") for k in pids}
        self.logs = {k: logs.with_name(f"{logs.name}.{k}") for k in pids}
        executable = py_spy()
        self.spies = {}
        for k, pid in pids.items():
            self.files[k].unlink(missing_ok=True)  # an earlier run's stacks are never read as this one's
            with self.logs[k].open("w") as log:
                self.spies[k] = subprocess.Popen([executable, "record", "--format", "raw", "--rate", str(RATE),
                                                  "--nonblocking", "--pid", str(pid), "-o", str(self.files[k])],
                                                 stdout=subprocess.DEVNULL, stderr=log)
        self.errors: dict[int, str] = {}

    def stop(self, unmatched: Counter[str] | None = None) -> dict[int, Counter[str]]:
        """Stop sampling (as Ctrl-C does: py-spy then writes its file) and categorise each process's samples.
        A process py-spy could not sample has no samples, and why is kept in ``errors``."""
        for spy in self.spies.values():
            if spy.poll() is None:
                spy.send_signal(signal.SIGINT)
        found = {}
        for k, spy in self.spies.items():
            try:
                spy.wait(30)
            except subprocess.TimeoutExpired:
                spy.kill()
                spy.wait()
            if self.files[k].exists():
                found[k] = categorise(self.files[k].read_text(), unmatched)
            else:
                said = [line for line in self.logs[k].read_text().splitlines() if line.strip()]
                self.errors[k] = next((line for line in said if "rror" in line), said[-1] if said else
                                      f"py-spy wrote no stacks (status {spy.returncode}; had it attached yet?)")
                found[k] = Counter()
        return found
