"""Ratings that cannot be farmed, and the early-leaver rule.

On a real ``spades serve`` (SQLite) through real clients, with games of one two-player hand played again by
rematch: a registered player and their own guest gain nothing in six games (found: 0 to 15.0); two registered
accounts of one person move by the repeat rule's weights (found: +8.4 and -4.1 in three games), and after
``void_rating`` of the three games they have no rating at all, which ``spades ratings --rebuild`` keeps; a player
who abandons three rated games within a day is refused rated quick play (``left_early``) for a time that grows
with the fourth, and is let in again once it is over (the abandons moved into the past in the database).

On the store of each kind (SQLite and PostgreSQL), with the games' moments chosen: the repeat rule's numbers and
weights at the window's edge and for games finished at the same moment, checked against openskill's own
computation done here; live rating and the rebuild giving the same rows, before and after a void; and a
database at v0017 upgraded with its ratings kept. The rules' words, and ``spades rules`` saying them, too."""

from __future__ import annotations

import asyncio
import random
import re
import subprocess
import sys
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select, update

from room_databases import database, postgres_unreachable
from room_server import Seat, ServeProcess, close_all, serving, start
from spades.game import Game
from spades.record import record_of
from spades.room.client import RoomClient
from spades.room.rating import leavers
from spades.room.rating.rules import GameFacts, Standing, facts, rate, repeat_weight, repeat_words, weighed
from spades.room.store import PlayerRow, Store
from spades.room.store.ratings import (
    AbandonRow,
    RatedGameRow,
    RatingChangeRow,
    RatingRow,
    rate_finished,
    rebuild,
    void_rating,
)
from spades.room.web.limits import RateLimit
from spades.rules import Rules

PASSWORD = "correct horse battery"
ONE_HAND = {"hands": 1}
TWO = {"variant": "two_player", "options": ONE_HAND}
MODEL = PlackettLuce()


def expected_weight(number: int) -> float:
    """The rule as stated, written out again here: 1, 1/2, 1/4, 1/8 for the 1st to the 4th, then nothing."""
    return {1: 1.0, 2: 0.5, 3: 0.25, 4: 0.125}.get(number, 0.0)


# -- the rules alone -------------------------------------------------------------------------------------------

def test_the_repeat_weights_and_a_weighed_rating_exactly() -> None:
    assert [repeat_weight(n) for n in range(1, 9)] == [expected_weight(n) for n in range(1, 9)]
    assert [repeat_words(n) for n in (1, 2, 3, 4, 5, 12)] == [
        None,
        "This game counted for half: the 2nd rated game with the same people within a day.",
        "This game counted for a quarter: the 3rd rated game with the same people within a day.",
        "This game counted for an eighth: the 4th rated game with the same people within a day.",
        "This game counted for nothing: the 5th rated game with the same people within a day.",
        "This game counted for nothing: the 12th rated game with the same people within a day."]
    game = GameFacts(group="two_player", sides=((0,), (1,)), ranks=(0, 1), players={0: "Max", 1: "Min"},
                     registered=frozenset({"Max", "Min"}), computers={}, covered={}, actions={0: 13, 1: 13},
                     seat_names=("North", "South"))
    before = {"Max": Standing("Max", 27.0, 7.0, 3), "Min": Standing("Min", 24.0, 8.0, 5)}
    [[max_after], [min_after]] = MODEL.rate([[MODEL.rating(mu=27.0, sigma=7.0)], [MODEL.rating(mu=24.0, sigma=8.0)]],
                                            ranks=[0, 1])
    for number in range(1, 7):
        w = expected_weight(number)
        got = rate(game, before, repeat_weight(number))
        assert got["Max"] == Standing("Max", 27.0 + w * (max_after.mu - 27.0), 7.0 + w * (max_after.sigma - 7.0), 4)
        assert got["Min"] == Standing("Min", 24.0 + w * (min_after.mu - 24.0), 8.0 + w * (min_after.sigma - 8.0), 6)
    assert rate(game, before)["Max"] == Standing("Max", max_after.mu, max_after.sigma, 4)  # weight 1: openskill's
    assert weighed(before["Max"], Standing("Max", 30.0, 6.0, 4), 0.0) == Standing("Max", 27.0, 7.0, 4)


