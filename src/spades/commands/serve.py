"""``spades serve``: run the online room on uvicorn."""

from __future__ import annotations

import argparse
import socket
import sys

__all__ = ["add_parser"]


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "serve", help="run the online card room",
        description="Run the card room: people join its tables with `spades join` (or a browser), the computer "
                    "fills the empty seats, and every game is kept in the database.")
    parser.add_argument("--host", default="127.0.0.1", help="the address to listen on (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8000, help="the port (default 8000; 0 picks a free one)")
    parser.add_argument("--database", default=None,
                        help="a postgresql:// URL, an SQLite path or sqlite:// URL (default: room.sqlite3 in the "
                             "data directory)")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="carry table updates between several serve processes through Redis pub/sub")
    parser.add_argument("--pace", type=float, default=1.0,
                        help="seconds between the computer's actions at tables that do not set it (default 1)")
    parser.add_argument("--seeds", action="store_true",
                        help="let a table's creator choose its seed (spades join --seed), to play a known deal again; "
                             "whoever knows a seed knows every hand, so not for a room of strangers")
    parser.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN",
                        help="a web page's origin (https://cards.example) that may open the room's websocket besides "
                             "the room's own address; may be given again")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from ..room.app import TRANSPORT_MAX_BYTES, create_app

    class Server(uvicorn.Server):
        async def startup(self, sockets: list | None = None) -> None:  # type: ignore[type-arg]
            await super().startup(sockets)
            if self.started:
                port = self.servers[0].sockets[0].getsockname()[1] if self.servers else args.port
                print(f"The room is open at http://{args.host}:{port}", flush=True)

    app = create_app(args.database, args.redis, base_url=f"http://{args.host}:{args.port}", pace=args.pace,
                     seeds=args.seeds, allow_origins=tuple(args.allow_origin))
    # ws_max_size: a longer frame is refused from its header, before its bytes are read (see room.app)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning", ws="websockets-sansio",
                            ws_max_size=TRANSPORT_MAX_BYTES, lifespan="on")
    server = Server(config)
    server.run(sockets=[listening_socket(args.host, args.port)])
    return 0 if server.started else 1


def listening_socket(host: str, port: int) -> socket.socket:
    """The room's listening socket, whose connections inherit a bounded kernel send buffer: with the bounded queue
    of each connection (room.connections), a client that stops reading costs the server a fixed amount."""
    from ..room.connections import SOCKET_SEND_BUFFER

    family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, SOCKET_SEND_BUFFER)
    sock.bind(address)
    return sock


if __name__ == "__main__":
    sys.exit(0)
