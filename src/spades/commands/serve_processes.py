"""``spades serve --processes N``: one room served by N processes on one address.

The parent binds the listening socket and forks N processes that each serve the room from it (the system hands
every new connection to one of them), as several ``spades serve`` processes on one database and one Redis share a
room today: a table's seats may be on different processes, and each process tells the others of every move
through Redis. The parent says the room is open once every process serves, restarts a process that stops by
itself, and on SIGTERM or Ctrl-C stops them all and says so once. Each process's number is sent to its clients in
the websocket's ``x-spades-process`` header, and its measurements are on its own metrics port
(``--metrics-port``).

Forking needs a POSIX system; on others, run several ``spades serve`` behind a proxy (README)."""

from __future__ import annotations

import argparse
import contextlib
import os
import select
import signal
import socket
import sys
import time
from types import FrameType

from ..language import _

__all__ = ["supervise"]

STOP_WAIT = 30.0  # seconds the processes have to close their connections and the database once told to stop
INTERRUPT_WAIT = 2.0  # after Ctrl-C, which reaches every process of the terminal, before the parent tells them


def supervise(args: argparse.Namespace, sock: socket.socket, port: int) -> int:
    """Run the processes until told to stop; 0 when the room opened and stopped, 1 when it could not open."""
    from ..cli import CommandError
    from .serve import STOPPED, say_open, serve_one

    if not hasattr(os, "fork"):
        raise CommandError(_("--processes above 1 needs a system that can fork (Linux, macOS); run several spades "
                             "serve behind a proxy instead (see the README)"))
    ready_read, ready_write = os.pipe()
    children: dict[int, int] = {}  # pid: number
    stopping: list[int] = []  # the signal that stops the room, once one has

    def start(number: int) -> None:
        pid = os.fork()
        if pid:
            children[pid] = number
            return
        os.close(ready_read)

        def opened(metrics: int | None) -> None:
            os.write(ready_write, f"{number} {metrics if metrics is not None else -1}\n".encode())

        code = 1
        try:
            code = serve_one(args, sock, number, opened)
        except BaseException as error:  # a child must never return into the parent's code
            if not isinstance(error, (KeyboardInterrupt, SystemExit)):
                print(f"process {number} of the room failed: {type(error).__name__}: {error}", file=sys.stderr)
        finally:
            sys.stdout.flush()
            os._exit(code)

    def on_signal(signum: int, frame: FrameType | None) -> None:
        if not stopping:
            stopping.append(signum)
        if signum == signal.SIGTERM:
            _tell(children, signal.SIGTERM)

    previous = {s: signal.signal(s, on_signal) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        for number in range(1, args.processes + 1):
            start(number)
        os.close(ready_write)
        opened = _wait_ready(ready_read, args.processes, children)
        if opened is None:
            _tell(children, signal.SIGTERM)
            _reap(children, STOP_WAIT)
            return 1
        say_open(args.host, port, opened, args.processes)
        while children and not stopping:
            with contextlib.suppress(ChildProcessError, InterruptedError):
                pid, status = os.waitpid(-1, 0)
                ended = children.pop(pid) if pid in children else None
                if ended is not None and not stopping:
                    print(f"process {ended} of the room stopped ({_status(status)}); starting it again",
                          file=sys.stderr, flush=True)
                    start(ended)
        if stopping and stopping[0] == signal.SIGINT:
            _reap(children, INTERRUPT_WAIT)  # Ctrl-C reached them too; a kill -INT of the parent alone did not
        _tell(children, signal.SIGTERM)
        _reap(children, STOP_WAIT)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)
        with contextlib.suppress(OSError):
            os.close(ready_read)
    print(_(STOPPED), flush=True)
    return 0


def _wait_ready(pipe: int, processes: int, children: dict[int, int]) -> list[tuple[int, int | None]] | None:
    """Each process's number and metrics port once all serve; None when one stopped first."""
    ready: list[tuple[int, int | None]] = []
    buffer = b""
    while len(ready) < processes:
        if select.select([pipe], [], [], 0.2)[0]:
            chunk = os.read(pipe, 4096)
            if not chunk:
                return None  # every process has stopped before saying it serves
            buffer += chunk
            *lines, buffer = buffer.split(b"\n")
            for line in lines:
                number, metrics = (int(x) for x in line.split())
                ready.append((number, None if metrics < 0 else metrics))
        for pid in list(children):
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                print(f"process {children.pop(pid)} of the room could not start ({_status(status)})",
                      file=sys.stderr, flush=True)
                return None
    return ready


def _tell(children: dict[int, int], signum: int) -> None:
    for pid in list(children):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signum)


def _reap(children: dict[int, int], wait: float) -> None:
    """Wait up to ``wait`` seconds for the processes to stop; kill any still there."""
    deadline = time.monotonic() + wait
    while children and time.monotonic() < deadline:
        for pid in list(children):
            with contextlib.suppress(ChildProcessError, InterruptedError):
                if os.waitpid(pid, os.WNOHANG)[0]:
                    children.pop(pid)
        time.sleep(0.05)
    for pid in list(children):
        with contextlib.suppress(ProcessLookupError, ChildProcessError):
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        children.pop(pid)


def _status(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"signal {os.WTERMSIG(status)}"
    return f"exit status {os.waitstatus_to_exitcode(status)}"
