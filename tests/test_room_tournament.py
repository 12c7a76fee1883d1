"""A Swiss of 8 partnerships over 3 rounds through real websocket clients on a real `spades serve`: 16 registered
people enter in pairs (each naming the other), the tournament starts once full, every entrant is told where they
sit each round and plays there (scripted), and the pairings and final standings are checked against the games'
stored records: no two entries meet twice, each round pairs entries of equal points where it can, and every
entry's points and Buchholz are the ones its games' winners give."""

from __future__ import annotations

import asyncio
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

from room_server import Seat, ServeProcess, close_all
from spades.game import Game
from spades.record import game_from_record
from spades.room.client import RoomClient
from spades.room.store import Store
from spades.tournament import swiss

PASSWORD = "correct horse battery"
ROUNDS = 3


async def entrant(client: RoomClient, name: str) -> list[tuple[int, int]]:
    """Play each round where the room seats this person: the table and seat of each round."""
    played = []
    for round_ in range(1, ROUNDS + 1):
        said = await client.wait_for(lambda f, r=round_: f["type"] == "said"
                                     and f["text"].startswith(f"Round {r} of {ROUNDS}: table "), 600)
        assert re.fullmatch(rf"Round {round_} of {ROUNDS}: table \d+, you sit (North|East|South|West) with \S+ "
                            r"against \S+ and \S+\.", said["text"]), said["text"]
        table = said["table"]
        info = await client.wait_for(lambda f, t=table: f["type"] == "table" and f["table"] == t, 60)
        seat = next(s["seat"] for s in info["seats"] if s["player"] == name)
        await Seat(client, table, seat, f"{name} {round_}").play(timeout=600)
        played.append((table, seat))
    return played


def registered(database: str, names: list[str]) -> None:
    """The players, registered before the room opens (a room registers ten players an hour from one address)."""
    store = Store(database)
    try:
        for name in names:
            store.create_player(name, PASSWORD)
    finally:
        store.close()


def test_a_swiss_of_8_partnerships_over_3_rounds(tmp_path: Path) -> None:
    names = [f"Swiss{n:02d}" for n in range(1, 17)]
    registered(str(tmp_path / "room.sqlite3"), names)
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()

    async def main() -> None:
        clients = [await RoomClient(server.url).connect() for _ in names]
        try:
            for client, name in zip(clients, names, strict=True):
                assert (await client.login(name, PASSWORD))["type"] == "welcome"
            made = await clients[0].request({
                "type": "tournament_create", "name": "Friday Swiss", "rules": {"variant": "standard",
                                                                               "options": {}},
                "rounds": ROUNDS, "hands": 1, "entries": 8})
            assert made["type"] == "tournament" and made["state"] == "entry", made
            tournament = made["tournament"]
            for pair in range(8):
                first, second = 2 * pair, 2 * pair + 1
                reply = await clients[first].request({"type": "tournament_enter", "tournament": tournament,
                                                      "partner": names[second]})
                assert reply["type"] == "tournament" and not reply["entries"][-1]["confirmed"], reply
            games = [asyncio.create_task(entrant(c, n)) for c, n in zip(clients, names, strict=True)]
            for pair in range(8):
                reply = await clients[2 * pair + 1].request({"type": "tournament_enter", "tournament": tournament,
                                                             "partner": names[2 * pair]})
                assert reply["type"] == "tournament", reply
            seated = await asyncio.gather(*games)
            final = await clients[0].wait_for(lambda f: f["type"] == "tournament" and f["state"] == "over", 120)
            check(server, final, seated, names)
            # Shift+S at the table of the last round: where the tournament stands and the asker's place
            places = []
            for client, games in zip(clients, seated, strict=True):
                said = await client.request({"type": "ask", "table": games[-1][0], "key": "S"})
                assert said["type"] == "said" and said["text"].startswith("Friday Swiss is over. Standings: 1. "), said
                places.append(int(re.search(r"Your place: (\d) of 8, [\d.]+ points?\.$", said["text"])[1]))
            standing_of = {s["entry"]: s["place"] for s in final["standings"]}
            entry_of = {name: e["number"] for e in final["entries"] for name in e["players"]}
            assert places == [standing_of[entry_of[name]] for name in names]
            # tournament games are rated in their rating group, as any game of registered people
            for client in clients:
                ratings = [f for f in client.frames if f["type"] == "rating"]
                assert len(ratings) == ROUNDS and all(f["group"] == "partnership" and f["rated"] for f in ratings), \
                    ratings
        finally:
            await close_all(clients)

    try:
        asyncio.run(main())
    finally:
        server.stop()