def test_the_early_leaver_rule_by_the_moments_of_the_abandons() -> None:
    t = datetime(2030, 1, 1, 12, tzinfo=UTC)
    minutes = [leavers.closure(n) // timedelta(minutes=1) for n in (1, 2, 3, 4, 5, 6, 9, 10, 100)]
    assert minutes == [0, 0, 15, 30, 60, 120, 960, 1440, 1440]  # doubling from the 3rd, never over a day
    assert leavers.closed([t, t + timedelta(hours=1)], t + timedelta(hours=1)) is None  # two are free
    three = [t, t + timedelta(hours=1), t + timedelta(hours=2)]
    found = leavers.closed(three, t + timedelta(hours=2))
    assert found == leavers.Closed(3, t + timedelta(hours=2, minutes=15))
    assert leavers.refusal(found, t + timedelta(hours=2, seconds=61)) == (
        "You left 3 rated games early within a day: rated quick play is closed to you for 14 more minutes.")
    assert leavers.closed(three, t + timedelta(hours=2, minutes=15)) is None  # over at the minute
    four = [*three, t + timedelta(hours=3)]
    assert leavers.closed(four, t + timedelta(hours=3)) == leavers.Closed(4, t + timedelta(hours=3, minutes=30))
    # three within 25 hours but never three within one day: nothing
    assert leavers.closed([t, t + timedelta(hours=12), t + timedelta(hours=25)], t + timedelta(hours=25)) is None
    # exactly 24 hours apart is not within the day
    assert leavers.closed([t, t + timedelta(hours=12), t + timedelta(hours=24)], t + timedelta(hours=24)) is None
    # a long closure holds when a later abandon's own count is small: ten in ten minutes close it for a day
    ten = [t + timedelta(minutes=i) for i in range(10)]
    later = t + timedelta(hours=24, minutes=8)  # counts only the abandon at 9 minutes and itself: two
    found = leavers.closed([*ten, later], later + timedelta(seconds=30))
    assert found == leavers.Closed(10, t + timedelta(hours=24, minutes=9))
    assert leavers.time_left(timedelta(seconds=30)) == "1 more minute"
    assert [leavers.time_left(timedelta(minutes=m)) for m in (59, 60, 61, 150)] == [
        "59 more minutes", "1 more hour", "1 more hour and 1 minute", "2 more hours and 30 minutes"]


def test_spades_rules_says_the_rating_rules() -> None:
    from spades.commands.rules import describe

    said = describe(Rules.preset("two_player"))
    assert "Rated games in the online room (spades serve):" in said
    assert "- A game is rated when a registered player sat at every seat from its start: the computer at a seat " \
        "from the start, or a guest at any, makes it unrated." in said
    assert "by a quarter after 2, by an eighth after 3, and by nothing after 4 or more." in said
    assert f"- {leavers.rule_line()}" in said and "15 minutes after the 3rd" in said


# -- the store of each kind, with the games' moments chosen ------------------------------------------------------

def played(seed: str) -> Game:
    """A two-player game of one hand played to its end by random legal actions."""
    game = Game(Rules.preset("two_player", hands=1), seed=seed)
    chooser = random.Random(seed)
    while not game.over:
        game.apply(chooser.choice(game.legal_actions()))
    return game


def snapshot(store: Store) -> tuple[list[tuple[Any, ...]], ...]:
    """Every rating row, change, rated game and abandon, without the rows' own ids."""
    with store.transaction() as session:
        ratings = sorted(session.execute(select(RatingRow.player_id, RatingRow.rating_group, RatingRow.mu,
                                                RatingRow.sigma, RatingRow.games, RatingRow.hints)).all())
        changes = sorted(session.execute(select(
            RatingChangeRow.table_id, RatingChangeRow.player_id, RatingChangeRow.rating_group,
            RatingChangeRow.mu_before, RatingChangeRow.sigma_before, RatingChangeRow.mu, RatingChangeRow.sigma,
            RatingChangeRow.finished, RatingChangeRow.hints)).all())
        games = sorted(session.execute(select(RatedGameRow.table_id, RatedGameRow.rating_group, RatedGameRow.people,
                                              RatedGameRow.finished, RatedGameRow.number,
                                              RatedGameRow.weight)).all())
        abandons = sorted(session.execute(select(AbandonRow.table_id, AbandonRow.player_id, AbandonRow.at)).all())
    return [tuple(r) for r in ratings], [tuple(r) for r in changes], [tuple(r) for r in games], \
        [tuple(r) for r in abandons]


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[Store]:
    if request.param == "postgresql" and (reason := postgres_unreachable()):
        pytest.skip(reason)
    with database(request.param, tmp_path) as url:
        opened = Store(url)
        try:
            yield opened
        finally:
            opened.close()


def test_repeats_are_weighed_by_finish_time_and_the_rebuild_replays_them_with_voids(store: Store) -> None:
    """Games among the same two people (whatever their seats) within 24 hours of each other, another pair's game
    between them, one exactly 24 hours after the first (which no longer counts), two finished at the same moment
    (the lower table first), an abandon, and a guest's game (unrated, not counted). Every rating is openskill's,
    weighed as the rule says, computed here; the rebuild writes back exactly the rows the live rating wrote; a void
    takes one game out and the later ones count as the repeats they now are, which the rebuild keeps."""
    owner = store.create_player("Ann", PASSWORD)
    for name in ("Bo", "Cy"):
        store.create_player(name, PASSWORD)
    store.guest("Gus")
    t0 = datetime(2031, 3, 1, 9, tzinfo=UTC)
    hours = timedelta(hours=1)
    # (people by seat, finished, seat that abandoned)
    schedule: list[tuple[tuple[str, str], datetime, int | None]] = [
        (("Ann", "Bo"), t0, None),                # 1st of Ann and Bo
        (("Ann", "Bo"), t0 + hours, None),        # 2nd: half
        (("Bo", "Ann"), t0 + 2 * hours, None),    # 3rd, seats swapped: a quarter
        (("Ann", "Cy"), t0 + 2.5 * hours, None),  # another pair: a 1st
        (("Ann", "Bo"), t0 + 3 * hours, 1),       # 4th: an eighth; Bo abandons it
        (("Ann", "Bo"), t0 + 4 * hours, None),    # 5th: nothing
        (("Ann", "Bo"), t0 + 24 * hours, None),   # the first is exactly a day before: the 4 after it: a 5th
        (("Ann", "Bo"), t0 + 30 * hours, None),   # only the game at 24 hours within the day: a 2nd
        (("Ann", "Gus"), t0 + 31 * hours, None),  # a guest: unrated, counts for no one
        (("Ann", "Bo"), t0 + 40 * hours, None),   # these two at one moment: a 3rd, then (the later table) a 4th
        (("Ann", "Bo"), t0 + 40 * hours, None),
    ]
    registered = {"Ann", "Bo", "Cy"}
    tables: list[tuple[int, Game, dict[str, Any], datetime]] = []
    for index, (people, moment, left) in enumerate(schedule):
        table = store.create_table(owner, TWO, f"seed-{index}", 2).id
        game = played(f"fair-{index}")
        actions = {seat: sum(1 for s, _ in game.history if s == seat) for seat in (0, 1)}
        meta = {"table": table, "players": {"0": people[0], "1": people[1]},
                "registered": sorted(set(people) & registered), "computers": {},
                "covered": {} if left is None else {str(left): actions[left]}, "removed": [], "hints": {}}
        found = facts(game, meta)
        assert store.finish(table, record_of(game, meta), also=lambda session, t=table, f=found, m=moment:
                            rate_finished(session, t, f, lambda: m))
        tables.append((table, game, meta, moment))

    def expected(voided: set[int]) -> tuple[dict[str, tuple[float, float, int]], list[tuple[int, int, float]]]:
        """openskill's ratings with the stated weights, and each rated game's (table, number, weight)."""
        ratings: dict[str, tuple[float, float, int]] = {}
        counted: list[tuple[frozenset[str], datetime, int]] = []
        numbers = []
        for table, game, meta, moment in sorted(tables, key=lambda entry: (entry[3], entry[0])):
            people = frozenset(meta["players"].values())
            if table in voided or not people <= registered:
                continue
            number = 1 + sum(1 for who, when, other in counted if who == people and moment - timedelta(hours=24)
                             < when and (when, other) < (moment, table))
            counted.append((people, moment, table))
            weight = expected_weight(number)
            numbers.append((table, number, weight))
            names = [meta["players"]["0"], meta["players"]["1"]]
            before = [ratings.get(name, (25.0, 25.0 / 3.0, 0)) for name in names]
            ranks = [0 if game.winner == 0 else 1, 0 if game.winner == 1 else 1]
            if game.winner is None:
                ranks = [-score for score in game.scores]
            if meta["covered"]:
                left = int(next(iter(meta["covered"])))
                ranks = [1 if seat == left else 0 for seat in (0, 1)]
            teams = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma, _ in before], ranks=ranks)
            for name, (mu, sigma, games), [after] in zip(names, before, teams, strict=True):
                if weight == 1.0:
                    ratings[name] = (after.mu, after.sigma, games + 1)
                else:
                    ratings[name] = (mu + weight * (after.mu - mu), sigma + weight * (after.sigma - sigma), games + 1)
        return ratings, numbers

    def check(voided: set[int]) -> None:
        want, numbers = expected(voided)
        with store.transaction() as session:
            ids = dict(session.execute(select(PlayerRow.id, PlayerRow.name)).all())
            got = {ids[row.player_id]: (row.mu, row.sigma, row.games) for row in session.scalars(select(RatingRow))}
            rated = sorted((row.table_id, row.number, row.weight) for row in session.scalars(select(RatedGameRow)))
        assert rated == sorted(numbers)
        assert set(got) == set(want)
        for name, (mu, sigma, games) in want.items():
            assert got[name][:2] == pytest.approx((mu, sigma), rel=1e-12, abs=1e-12), name
            assert got[name][2] == games

    ids = [table for table, *_ in tables]
    check(set())
    assert [number for _, number, _ in expected(set())[1]] == [1, 2, 3, 1, 4, 5, 5, 2, 3, 4]
    live = snapshot(store)
    assert [(table, at) for table, _, at in live[3]] == [(ids[4], t0 + 3 * hours)]  # Bo's abandon, kept
    assert str(rebuild(store)) == "Rebuilt the ratings of 3 players from 11 games; 1 game unrated."
    assert snapshot(store) == live
    # the second game voided: the third is now the 2nd, the abandoned one the 3rd, and so on
    assert void_rating(store, ids[1], "Mo", "the same person at both seats")
    assert not void_rating(store, ids[1], "Mo", "again")  # voided already
    assert not void_rating(store, 10**6, "Mo", "no such game")
    check({ids[1]})
    assert [number for _, number, _ in expected({ids[1]})[1]] == [1, 2, 1, 3, 4, 4, 2, 3, 4]
    voided = snapshot(store)
    assert str(rebuild(store)) == "Rebuilt the ratings of 3 players from 11 games; 1 game unrated, 1 voided."
    assert snapshot(store) == voided
    # every game of Bo's voided: Bo has no rating, and his abandon no longer counts
    for table, _, meta, _ in tables:
        if "Bo" in meta["players"].values():
            void_rating(store, table, "Mo", "every game of Bo's")
    check({table for table, _, meta, _ in tables if "Bo" in meta["players"].values()})
    assert snapshot(store)[3] == []


