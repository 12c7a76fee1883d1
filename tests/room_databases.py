"""Databases for the room's tests: a fresh SQLite file, or a fresh PostgreSQL database made for one test and dropped
after it, so that runs in parallel never share tables. PostgreSQL is the server on loopback
(``SPADES_TEST_POSTGRES`` overrides the URL); when it cannot be reached the tests that need it are skipped with
the reason."""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path

POSTGRES = os.environ.get("SPADES_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/test")
REDIS = "redis://127.0.0.1:6379/0"


@cache
def postgres_unreachable() -> str | None:
    """Why PostgreSQL cannot be used (None when it can)."""
    try:
        import psycopg

        with psycopg.connect(POSTGRES, connect_timeout=3, autocommit=True) as connection:
            connection.execute("SELECT 1")
    except Exception as error:
        return f"PostgreSQL at {POSTGRES} is not reachable: {str(error).strip().splitlines()[0]}"
    return None


@contextmanager
def postgres_database() -> Iterator[str]:
    """The URL of a new, empty database, dropped (with its connections) afterwards."""
    import psycopg

    name = f"spades_test_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(POSTGRES, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    try:
        yield POSTGRES.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def database(kind: str, tmp_path: Path) -> Iterator[str]:
    """A fresh database of that kind ("sqlite" or "postgresql"), as a URL for Store."""
    if kind == "sqlite":
        yield f"sqlite:///{tmp_path / 'room.sqlite3'}"
        return
    with postgres_database() as url:
        yield url


def redis_unreachable() -> str | None:
    """Why Redis cannot be used (None when it can)."""
    try:
        with socket.create_connection(("127.0.0.1", 6379), timeout=2) as connection:
            connection.sendall(b"PING\r\n")
            if not connection.recv(16).startswith(b"+PONG"):
                return "Redis at 127.0.0.1:6379 did not answer PING"
    except OSError as error:
        return f"Redis at 127.0.0.1:6379 is not reachable: {error}"
    return None