def check(server: ServeProcess, final: dict[str, Any], seated: list[list[tuple[int, int]]], names: list[str]) -> None:
    entry_of = {name: e["number"] for e in final["entries"] for name in e["players"]}
    assert sorted(entry_of.values()) == sorted(list(range(1, 9)) * 2)
    # every person sat each round at the table of their entry's match, on their entry's side
    for name, rounds in zip(names, seated, strict=True):
        for round_, (table, seat) in enumerate(rounds):
            match = next(m for m in final["matches"][round_] if m["table"] == table)
            assert entry_of[name] == (match["ns"] if seat % 2 == 0 else match["ew"]), (name, round_, match)
    points = {entry: Fraction(0) for entry in range(1, 9)}
    met: dict[int, list[int]] = {entry: [] for entry in points}
    played: list[swiss.Round] = []
    for round_, matches in enumerate(final["matches"], 1):
        assert len(matches) == 4 and sorted(e for m in matches for e in (m["ns"], m["ew"])) == list(range(1, 9))
        if round_ > 1:  # by standing: entries on equal points meet where they can; never more than a point apart
            assert swiss.pair_round(8, ROUNDS, played).matches == tuple(swiss.Match(m["ns"], m["ew"])
                                                                        for m in matches)
            assert all(abs(points[m["ns"]] - points[m["ew"]]) <= 1 for m in matches), (round_, matches, points)
        results = []
        for match in matches:
            ns, ew = match["ns"], match["ew"]
            assert ew not in met[ns], f"entries {ns} and {ew} meet twice"
            status, record = server.get(f"/api/tables/{match['table']}/record")
            assert status == 200, record
            winner = record["result"]["winner"]
            ns_points = Fraction(1, 2) if winner is None else Fraction(1) if winner == 0 else Fraction(0)
            assert match["ns_points"] == float(ns_points), (match, winner)
            points[ns] += ns_points
            points[ew] += 1 - ns_points
            met[ns].append(ew)
            met[ew].append(ns)
            results.append(swiss.Match(ns, ew, ns_points))
        played.append(swiss.Round(tuple(results)))
    buchholz = {entry: sum((points[o] for o in met[entry]), Fraction(0)) for entry in points}
    expected = sorted(points, key=lambda e: (-points[e], -buchholz[e], e))
    assert [s["entry"] for s in final["standings"]] == expected
    for standing in final["standings"]:
        assert standing["points"] == float(points[standing["entry"]])
        assert standing["buchholz"] == float(buchholz[standing["entry"]])
    assert final["text"].startswith("Friday Swiss is over. Standings: 1. ")


class Entrant:
    """A person who plays their matches wherever the room is, logging in again at another process when theirs
    is gone, and going back to their seat."""

    def __init__(self, name: str, urls: list[str], first: int) -> None:
        self.name = name
        self.urls = urls
        self.at = first  # the index of the process they are connected to
        self.client: RoomClient | None = None
        self.tables: list[int] = []

    async def connect(self) -> RoomClient:
        for _ in range(60):
            try:
                client = await RoomClient(self.urls[self.at]).connect()
                assert (await client.login(self.name, PASSWORD))["type"] == "welcome"
                self.client = client
                return client
            except (OSError, ConnectionError, TimeoutError, AssertionError):
                self.at = (self.at + 1) % len(self.urls)
                await asyncio.sleep(0.5)
        raise AssertionError(f"{self.name} found no process of the room")

    async def play(self, tournament: int, go: asyncio.Event) -> None:
        await go.wait()
        for round_ in range(1, ROUNDS + 1):
            table, seat = await self.place(tournament, round_)
            self.tables.append(table)
            while True:
                client = self.client
                assert client is not None
                try:
                    reply = await client.request({"type": "join", "table": table, "seat": seat}, 30)
                    assert reply["type"] == "table", reply
                    runner = Seat(client, table, seat, f"{self.name} {round_}")
                    await runner.play(timeout=60)
                    break
                except (ConnectionError, TimeoutError, OSError) as error:
                    if not client.closed and not isinstance(error, ConnectionError):
                        raise
                    await self.connect()
                except Exception as error:  # the websocket's own ConnectionClosed
                    if type(error).__name__ != "ConnectionClosedError" and not client.closed:
                        raise
                    await self.connect()

    async def place(self, tournament: int, round_: int) -> tuple[int, int]:
        """This person's table and seat in the round, from the tournament as the room says it."""
        for _ in range(1200):
            client = self.client
            assert client is not None
            try:
                info = await client.request({"type": "tournament_info", "tournament": tournament}, 30)
            except (ConnectionError, TimeoutError, OSError):
                await self.connect()
                continue
            if info.get("type") == "tournament" and info["round"] >= round_:
                entry = next(e for e in info["entries"] if self.name in e["players"])
                match = next(m for m in info["matches"][round_ - 1] if entry["number"] in (m["ns"], m["ew"]))
                side = 0 if match["ns"] == entry["number"] else 1
                return match["table"], side + 2 * entry["players"].index(self.name)
            await asyncio.sleep(0.5)
        raise AssertionError(f"{self.name}: round {round_} was never paired")


