"""The room serves the web table and speaks the terminal's words: its pages and modules, every update with the
lines of its events and the seat's "your turn" line, and ask answered with the terminal's answer to that key."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from spades import wire
from spades.room.social.presence import cover_rule
from spades.room.web.app import create_app
from spades.words import seat as words


def client(tmp: Path) -> TestClient:
    return TestClient(create_app(str(tmp / "room.sqlite3"), pace=0.0))


def test_every_page_address_gives_the_page_and_the_modules_are_served(tmp_path: Path) -> None:
    with client(tmp_path) as http:
        for path in ("/", "/table/7", "/tables/7", "/invite/abc", "/stats", "/stats/Ada"):
            page = http.get(path)
            assert page.status_code == 200, path
            assert page.headers["content-type"].startswith("text/html")
            assert "default-src 'self'" in page.headers["content-security-policy"]
            assert 'id="alert"' in page.text and 'role="log"' in page.text  # live regions from the start
        for path in ("/static/app.css", "/static/js/app.js", "/static/js/table.js", "/static/js/cards.js"):
            assert http.get(path).status_code == 200, path
        assert http.get("/static/js/../../pages.py").status_code == 404
        assert http.get("/table/x").status_code == 404


def receive_until(socket: Any, kind: str) -> dict[str, Any]:
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] != "error", message


def test_updates_carry_the_terminals_lines_and_prompt_and_ask_answers_in_its_words(tmp_path: Path) -> None:
    with client(tmp_path) as http, http.websocket_connect("/ws") as socket:
        socket.send_json({"type": "guest", "name": "Ada"})
        receive_until(socket, "welcome")
        socket.send_json({"type": "create", "id": 1, "rules": {"variant": "standard", "options": {}},
                          "levels": {"0": "normal", "1": "normal", "3": "normal"}})
        table = receive_until(socket, "table")["table"]
        socket.send_json({"type": "join", "table": table, "seat": 2})
        socket.send_json({"type": "start", "table": table})
        events: list[Any] = []
        while True:
            update = receive_until(socket, "update")
            seat_update = wire.update_from_json({key: update[key] for key in ("cursor", "events", "view")})
            start = len(events)
            events += seat_update.events
            assert update["lines"] == words.seat_lines(seat_update.view, events, start, {})
            assert update["prompt"] == words.prompt(seat_update.view)
            if update["prompt"] is not None:
                break
        assert update["prompt"].startswith("Your turn to bid: ")
        for key in ("b", "e", "c", "w", "r", "R", "t", "z", "h"):
            socket.send_json({"type": "ask", "id": 5, "table": table, "key": key})
            said = receive_until(socket, "said")
            assert said["id"] == 5
            expected = words.answer(seat_update.view, events, key)
            if key == "z":  # the room adds the rule of its computer's cover
                expected += " " + cover_rule(60)
            assert said["text"] == expected, key


def test_the_card_kept_in_the_draw_is_said_to_its_seat_alone(tmp_path: Path) -> None:
    """Two people at a two-player table and a spectator: each seat's update says "You keep the ..." after its own
    draw, as the terminal does, and neither the other seat nor the spectator ever receives it, even on a sync."""
    rng = random.Random(10)
    with client(tmp_path) as http, http.websocket_connect("/ws") as ada, http.websocket_connect("/ws") as bob, \
            http.websocket_connect("/ws") as cy:
        for socket, name in ((ada, "Ada"), (bob, "Bob"), (cy, "Cy")):
            socket.send_json({"type": "guest", "name": name})
            receive_until(socket, "welcome")
        ada.send_json({"type": "create", "id": 1, "rules": {"variant": "two_player", "options": {}}, "levels": {}})
        table = receive_until(ada, "table")["table"]
        for socket, seat in ((ada, 0), (bob, 1), (cy, None)):
            socket.send_json({"type": "join", "id": 2, "table": table} | ({} if seat is None else {"seat": seat}))
        for socket in (ada, bob, cy):  # every seat taken before the start: the sockets are served independently
            while receive_until(socket, "table").get("id") != 2:
                pass
        ada.send_json({"type": "start", "table": table})
        sockets = {0: ada, 1: bob, None: cy}
        last = {seat: receive_until(socket, "update") for seat, socket in sockets.items()}
        heard: dict[int | None, list[str]] = {seat: [line for lines in u["lines"] for line in lines]
                                              for seat, u in last.items()}
        kept: dict[int, list[str]] = {0: [], 1: []}
        while last[None]["view"]["phase"] == "draw":
            turn = last[None]["view"]["turn"]
            before = set(last[turn]["view"]["hand"])
            sockets[turn].send_json({"type": "act", "table": table, "action": rng.choice(["keep", "discard"]),
                                     "cursor": last[turn]["cursor"]})
            for seat, socket in sockets.items():
                last[seat] = receive_until(socket, "update")
                assert len(last[seat]["lines"]) == len(last[seat]["events"]) == len(last[seat]["brief"])
                heard[seat] += [line for lines in last[seat]["lines"] for line in lines]
            (card,) = set(last[turn]["view"]["hand"]) - before
            kept[turn].append(card)
            drew = last[turn]["lines"][0]
            shown = wire.card_from_json(last[turn]["events"][0]["discard"]).name
            assert drew[0] == f"You keep the {wire.card_from_json(card).name}; the {shown} is face up.", drew
            last_draw = last[None]["view"]["phase"] != "draw"  # the hand is complete: the cards in brief follow
            assert len(drew) == 1 + last_draw and all(line.startswith("Your cards: ") for line in drew[1:]), drew
            assert last[turn]["brief"][0] == drew  # said with only tricks and turns too, as at the terminal
        assert len(kept[0]) == len(kept[1]) == 13
        for seat in (0, 1):
            mine = [line for line in heard[seat] if line.startswith("You keep the ")]
            assert [line.split(";")[0] for line in mine] == [f"You keep the {wire.card_from_json(card).name}"
                                                              for card in kept[seat]]
        assert not any("You keep" in line for line in heard[None])
        # A sync from the start (a reload) says the seat's own notes again, and still only to the seat.
        for seat, socket in sockets.items():
            socket.send_json({"type": "sync", "table": table, "cursor": 0})
            again = [line for lines in receive_until(socket, "update")["lines"] for line in lines]
            assert sum(line.startswith("You keep the ") for line in again) == (0 if seat is None else 13)


def test_the_pages_name_fields_take_as_long_a_name_as_the_room() -> None:
    import re

    from spades.room import protocol

    static = Path(__file__).resolve().parents[1] / "src" / "spades" / "room" / "web" / "static"
    page = (static / "index.html").read_text()
    lengths = {int(n) for n in re.findall(r'id="(?:guest|login|stats)-name"[^>]*maxlength="(\d+)"', page)}
    assert lengths == {protocol.NAME_MAX}
