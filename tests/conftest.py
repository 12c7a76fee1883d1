"""What every test shares, so that the suite can run in several processes at once (pytest-xdist, ``-n auto`` in
scripts/test): each process keeps the program's data and settings in a folder of its own, never the user's, and
the slowest tests are handed out first so that no worker is left with a long one at the end."""

from __future__ import annotations

import inspect
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# The suite hears the program in English unless a test asks for another language: the machine's locale (a
# developer's LANG=fr_FR.UTF-8) must not change what the English tests read, in this process or a child's.
os.environ["LANGUAGE"] = "en"
for _variable in ("LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_variable, None)

# The tests that take longest (seconds on 2 busy cores), started first: a worker that picks one up late would run
# alone at the end while the other cores wait. Matched against the start of a test's node id.
SLOW_FIRST = (
    "tests/test_types.py::test_mypy_strict",  # mypy over the whole package: the longest test of all
    "tests/test_first_start.py::test_the_first_command_installs",  # a real pip install of the package
    "tests/test_arena.py::test_ray",  # a Ray cluster started and stopped
    "tests/test_first_start.py",  # a venv made without pip
    "tests/test_room_signin.py::test_a_crowd",  # two rooms and a crowd of logins for seconds
    "tests/test_room_presence.py",  # absences waited out, and servers killed and started again
    "tests/test_room_hardening.py",
    "tests/test_room_server.py",
    "tests/test_web",
    "tests/test_room_processes.py",
    "tests/test_room_ratings.py",  # a sequence of whole games rated
    "tests/test_room_fair_ratings.py",  # rematches, repeats, voids and abandons on one room
    "tests/test_learned_playouts.py::test_the_teachers",  # the solver's values of many positions
    "tests/test_room_chat.py",  # two servers for its module, and two processes on PostgreSQL and Redis
    "tests/test_room_lobby.py",  # a lobby flood beside a playing person, and a crowd of guests
    "tests/test_room_tournament.py",  # whole tournaments of 16 people, and a directing process killed
    "tests/test_room_clock.py",  # clocks run out turn by turn, and a room killed on a deadline
    "tests/test_join_tournament.py",
    "tests/test_join_clock.py",
    "tests/test_room_governance.py",  # reports, sanctions and the audit log on three rooms
    "tests/test_room_friends.py",  # friends, blocks and private tables on three rooms, quick play among them
    "tests/test_room_moderation_door.py",  # whole games watched by a moderator, and played for a flag
)


@pytest.fixture(autouse=True, scope="session")
def own_data_and_config(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """``SPADES_DATA_DIR`` and ``SPADES_CONFIG_DIR`` in this process's temporary folder (inherited by the commands
    the tests start), so that no test reads or writes the user's saved game or settings, nor another worker's.
    Tests that need a folder of their own still set one."""
    home = tmp_path_factory.mktemp("spades-home")
    saved = {key: os.environ.get(key) for key in ("SPADES_DATA_DIR", "SPADES_CONFIG_DIR")}
    os.environ["SPADES_DATA_DIR"] = str(home / "data")
    os.environ["SPADES_CONFIG_DIR"] = str(home / "config")
    yield
    for key, value in saved.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value


# numba compiles the search's loops the first time they run (half a minute of a core) and keeps them in a cache
# beside the sources; in a fresh clone every worker, and every room that reviews a hand for the coach, would compile
# them at once. The process that starts the run compiles them once in the background instead, while the first
# tests (which need no search) run; a process that needs them sooner compiles them itself, as before.
WARM_SEARCH = "from spades.search.warmup import compiled, prepare\nif not compiled():\n    prepare()"
_warming: subprocess.Popen[bytes] | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _warming
    if hasattr(config, "workerinput"):  # a pytest-xdist worker: the run's own process warms the cache
        return
    _warming = subprocess.Popen([sys.executable, "-c", WARM_SEARCH], stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)


def pytest_unconfigure(config: pytest.Config) -> None:
    if _warming is not None and _warming.poll() is None:
        _warming.kill()  # a short run may end first; numba writes each cached loop whole or not at all
        _warming.wait()


ROOM_WAIT = 60.0  # seconds a test's RoomClient waits for a frame when the test names no time


@pytest.fixture(autouse=True)
def patient_room_clients(request: pytest.FixtureRequest) -> Iterator[None]:
    """The tests' RoomClients wait ``ROOM_WAIT`` seconds for a reply or a frame where a test names no time,
    instead of the client's own 10: a wait on something the room will do is a ceiling, never a measure of its
    speed, and a machine busy with other work can keep a reply a while. Only this process's clients, and not in
    the tests of ``spades join`` (tests/test_join*.py), whose table uses the same client and its own waits."""
    if request.node.path.name.startswith("test_join"):
        yield
        return
    from spades.room.client import RoomClient

    saved = {}
    for method in (RoomClient.wait_for, RoomClient.request):
        defaults = method.__defaults__ or ()
        names = [p.name for p in inspect.signature(method).parameters.values()
                 if p.default is not inspect.Parameter.empty]
        if "timeout" in names:
            saved[method] = defaults
            at = names.index("timeout")
            method.__defaults__ = (*defaults[:at], max(ROOM_WAIT, defaults[at]), *defaults[at + 1:])
    yield
    for method, defaults in saved.items():
        method.__defaults__ = defaults


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slowest tests first, in the order of ``SLOW_FIRST``; the rest keep their order."""

    def rank(item: pytest.Item) -> int:
        node = item.nodeid
        return next((i for i, prefix in enumerate(SLOW_FIRST) if node.startswith(prefix)), len(SLOW_FIRST))

    items.sort(key=rank)  # stable: within a rank, the collection's order


# Modules whose tests share something costly made once a module in each worker that runs any of them (a chromium
# and a room, rooms on two databases, a game played to its end): their tests run one after another in one worker,
# and the other tests one by one wherever a worker is free. pytest-xdist's own groups (--dist loadgroup with
# xdist_group marks) are lost under pytest 9, which no longer reads the test id xdist rewrites to name the group.
ONE_WORKER = ("tests/test_web", "tests/test_room_quick.py", "tests/test_room_chat.py", "tests/test_room_ratings.py",
              "tests/test_room_fair_ratings.py", "tests/test_room_variants.py", "tests/test_join_lobby.py")
# Modules run in the worker of another, sharing what it made once a session (the room_pair fixture's two processes)
SAME_WORKER = {"tests/test_room_processes_rules.py": "tests/test_room_quick.py"}


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    if config.getvalue("dist") != "loadgroup":  # another --dist asked for on the command line: xdist's own
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ModuleGroups(LoadScopeScheduling):  # type: ignore[misc]
        def _split_scope(self, nodeid: str) -> str:
            module = nodeid.split("::", 1)[0]
            module = SAME_WORKER.get(module, module)
            return module if module.startswith(ONE_WORKER) else nodeid

    config.option.loadscopereorder = False  # handed out in the order of the collection: SLOW_FIRST first
    return ModuleGroups(config, log)


# The browser tests' shared pieces: one chromium and one room a test module (a module that needs its own room, or
# a slower one, starts it in the test).
@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from web_support import chromium, need_browser

    with chromium(need_browser()) as launched:
        yield launched


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory, browser: Any) -> Iterator[Any]:
    from web_support import serving

    with serving(tmp_path_factory.mktemp("room")) as served:
        yield served


@pytest.fixture(scope="session")
def room_pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any, Any]]:
    """Two ``spades serve`` processes of one room (on a new PostgreSQL database and one Redis) and its Store, made
    once for the modules that share a worker (``SAME_WORKER``); skipped, with the reason, where either cannot be
    reached. Each module's clients come from loopback addresses of their own: the room counts the guests an
    address makes, across its processes."""
    from room_databases import REDIS, postgres_database, postgres_unreachable, redis_unreachable
    from room_server import ServeProcess
    from spades.room.store import Store

    reason = postgres_unreachable() or redis_unreachable()
    if reason:
        pytest.skip(reason)
    tmp = tmp_path_factory.mktemp("pair")
    with postgres_database() as url:
        first = ServeProcess(url, tmp, REDIS, name="first").start()
        second = ServeProcess(url, tmp, REDIS, name="second").start()
        store = Store(url)
        try:
            yield first, second, store
        finally:
            store.close()
            first.stop()
            second.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A new database of each kind for one test's room: SQLite in the test's folder, and PostgreSQL (skipped, with
    the reason, where it cannot be reached)."""
    from room_databases import database, postgres_unreachable

    if request.param == "postgresql":
        reason = postgres_unreachable()
        if reason:
            pytest.skip(reason)
    with database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def shared_database() -> Iterator[str]:
    """A new PostgreSQL database for two ``spades serve`` processes that share it and one Redis; skipped, with
    the reason, where either cannot be reached."""
    from room_databases import postgres_database, postgres_unreachable, redis_unreachable

    reason = postgres_unreachable() or redis_unreachable()
    if reason:
        pytest.skip(reason)
    with postgres_database() as url:
        yield url
