"""Three people at one room table, in English, Spanish and French, with the real catalogues: each hears every line
of a whole hand (the start, their updates' lines and prompts, what the reading keys answer, their errors, the
rematch's question) in their own language, checked line by line against that language's catalogue, and their
frames pass the room's leak check. (``test_room_languages`` shows the same with a stand-in catalogue that marks
every message, so that a line made in another language than its hearer's shows whatever the catalogue says.)"""

from __future__ import annotations

import asyncio
from pathlib import Path

from language_support import foreign_lines, not_english
from room_server import Knowledge, Seat, close_all, leaks
from spades.room.client import RoomClient
from test_room_languages import LANGS, _record, room_here

BEGIN = "The game begins. If a person loses the connection or leaves during the game, the computer plays for " \
        "them after 60 seconds, until they are back."


def wrong_for(lines: list[str], code: str) -> list[str]:
    """The lines not in ``code``: checked against its catalogue (Spanish, French), or, for English, those that
    hold words but no sentence of the English source (a line of names and numbers is in no language)."""
    if code != "en":
        return foreign_lines(lines, code, domains=("spades",))
    return not_english(lines)


async def _game(url: str) -> None:
    people = {seat: await RoomClient(url, lang=code).connect() for seat, code in enumerate(LANGS)}
    clients = list(people.values())
    try:
        for seat, client in people.items():
            await client.guest(("Ada", "Bea", "Cyd")[seat])
        table = (await people[0].create("standard", {"hands": 1}, levels={3: "normal"}))["table"]
        for seat, client in people.items():
            assert (await client.join(table, seat))["type"] == "table"
        mark = [len(client.frames) for client in clients]
        await people[0].request({"type": "start", "table": table})
        begun = [await client.wait_for(lambda f: f.get("type") == "said", 60, since=mark[seat])
                 for seat, client in people.items()]
        assert begun[0]["text"] == BEGIN and begun[1]["text"] != BEGIN != begun[2]["text"], begun
        for client in clients:  # the reading keys and the room's refusals, in each one's language
            for key in ("w", "c", "e", "z"):
                await client.request({"type": "ask", "table": table, "key": key})
            await client.request({"type": "chat", "table": table, "text": "   "})
            await client.request({"type": "sync", "table": "seven", "cursor": 0})
        await asyncio.gather(*(Seat(client, table, seat, f"seat {seat}").play() for seat, client in people.items()))
        for client in clients:
            await client.wait_for(lambda f: f.get("type") == "rematch", 60)
        known = Knowledge(await asyncio.to_thread(_record, url, table))
        for seat, client in people.items():
            code = LANGS[seat]
            assert leaks(client.frames, seat, known) == [], seat
            updates = [f for f in client.frames if f.get("type") == "update"]
            lines = [line for f in updates for kind in ("lines", "brief") for event in f[kind] for line in event]
            lines += [f[key] for f in updates for key in ("prompt", "unplayable") if f.get(key)]
            said = [f["text"] for f in client.frames if f.get("type") == "said"]
            errors = [f["message"] for f in client.frames if f.get("type") == "error"]
            rematch = [f["text"] for f in client.frames if f.get("type") == "rematch"]
            assert len(lines) > 50 and len(said) >= 5 and len(errors) == 2 and rematch, (code, said, errors)
            heard = [text for text in lines + said + errors + rematch if text]
            wrong = wrong_for(heard, code)
            assert not wrong, (code, wrong[:10])
    finally:
        await close_all(clients)


def test_three_people_at_one_table_each_hear_every_line_in_their_language_by_its_catalogue(tmp_path: Path) -> None:
    async def main() -> None:
        async with room_here(tmp_path) as url:
            await asyncio.wait_for(_game(url), 300)

    asyncio.run(main())
