"""``spades serve``: run the online room on uvicorn (or, ``--server granian``, on Granian: ``serve_granian``).

What the room's operator sees: one line when it opens (its address, on standard output, which scripts read), one
line with a timestamp on standard error for each sign-in, seat taken or left, connection closed and game started
or finished (``--quiet``: warnings and errors only), one plain line instead of a traceback when the port cannot be
had, and on Ctrl-C (or SIGTERM) that the room stopped with its games kept: every action is stored as it is
played, and games under way go on when the room starts again on the same database."""

from __future__ import annotations

import argparse
import errno
import ipaddress
import logging
import signal
import socket
import sys
from collections.abc import Callable
from types import FrameType
from typing import TYPE_CHECKING

from ..language import N_, _
from .options import one_of

if TYPE_CHECKING:
    from starlette.applications import Starlette

__all__ = ["add_parser"]

STOPPED = N_("The room has stopped. Every game is kept in its database; the games under way go on when the room "
             "starts again.")

SERVERS = ("uvicorn", "granian")


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "serve", help=_("run the online card room"),
        description=_("Run the card room: people join its tables with `spades join` (or a browser), the computer "
                      "fills the empty seats, and every game is kept in the database."))
    parser.add_argument("--host", default="127.0.0.1", help=_("the address to listen on (default 127.0.0.1)"))
    parser.add_argument("--port", type=int, default=8000, help=_("the port (default 8000; 0 picks a free one)"))
    parser.add_argument("--database", default=None,
                        help=_("a postgresql:// URL, an SQLite path or sqlite:// URL (default: room.sqlite3 in the "
                               "data directory)"))
    parser.add_argument("--redis", default=None, metavar="URL",
                        help=_("carry table updates between several serve processes through Redis pub/sub"))
    parser.add_argument("--pace", type=float, default=1.0,
                        help=_("seconds between the computer's actions at tables that do not set it (default 1)"))
    parser.add_argument("--seeds", action="store_true",
                        help=_("let a table's creator choose its seed (spades join --seed), to play a known deal "
                               "again; whoever knows a seed knows every hand, so not for a room of strangers"))
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help=_("a web page's origin (https://cards.example) that may open the room's websocket besides "
                               "the room's own address; may be given again"))
    parser.add_argument("--processes", type=int, default=1, metavar="N",
                        help=_("serve from N processes on the one address (default 1; more needs --redis, and a "
                               "PostgreSQL --database is advised): the system hands each new connection to one of "
                               "them"))
    parser.add_argument("--metrics-port", type=int, default=None, metavar="P",
                        help=_("serve each process's measurements (JSON at /metrics) on 127.0.0.1 port P, P+1, ... "
                               "(0: free ports, said on standard output)"))
    parser.add_argument("--listener", action="append", default=[], metavar="MODULE:FUNCTION",
                        help=_("one more subscriber of the tables' events in each process: FUNCTION(room) subscribes "
                               "through room.events (see docs/architecture.md); repeatable"))
    parser.add_argument("--server", choices=SERVERS, type=one_of(N_("a server"), SERVERS), default="uvicorn",
                        help=_("the ASGI server under the room's application (default uvicorn); granian: Granian, "
                               "which does not cut frames over 64 KiB from their header nor send the x-spades-process "
                               "header (see spades.commands.serve_granian), kept to compare their costs"))
    parser.add_argument("--trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help=_("a proxy in front of the room (an address or a network, such as 127.0.0.1 or "
                               "10.0.0.0/8) whose X-Forwarded-For and X-Forwarded-Proto headers are believed; without "
                               "it no such header is, and each client is the address it connects from (repeatable)"))
    parser.add_argument("--table-wait", type=float, default=60.0, metavar="MINUTES",
                        help=_("close a table whose game has not started this many minutes after it was made, and one "
                               "with no person seated a sixth of that after (default 60; 0.1 to 1440)"))
    parser.add_argument("--quiet", action="store_true",
                        help=_("no line for each sign-in, seat taken or left and game started or over; warnings and "
                               "errors only"))
    parser.set_defaults(func=run)


class Stopped(Exception):
    """SIGTERM, raised once uvicorn has shut the room down (it passes the signal on to the handler it found)."""


def _stop(signum: int, frame: FrameType | None) -> None:
    raise Stopped(signum)


def run(args: argparse.Namespace) -> int:
    from ..cli import CommandError

    if not 0 <= args.port <= 65535:
        raise CommandError(_("{option} must be {low} to {high}, not {value}", option="--port", low=0, high=65535,
                             value=args.port))
    if not 1 <= args.processes <= 64:
        raise CommandError(_("{option} must be {low} to {high}, not {value}", option="--processes", low=1, high=64,
                             value=args.processes))
    if args.processes > 1 and not args.redis:
        raise CommandError(_("--processes above 1 needs --redis URL: the processes tell each other of every table's "
                             "moves through Redis"))
    if args.metrics_port is not None and not 0 <= args.metrics_port <= 65535 - args.processes:
        raise CommandError(_("{option} must be {low} to {high}, not {value}", option="--metrics-port", low=0,
                             high=65535 - args.processes, value=args.metrics_port))
    for proxy in args.trusted_proxy:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise CommandError(_("--trusted-proxy: {proxy} is not an address or a network (such as 127.0.0.1 or "
                                 "10.0.0.0/8)", proxy=repr(proxy))) from None
    if not 0.1 <= args.table_wait <= 1440:
        raise CommandError(_("--table-wait must be 0.1 to 1440 minutes, not {value}",
                             value=format(args.table_wait, "g")))
    from ..room.web.features import load_listener

    for name in args.listener:
        try:
            load_listener(name)
        except ValueError as error:
            raise CommandError(str(error)) from None
    if getattr(args, "server", "uvicorn") == "granian":
        from .serve_granian import available

        available()  # before the port is taken: a missing Granian is said at once
    sock = listening_socket(args.host, args.port)  # before the database is opened: a busy port is said at once
    port = sock.getsockname()[1]
    if args.processes == 1:
        return serve_one(args, sock, 1, opened=lambda metrics: say_open(args.host, port, [(1, metrics)], 1))
    from .serve_processes import supervise

    return supervise(args, sock, port)