def test_a_database_at_v0017_upgrades_with_its_ratings_and_the_rebuild_fills_the_new_rows(tmp_path: Any,
                                                                                          database_url: str) -> None:
    """A room's database from before the fair ratings (v0017) with a rated game: the upgrade keeps the rating, the
    new tables start empty (the rows are written as games end), and the rebuild writes the game's rated row."""
    import json

    from sqlalchemy import create_engine, text

    from spades.room.store import database_url as sqlalchemy_url
    from spades.room.store import migrations

    game = played("before-the-upgrade")
    record = record_of(game, {"players": {"0": "Old", "1": "Timer"}, "registered": ["Old", "Timer"],
                              "computers": {}, "covered": {}, "removed": [], "hints": {}})
    engine = create_engine(sqlalchemy_url(database_url))
    now = datetime.now(UTC)
    try:
        migrations.upgrade(engine, "v0017")
        with engine.begin() as connection:
            for name in ("Old", "Timer"):
                connection.execute(text("INSERT INTO players (name, name_key, password_hash, created) "
                                        "VALUES (:name, :key, 'x', :now)"),
                                   {"name": name, "key": name.casefold(), "now": now})
            old = connection.execute(text("SELECT id FROM players WHERE name = 'Old'")).scalar_one()
            connection.execute(text("INSERT INTO tables (owner_id, rules, seed, state, settings, invite, created)"
                                    " VALUES (:old, :rules, '9', 'over', '{}', 'x', :now)"),
                               {"old": old, "rules": json.dumps(TWO), "now": now})
            table = connection.execute(text("SELECT id FROM tables")).scalar_one()
            connection.execute(text("INSERT INTO records (table_id, record, finished) VALUES (:t, :r, :now)"),
                               {"t": table, "r": json.dumps(record), "now": now})
            connection.execute(text("INSERT INTO ratings (player_id, rating_group, mu, sigma, games, hints) "
                                    "VALUES (:old, 'two_player', 27.5, 8.0, 1, 0)"), {"old": old})
    finally:
        engine.dispose()
    store = Store(database_url)
    try:
        assert migrations.current(store.engine) == migrations.head()
        with store.transaction() as session:
            assert session.scalars(select(RatingRow.mu)).all() == [27.5]  # kept as it was
        assert snapshot(store)[2:] == ([], [])  # no rated games nor abandons before the upgrade
        assert str(rebuild(store)) == "Rebuilt the ratings of 2 players from 1 game; 0 games unrated."
        assert [(t, number, weight) for t, _, _, _, number, weight in snapshot(store)[2]] == [(table, 1, 1.0)]
    finally:
        store.close()


