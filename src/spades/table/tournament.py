"""``spades join --tournament N``: entering a tournament of the room with a partner, waiting for each round's
seating (said as the room says it: "Round 2 of 3: table 3, you sit North with Bob against Cy and Di."), playing each
game at the terminal table, and hearing where the tournament stands between rounds and at its end. While waiting,
Shift+S (or "standings") says where it stands, and q leaves: before the start, the entry is withdrawn; after it, the
computer plays for the player under the table's cover rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..language import N_, _
from .keys import Input
from .remote import JoinError, RemoteLink

__all__ = ["WAITING", "wait_for_round"]

WAITING = N_("Waiting for the next round. Shift+S says where the tournament stands; q leaves.")


def _news(link: RemoteLink) -> list[dict[str, Any]]:
    frames = [f for f in link.room_frames if f.get("type") == "tournament"]
    link.room_frames = [f for f in link.room_frames if f.get("type") != "tournament"]
    return frames


def enter(link: RemoteLink, tournament: int, partner: str | None, out: Callable[[str], Any]) -> dict[str, Any]:
    """Enter with ``partner`` (or, without one, read the tournament): its message, its sentence said."""
    message: dict[str, Any] = {"type": "tournament_info", "tournament": tournament}
    if partner is not None:
        message = {"type": "tournament_enter", "tournament": tournament, "partner": partner}
    reply = link.send(message)
    out(reply["text"])
    if partner is not None:
        mine = next((e for e in reply["entries"] if link.name in e["players"]), None)
        if mine is not None and not mine["confirmed"]:
            out(_("Your entry waits for {partner} to enter naming you.", partner=partner))
    return reply


def wait_for_round(link: RemoteLink, tournament: int, out: Callable[[str], Any], source: Input) -> bool | int:
    """Wait until the room seats the player at the round's table (True: its game has started) or the tournament
    is over (0), saying where it stands as it changes; q leaves (0)."""
    link.adopt = True
    table = link.table
    said = ""
    out(_(WAITING))
    with source.raw():
        try:
            while link.adopt and link.table == table:
                link.wait(0.2)
                for line in link.notices():
                    out(line)
                if link.shut_out:  # suspended or banned meanwhile, as was just said
                    link.adopt = False
                    return 1
                for frame in _news(link):
                    if frame.get("tournament") != tournament:
                        continue
                    if frame["text"] != said:
                        said = frame["text"]
                        out(said)
                    if frame["state"] == "over":
                        link.adopt = False
                        return 0
                if link.table != table or not source.ready(0):
                    continue
                token = source.read()
                word = None if token is None else token.strip()
                if word in (None, "q", "quit", "leave", "exit"):
                    return _leave(link, tournament, out)
                if word in ("S", "standings"):
                    out(link.send({"type": "tournament_info", "tournament": tournament})["text"])
                else:
                    out(_(WAITING))
        except KeyboardInterrupt:
            link.adopt = False
            return 130
    link.keep_connected()
    return link.until_started_patiently()


def _leave(link: RemoteLink, tournament: int, out: Callable[[str], Any]) -> int:
    link.adopt = False
    try:
        reply = link.send({"type": "tournament_leave", "tournament": tournament})
        out(_("You left the tournament.") if reply.get("type") == "tournament" else "")
    except JoinError as error:  # started: the computer plays for an absent entrant
        out(_("You leave the room; {reason}.", reason=error))
    return 0
