"""Ratings on a real ``spades serve`` (SQLite and PostgreSQL): a known sequence of short games among registered
players, a guest (whose game is unrated), the computer at a seat, a person the computer covered and the same four
people again (a repeat, counting for half), with every stored rating compared to openskill's own computation done
here, each table told how its game was rated (or why not), the leaderboard and the player's page, and ``spades
ratings --rebuild`` giving back exactly the stored ratings."""

from __future__ import annotations

import asyncio
import contextlib
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from openskill.models import PlackettLuce

from room_server import Seat, ServeProcess, close_all, serving, start, stored_record
from spades.room.client import RoomClient
from spades.room.store import Store
from spades.room.store.ratings import RatingChangeRow, RatingRow
from spades.room.web.limits import RateLimit

PASSWORD = "correct horse battery"
ONE_HAND = {"hands": 1}


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def served(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    with serving(request.param, tmp_path_factory.mktemp(f"ratings-{request.param}")) as process:
        yield process


async def registered(url: str, name: str) -> RoomClient:
    client = await RoomClient(url).connect()
    reply = await client.register(name, PASSWORD)
    assert reply["type"] == "welcome", reply
    return client


async def play(server: ServeProcess, seats: dict[int, RoomClient], variant: str = "standard",
               levels: dict[int, str] | None = None, drop: int | None = None) -> tuple[dict[str, Any], dict[int, Any]]:
    """One short game with those people (the first seat's creates it) and the computer at ``levels``; ``drop``'s
    person leaves as it starts and the computer covers them. The record, and what each person who stayed was
    told at the end: the rating message and the line said after it."""
    owner = seats[min(seats)]
    reply = await owner.create(variant, ONE_HAND, levels, pace=0, timeout=0.1)
    table = reply["table"]
    since = {seat: len(client.frames) for seat, client in seats.items()}
    for seat, client in seats.items():
        assert (await client.join(table, seat))["type"] == "table"
    await start(owner, table)
    staying = {seat: client for seat, client in seats.items() if seat != drop}
    if drop is not None:
        await seats[drop].close()
    players = [Seat(client, table, seat, f"{table}:{seat}") for seat, client in staying.items()]
    for player in players:
        player.rate = RateLimit(8, 4)  # well under the room's limit, whatever else the connection sent
    await asyncio.gather(*(player.play() for player in players))
    record = await stored_record(server, table)
    told = {}
    for seat, client in staying.items():
        rating = await client.wait_for(lambda f: f.get("type") == "rating" and f["table"] == table, 10,
                                       since=since[seat])
        line = await client.wait_for(lambda f: f.get("type") == "said" and f["table"] == table
                                     and ("Rated game" in f["text"] or "unrated" in f["text"]), 10,
                                     since=since[seat])
        assert sum(f.get("type") == "rating" and f.get("table") == table for f in client.frames) == 1
        told[seat] = (rating, line["text"])
    return record, told


class Expected:
    """openskill's own computation, kept apart from the room's code: each registered player's rating in each
    group, rated game by rated game."""

    def __init__(self) -> None:
        self.model = PlackettLuce()
        self.ratings: dict[tuple[str, str], Any] = {}

    def rate(self, group: str, record: dict[str, Any], people: dict[int, str], guests: set[str],
             left: frozenset[int] = frozenset(), weight: float = 1.0) -> None:
        """``left``: the seats whose person abandoned the game: their side counts as last, and their partners are
        not rated. ``weight``: how much of openskill's move the game makes (a repeat among the same people)."""
        result = record["result"]
        players = len(people)
        sides = [[0, 2], [1, 3]] if players == 4 else [[0], [1]]
        ranks = [0 if side == result["winner"] else 1 for side in range(len(sides))]
        if result["winner"] is None:
            ranks = [-score for score in result["scores"]]
        kept = {seat for side in sides if set(side) & left for seat in side if seat not in left}
        if left:
            ranks = [1 if set(side) & left else 0 for side in sides]
        teams = [[self.model.rating() if people[seat] in guests else
                  self.ratings.get((group, people[seat]), self.model.rating()) for seat in side] for side in sides]
        for side, team, old in zip(sides, self.model.rate(teams, ranks=ranks), teams, strict=True):
            for seat, rating, before in zip(side, team, old, strict=True):
                if people[seat] not in guests and seat not in kept:
                    if weight != 1.0:
                        rating = self.model.rating(mu=before.mu + weight * (rating.mu - before.mu),
                                                   sigma=before.sigma + weight * (rating.sigma - before.sigma))
                    self.ratings[(group, people[seat])] = rating


def stored(url: str) -> tuple[dict[tuple[str, str], tuple[float, float, int]], list[tuple[Any, ...]]]:
    from spades.room.store import PlayerRow

    store = Store(url)
    try:
        with store.transaction() as session:
            names = dict(session.query(PlayerRow.id, PlayerRow.name).all())
            ratings = {(row.rating_group, names[row.player_id]): (row.mu, row.sigma, row.games)
                       for row in session.query(RatingRow).all()}
            changes = sorted((row.table_id, names[row.player_id], row.rating_group, row.mu_before,
                              row.sigma_before, row.mu, row.sigma, row.finished)
                             for row in session.query(RatingChangeRow).all())
        return ratings, changes
    finally:
        store.close()


def test_a_sequence_of_games_is_rated_as_openskill_rates_it_and_rebuilt_exactly(served: ServeProcess) -> None:
    expected = Expected()

    async def main() -> None:
        url = served.url
        ada, bob, cy, di, ed = [await registered(url, name) for name in ("Ada", "Bob", "Cy", "Di", "Ed")]
        guest = await RoomClient(url).connect()
        await guest.guest("Visitor")
        clients = [ada, bob, cy, di, ed, guest]
        try:
            # 1. four registered people: rated for all four
            record, told = await play(served, {0: ada, 1: bob, 2: cy, 3: di})
            people = {0: "Ada", 1: "Bob", 2: "Cy", 3: "Di"}
            expected.rate("partnership", record, people, set())
            for rating, line in told.values():
                assert rating["rated"] is True and rating["group"] == "partnership"
                assert [c["name"] for c in rating["changes"]] == ["Ada", "Bob", "Cy", "Di"]
                assert line.startswith("Rated game: Ada ")
            # 2. seats changed round, Ed at East for Di: rated for all four, in their seats' order
            record, told = await play(served, {0: bob, 1: ed, 2: ada, 3: cy})
            people = {0: "Bob", 1: "Ed", 2: "Ada", 3: "Cy"}
            expected.rate("partnership", record, people, set())
            rating, line = told[1]
            assert rating["rated"] is True and rating["repeat"] == 1 and rating["weight"] == 1.0
            assert [c["name"] for c in rating["changes"]] == ["Bob", "Ed", "Ada", "Cy"]
            # 2b. a guest at East: unrated (found: a registered player gained without limit from their own guest
            # throwing games), and said so
            record, told = await play(served, {0: bob, 1: guest, 2: ada, 3: cy})
            for rating, line in told.values():
                assert rating["rated"] is False and rating["changes"] == []
                assert line == "This game is unrated: a guest sat at it."
            # 3. the computer at East from the start: unrated, and said so with the reason
            record, told = await play(served, {0: ada, 2: bob, 3: di}, levels={1: "easy"})
            for rating, line in told.values():
                assert rating["rated"] is False and rating["changes"] == []
                assert line == "This game is unrated: the computer played East for all of it."
            assert record["meta"]["computers"] == {"1": "easy"}
            # 4. Di leaves as the game starts and the computer covers West: rated, and lost for Di, whatever the
            # computer made of her hand; Bob, her partner, keeps his rating (found: such a game was unrated, so a
            # losing player escaped the loss by closing the connection). The same four as the first game within a
            # day: the 2nd, which counts for half
            record, told = await play(served, {0: ada, 1: bob, 2: cy, 3: di}, drop=3)
            assert record["meta"]["covered"]["3"] > 0
            expected.rate("partnership", record, {0: "Ada", 1: "Bob", 2: "Cy", 3: "Di"}, set(), frozenset({3}),
                          weight=0.5)
            for rating, line in told.values():
                assert rating["rated"] is True and rating["abandoned"] == ["Di"]
                assert rating["repeat"] == 2 and rating["weight"] == 0.5
                assert [c["name"] for c in rating["changes"]] == ["Ada", "Cy", "Di"]
                assert line.startswith("Rated game: Di abandoned the game and loses it; a partner's rating stays as "
                                       "it was. Ada "), line
                assert line.endswith(". This game counted for half: the 2nd rated game with the same people within "
                                     "a day."), line
            # 5. the two-player game: a group of its own
            record, told = await play(served, {0: cy, 1: ada}, variant="two_player")
            expected.rate("two_player", record, {0: "Cy", 1: "Ada"}, set())
            assert told[0][0]["group"] == "two_player"
            assert told[0][1] == told[1][1]
        finally:
            await close_all(clients)

    asyncio.run(main())
    ratings, changes = stored(served.database)
    assert set(ratings) == set(expected.ratings)
    for key, rating in expected.ratings.items():
        mu, sigma, _ = ratings[key]
        assert (mu, sigma) == pytest.approx((rating.mu, rating.sigma), rel=1e-12, abs=1e-12), key
    assert ratings[("partnership", "Ada")][2] == 3 and ratings[("partnership", "Di")][2] == 2
    assert ratings[("partnership", "Ed")][2] == 1
    assert ratings[("partnership", "Bob")][2] == 2  # not rated in the game his partner abandoned
    assert ratings[("two_player", "Ada")][2] == 1

    # the leaderboard and the player's page
    status, board = served.get("/api/leaderboard?group=partnership")
    assert status == 200 and board["group"] == "partnership"
    assert {row["name"] for row in board["rows"]} == {"Ada", "Bob", "Cy", "Di", "Ed"}
    shown = [row["rating"] for row in board["rows"]]
    assert shown == sorted(shown, reverse=True)
    for row in board["rows"]:
        mu, sigma, games = ratings[("partnership", row["name"])]
        assert row["rating"] == round(mu - 3 * sigma, 1) and row["games"] == games
    assert served.get("/api/leaderboard?group=nonsense")[0] == 404
    joined = subprocess.run([sys.executable, "-m", "spades", "join", f"127.0.0.1:{served.port}", "--leaderboard",
                             "two_player", "--speech", "none"], capture_output=True, text=True, timeout=60)
    assert joined.returncode == 0, joined.stderr
    cy, ada = (round(ratings[("two_player", name)][0] - 3 * ratings[("two_player", name)][1], 1)
               for name in ("Cy", "Ada"))
    first, second = sorted([("Cy", cy), ("Ada", ada)], key=lambda entry: (-entry[1], entry[0]))
    assert joined.stdout.splitlines()[-3:] == [
        "The two-player leaderboard: 2 players, best first.",
        f"1. {first[0]}: rating {first[1]:.1f}, 1 game.",
        f"2. {second[0]}: rating {second[1]:.1f}, 1 game."]
    status, page = served.get("/api/players/ada")
    assert status == 200 and page["name"] == "Ada"
    groups = {entry["group"]: entry for entry in page["ratings"]}
    assert len(groups["partnership"]["history"]) == 3 and len(groups["two_player"]["history"]) == 1
    assert [game["weight"] for game in groups["partnership"]["history"]] == [1.0, 1.0, 0.5]
    assert {"level": "easy", "role": "opponent", "games": 1, "wins": page["computers"][0]["wins"]} \
        in page["computers"]
    assert served.get("/api/players/Nobody")[0] == 404

    # the rebuild replays the stored games and writes back exactly the same ratings and changes
    rebuilt = subprocess.run([sys.executable, "-m", "spades", "ratings", "--rebuild", "--database",
                              served.database], capture_output=True, text=True, timeout=120, check=True)
    assert rebuilt.stdout.strip() == "Rebuilt the ratings of 5 players from 6 games; 2 games unrated."
    assert stored(served.database) == (ratings, changes)


def test_the_ranks_and_where_the_line_of_the_computer_is() -> None:
    """The winner first, the others by score with ties tied; a seat the computer played for exactly half of its
    actions is still a person's, one more action and its person abandoned the game, which is rated all the same
    (lost for them); a removed person did not abandon it."""
    from spades.room.rating.rules import GameFacts, abandoned, game_ranks, rate, unrated_reason

    assert game_ranks(1, [120, 80]) == (1, 0)
    assert game_ranks(2, [50, 90, 60, 50]) == (2, 1, 0, 2)  # solo: the winner, then 90, then two tied at 50
    assert game_ranks(None, [40, 40]) == (0, 0)
    people = {0: "Ada", 1: "Bob", 2: "Cy", 3: "Di"}
    game = GameFacts(group="partnership", sides=((0, 2), (1, 3)), ranks=(0, 1), players=people,
                     registered=frozenset(people.values()), computers={}, covered={3: 7}, actions=dict.fromkeys(
                         people, 14), seat_names=("North", "East", "South", "West"))
    assert unrated_reason(game) is None and abandoned(game) == set()
    left = GameFacts(**{**vars(game), "covered": {3: 8}})
    assert unrated_reason(left) is None and abandoned(left) == {3}
    after = rate(left, {})
    assert set(after) == {"Ada", "Cy", "Di"}  # Bob, Di's partner, keeps his rating
    assert after["Di"].mu < 25.0 < after["Ada"].mu
    lost_anyway = rate(GameFacts(**{**vars(left), "ranks": (1, 0)}), {})  # West's side won with the computer
    assert lost_anyway["Di"].mu < 25.0 < lost_anyway["Cy"].mu
    removed = GameFacts(**{**vars(left), "removed": frozenset({3}), "ranks": (1, 0)})
    assert abandoned(removed) == set() and rate(removed, {})["Di"].mu > 25.0  # as it was played
    two = GameFacts(**{**vars(game), "players": {0: "Ada", 2: "Cy"}, "computers": {1: "hard", 3: "hard"}})
    assert unrated_reason(two) == "the computer played East and West for all of it"
    assert unrated_reason(GameFacts(**{**vars(game), "registered": frozenset()})) == "guests sat at it"
    assert unrated_reason(GameFacts(**{**vars(game), "registered": frozenset({"Ada", "Bob", "Cy"})})) == \
        "a guest sat at it"


def test_a_removal_is_rated_as_played_hints_are_counted_and_a_rematch_is_answered_at_the_table(
        served: ServeProcess) -> None:
    """Found: a losing owner who removed the winner made the game unrated; a rematch answered from a connection
    not at the table got no reply but counted, so a removed player could veto it; and a player who played every
    move from the hint was rated as anyone else, with nothing to show it. A removal leaves the game rated as it was
    played; the removed person is neither asked nor heard about the rematch; the hints asked in rated games are
    counted and shown on the player's page."""
    async def main() -> tuple[dict[str, Any], list[dict[str, Any]]]:
        url = served.url
        eve, fay, gil, hal = [await registered(url, name) for name in ("Eve", "Fay", "Gil", "Hal")]
        other = await RoomClient(url).connect()
        await other.resume(hal.token)  # Hal's second connection, never at the table
        clients = [eve, fay, gil, hal, other]
        try:
            table = (await eve.create("standard", ONE_HAND, {}, pace=0, timeout=0.1))["table"]
            seats = {0: eve, 1: fay, 2: gil, 3: hal}
            for seat, client in seats.items():
                assert (await client.join(table, seat))["type"] == "table"
            await start(eve, table)
            removed = await eve.request({"type": "remove_person", "table": table, "name": "Hal"})
            assert removed["type"] == "table", removed
            players = [Seat(client, table, seat, f"{table}:{seat}") for seat, client in seats.items()
                       if seat in (0, 2)]
            for player in players:
                player.rate = RateLimit(8, 4)
            hints = 0

            async def hinting() -> None:  # Fay plays every move the hint gives her, as the finding's player did
                nonlocal hints
                while True:
                    view = fay.views.get(table)
                    if view is not None and view["phase"] == "over":
                        return
                    if view is not None and view["turn"] == 1 and view["legal"]:
                        cursor = fay.cursors.get(table, 0)
                        said = await fay.request({"type": "ask", "table": table, "key": "x"}, 60)
                        action = said.get("action") if said["type"] == "said" else None
                        hints += action is not None
                        await fay.request({"type": "act", "table": table, "action": action or view["legal"][0],
                                           "cursor": cursor}, 60)
                        continue
                    with contextlib.suppress(TimeoutError):
                        await fay.wait_for(lambda f: f.get("type") == "update", 1, since=len(fay.frames))

            await asyncio.gather(*(player.play() for player in players), hinting())
            rating = await eve.wait_for(lambda f: f.get("type") == "rating" and f["table"] == table, 60)
            await eve.wait_for(lambda f: f.get("type") == "rematch" and f["table"] == table, 60)
            late = await other.request({"type": "rematch", "table": table, "accept": False})
            answer = await fay.request({"type": "rematch", "table": table, "accept": True})
            assert hints > 0
            return rating, [late, answer]
        finally:
            await close_all(clients)

    rating, (late, answer) = asyncio.run(main())
    assert rating["rated"] is True and rating["abandoned"] == [], rating
    assert {c["name"] for c in rating["changes"]} == {"Eve", "Fay", "Gil", "Hal"}  # Hal's side, as it played on
    assert late["type"] == "error" and late["code"] == "removed", late
    assert answer["type"] == "rematch" and "Hal" not in answer["asked"], answer
    status, page = served.get("/api/players/Fay")
    assert status == 200
    group = next(entry for entry in page["ratings"] if entry["group"] == "partnership")
    assert group["hints"] > 0 and group["history"][-1]["hints"] == group["hints"], group
