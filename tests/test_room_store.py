"""The room's storage, the same tests on SQLite and on PostgreSQL: players and passwords, session tokens that
expire, tables and seats, the order of actions under two writers at once, finished records, statistics, and an
older database upgraded in place by the migrations."""

from __future__ import annotations

import importlib
import json
import threading
import tomllib
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from fnmatch import fnmatch
from pathlib import Path

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import create_engine, inspect, select, text

from engine_support import random_game
from room_databases import database, postgres_unreachable
from spades.room.identity import auth
from spades.room.store import Account, Base, Figures, PlayerRow, Store, database_url, game_stats, migrations
from spades.rules import VARIANTS, Rules
from spades.stats import HandStats

ROOT = Path(__file__).resolve().parents[1]
# the room's modules with tables of their own, on store.Base
ROW_MODULES = ("spades.room.social.ratings", "spades.room.store.queue", "spades.room.social.chat",
               "spades.room.store.computers", "spades.room.store.tournaments",
               "spades.room.store.moderation", "spades.room.store.friends")
RULES = {"variant": "standard", "options": {}}
OpenStore = Callable[[], Store]


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "postgresql" and (reason := postgres_unreachable()):
        pytest.skip(reason)
    with database(request.param, tmp_path) as made:
        yield made


@pytest.fixture
def open_store(url: str) -> Iterator[OpenStore]:
    """Opens Stores on the test's database, each with its own engine (as separate processes would), all closed
    at the end."""
    stores: list[Store] = []

    def make() -> Store:
        stores.append(Store(url))
        return stores[-1]

    yield make
    for store in stores:
        store.close()


@pytest.fixture
def store(open_store: OpenStore) -> Store:
    return open_store()


def table_of_four(store: Store, owner: Account) -> int:
    return store.create_table(owner, RULES, "seed-1", 4, levels={1: "easy", 3: "hard"}).id


# players


def test_a_registered_player_logs_in_with_the_password_and_the_name_in_any_case(store: Store) -> None:
    ann = store.create_player("Ann Lee", "correct horse")
    assert not ann.guest
    assert store.check_password("ann lee", "correct horse") == ann
    assert store.check_password("ANN LEE", "correct horse") == ann
    assert store.check_password("Ann Lee", "wrong horse!") is None
    assert store.check_password("Bob", "correct horse") is None


def test_a_name_is_one_player_whatever_its_case(store: Store) -> None:
    store.create_player("Ann", "password1")
    with pytest.raises(auth.AuthError, match="taken") as refused:
        store.create_player("ANN", "password2")
    assert refused.value.code == "name_taken"
    with pytest.raises(auth.AuthError, match="taken"):
        store.guest("aNN")
    assert store.check_password("ann", "password1") is not None


def test_the_password_is_stored_as_an_argon2_hash(store: Store) -> None:
    store.create_player("Ann", "password1")
    with store.engine.connect() as connection:
        stored = connection.execute(text("SELECT password_hash FROM players")).scalar_one()
    assert stored.startswith("$argon2id$")
    assert "password1" not in stored


def test_a_guest_gets_a_free_guest_name_and_cannot_log_in(store: Store) -> None:
    first, second = store.guest(), store.guest()
    assert first.guest and second.guest
    for guest in (first, second):
        assert guest.name.startswith("Guest ") and guest.name[6:].isdigit() and len(guest.name) == 10
    assert first.name != second.name
    assert store.check_password(first.name, "") is None
    assert store.guest("Rosa").name == "Rosa"


def test_names_and_passwords_outside_the_rules_are_refused_with_the_rule() -> None:
    for name in ("", "x" * 33, " Ann", "Ann ", "Ann  Lee", "Ann\n", "Ann\u200b", "Ann\tLee"):
        with pytest.raises(auth.AuthError, match="1 to 32 printable characters"):
            auth.check_name(name)
    for name in ("A", "x" * 32, "Ann Lee", "jo-el_2", "Zoë", "Ærø", "<b>Ann</b>", "Ann;drop",
                 "<img src=x onerror=alert(1)>"):
        assert auth.check_name(name) == name
    for password in ("", "seven77", "x" * 129):
        with pytest.raises(auth.AuthError, match="8 to 128 characters"):
            auth.check_password_rules(password)
    auth.check_password_rules("x" * 8)
    auth.check_password_rules("x" * 128)


