"""The room's HTTP routes on SQLite and PostgreSQL: whatever the path holds, each answers with its JSON or with 404
(or 409), never 500."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from room_databases import database, postgres_unreachable
from spades.room.web.app import create_app
from spades.room.web.http import table_id
from spades.room.web.limits import Buckets


@pytest.fixture(params=["sqlite", "postgresql"])
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    if request.param == "postgresql" and (reason := postgres_unreachable()):
        pytest.skip(reason)
    with database(request.param, tmp_path) as url, \
            TestClient(create_app(url), raise_server_exceptions=False) as made:
        made.app.state.room.store.create_player("Eve Smith", "password1")  # type: ignore[attr-defined]
        # the routes' own answers, however fast they are asked: the address's rate has a test of its own
        made.app.state.anonymous = Buckets(1e9, 10**9)  # type: ignore[attr-defined]
        yield made


@pytest.mark.parametrize("path", [
    "/api/tables/99999999999999999999/record",  # found: 500 on SQLite
    "/api/tables/2147483648/record",  # found: 500 on PostgreSQL
    "/api/tables/0/record", "/api/tables/-1/record", "/api/tables/1e3/record", "/api/tables/%EF%BC%91/record",
    "/api/tables/+1/record", "/api/tables/1_0/record", "/api/tables/%201/record", "/api/tables/2147483647/record",
    "/api/players/a%00b/stats",  # found: 500 on PostgreSQL
    "/api/players/a%07b/stats", "/api/players/" + "x" * 33 + "/stats", "/api/players/%ED%A0%80/stats",
    "/api/players/%E1%85%9F%E1%85%9F/stats", "/api/players/x%CD%8F/stats", "/api/players/nobody/stats",
])
def test_a_bad_id_or_name_is_404(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 404, response.text
    assert "error" in response.json()


def test_the_routes_answer_what_there_is(client: TestClient) -> None:
    assert client.get("/health").json() == {"ok": True}
    assert client.get("/api/tables").json() == {"tables": [], "page": 0, "pages": 1}
    assert client.get("/api/tables?page=x").status_code == 404
    stats = client.get("/api/players/EVE%20SMITH/stats")
    assert stats.status_code == 200 and stats.json()["name"] == "Eve Smith"
    assert client.get("/api/players/Ev%D0%B5%20Smith/stats").json()["name"] == "Eve Smith"  # a Cyrillic е


def test_table_numbers_are_ascii_digits_from_1_to_2_to_the_31_less_1() -> None:
    assert table_id("1") == 1 and table_id("2147483647") == 2**31 - 1 and table_id("007") == 7
    for text in ("0", "2147483648", "99999999999999999999", "-1", "+1", " 1", "1 ", "１", "1_0", "", "0x1"):
        assert table_id(text) is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=40) | st.from_regex(r"[0-9]{1,25}", fullmatch=True))
def test_no_path_text_makes_a_route_fail(client: TestClient, text: str) -> None:
    segment = quote(text, safe="")
    for path in (f"/api/tables/{segment}/record", f"/api/players/{segment}/stats"):
        response = client.get(path)
        assert response.status_code in (200, 400, 404, 409), (path, response.status_code, response.text)


def test_sign_out_ends_the_session_and_frees_a_guests_name(client: TestClient) -> None:
    store = client.app.state.room.store  # type: ignore[attr-defined]
    token, _ = store.new_session(store.guest("Sighted"))
    assert client.post("/api/sign-out", json={"token": token}).json() == {"signed_out": True, "name_freed": True}
    assert store.player_for_token(token) is None and store.name_free("Sighted")
    assert client.post("/api/sign-out", json={"token": token}).json()["name_freed"] is False
    assert client.post("/api/sign-out", content=b"\xff").status_code == 400
    assert client.post("/api/sign-out", json=["x"]).status_code == 400
    assert client.get("/api/sign-out").status_code == 405