def say_open(host: str, port: int, metrics: list[tuple[int, int | None]], processes: int) -> None:
    """The lines scripts read on standard output: each process's metrics address, then the room's."""
    for number, metrics_port in sorted(metrics):
        if metrics_port is not None:
            print(f"Metrics of process {number} of {processes} at http://127.0.0.1:{metrics_port}/metrics")
    print(f"The room is open at http://{host}:{port}", flush=True)


def serve_one(args: argparse.Namespace, sock: socket.socket, number: int,
              opened: Callable[[int | None], None]) -> int:
    """Serve the room from this process (``number`` of ``args.processes``) on ``sock``; ``opened`` is called
    with this process's metrics port once it serves."""
    from ..room.web.app import create_app

    sockets = [sock]
    metrics_port = None
    if args.metrics_port is not None:
        metrics = listening_socket("127.0.0.1", args.metrics_port and args.metrics_port + number - 1)
        metrics_port = metrics.getsockname()[1]
        sockets.append(metrics)
    app = create_app(args.database, args.redis, base_url=f"http://{args.host}:{args.port}", pace=args.pace,
                     seeds=args.seeds, allow_origins=tuple(args.allow_origin), process=(number, args.processes),
                     metrics_port=metrics_port, listeners=tuple(args.listener), waiting_minutes=args.table_wait)
    if getattr(args, "server", "uvicorn") == "granian":
        from .serve_granian import serve

        show_activity(quiet=args.quiet)
        started = serve(app, sockets, lambda: opened(metrics_port))
    else:
        started = _serve_uvicorn(app, args, sockets, lambda: opened(metrics_port))
    if not started:
        return 1
    if args.processes == 1:
        print(_(STOPPED), flush=True)
    return 0


def _serve_uvicorn(app: Starlette, args: argparse.Namespace, sockets: list[socket.socket],
                   opened: Callable[[], None]) -> bool:
    """Serve ``app`` on uvicorn until SIGTERM or Ctrl-C; False when it could not start."""
    import uvicorn

    from ..room.web.app import TRANSPORT_MAX_BYTES

    class Server(uvicorn.Server):
        async def startup(self, sockets: list | None = None) -> None:  # type: ignore[type-arg]
            await super().startup(sockets)
            if self.started:
                opened()

    # ws_max_size: a longer frame is refused from its header, before its bytes are read (see room.app)
    # forwarded headers only from the proxies the operator names: uvicorn's default believes any local process
    proxies = list(getattr(args, "trusted_proxy", []))
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", ws="websockets-sansio",
                            ws_max_size=TRANSPORT_MAX_BYTES, lifespan="on", proxy_headers=bool(proxies),
                            forwarded_allow_ips=proxies or None)
    show_activity(quiet=args.quiet)  # after uvicorn's own logging is set up, which leaves other loggers alone
    server = Server(config)
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        server.run(sockets=sockets)
    except (KeyboardInterrupt, Stopped):
        pass  # uvicorn has closed the room (the lifespan's end) before passing the signal on
    finally:
        signal.signal(signal.SIGTERM, previous)
    return bool(server.started)


def show_activity(quiet: bool = False) -> None:
    """The room's log (``spades.room``: sign-ins, seats, connections, games) on standard error, a timestamp first."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(asctime)s %(message)s", datefmt="%Y-%m-%d %H:%M:%S"))
    log = logging.getLogger("spades.room")
    log.handlers[:] = [handler]
    log.setLevel(logging.WARNING if quiet else logging.INFO)
    log.propagate = False


def listening_socket(host: str, port: int) -> socket.socket:
    """The room's listening socket, whose connections inherit a bounded kernel send buffer: with the bounded queue
    of each connection (room.connections), a client that stops reading costs the server a fixed amount."""
    from ..cli import CommandError
    from ..room.table.connections import SOCKET_SEND_BUFFER

    try:
        family, kind, proto, _name, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror:
        raise CommandError(_("--host: {host} is not an address or a name this machine can find", host=host)) from None
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SOCKET_SEND_BUFFER)
    try:
        sock.bind(address)
    except OSError as error:
        sock.close()
        raise CommandError(bind_error(host, port, error)) from None
    return sock


def bind_error(host: str, port: int, error: OSError) -> str:
    """Why the room cannot listen there, and what to do, in one line."""
    if error.errno == errno.EADDRINUSE:
        return _("Port {port} on {host} is in use: another room or program is listening there; choose another with "
                 "--port.", port=port, host=host)
    if error.errno == errno.EACCES:
        return _("Port {port} on {host} needs the administrator's rights; choose one above 1023 with --port.",
                 port=port, host=host)
    if error.errno == errno.EADDRNOTAVAIL:
        return _("{host} is not an address of this machine; choose another with --host (127.0.0.1, say).", host=host)
    return _("The room cannot listen on port {port} of {host}: {reason}.", port=port, host=host,
             reason=error.strerror or error)