def test_a_refused_name_or_password_adds_no_player(store: Store) -> None:
    with pytest.raises(auth.AuthError):
        store.create_player("Ann", "short")
    with pytest.raises(auth.AuthError):
        store.create_player("Ann\u0007", "long enough")
    assert store.player("Ann") is None


# names that read the same, and names with nothing to see

EVE_LOOK_ALIKES = [
    "Ev\u0435 Smith",  # a Cyrillic е
    "\uff25\uff36\uff25 Smith",  # full width ＥＶＥ
    "Eve Sm\u0131th",  # a dotless ı
]


@pytest.mark.parametrize("name", EVE_LOOK_ALIKES)
def test_a_name_that_reads_as_a_taken_one_is_taken(store: Store, name: str) -> None:
    """Found: while "Eve Smith" played, each of these was a separate account."""
    eve = store.create_player("Eve Smith", "password1")
    for make in (lambda: store.create_player(name, "password2"), lambda: store.guest(name)):
        with pytest.raises(auth.AuthError, match="taken") as refused:
            make()
        assert refused.value.code == "name_taken"
        assert "Eve Smith" in str(refused.value)  # it says which name it reads as
    assert store.check_password(name, "password1") == eve
    assert store.player(name) == eve


@pytest.mark.parametrize("name", ["\u115f\u115f", "x\u034f\u034f\u034f", "\u3164", "\u0301\u0301", "\u200b"])
def test_a_name_with_nothing_visible_in_it_is_refused(store: Store, name: str) -> None:
    """Found: "\\u115f\\u115f" (Hangul fillers) and "x\\u034f\\u034f\\u034f" (combining grapheme joiners) were
    names."""
    with pytest.raises(auth.AuthError, match=r"not allowed|shows") as refused:
        store.guest(name)
    assert refused.value.code == "bad_name"
    assert store.player(name) is None


# guests' names, released once the guest's time is over