# -- a real room ---------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    with serving(request.param, tmp_path_factory.mktemp("fair-ratings")) as process:
        yield process


async def registered(url: str, name: str, login: bool = False) -> RoomClient:
    client = await RoomClient(url).connect()
    reply = await (client.login(name, PASSWORD) if login else client.register(name, PASSWORD))
    assert reply["type"] == "welcome", reply
    return client


async def new_game(owner: RoomClient, other: RoomClient) -> int:
    """A two-player table of one hand: ``owner`` at seat 0, ``other`` at seat 1, started."""
    reply = await owner.create("two_player", ONE_HAND, None, pace=0, timeout=0.1)
    table: int = reply["table"]
    for seat, client in ((0, owner), (1, other)):
        assert (await client.join(table, seat))["type"] == "table"
    await start(owner, table)
    return table


async def play_out(seats: dict[int, RoomClient], table: int) -> list[tuple[dict[str, Any], str]]:
    """The game played to its end by those seats; what each was told of its rating (the message, the line)."""
    players = [Seat(client, table, seat, f"{table}:{seat}") for seat, client in seats.items()]
    for player in players:
        player.rate = RateLimit(12, 4)  # well under the room's limit, whatever else the connection sent
    await asyncio.gather(*(player.play() for player in players))
    told = []
    for client in seats.values():
        rating = await client.wait_for(lambda f: f.get("type") == "rating" and f["table"] == table, 60)
        line = await client.wait_for(lambda f: f.get("type") == "said" and f["table"] == table
                                     and (f["text"].startswith(("Rated game", "This game is unrated"))), 60)
        told.append((rating, line["text"]))
    return told