def test_the_directing_process_killed_mid_round_another_finishes_the_tournament(shared_database: str,
                                                                                 tmp_path: Path) -> None:
    """Two processes on one PostgreSQL with Redis, the entrants spread over both. Round 1 is paired and seated, and
    the process that directs the tournament is SIGKILLed before a card is played: the other takes the lease over
    once it runs out, its people log in again there and go back to their seats, the computer covers whoever is
    not back, and the tournament is played to its end: three rounds, every match with a result, no entrant seated
    twice in a round, and no round paired twice."""
    from room_databases import REDIS

    names = [f"Kill{n:02d}" for n in range(1, 17)]
    registered(shared_database, names)
    servers = [ServeProcess(shared_database, tmp_path, REDIS, name=name).start() for name in ("a", "b")]
    store = Store(shared_database)

    async def main() -> None:
        entrants = [Entrant(name, [s.url for s in servers], n % 2) for n, name in enumerate(names)]
        for entrant in entrants:
            await entrant.connect()
        clients = [e.client for e in entrants]
        go = asyncio.Event()
        try:
            made = await clients[0].request({  # type: ignore[union-attr]
                "type": "tournament_create", "name": "Kill Swiss", "rules": {"variant": "standard", "options": {}},
                "rounds": ROUNDS, "hands": 1, "entries": 8, "timeout": 3})
            tournament = made["tournament"]
            games = [asyncio.create_task(e.play(tournament, go)) for e in entrants]
            for pair in range(8):
                for me, partner in ((2 * pair, 2 * pair + 1), (2 * pair + 1, 2 * pair)):
                    reply = await clients[me].request({"type": "tournament_enter",  # type: ignore[union-attr]
                                                       "tournament": tournament, "partner": names[partner]})
                    assert reply["type"] == "tournament", reply
            for _ in range(600):
                held = store_lease(store, tournament)
                if held is not None and tournament_round(store, tournament) == 1:
                    break
                await asyncio.sleep(0.1)
            pid = int(held.split(":")[0]) if held else 0
            killed = next(s for s in servers if s.process is not None and s.process.pid == pid)
            killed.kill()
            go.set()
            await asyncio.wait_for(asyncio.gather(*games), 600)
            final = None
            for _ in range(600):
                info = await entrants[1 if killed is servers[0] else 0].client.request(  # type: ignore[union-attr]
                    {"type": "tournament_info", "tournament": tournament})
                if info["state"] == "over":
                    final = info
                    break
                await asyncio.sleep(0.5)
            assert final is not None, "the tournament did not end"
            assert [len(r) for r in final["matches"]] == [4, 4, 4]
            assert all(m["ns_points"] is not None for r in final["matches"] for m in r)
            for round_ in range(ROUNDS):
                tables = {e.tables[round_] for e in entrants}
                assert len(tables) == 4  # each person sat at one table a round, four to a table
                for table in tables:
                    seats = [s for s in store.table(table).seats]  # type: ignore[union-attr]
                    assert len({s.player for s in seats}) == 4
            meetings = [frozenset((m["ns"], m["ew"])) for r in final["matches"] for m in r]
            assert len(set(meetings)) == len(meetings)
        finally:
            await close_all([e.client for e in entrants if e.client is not None])

    try:
        asyncio.run(main())
    finally:
        for server in servers:
            server.stop()
        store.close()


