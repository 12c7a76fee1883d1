"""The room serves the web table and speaks the terminal's words: its pages and modules, every update with the
lines of its events and the seat's "your turn" line, and ask answered with the terminal's answer to that key."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from spades import wire
from spades.room import words
from spades.room.app import create_app


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
            assert update["lines"] == words.event_lines(seat_update.view.rules, seat_update.events)
            assert update["prompt"] == words.prompt(seat_update.view)
            events += seat_update.events
            if update["prompt"] is not None:
                break
        assert update["prompt"].startswith("Your turn to bid: ")
        for key in ("b", "e", "c", "w", "r", "R", "t", "z", "h"):
            socket.send_json({"type": "ask", "id": 5, "table": table, "key": key})
            said = receive_until(socket, "said")
            assert said["id"] == 5
            assert said["text"] == words.answer(seat_update.view, events, key), key