async def rematch(seats: dict[int, RoomClient], table: int) -> int:
    """Both accept the rematch; the new table, started."""
    for client in seats.values():
        await client.wait_for(lambda f: f.get("type") == "rematch" and f["table"] == table, 60)
    for client in seats.values():
        assert (await client.request({"type": "rematch", "table": table, "accept": True}))["type"] == "rematch"
    news = [await client.wait_for(lambda f: f.get("type") == "table" and f["table"] > table, 60)
            for client in seats.values()]
    new: int = news[0]["table"]
    for client in seats.values():
        await client.wait_for(lambda f: f.get("type") == "update" and f["table"] == new, 60)
        client.views.pop(table, None)
    return new


def rating_rows(url: str, *names: str) -> dict[str, tuple[float, float, int]]:
    store = Store(url)
    try:
        with store.transaction() as session:
            return {name: (mu, sigma, games) for name, mu, sigma, games in session.execute(
                select(PlayerRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .join(RatingRow, RatingRow.player_id == PlayerRow.id).where(PlayerRow.name.in_(names))).all()}
    finally:
        store.close()


def test_a_registered_player_gains_nothing_from_their_own_guest_over_six_rematched_games(
        served: ServeProcess) -> None:
    """Found: a registered player with their own guest at the table, the guest throwing games, gained 0 to 15.0 in
    six rated games by rematch. A guest at a seat makes the game unrated."""
    async def main() -> list[tuple[dict[str, Any], str]]:
        owen = await registered(served.url, "Owen")
        pal = await RoomClient(served.url).connect()
        assert (await pal.guest("Pal"))["type"] == "welcome"
        seats = {0: owen, 1: pal}
        told = []
        try:
            table = await new_game(owen, pal)
            for game in range(6):
                told += await play_out(seats, table)
                if game < 5:
                    table = await rematch(seats, table)
        finally:
            await close_all([owen, pal])
        return told

    told = asyncio.run(main())
    assert len(told) == 12
    for rating, line in told:
        assert rating["rated"] is False and rating["changes"] == [] and rating["reason"] == "a guest sat at it"
        assert line == "This game is unrated: a guest sat at it."
    assert rating_rows(served.database, "Owen") == {}  # nothing gained: no rating at all
    status, page = served.get("/api/players/Owen")
    assert status == 200 and page["ratings"] == []


def test_two_accounts_of_one_person_gain_by_the_repeat_rule_and_voids_take_it_all_back(
        served: ServeProcess) -> None:
    """Found: two registered accounts of one person moved +8.4 and -4.1 in three games. The three games among the
    same two people within a day count 1, 1/2 and 1/4 of what openskill gives, and each player hears it; voiding
    the three leaves them with no rating, and the rebuild writes back exactly what the voids left."""
    async def main() -> tuple[list[int], list[list[tuple[dict[str, Any], str]]]]:
        big = await registered(served.url, "Max")
        small = await registered(served.url, "Min")
        seats = {0: big, 1: small}
        tables, told = [], []
        try:
            table = await new_game(big, small)
            for game in range(3):
                tables.append(table)
                told.append(await play_out(seats, table))
                if game < 2:
                    table = await rematch(seats, table)
        finally:
            await close_all([big, small])
        return tables, told

    tables, told = asyncio.run(main())
    lines = {1: "", 2: " This game counted for half: the 2nd rated game with the same people within a day.",
             3: " This game counted for a quarter: the 3rd rated game with the same people within a day."}
    ratings = {"Max": MODEL.rating(), "Min": MODEL.rating()}
    moved = full = 0.0  # how far the repeats moved mu, and how far openskill alone moves it from the same ratings
    for number, (table, heard) in enumerate(zip(tables, told, strict=True), start=1):
        for rating, line in heard:
            assert rating["rated"] is True and rating["repeat"] == number
            assert rating["weight"] == expected_weight(number)
            assert re.fullmatch(r"Rated game: Max [\d.-]+ \([+-][\d.]+\), Min [\d.-]+ \([+-][\d.]+\)\." +
                                re.escape(lines[number]), line), line
        record = served.get(f"/api/tables/{table}/record")[1]
        winner = record["result"]["winner"]
        ranks = [0 if winner == 0 else 1, 0 if winner == 1 else 1]
        if winner is None:
            ranks = [-score for score in record["result"]["scores"]]
        w = expected_weight(number)
        after = MODEL.rate([[ratings["Max"]], [ratings["Min"]]], ranks=ranks)
        for name, [new] in zip(("Max", "Min"), after, strict=True):
            old = ratings[name]
            ratings[name] = new if w == 1.0 else MODEL.rating(mu=old.mu + w * (new.mu - old.mu),
                                                              sigma=old.sigma + w * (new.sigma - old.sigma))
            if number > 1:
                moved += abs(ratings[name].mu - old.mu)
                full += abs(new.mu - old.mu)
    stored = rating_rows(served.database, "Max", "Min")
    for name in ("Max", "Min"):
        assert stored[name][:2] == pytest.approx((ratings[name].mu, ratings[name].sigma), rel=1e-12, abs=1e-12)
        assert stored[name][2] == 3
    assert moved < full  # the repeats moved them less than the room did before the rule, from the same ratings

    store = Store(served.database)
    try:
        assert void_rating(store, tables[0], "Mo", "two accounts of one person")
        with store.transaction() as session:  # the later two are now the 1st and the 2nd
            rated = {row.table_id: (row.number, row.weight) for row in session.scalars(
                select(RatedGameRow).where(RatedGameRow.table_id.in_(tables)))}
        assert rated == {tables[1]: (1, 1.0), tables[2]: (2, 0.5)}
        for table in tables[1:]:
            assert void_rating(store, table, "Mo", "two accounts of one person")
        assert not void_rating(store, tables[2], "Mo", "again")
        assert rating_rows(served.database, "Max", "Min") == {}  # back to none: the start
        with store.transaction() as session:
            changes = session.scalars(select(RatingChangeRow).where(RatingChangeRow.table_id.in_(tables))).all()
        assert changes == []
        left = snapshot(store)
    finally:
        store.close()
    rebuilt = subprocess.run([sys.executable, "-m", "spades", "ratings", "--rebuild", "--database",
                              served.database], capture_output=True, text=True, timeout=120, check=True)
    assert rebuilt.stdout.strip().endswith(", 3 voided."), rebuilt.stdout
    again = Store(served.database)
    try:
        assert snapshot(again) == left
    finally:
        again.close()
    status, page = served.get("/api/players/Max")
    assert status == 200 and page["ratings"] == []


def test_three_abandons_in_a_day_close_rated_quick_play_for_a_while_that_grows(served: ServeProcess) -> None:
    """Lee leaves four rated games as they start (the computer plays his seat): two are free; after the third
    quick play is refused with left_early, the rule and about 15 minutes left; after the fourth, about 30; with
    his abandons moved 31 minutes into the past he may queue again. Kay, who stayed, may queue throughout."""
    quick = {"type": "quick", "variant": "two_player", "wait": 30}

    async def asks(client: RoomClient) -> dict[str, Any]:
        reply = await client.request(quick)
        if reply["type"] == "queue":
            assert (await client.request({"type": "leave_queue"}))["type"] == "queue"
        return reply

    async def main() -> list[dict[str, Any]]:
        kay = await registered(served.url, "Kay")
        lee = await registered(served.url, "Lee")
        answers = []
        try:
            for game in range(4):
                table = await new_game(kay, lee)
                await lee.close()
                told = await play_out({0: kay}, table)
                assert told[0][0]["rated"] is True and told[0][0]["abandoned"] == ["Lee"], told
                lee = await registered(served.url, "Lee", login=True)
                if game >= 1:
                    answers.append(await asks(lee))
            assert (await asks(kay))["type"] == "queue"
            store = Store(served.database)
            try:
                with store.transaction() as session:
                    lee_id = session.scalar(select(PlayerRow.id).where(PlayerRow.name == "Lee"))
                    moments = list(session.scalars(select(AbandonRow.at).where(AbandonRow.player_id == lee_id)))
                    assert len(moments) == 4
                    for moment in moments:
                        session.execute(update(AbandonRow).where(AbandonRow.player_id == lee_id,
                                                                 AbandonRow.at == moment)
                                        .values(at=moment - timedelta(minutes=31)))
            finally:
                store.close()
            answers.append(await asks(lee))
        finally:
            await close_all([kay, lee])
        return answers

    second, third, fourth, later = asyncio.run(main())
    assert second["type"] == "queue", second  # two abandons are free
    for answer, count, minutes in ((third, 3, (14, 15)), (fourth, 4, (29, 30))):
        assert answer["type"] == "error" and answer["code"] == "left_early", answer
        said = re.fullmatch(rf"You left {count} rated games early within a day: rated quick play is closed to you "
                            r"for (\d+) more minutes\.", answer["message"])
        assert said is not None and int(said[1]) in minutes, answer
    assert later["type"] == "queue", later  # the 30 minutes are over