def store_lease(store: Store, tournament: int) -> str | None:
    from spades.room.store.tournaments import TournamentRow

    with store.transaction() as session:
        row = session.get(TournamentRow, tournament)
        return None if row is None else row.directed_by


def tournament_round(store: Store, tournament: int) -> int:
    from spades.room.store.tournaments import tournament as read

    state = read(store, tournament)
    return 0 if state is None else state.round


async def play_all(client: RoomClient, name: str) -> list[tuple[int, int]]:
    """Play every game the room seats this person at, until the tournament is over: the tables and seats."""
    played: list[tuple[int, int]] = []
    since = 0
    rate = None  # one pace for the connection over all its games, under the room's limit

    def wanted(frame: dict[str, Any]) -> bool:
        return (frame["type"] == "said" and frame["text"].startswith("Round ")) or \
            (frame["type"] == "tournament" and frame["state"] == "over")

    while True:
        frame = await client.wait_for(wanted, 900, since=since)
        since = next(i for i in range(since, len(client.frames)) if client.frames[i] is frame) + 1
        if frame["type"] == "tournament":
            return played
        table = frame["table"]
        info = await client.wait_for(lambda f, t=table: f["type"] == "table" and f["table"] == t, 60)
        seat = next(s["seat"] for s in info["seats"] if s["player"] == name)
        runner = Seat(client, table, seat, f"{name} {table}")
        rate = runner.rate = rate or runner.rate
        await runner.play(timeout=900)
        played.append((table, seat))


