"""Whole games of the rule sets beyond the four-handed deck at a real ``spades serve``: three players, six in
partnerships with a Nil pass, the JJDD jokers and two players with the draw's discards face down. Each seat and a
spectator are real websocket clients, and what each received is checked against what the game let it know: no
card passed face down reaches anyone but its passer and its receiver, no face-down discard reaches the other player
or a spectator, no hand reaches another seat."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from room_server import (
    Knowledge,
    Seat,
    ServeProcess,
    cards_in,
    close_all,
    leaks,
    open_table,
    serving,
    start,
    stored_record,
)
from spades.cards import CardSet
from spades.events import Passed
from spades.game import Game
from spades.record import game_from_record
from spades.room.client import RoomClient

PRIVATE = ("hand", "passed", "received", "discards", "offered")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    with serving("sqlite", tmp_path_factory.mktemp("variants")) as process:
        yield process


class Secrets:
    """What each seat could know of each hand, from the game replayed action by action: every card it held, was
    offered, set aside to pass or received (``held``); the passes, with their cards; and each seat's face-down
    discards."""

    def __init__(self, record: dict[str, Any]) -> None:
        played = game_from_record(record)
        game = Game(played.rules, seed=record["seed"])
        self.players = game.rules.players
        self.held: dict[tuple[int, int], set[str]] = {}
        self.passes: list[tuple[int, int, int, set[str]]] = []  # hand, giver, receiver, cards
        self.face_down: dict[tuple[int, int], set[str]] = {}
        self.note(game)
        for action in played.actions:
            before = len(game.events)
            game.apply(action)
            for event in game.events[before:]:
                if isinstance(event, Passed):
                    view = game.view(event.to)
                    self.passes.append((view.hand_number, event.seat, event.to,
                                        {str(card) for card in view.received}))
            self.note(game)

    def note(self, game: Game) -> None:
        for seat in range(self.players):
            view = game.view(seat)
            mine = self.held.setdefault((seat, view.hand_number), set())
            mine |= {str(card) for card in CardSet(game.hands[seat])}
            mine |= {str(card) for card in (*view.passed, *view.received, *view.discards)}
            if view.offered is not None:
                mine.add(str(view.offered))
            if game.rules.face_down_discards:
                self.face_down.setdefault((seat, view.hand_number), set()).update(str(c) for c in view.discards)


def secret_leaks(frames: list[dict[str, Any]], seat: int | None, secrets: Secrets) -> list[str]:
    """What a seat's (None: a spectator's) frames showed of the cards it could not know: in an update's private
    fields (the hand, the pass, the discards, the card drawn), a card it never held, was offered or received that
    hand; and a line telling the cards of a pass to anyone but its receiver."""
    found = []
    for frame in frames:
        if frame.get("type") != "update":
            continue
        view = frame["view"]
        mine = secrets.held.get((seat, view["hand_number"]), set()) if seat is not None else set()
        for field in PRIVATE:
            shown = cards_in(view.get(field)) - mine
            if shown:
                found.append(f"{field} at cursor {frame['cursor']} shows {sorted(shown)} to seat {seat}")
        start_at = frame["cursor"] - len(frame["events"])
        for index, (event, lines) in enumerate(zip(frame["events"], frame.get("lines", []), strict=False)):
            told = any("passes you" in line for line in lines)
            if told and not (event["type"] == "passed" and event["to"] == seat):
                found.append(f"event {start_at + index}: a pass's cards told to seat {seat}")
    return found


def receivers_told(frames: list[dict[str, Any]]) -> list[str]:
    """The lines in which a seat was told the cards passed to it."""
    return [line for frame in frames if frame.get("type") == "update"
            for lines in frame.get("lines", []) for line in lines if "passes you" in line]


class NilSeat(Seat):
    """A person who bids Nil whenever it may, to make the table pass."""

    def decide(self, cursor: int, legal: list[str]) -> str:
        return "nil" if "nil" in legal else super().decide(cursor, legal)


async def play_checked(server: ServeProcess, variant: str, options: dict[str, Any], people: list[int],
                       levels: dict[int, str], nil_seats: tuple[int, ...] = ()) -> tuple[Secrets, dict[int, Any]]:
    """A whole game with people at ``people`` (the first owns the table), the computer at ``levels`` and a
    spectator; every seat's and the spectator's frames checked for leaks. The people's frames, by seat."""
    table, clients = await open_table(server.url, variant, people, levels, options=options)
    spectator = await RoomClient(server.url).connect()
    await spectator.guest()
    assert (await spectator.join(table))["type"] == "table"
    try:
        await start(clients[people[0]], table)
        seats = [(NilSeat if seat in nil_seats else Seat)(clients[seat], table, seat, f"seat {seat}")
                 for seat in people]
        await asyncio.gather(*(seat.play(timeout=180) for seat in seats))
        record = await stored_record(server, table)
        assert game_from_record(record).over
        known, secrets = Knowledge(record), Secrets(record)
        for seat, client in clients.items():
            assert leaks(client.frames, seat, known) == [], seat
            assert secret_leaks(client.frames, seat, secrets) == []
        assert all(f["view"]["hand"] is None for f in spectator.frames if f["type"] == "update")
        assert leaks(spectator.frames, None, known) == []
        assert secret_leaks(spectator.frames, None, secrets) == []
        return secrets, {seat: client.frames for seat, client in clients.items()}
    finally:
        await close_all([*clients.values(), spectator])


