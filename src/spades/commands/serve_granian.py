"""``spades serve --server granian``: the room's Starlette application served by Granian's ASGI interface instead of
uvicorn, in this process, on the socket ``spades serve`` bound (and its metrics socket), so that ``--processes N``,
the metrics port and the operator's lines are the same as with uvicorn.

Granian's HTTP and websocket layers are Rust (hyper and tungstenite) on their own thread; the application runs on
this process's uvloop event loop, as under uvicorn. Its embedded server takes an address to bind, not a bound
socket, and one socket per server, so this module starts Granian's ASGI worker itself, as the embedded server does
(``granian.server.embed``), with the room's sockets: that uses Granian's internal modules, which is why the
version is pinned (the ``bench`` extra).

What Granian 2.8 does not do that uvicorn does, said where the room relies on it:

- the 64 KiB cut (``TRANSPORT_MAX_BYTES``): Granian builds its websockets with tungstenite's defaults and no option
  to change them, so a frame up to 16 MiB (a message up to 64 MiB) is read whole and handed to the room, which
  answers ``too_large``, instead of being refused from its header with close code 1009;
- the handshake's ``x-spades-process`` header: Granian's ``websocket.accept`` sends only a subprotocol, not the
  headers the room gives it;
- the scope's ``server``: Granian gives its port as text, where ASGI says an integer (the metrics route compares it
  with the metrics port), so each scope's is made an integer on the way in (``_asgi_server_port``);
- the close of a client that stopped reading: the room closes it once its queue is full, with code 4008 and the
  reason, the close frame waiting behind what the client has not read; under Granian the client sees the
  connection end without a close frame (1006), so it is not told why;
- the keepalive: Granian sends no pings, so a client that never reads again is not dropped after 20 s of silence
  (the room's own bounded queue still closes it once full).

Held to the room's tests (``SPADES_TEST_SERVER=granian``), Granian fails the three that check these: the 64 KiB
cut, the two processes told apart by the header, and the close of a client that stopped reading.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
from collections.abc import Callable
from typing import Any

from ..language import N_, _

__all__ = ["MISSING", "serve"]

MISSING = N_("--server granian needs Granian, which is not installed: pip install 'granian>=2.8,<2.9' (or pip "
             "install -e '.[bench]'); without it, serve with the default, --server uvicorn")
BACKLOG = 2048  # the kernel's queue of connections not yet accepted
RUNTIME_BLOCKING_THREADS = 512  # Granian's default: its Rust runtime's threads for blocking I/O
BACKPRESSURE = 1 << 16  # connections served at once by one process (Granian's default is 1024, fewer than a room's)


def available() -> None:
    """Raise the command's error, in one sentence, when Granian is not installed."""
    from ..cli import CommandError

    try:
        import granian  # noqa: F401
    except ImportError:
        raise CommandError(_(MISSING)) from None


def _asgi_server_port(app: Any) -> Callable[[dict[str, Any], Any, Any], Any]:
    """``app`` with each scope's ``server`` port an integer, as ASGI has it (Granian gives text)."""
    def fixed(scope: dict[str, Any], receive: Any, send: Any) -> Any:
        server = scope.get("server")
        if server is not None:
            scope["server"] = (server[0], int(server[1]))
        return app(scope, receive, send)

    return fixed


def serve(app: Any, sockets: list[socket.socket], opened: Callable[[], None]) -> bool:
    """Serve ``app`` on ``sockets`` until SIGTERM or SIGINT; ``opened`` once the room's lifespan has started and
    every socket is served. False when the room could not start."""
    import uvloop

    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(_serve(app, sockets, opened))


async def _serve(app: Any, sockets: list[socket.socket], opened: Callable[[], None]) -> bool:
    import granian._futures
    import granian._granian
    import granian.asgi
    from granian.http import HTTP1Settings

    # Granian's internals, whose stubs lag its code (its worker's arguments): used as the embedded server uses them
    futures: Any = granian._futures
    native: Any = granian._granian
    asgi: Any = granian.asgi

    loop = asyncio.get_running_loop()
    stop = asyncio.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(signum, stop.set)
    lifespan = asgi.LifespanProtocol(app)
    await lifespan.startup()
    if lifespan.interrupt:
        return False
    callback = futures._future_watcher_wrapper(asgi._callback_wrapper(_asgi_server_port(app), {}, lifespan.state, None))
    scheduler = futures._new_cbscheduler(loop, callback, impl_asyncio=True)
    signals = []
    for number, sock in enumerate(sockets, 1):
        # Granian's listener owns the descriptor it is given and closes it: it is given its own copy
        worker_signal = native.WorkerSignal()
        holder = native.SocketHolder(os.dup(sock.fileno()), False, BACKLOG)
        # as granian.server.embed starts one: HTTP/1 (websockets need it), one runtime thread, no TLS, no metrics
        worker = native.ASGIWorker(number, (None, holder), None, 1, RUNTIME_BLOCKING_THREADS, 1, 30, BACKPRESSURE,
                                   "1", HTTP1Settings(), None, True, None, False, None, None, None, "tls1.3", None,
                                   [], False, (None, None))
        worker.serve_async(scheduler, loop, worker_signal)
        signals.append(worker_signal)
    opened()
    await stop.wait()
    for worker_signal in signals:  # no new connections; the room then closes (its lifespan's end)
        worker_signal.set()
    with contextlib.suppress(Exception):
        await lifespan.shutdown()
    return True