async def run(url: str, names: list[str], create: dict[str, Any]) -> tuple[dict[str, Any],
                                                                           list[list[tuple[int, int]]]]:
    """16 people log in, enter in pairs, and play the tournament to its end: its last message, and each
    person's games."""
    clients = [await RoomClient(url).connect() for _ in names]
    try:
        for client, name in zip(clients, names, strict=True):
            assert (await client.login(name, PASSWORD))["type"] == "welcome"
        made = await clients[0].request({"type": "tournament_create", **create})
        assert made["type"] == "tournament", made
        tournament = made["tournament"]
        games = [asyncio.create_task(play_all(c, n)) for c, n in zip(clients, names, strict=True)]
        for pair in range(len(names) // 2):
            for me, partner in ((2 * pair, 2 * pair + 1), (2 * pair + 1, 2 * pair)):
                reply = await clients[me].request({"type": "tournament_enter", "tournament": tournament,
                                                   "partner": names[partner]})
                assert reply["type"] == "tournament", reply
        seated = await asyncio.gather(*games)
        final = await clients[0].request({"type": "tournament_info", "tournament": tournament})
        assert final["state"] == "over", final
        return final, list(seated)
    finally:
        await close_all(clients)


def test_a_knockout_of_8_is_played_to_its_winner(tmp_path: Path) -> None:
    """Eight pairs in a bracket seeded by rating (all unrated: in the order they entered), each match a game to
    the target; the bracket's first round meets 1 and 8, 4 and 5, 2 and 7, 3 and 6, each later round the winners
    of the two matches above it, as the stored records say, and the winner of the final is the champion."""
    names = [f"Knock{n:02d}" for n in range(1, 17)]
    registered(str(tmp_path / "room.sqlite3"), names)
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    try:
        final, _ = asyncio.run(run(server.url, names, {
            "name": "Cup", "format": "knockout", "rules": {"variant": "standard",
                                                          "options": {"target": 100, "lose_at": -100}},
            "entries": 8}))
        _, served = server.get(f"/api/tournaments/{final['tournament']}")
        _, listed = server.get("/api/tournaments")
        assert server.get("/api/tournaments/0")[0] == 404 and server.get("/api/tournaments/x")[0] == 404
    finally:
        server.stop()
    assert [len(r) for r in final["matches"]] == [4, 2, 1]
    assert [(m["ns"], m["ew"]) for m in final["matches"][0]] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    winners: list[list[int]] = []
    for matches in final["matches"]:
        round_winners = []
        for match in matches:
            _, record = server_record(tmp_path, match["table"])
            assert record["result"]["over"] and record["result"]["winner"] is not None
            round_winners.append(match["ns"] if record["result"]["winner"] == 0 else match["ew"])
        if winners:
            assert [(m["ns"], m["ew"]) for m in matches] == list(zip(winners[-1][::2], winners[-1][1::2],
                                                                     strict=True))
        winners.append(round_winners)
    assert final["champion"] == winners[-1][0]
    assert served == {key: value for key, value in final.items() if key != "id"}
    assert listed["tournaments"][0]["name"] == "Cup" and listed["tournaments"][0]["state"] == "over"
    assert final["standings"][0]["entry"] == final["champion"]
    assert final["text"].startswith("Cup is over. The winners: ")


def dealt(record: dict[str, Any]) -> tuple[str, ...]:
    """The four hands a game's record began with, as the engine deals them again from its rules and seed."""
    game = Game(game_from_record(record).rules, seed=record["seed"])
    return tuple(str(game.view(seat).hand) for seat in range(4))


def server_record(tmp_path: Path, table: int) -> tuple[int, Any]:
    """A finished game's record, read from the room's store."""
    store = Store(str(tmp_path / "room.sqlite3"))
    try:
        return 200, store.record(table)
    finally:
        store.close()


def test_a_duplicate_of_4_tables_and_8_boards_scores_matchpoints(tmp_path: Path) -> None:
    """Eight pairs at four tables, two boards a round for four rounds (a whole Mitchell): every table plays the
    same deal of each board, no pair plays a board twice, and each pair's matchpoints and percentage are the ones
    worked out here from the boards' scores: on a board, 1 for each pair of the same direction it beats, 1/2 for
    each it ties, of a top of one less than the times the board was played."""
    names = [f"Dupe{n:02d}" for n in range(1, 17)]
    registered(str(tmp_path / "room.sqlite3"), names)
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    try:
        final, seated = asyncio.run(run(server.url, names, {
            "name": "Duplicate night", "format": "duplicate", "rules": {"variant": "standard", "options": {}},
            "entries": 8, "boards": 2}))
    finally:
        server.stop()
    boards: dict[int, list[dict[str, Any]]] = {}
    for round_ in final["matches"]:
        for match in round_:
            boards.setdefault(match["board"], []).append(match)
    assert sorted(boards) == list(range(1, 9))
    deals = {}
    for board, played in boards.items():
        assert len(played) == 4 and len({m["number"] for m in played}) == 4  # at every table once
        for match in played:
            _, record = server_record(tmp_path, match["table"])
            assert len(record["result"]["hands"]) == 1  # one hand from 0-0
            assert (match["ns_score"], match["ew_score"]) == tuple(record["result"]["scores"])
            deals.setdefault(board, set()).add(dealt(record))
        assert len(deals[board]) == 1, f"board {board} was dealt differently at two tables"
    assert len({next(iter(d)) for d in deals.values()}) == 8  # eight different boards
    for person in seated:
        assert len(person) == 8  # eight boards each
    # the worked example: matchpoints from the boards' scores, computed here
    expected: dict[tuple[str, int], list[Fraction]] = {}
    for played in boards.values():
        for direction, sign in (("NS", 1), ("EW", -1)):
            nets = [(m["ns"] if direction == "NS" else m["ew"], sign * (m["ns_score"] - m["ew_score"]))
                    for m in played]
            for entry, net in nets:
                points = sum((Fraction(1) if net > other else Fraction(1, 2) if net == other else Fraction(0))
                             for e, other in nets if e != entry)
                mp, top = expected.setdefault((direction, entry), [Fraction(0), Fraction(0)])
                expected[(direction, entry)] = [mp + points, top + len(nets) - 1]
    for standing in final["standings"]:
        mp, top = expected[(standing["direction"], standing["entry"])]
        assert standing["points"] == float(mp), standing
        assert standing["percentage"] == round(float(100 * mp / top), 2), standing
    for direction in ("NS", "EW"):
        rows = [s for s in final["standings"] if s["direction"] == direction]
        assert [s["percentage"] for s in rows] == sorted((s["percentage"] for s in rows), reverse=True)
        assert len(rows) == 4
    assert final["text"].startswith("Duplicate night is over. Winners: North-South: ")


def test_a_hostile_player_is_held_to_the_tournaments_limits(tmp_path: Path) -> None:
    """Tournaments per director, entries per player, sizes and names are bounded, and every refusal says why: a
    guest cannot make one, a third open tournament is refused, a fifth entry is refused, a partner who is not a
    registered player is refused, a full tournament takes no more, and a started one takes no entry or leave."""
    from spades.room.protocol import ENTRIES_PER_PLAYER, TOURNAMENTS_PER_PLAYER

    names = ["Host Ile", "Part Ner", *[f"Filler{n:02d}" for n in range(1, 9)]]
    registered(str(tmp_path / "room.sqlite3"), names)
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()
    base = {"type": "tournament_create", "rules": {"variant": "standard", "options": {}}, "rounds": 1, "hands": 1,
            "entries": 2}

    async def main() -> None:
        clients = [await RoomClient(server.url).connect() for _ in names]
        guest = await RoomClient(server.url).connect()
        try:
            for client, name in zip(clients, names, strict=True):
                assert (await client.login(name, PASSWORD))["type"] == "welcome"
            hostile = clients[0]
            await guest.guest()
            refused = await guest.request({**base, "name": "Guest cup"})
            assert refused["code"] == "not_signed_in", refused
            for bad in ({"name": ""}, {"name": "x" * 41}, {"name": "a\u0007b"}, {"name": "Big", "entries": 65},
                        {"name": "Long", "rounds": 17, "entries": 64}, {"name": "Solo", "rules": {"variant": "solo"}},
                        {"name": "Odd", "format": "knockout", "entries": 6},
                        {"name": "Odd duplicate", "format": "duplicate", "entries": 5},
                        {"name": "Boards", "format": "duplicate", "entries": 8, "boards": 5},
                        {"name": "No rounds", "rounds": None}, {"name": "Extra", "extra": 1}):
                reply = await hostile.request({**base, **bad})
                assert reply["type"] == "error" and reply["code"] == "bad_message", (bad, reply)
            made = []
            for n in range(TOURNAMENTS_PER_PLAYER):
                reply = await hostile.request({**base, "name": f"Cup {n}"})
                assert reply["type"] == "tournament", reply
                made.append(reply["tournament"])
            reply = await hostile.request({**base, "name": "One too many"})
            assert reply["code"] == "too_many_tournaments", reply
            # entries: the partner must be a registered player, and not oneself
            for partner, code in (("Nobody Here", "no_such_player"), ("Host Ile", "bad_message")):
                reply = await hostile.request({"type": "tournament_enter", "tournament": made[0], "partner": partner})
                assert reply["code"] == code, reply
            reply = await hostile.request({"type": "tournament_enter", "tournament": 999, "partner": "Part Ner"})
            assert reply["code"] == "no_such_tournament", reply
            # entries per player: others direct more tournaments, and the hostile player enters them all
            directors = clients[2:2 + ENTRIES_PER_PLAYER]
            open_ones = []
            for n, director in enumerate(directors):
                reply = await director.request({**base, "name": f"Open {n}", "entries": 4, "rounds": 2})
                open_ones.append(reply["tournament"])
            for tournament in open_ones:
                reply = await hostile.request({"type": "tournament_enter", "tournament": tournament,
                                               "partner": "Part Ner"})
                assert reply["type"] == "tournament", reply
            reply = await hostile.request({"type": "tournament_enter", "tournament": made[0], "partner": "Part Ner"})
            assert reply["code"] == "too_many_tournaments", reply
            # a full tournament takes no more entries; a started one takes no entry and no leave
            small = made[1]
            for me, partner in ((6, 7), (7, 6)):
                reply = await clients[me].request({"type": "tournament_enter", "tournament": small,
                                                   "partner": names[partner]})
                assert reply["type"] == "tournament", reply
            reply = await hostile.request({"type": "tournament_start", "tournament": small})
            assert reply["code"] == "bad_message", reply  # one entry: a tournament needs two
            reply = await clients[8].request({"type": "tournament_enter", "tournament": small, "partner": names[9]})
            assert reply["type"] == "tournament", reply  # the second entry, waiting for its partner
            reply = await clients[2].request({"type": "tournament_enter", "tournament": small, "partner": names[3]})
            assert reply["code"] == "tournament_full", reply
            reply = await clients[9].request({"type": "tournament_enter", "tournament": small, "partner": names[8]})
            assert reply["type"] == "tournament" and reply["state"] == "running", reply  # full: it starts
            reply = await clients[2].request({"type": "tournament_enter", "tournament": small, "partner": names[3]})
            assert reply["code"] == "tournament_started", reply
            reply = await clients[6].request({"type": "tournament_leave", "tournament": small})
            assert reply["code"] == "tournament_started", reply
            reply = await hostile.request({"type": "tournament_leave", "tournament": made[0]})
            assert reply["code"] == "not_entered", reply
            reply = await clients[2].request({"type": "tournament_start", "tournament": made[0]})
            assert reply["code"] == "not_entered", reply  # only its director starts it
            # a knockout starts with its bracket more than half full: five pairs of eight at least
            cup = await clients[6].request({**base, "name": "Cup", "format": "knockout", "entries": 8})
            for me, partner in ((6, 7), (7, 6)):
                await clients[me].request({"type": "tournament_enter", "tournament": cup["tournament"],
                                           "partner": names[partner]})
            reply = await clients[6].request({"type": "tournament_start", "tournament": cup["tournament"]})
            assert reply["code"] == "bad_message" and "5 entries at least" in reply["message"], reply
        finally:
            await close_all([*clients, guest])

    try:
        asyncio.run(main())
    finally:
        server.stop()


def test_an_absent_entrant_is_played_for_and_the_game_is_marked(tmp_path: Path) -> None:
    """An entrant who is not there when the round starts is played for by the computer under the table's cover
    rule (one second here); the game counts, and its match is marked with that seat."""
    names = ["Here One", "Gone Two", "Here Three", "Here Four"]
    registered(str(tmp_path / "room.sqlite3"), names)
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()

    async def main() -> None:
        clients = [await RoomClient(server.url).connect() for _ in names]
        try:
            for client, name in zip(clients, names, strict=True):
                assert (await client.login(name, PASSWORD))["type"] == "welcome"
            made = await clients[0].request({"type": "tournament_create", "name": "Absent", "rules": {
                "variant": "standard", "options": {}}, "rounds": 1, "hands": 1, "entries": 2, "timeout": 1})
            tournament = made["tournament"]
            for me, partner in ((1, 0), (2, 3), (3, 2)):
                reply = await clients[me].request({"type": "tournament_enter", "tournament": tournament,
                                                   "partner": names[partner]})
                assert reply["type"] == "tournament", reply
            await clients[1].close()  # Gone Two entered, and is gone before the start
            games = [asyncio.create_task(play_all(clients[n], names[n])) for n in (0, 2, 3)]
            reply = await clients[0].request({"type": "tournament_enter", "tournament": tournament,
                                              "partner": names[1]})
            assert reply["state"] == "running", reply
            await asyncio.wait_for(asyncio.gather(*games), 600)
            final = await clients[0].request({"type": "tournament_info", "tournament": tournament})
            assert final["state"] == "over"
            match = final["matches"][0][0]
            entry = next(e for e in final["entries"] if "Gone Two" in e["players"])
            assert entry["players"] == ["Gone Two", "Here One"]  # first named: North, or East
            assert match["covered"] == [0 if match["ns"] == entry["number"] else 1], match
            assert match["ns_points"] is not None
        finally:
            await close_all(clients)

    try:
        asyncio.run(main())
    finally:
        server.stop()


def test_a_start_time_starts_it_with_the_entries_it_has_or_calls_it_off(tmp_path: Path) -> None:
    """Given a start time, a tournament starts by itself then with the entries it has (two pairs of eight here),
    and one with fewer than two entries at its start time is called off."""
    names = ["Early One", "Early Two", "Early Three", "Early Four"]
    registered(str(tmp_path / "room.sqlite3"), names)
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()

    async def main() -> None:
        clients = [await RoomClient(server.url).connect() for _ in names]
        try:
            for client, name in zip(clients, names, strict=True):
                assert (await client.login(name, PASSWORD))["type"] == "welcome"
            base = {"type": "tournament_create", "rules": {"variant": "standard", "options": {}}, "rounds": 1,
                    "hands": 1, "entries": 8, "starts_in": 0.05}
            timed = await clients[0].request({**base, "name": "At three seconds"})
            empty = await clients[0].request({**base, "name": "Nobody came"})
            assert timed["starts_at"] is not None and timed["state"] == "entry", timed
            games = [asyncio.create_task(play_all(c, n)) for c, n in zip(clients, names, strict=True)]
            for me, partner in ((0, 1), (1, 0), (2, 3), (3, 2)):
                reply = await clients[me].request({"type": "tournament_enter", "tournament": timed["tournament"],
                                                   "partner": names[partner]})
                assert reply["type"] == "tournament" and reply["state"] == "entry", reply
            await asyncio.wait_for(asyncio.gather(*games), 600)
            final = await clients[0].request({"type": "tournament_info", "tournament": timed["tournament"]})
            assert final["state"] == "over" and len(final["matches"]) == 1 and len(final["entries"]) == 2, final
            for _ in range(600):
                off = await clients[0].request({"type": "tournament_info", "tournament": empty["tournament"]})
                if off["state"] == "over":
                    break
                await asyncio.sleep(0.1)
            assert off["text"] == "Nobody came was called off: it had too few entries at its start time."
            assert off["matches"] == []
        finally:
            await close_all(clients)

    try:
        asyncio.run(main())
    finally:
        server.stop()


def test_a_swiss_of_players_for_themselves_at_tables_of_four(tmp_path: Path) -> None:
    """Six players of a rule set without partnerships enter alone; each round seats them by standing at two tables
    of three with the computer in the fourth seat, and the standings are the ones the games' records give (a
    table's point to its best score, shared when level; the computer may take it)."""
    from spades.tournament import solo

    names = [f"Solo{n:02d}" for n in range(1, 7)]
    registered(str(tmp_path / "room.sqlite3"), names)
    server = ServeProcess(str(tmp_path / "room.sqlite3"), tmp_path).start()

    async def main() -> dict[str, Any]:
        clients = [await RoomClient(server.url).connect() for _ in names]
        try:
            for client, name in zip(clients, names, strict=True):
                assert (await client.login(name, PASSWORD))["type"] == "welcome"
            made = await clients[0].request({"type": "tournament_create", "name": "Solo Swiss", "rules": {
                "variant": "solo", "options": {}}, "rounds": 2, "hands": 1, "entries": 6})
            assert made["type"] == "tournament", made
            refused = await clients[0].request({"type": "tournament_enter", "tournament": made["tournament"],
                                                "partner": names[1]})
            assert refused["code"] == "bad_message", refused  # players for themselves enter alone
            games = [asyncio.create_task(play_all(c, n)) for c, n in zip(clients, names, strict=True)]
            for client in clients:
                reply = await client.request({"type": "tournament_enter", "tournament": made["tournament"]})
                assert reply["type"] == "tournament", reply
            seated = await asyncio.wait_for(asyncio.gather(*games), 600)
            assert all(len(games_of) == 2 for games_of in seated)
            said = [f["text"] for f in clients[0].frames if f["type"] == "said" and f["text"].startswith("Round 1")]
            assert re.fullmatch(r"Round 1 of 2: table 1, you sit (North|East|South|West) against [^.]+\.", said[0])
            return await clients[0].request({"type": "tournament_info", "tournament": made["tournament"]})
        finally:
            await close_all(clients)

    try:
        final = asyncio.run(main())
    finally:
        server.stop()
    assert final["state"] == "over"
    played: list[list[solo.Sitting]] = []
    for round_, matches in enumerate(final["matches"], 1):
        sittings = [solo.Sitting(tuple(m["seats"])) for m in matches]
        assert len(matches) == 2 and all(s.seats.count(None) == 1 for s in sittings)
        if round_ > 1:
            assert tuple(s.seats for s in solo.group_round(6, 4, played)) == tuple(s.seats for s in sittings)
        with_scores = []
        for match, sitting in zip(matches, sittings, strict=True):
            _, record = server_record(tmp_path, match["table"])
            assert list(record["result"]["scores"]) == match["scores"]
            with_scores.append(solo.Sitting(sitting.seats, tuple(record["result"]["scores"])))
        played.append(with_scores)
    expected = solo.standings(6, played)
    assert [(s["entry"], s["points"], s["buchholz"]) for s in final["standings"]] == [
        (s.entry, float(s.points), float(s.buchholz)) for s in expected]
