"""What the terminal table says of the room and of a saved game is something a person can act on as said: a
command to type names the room it is for, a saved game waiting says which game it is, and a name the room holds
for someone else is refused with what to do instead."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest

from spades.commands.join import load_sessions, save_session, session_token
from spades.room.store import Account, taken_words
from spades.table.remote import RemoteLink, refusal_words


def test_the_command_that_takes_a_player_back_names_the_room() -> None:
    link = RemoteLink("ws://cards.example:9000/ws")  # never connected: only its words are read
    link.table = 3
    assert "spades join ws://cards.example:9000/ws --table 3 takes you back to it" in link.kept_words


def test_people_sharing_a_machine_account_each_keep_their_session_at_a_room(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Found: Ben joined as a guest, then Cy signed in on the same account; the one session kept for the room was
    Cy's, so Ben's next join asked for his name afresh, and the room, which kept it for Ben's session, refused it
    with no way out."""
    monkeypatch.setenv("SPADES_DATA_DIR", str(tmp_path))
    room = "ws://cards.example:9000/ws"
    save_session(load_sessions(), room, "Ben", "ben-token")
    save_session(load_sessions(), room, "Cy", "cy-token")
    kept = load_sessions()[room]
    assert session_token(kept, "Ben") == "ben-token" and session_token(kept, "BEN") == "ben-token"
    assert session_token(kept, "Cy") == "cy-token" and session_token(kept, None) == "cy-token"
    assert session_token(kept, "Di") is None
    assert session_token({"name": "Ben", "token": "old"}, "ben") == "old"  # a file kept before names had their own


def test_a_name_taken_at_the_room_is_said_with_what_to_do_at_the_terminal() -> None:
    said = refusal_words({"type": "error", "code": "name_taken", "message": taken_words(
        "Ben", Account(id=1, name="Ben", guest=True, created=datetime.now(UTC)))}, "Ben")
    assert said == ("the name Ben is taken by a guest, and is kept for them while they are here and for 30 minutes "
                    "after they go, unless they sign out; choose another name (spades join --name chooses the name, "
                    "and --password signs in to a registered one)")
