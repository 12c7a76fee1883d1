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