def test_three_players_play_a_whole_hand_and_each_sees_only_their_own_cards(server: ServeProcess) -> None:
    secrets, frames = asyncio.run(play_checked(server, "three_player", {"hands": 1}, [0, 1], {2: "normal"}))
    assert len(secrets.held[(0, 1)]) == 17
    seated = [f for f in frames[0] if f.get("type") == "table"][-1]
    assert [s["seat"] for s in seated["seats"]] == [0, 1, 2]


def test_six_in_partnerships_pass_to_a_nil_bidder_and_no_one_else_sees_the_cards(server: ServeProcess) -> None:
    """Seat 0 bids Nil: it and its partner (seat 3) pass two cards each; seat 1, a person too, and the spectator
    never see them, and each receiver alone is told which cards came."""
    secrets, frames = asyncio.run(play_checked(
        server, "six_partners", {"hands": 1, "nil_pass": 2}, [0, 3, 1], {2: "easy", 4: "normal", 5: "easy"},
        nil_seats=(0,)))
    assert (1, 0, 3) in [(hand, giver, to) for hand, giver, to, _ in secrets.passes]
    assert all(len(cards) == 2 for *_, cards in secrets.passes)
    for seat in (0, 3, 1):  # each told once of each pass it received (seat 1's partner may bid Nil too)
        assert len(receivers_told(frames[seat])) == sum(1 for *_, to, _ in secrets.passes if to == seat)


def test_jjdd_jokers_are_dealt_and_played_over_the_wire(server: ServeProcess) -> None:
    secrets, _ = asyncio.run(play_checked(server, "standard", {"hands": 1, "jokers": "jjdd"}, [0, 1],
                                          {2: "easy", 3: "easy"}))
    dealt = set().union(*(cards for (_, hand), cards in secrets.held.items() if hand == 1))
    assert {"BJ", "LJ"} <= dealt and not {"2C", "2H"} & dealt


def test_two_players_discard_face_down_unseen_by_the_other_and_the_spectator(server: ServeProcess) -> None:
    secrets, frames = asyncio.run(play_checked(server, "two_player", {"hands": 1, "face_down_discards": True},
                                               [0, 1], {}))
    assert all(len(secrets.face_down[(seat, 1)]) == 13 for seat in (0, 1))
    for seat in (0, 1):
        theirs = secrets.face_down[(1 - seat, 1)]
        views = [frame["view"] for frame in frames[seat] if frame.get("type") == "update"]
        assert not any(cards_in(view) & theirs for view in views)


def test_the_secrets_check_itself_catches_a_pass_shown_to_a_third_seat(tmp_path: Path) -> None:
    """The check is no empty promise: a frame giving seat 1 a card it never held is found."""
    from spades.record import record_of
    from spades.rules import Rules

    game = Game(Rules.preset("six_partners", nil_pass=2), seed=3)
    secrets = Secrets(record_of(game))
    theirs = sorted(secrets.held[(0, 1)])[0]
    frame = {"type": "update", "cursor": 0, "events": [], "view": {"hand_number": 1, "received": [theirs]}}
    assert secret_leaks([frame], 1, secrets) != []
    assert secret_leaks([frame], 0, secrets) == []


def test_a_table_of_every_new_variant_and_option_is_created_with_its_seats(server: ServeProcess) -> None:
    from spades.rules import Rules

    async def main() -> list[tuple[int, Any]]:
        made = []
        for variant, options in (("three_player", {"jokers": "big_little"}), ("five_player", {"no_bags": True}),
                                 ("six_player", {}), ("six_partners", {"teams": "threes"}),
                                 ("standard", {"jokers": "big_little", "deuces_out": "hearts_diamonds"}),
                                 ("two_player", {"face_down_discards": True}), ("six_partners", {"teams": "pairs"}),
                                 ("standard", {"teams": "threes"})):
            owner = await RoomClient(server.url).connect()
            await owner.guest()
            try:
                players = Rules.preset(variant).players
                reply = await owner.create(variant, options, {seat: "easy" for seat in range(players)})
            finally:
                await owner.close()
            made.append((len(reply.get("seats", [])), reply))
        return made

    made = asyncio.run(main())
    assert [seats for seats, _ in made] == [3, 5, 6, 6, 4, 2, 6, 0], made
    assert made[-1][1]["type"] == "error" and "teams" in made[-1][1]["message"]


def test_quick_play_seats_and_rating_groups_follow_the_sides() -> None:
    from spades.room.lobby.queue import quick_line
    from spades.room.rating.rules import group_of
    from spades.room.store.queue import snake_order
    from spades.rules import Rules

    pairs, threes = Rules.preset("six_partners"), Rules.preset("six_partners", teams="threes")
    assert snake_order(Rules.preset("standard")) == (0, 1, 3, 2)
    assert snake_order(pairs) == (0, 1, 2, 5, 4, 3) and snake_order(threes) == (0, 1, 3, 2, 4, 5)
    assert quick_line(4, 0, {"Ada": 0, "Bob": 3}, pairs) == \
        "Quick play: table 4. You sit at South; your partner is Bob."
    assert quick_line(4, 0, {"Ada": 0, "Cy": 4}, threes) == \
        "Quick play: table 4. You sit at South; your partners are the computer and Cy."
    assert quick_line(4, 1, {"Ada": 1}, Rules.preset("three_player")) == "Quick play: table 4. You sit at West."
    groups = {variant: group_of(Rules.preset(variant)) for variant in ("three_player", "five_player", "six_player",
                                                                      "six_partners")}
    assert groups == {"three_player": "solo_3", "five_player": "solo_5", "six_player": "solo_6",
                      "six_partners": "partnership_6"}
    assert group_of(threes) == "teams_6"