class Clock:
    def __init__(self) -> None:
        self.now = datetime(2030, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def test_a_guests_name_is_free_again_once_its_sessions_have_expired(url: str) -> None:
    """Found: a guest's name stayed reserved for ever after its token expired."""
    clock = Clock()
    store = Store(url, clock=clock)
    try:
        rosa = store.guest("Rosa")
        token, _ = store.new_session(rosa, lifetime=timedelta(hours=1))
        clock.now += timedelta(minutes=30)
        with pytest.raises(auth.AuthError, match="taken"):
            store.guest("Rosa")
        clock.now += timedelta(minutes=31)  # the token is over
        assert store.player_for_token(token) is None
        other = store.guest("ROSA")
        assert other.name == "ROSA" and other.id != rosa.id
        assert store.player("rosa") == other
        # a registered player's name is never released, whatever their sessions
        ann = store.create_player("Ann", "password1")
        store.new_session(ann, lifetime=timedelta(seconds=1))
        clock.now += timedelta(days=30)
        with pytest.raises(auth.AuthError, match="taken"):
            store.guest("Ann")
        # the new Rosa's time is over too (she never had a session): a registration takes the name
        assert store.create_player("Rosa", "password1").name == "Rosa"
    finally:
        store.close()


def test_a_released_guests_finished_table_keeps_its_name_and_a_seated_guest_keeps_the_name(url: str) -> None:
    clock = Clock()
    store = Store(url, clock=clock)
    try:
        rosa, tom = store.guest("Rosa"), store.guest("Tom")
        finished = table_of_four(store, rosa)
        assert store.set_seat(finished, 0, rosa)
        assert store.finish(finished, {"players": {"0": "Rosa"}})
        waiting = table_of_four(store, store.create_player("Ann", "password1"))
        assert store.set_seat(waiting, 2, tom)
        clock.now += timedelta(days=8)  # no session at all, long ago
        new_rosa = store.guest("Rosa")
        assert new_rosa.id != rosa.id
        table = store.table(finished)
        assert table is not None and table.owner == "Rosa" and table.seats[0].player == "Rosa"
        assert store.record(finished) == {"players": {"0": "Rosa"}}
        assert store.stats("Rosa") == Figures(name="Rosa")  # the new Rosa's figures
        with pytest.raises(auth.AuthError, match="taken"):
            store.guest("Tom")  # Tom sits at a waiting table
        assert store.set_seat(waiting, 2, None)
        assert store.guest("Tom").id != tom.id
        clock.now += timedelta(minutes=11)
        assert store.release_guests() == 2  # the sweep frees the rest: the new Rosa and the new Tom
        assert store.player("Rosa") is None and store.player("Tom") is None
    finally:
        store.close()



def test_a_guests_name_is_kept_half_an_hour_after_their_last_connection_not_a_week(url: str) -> None:
    """Found: at the web table, a guest who only closed the page kept the name for the week their session lasted
    ("The name Sighted is taken"). A guest's name is kept while a connection of theirs is open (the processes mark
    them seen) and for half an hour after; then it is free, and their session ends with it, so no one comes back
    under a name another has now."""
    clock = Clock()
    store = Store(url, clock=clock)
    try:
        sighted = store.guest("Sighted")
        token, _ = store.new_session(sighted)
        store.mark_seen([sighted.id])
        for _ in range(6):  # connected for an hour: marked seen now and then, the name stays theirs
            clock.now += timedelta(minutes=10)
            store.mark_seen([sighted.id])
            with pytest.raises(auth.AuthError, match="kept for them while they are here and for 30 minutes"):
                store.guest("Sighted")
        clock.now += timedelta(minutes=29)  # gone 29 minutes: still theirs, and they may come back
        with pytest.raises(auth.AuthError, match="taken"):
            store.guest("Sighted")
        assert store.player_for_token(token) == store.player("Sighted")
        clock.now += timedelta(minutes=2)  # gone 31 minutes: free, though the token had days left
        other = store.guest("Sighted")
        assert other.id != sighted.id
        assert store.player_for_token(token) is None
        # one who sits at a game keeps the name however long they are gone
        table = table_of_four(store, store.create_player("Ann", "password1"))
        assert store.set_seat(table, 0, other)
        store.mark_seen([other.id])
        clock.now += timedelta(hours=5)
        with pytest.raises(auth.AuthError, match="taken"):
            store.guest("Sighted")
        assert store.release_guests() == 0
    finally:
        store.close()


# sessions


def test_a_session_token_finds_its_player_until_it_expires(store: Store) -> None:
    ann = store.create_player("Ann", "password1")
    token, expires = store.new_session(ann)
    assert timedelta(days=6, hours=23) < expires - datetime.now(UTC) <= timedelta(days=7)
    assert store.player_for_token(token) == ann
    assert store.player_for_token(token[:-1] + ("A" if token[-1] != "A" else "B")) is None
    old, _ = store.new_session(ann, lifetime=timedelta(seconds=-1))
    assert store.player_for_token(old) is None
    store.end_session(token)
    assert store.player_for_token(token) is None


def test_only_a_hash_of_the_token_is_stored(store: Store) -> None:
    token, _ = store.new_session(store.guest())
    with store.engine.connect() as connection:
        kept = connection.execute(text("SELECT token_hash FROM sessions")).scalar_one()
    assert token not in kept and kept == auth.token_hash(token)
    assert len(token) >= 43


# tables and seats


def test_the_lobby_lists_waiting_and_playing_tables_with_their_seats(store: Store) -> None:
    ann = store.create_player("Ann", "password1")
    bob = store.guest("Bob")
    first = table_of_four(store, ann)
    second = store.create_table(bob, {"variant": "whiz", "options": {"target": 300}}, "7", 4,
                                settings={"timeout": 30})
    third = table_of_four(store, ann)
    assert store.set_seat(first, 0, ann)
    assert store.set_state(first, "playing", was="waiting")
    assert not store.set_state(first, "playing", was="waiting")
    assert store.finish(third, {"record": "of the game"})

    lobby = store.tables()
    assert [table.id for table in lobby] == [first, second.id]
    listed = {table.id: table for table in lobby}
    assert listed[first].state == "playing" and listed[first].owner == "Ann"
    assert [(seat.seat, seat.player, seat.level) for seat in listed[first].seats] == [
        (0, "Ann", None), (1, None, "easy"), (2, None, None), (3, None, "hard")]
    assert listed[second.id].rules == {"variant": "whiz", "options": {"target": 300}}
    assert listed[second.id].settings == {"timeout": 30, "pace": 1.0}
    assert store.table(first).settings["timeout"] == 60  # type: ignore[union-attr]
    assert store.table_by_invite(second.invite) == second
    assert len(second.invite) >= 20 and second.invite != listed[first].invite


def test_of_two_people_sitting_in_one_seat_at_once_one_gets_it(open_store: OpenStore) -> None:
    store = open_store()
    ann, bob = store.guest("Ann"), store.guest("Bob")
    table = table_of_four(store, ann)
    assert store.set_seat(table, 2, ann, only_if_empty=True)
    assert not store.set_seat(table, 2, bob, only_if_empty=True)
    assert store.set_seat(table, 1, bob, only_if_empty=True)  # a computer's seat is free for a person
    assert not store.set_seat(table, 9, bob)
    seats = store.table(table).seats  # type: ignore[union-attr]
    assert [seat.player for seat in seats] == [None, "Bob", "Ann", None]


# actions


def test_actions_are_kept_in_order_and_read_after_a_count(store: Store) -> None:
    table = table_of_four(store, store.guest())
    for seq, text_ in enumerate(["4", "nil", "3", "bn", "AS"], start=1):
        assert store.append_action(table, seq, seq % 4, text_)
    assert [row.action for row in store.actions(table)] == ["4", "nil", "3", "bn", "AS"]
    assert [(row.seq, row.seat, row.action) for row in store.actions(table, after=3)] == [(4, 0, "bn"), (5, 1, "AS")]
    assert store.actions(table, after=5) == []
    assert store.action_count(table) == 5
    assert not store.append_action(table, 5, 1, "KS")
    with pytest.raises(ValueError, match="next is seq 6"):
        store.append_action(table, 7, 1, "KS")
    assert store.actions(table, after=4)[0].action == "AS"


def race(stores: tuple[Store, Store], table: int, seq: int) -> dict[int, bool]:
    """Both stores append action ``seq`` at the same moment (seat 0 through the first, seat 1 the second)."""
    barrier = threading.Barrier(2)
    results: dict[int, bool] = {}

    def append(seat: int) -> None:
        barrier.wait()
        results[seat] = stores[seat].append_action(table, seq, seat, f"{seat}")

    threads = [threading.Thread(target=append, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def test_two_stores_racing_for_the_same_seq_accept_exactly_one(open_store: OpenStore) -> None:
    """Two engines on one database, as two server processes: both try to commit the next action at the same
    moment, many times over; each time exactly one is accepted and its action is the one kept."""
    first, second = open_store(), open_store()
    table = table_of_four(first, first.guest())
    for seq in range(1, 21):
        results = race((first, second), table, seq)
        assert sorted(results.values()) == [False, True], (seq, results)
        winner = next(seat for seat, won in results.items() if won)
        assert second.actions(table, after=seq - 1)[0].action == str(winner)
    assert [row.seq for row in first.actions(table)] == list(range(1, 21))


# finished games


def test_a_finished_game_keeps_its_record_and_adds_to_each_players_statistics(store: Store) -> None:
    ann, bob = store.create_player("Ann", "password1"), store.guest("Bob")
    assert store.stats("ann") == Figures(name="Ann")
    assert store.stats("nobody") is None
    table = table_of_four(store, ann)
    record = {"version": 1, "seed": "seed-1", "actions": ["4", "AS"], "meta": {"players": ["Ann", "Bob"]}}
    assert store.record(table) is None
    assert store.finish(table, record, {"Ann": Figures(games=1, wins=1, contracts=5, made=4, nils=1, nils_made=1,
                                                     bags=3),
                                        "bob": Figures(games=1, contracts=5, made=2, bags=7)})
    assert not store.finish(table, record, {"Ann": Figures(games=1, wins=1)})  # counted once
    assert store.record(table) == record
    finished = store.table(table)
    assert finished is not None and finished.state == "over" and finished.finished is not None
    another = table_of_four(store, bob)
    assert store.finish(another, record, {"ANN": Figures(games=1, contracts=2, made=2)})
    assert store.stats("Ann") == Figures(name="Ann", games=2, wins=1, contracts=7, made=6, nils=1, nils_made=1, bags=3)
    assert store.stats("Bob") == Figures(name="Bob", games=1, contracts=5, made=2, bags=7)
    assert store.tables() == []


def test_stats_for_an_unknown_player_leave_the_table_unfinished(store: Store) -> None:
    table = table_of_four(store, store.guest("Ann"))
    with pytest.raises(ValueError, match="no player named Zed"):
        store.finish(table, {}, {"Zed": Figures(games=1)})
    assert store.table(table).state == "waiting"  # type: ignore[union-attr]
    assert store.record(table) is None


# schema versions


def test_an_older_database_is_upgraded_with_its_data_not_dropped(url: str) -> None:
    engine = create_engine(database_url(url))
    try:
        migrations.upgrade(engine, "v0001")
        assert migrations.current(engine) == "v0001"
        assert "stats" not in inspect(engine).get_table_names()
        now = datetime.now(UTC)
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO players (name, name_key, password_hash, created) "
                                    "VALUES ('Ann', 'ann', NULL, :now)"), {"now": now})
            ann = connection.execute(text("SELECT id FROM players")).scalar_one()
            connection.execute(text("INSERT INTO tables (owner_id, rules, seed, state, settings, invite, created)"
                                    " VALUES (:ann, :rules, '99', 'playing', :settings, 'abc', :now)"),
                               {"ann": ann, "rules": '{"variant": "standard", "options": {}}',
                                "settings": '{"timeout": 60, "pace": 1.0}', "now": now})
            table_id = connection.execute(text("SELECT id FROM tables")).scalar_one()
            connection.execute(text("INSERT INTO seats (table_id, seat, player_id, level) VALUES "
                                    "(:table, 0, :ann, NULL), (:table, 1, NULL, 'easy')"),
                               {"table": table_id, "ann": ann})
            connection.execute(text("INSERT INTO actions (table_id, seq, seat, action, at) VALUES "
                                    "(:table, 1, 0, '4', :now), (:table, 2, 1, '3', :now)"),
                               {"table": table_id, "now": now})
    finally:
        engine.dispose()

    store = Store(url)
    try:
        assert migrations.current(store.engine) == migrations.head() != "v0001"
        table = store.table(table_id)
        assert table is not None and table.seed == "99" and table.state == "playing"
        assert [(seat.player, seat.level) for seat in table.seats] == [("Ann", None), (None, "easy")]
        long_name = "<img src=x onerror=alert(1)> 1234"  # 33 - 1: version 3 widened the name to 32
        assert store.create_player(long_name[:32], "long enough").name == long_name[:32]
        assert [row.action for row in store.actions(table_id)] == ["4", "3"]
        assert store.stats("ann") == Figures(name="Ann")
        assert store.append_action(table_id, 3, 2, "2")
        bob = store.guest("Bob")  # a new player beside the kept one
        assert bob.id != ann
        assert store.finish(table_id, {"done": True}, {"Ann": Figures(games=1, wins=1)})
        assert store.stats("Ann") == Figures(name="Ann", games=1, wins=1)
    finally:
        store.close()
    reopened = Store(url)  # opening at head changes nothing
    try:
        assert reopened.stats("Ann") == Figures(name="Ann", games=1, wins=1)
    finally:
        reopened.close()


def test_version_10_leaves_one_person_one_seat_at_a_table_and_holds_it(url: str) -> None:
    """A database from before the rule, where one person holds two seats of a table (two processes seated them
    at once): the upgrade keeps them at the first and gives the others to the computer; then the store refuses a
    second seat, and a move frees the old seat in the same transaction."""
    engine = create_engine(database_url(url))
    try:
        migrations.upgrade(engine, "v0009")
        now = datetime.now(UTC)
        with engine.begin() as connection:
            connection.execute(text("INSERT INTO players (name, name_key, password_hash, created) "
                                    "VALUES ('Ann', 'ann', NULL, :now)"), {"now": now})
            ann = connection.execute(text("SELECT id FROM players")).scalar_one()
            connection.execute(text("INSERT INTO tables (owner_id, rules, seed, state, settings, invite, created)"
                                    " VALUES (:ann, :rules, '99', 'playing', :settings, 'abc', :now)"),
                               {"ann": ann, "rules": '{"variant": "standard", "options": {}}',
                                "settings": '{"timeout": 60, "pace": 1.0}', "now": now})
            table_id = connection.execute(text("SELECT id FROM tables")).scalar_one()
            connection.execute(text("INSERT INTO seats (table_id, seat, player_id, level) VALUES (:table, 0, NULL,"
                                    " 'easy'), (:table, 1, :ann, NULL), (:table, 2, NULL, NULL), (:table, 3, :ann,"
                                    " 'hard')"), {"table": table_id, "ann": ann})
    finally:
        engine.dispose()
    store = Store(url)
    try:
        table = store.table(table_id)
        assert table is not None
        assert [(s.player, s.level) for s in table.seats] == [(None, "easy"), ("Ann", None), (None, None),
                                                               (None, "hard")]
        bob = store.guest("Bob")
        waiting = table_of_four(store, bob)
        assert store.sit(waiting, 0, bob).seated
        moved = store.sit(waiting, 2, bob)
        assert moved.seated and moved.freed == (0,)
        assert [s.player for s in store.table(waiting).seats] == [None, None, "Bob", None]  # type: ignore[union-attr]
        assert not store.set_seat(waiting, 1, bob)  # the rule is the store's: no second seat, however asked
        assert not store.sit(waiting, 2, store.guest("Cy")).seated  # Bob's
    finally:
        store.close()


def test_versions_13_and_14_key_names_by_their_look_and_count_the_games_against_the_computer(url: str) -> None:
    """A database from before the look keys and the kept records against the computer: existing players keep their
    names (of two that read alike by the new key, the first holds it), and the finished games are counted once
    into each person's record, as the player's page used to count them from the records."""
    engine = create_engine(database_url(url))
    record = {"rules": {"variant": "standard"}, "result": {"winner": 0},
              "meta": {"players": {"0": "Carol", "1": "CaroI"}, "computers": {"2": "hard", "3": "easy"}}}
    try:
        migrations.upgrade(engine, "v0012")
        now = datetime.now(UTC)
        with engine.begin() as connection:
            for name in ("Carol", "CaroI"):
                connection.execute(text("INSERT INTO players (name, name_key, password_hash, created) "
                                        "VALUES (:name, :key, NULL, :now)"),
                                   {"name": name, "key": auth.name_key(name), "now": now})
            carol = connection.execute(text("SELECT id FROM players WHERE name = 'Carol'")).scalar_one()
            connection.execute(text("INSERT INTO tables (owner_id, rules, seed, state, settings, invite, created)"
                                    " VALUES (:owner, :rules, '9', 'over', '{}', 'x', :now)"),
                               {"owner": carol, "rules": '{"variant": "standard", "options": {}}', "now": now})
            table_id = connection.execute(text("SELECT id FROM tables")).scalar_one()
            connection.execute(text("INSERT INTO records (table_id, record, finished) VALUES (:t, :r, :now)"),
                               {"t": table_id, "r": json.dumps(record), "now": now})
    finally:
        engine.dispose()
    store = Store(url)
    try:
        with store.transaction() as session:
            looks = dict(session.execute(select(PlayerRow.name, PlayerRow.look_key)).all())
        assert looks == {"Carol": auth.look_key("Carol"), "CaroI": None}  # both read as Carol: the first has it
        with pytest.raises(auth.AuthError, match="taken"):
            store.guest("Caro1")
        from spades.room.social.rating_views import player_page

        page = player_page(store, "Carol")
        assert page is not None and page["computers"] == [
            {"level": "easy", "role": "opponent", "games": 1, "wins": 1},
            {"level": "hard", "role": "partner", "games": 1, "wins": 1}]
        other = player_page(store, "CaroI")
        assert other is not None and other["computers"] == [
            {"level": "easy", "role": "partner", "games": 1, "wins": 0},
            {"level": "hard", "role": "opponent", "games": 1, "wins": 0}]
    finally:
        store.close()


def test_version_4_keys_existing_names_by_what_they_read_as_and_keeps_every_row(url: str) -> None:
    engine = create_engine(database_url(url))
    try:
        migrations.upgrade(engine, "v0003")
        now = datetime.now(UTC)
        with engine.begin() as connection:
            for name in ("Eve Smith", "Ev\u0435 Smith", "x\u034f\u034f\u034f", "\uff25\uff36\uff25 Smith", "Bob"):
                connection.execute(text("INSERT INTO players (name, name_key, password_hash, created) "
                                        "VALUES (:name, :key, NULL, :now)"),
                                   {"name": name, "key": name.casefold(), "now": now})
            ids = dict(connection.execute(text("SELECT name, id FROM players")).all())
            connection.execute(text("INSERT INTO stats (player_id) SELECT id FROM players"))
    finally:
        engine.dispose()
    store = Store(url)
    try:
        with store.engine.connect() as connection:
            rows = dict(connection.execute(text("SELECT id, name_key FROM players")).all())
            shown = dict(connection.execute(text("SELECT id, name FROM players")).all())
        eve, cyrillic, invisible, wide = (ids[name] for name in ("Eve Smith", "Ev\u0435 Smith",
                                                                   "x\u034f\u034f\u034f",
                                                                   "\uff25\uff36\uff25 Smith"))
        assert rows[eve] == auth.name_key("Eve Smith")
        assert rows[cyrillic] == f"{auth.name_key('Eve Smith')}#{cyrillic}"  # the later of two keeps its row
        assert rows[wide] == f"{auth.name_key('Eve Smith')}#{wide}"
        assert shown[cyrillic] == "Ev\u0435 Smith"
        assert shown[invisible] == f"Renamed {invisible}" and rows[invisible] == auth.name_key(shown[invisible])
        assert store.player("EVE SMITH") is not None and store.player("EVE SMITH").id == eve  # type: ignore[union-attr]
        assert store.player("bob") is not None
        assert len(rows) == 5
        with store.engine.begin() as connection:  # and back: the old keys
            config = migrations._config(store.engine)
            config.attributes["connection"] = connection
            command.downgrade(config, "v0003")
            back = dict(connection.execute(text("SELECT id, name_key FROM players")).all())
        assert back[eve] == "eve smith" and back[cyrillic] == "ev\u0435 smith"
    finally:
        store.close()


def test_the_migrations_make_the_schema_the_models_describe(store: Store) -> None:
    """Every module that keeps rows beside the store's is imported, so that its models are in the metadata."""
    for module in ROW_MODULES:
        importlib.import_module(module)
    with store.engine.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert differences == []


def test_every_migration_file_is_part_of_the_installed_package() -> None:
    """Python files in a folder with ``__init__.py`` are installed as a package; anything else there needs a
    package-data pattern (checked once by installing the package into an empty venv)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["spades"]
    base = ROOT / "src" / "spades"
    folder = base / "room" / "store" / "migrations"
    files = [path for path in folder.rglob("*") if path.is_file() and "__pycache__" not in path.parts]
    assert {path.name for path in files} >= {"env.py", "v0001_tables.py", "v0002_stats.py", "v0003_longer_names.py",
                                             "v0004_name_skeletons.py",
                                             "script.py.mako"}
    for path in files:
        in_package = path.suffix == ".py" and (path.parent / "__init__.py").exists()
        relative = path.relative_to(base).as_posix()
        assert in_package or any(fnmatch(relative, pattern) for pattern in patterns), relative


# addresses


def test_database_addresses(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))
    assert database_url(None) == f"sqlite:///{tmp_path / 'room.sqlite3'}"
    assert database_url("postgresql://me@db:5432/room") == "postgresql+psycopg://me@db:5432/room"
    assert database_url("postgres://me@db/room") == "postgresql+psycopg://me@db/room"
    assert database_url(str(tmp_path / "x.db")) == f"sqlite:///{tmp_path / 'x.db'}"
    assert database_url("sqlite:///elsewhere.db") == "sqlite:///elsewhere.db"


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'room.sqlite3'}")
    try:
        with store.engine.connect() as connection:
            assert connection.execute(text("PRAGMA journal_mode")).scalar_one() == "wal"
            assert connection.execute(text("PRAGMA busy_timeout")).scalar_one() >= 5000
    finally:
        store.close()


def test_a_games_figures_for_each_player_agree_with_the_hand_statistics() -> None:
    """``game_stats`` per seat, summed, gives the figures HandStats counts per side over the same hands."""
    for variant in VARIANTS:
        rules = Rules.preset(variant, hands=4)
        game = random_game(rules, seed=len(variant))
        names = {seat: f"P{seat}" for seat in range(rules.players)}
        figures = game_stats(game, names)
        sides = HandStats(rules.sides)
        sides.add_all(game.results)
        assert sum(f.nils for f in figures.values()) == sides.nil_bids + sides.blind_nil_bids
        assert sum(f.nils_made for f in figures.values()) == sides.nils_made + sides.blind_nils_made
        per_side = rules.players // rules.sides
        assert sum(f.bags for f in figures.values()) == per_side * sides.bags
        assert all(f.games == 1 for f in figures.values())
        winners = {name for name, f in figures.items() if f.wins}
        expected = set() if game.winner is None else {names[s] for s in rules.seats_of(game.winner)}
        assert winners == expected
        for seat, name in names.items():
            side = rules.side_of(seat)
            bid_tricks = [result for result in game.results
                          if result.sides[side].contract > 0 and seat not in {n.seat for n in result.sides[side].nils}]
            assert figures[name].contracts == len(bid_tricks)
            assert figures[name].made == sum(result.sides[side].counted >= result.sides[side].contract
                                             for result in bid_tricks)
        assert "P1" not in game_stats(game, {0: "P0"})


def test_a_guests_name_is_refused_with_what_to_do_and_freed_when_the_guest_signs_out(store: Store) -> None:
    """Found: a guest who signed out of the page kept the name for a week (the page forgot the token, the room did
    not end the session), and the next person who asked for it heard only "The name Sighted is taken"."""
    sighted = store.guest("Sighted")
    token, _ = store.new_session(sighted)
    with pytest.raises(auth.AuthError) as refused:
        store.guest("Sighted")
    assert str(refused.value) == ("The name Sighted is taken by a guest, and is kept for them while they are here and "
                                  "for 30 minutes after they go, unless they sign out; choose another name.")
    store.create_player("Eve Smith", "password1")
    with pytest.raises(auth.AuthError, match=r"it is registered\. Choose another name, or sign in with its password"):
        store.guest("Eve Smith")
    assert store.sign_out(token) is True  # at once, though the guest is minutes old
    assert store.player_for_token(token) is None
    assert store.guest("Sighted").id != sighted.id
    assert store.sign_out(token) is False and store.sign_out("no such token") is False
