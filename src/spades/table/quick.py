"""``spades join --quick``'s two screens around the game: waiting in the room's queue for people (the queue said as
it changes, the computer offered once the wait is over), and "Play again with the same seats?" when a game ends,
with the others' answers said as they come.

While waiting the player is in the room's lobby (at no table): its last few messages are said on arrival, its
chat as it comes, and the chat keys work as at a table (Space opens the chat line, p the quick phrases, Shift+M
reads the last ten back; ``say TEXT`` in line mode), their messages going to the lobby."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from ..language import N_, _
from ..words import keymap
from .chat import Talk
from .keys import Input
from .remote import TRIES, JoinError, RemoteLink, seconds

__all__ = ["OFFER", "REMATCH", "rematch", "wait_in_queue"]

OFFER = N_("Play with the computer in the empty seats? y or n")
REMATCH = N_("Play again with the same seats? y or n")
ASK_WAIT = 10.0  # seconds the room may take to ask about a rematch once the game is over (then asked again)


def _news(link: RemoteLink, kind: str) -> list[dict[str, Any]]:
    frames = [f for f in link.room_frames if f.get("type") == kind]
    link.room_frames = [f for f in link.room_frames if f.get("type") != kind]
    return frames


def _word(source: Input) -> str | None:
    token = source.read()
    return None if token is None else token.strip().lower()


def _chat_key(talk: Talk, source: Input, token: str) -> bool:
    """The lobby's chat takes the key (or line), as a table's would; False when it is the queue's."""
    if source.line_mode:
        if talk.whole_line(token.strip()):
            return True
        token = keymap.line_words().get(token.strip().lower(), "")  # a chat key's word: friends, report
        if keymap.find(token) is None:
            return False
    entry = keymap.find(token)
    return talk.key(token, entry.does if entry is not None else None)


def wait_in_queue(link: RemoteLink, variant: str, wait: float, out: Callable[..., Any], source: Input,
                  partner: str | None = None) -> bool | int:
    """Wait in the variant's queue (with ``partner``: to be seated with them as partners) until the room seats the
    player (True, the game started), saying the queue as it changes and the lobby's chat as it comes; y or n
    answers the offer of the computer; q (or the end of input) leaves the queue; the chat keys talk to the
    lobby."""
    link.adopt = True
    reply = link.send({"type": "quick", "variant": variant, "wait": wait, **({"partner": partner} if partner else {})})
    said, asked = reply["text"], False
    # Translators: {queue} is the room's sentence about the queue.
    out(_("Waiting for people to play {variant}: {queue} Press q to leave the queue. Space chats in the lobby.",
          variant=variant.replace("_", "-"), queue=said))
    talk = Talk(link, out, getattr(out, "echo", None))  # what is typed in the chat line is shown as typed
    link.lobby()  # the lobby's last few messages come after it
    with source.raw():
        try:
            while link.adopt:
                link.wait(0.2)
                for line in link.notices():
                    out(line)
                if link.shut_out:  # suspended or banned meanwhile, as was just said
                    link.adopt = False
                    return 1
                for frame in _news(link, "queue"):
                    if frame["text"] != said and frame["waiting"]:
                        said = frame["text"]
                        out(said)
                    if frame["offer"] and not asked:
                        asked = True
                        out(_(OFFER))
                if not link.adopt or not source.ready(0):
                    continue
                token = source.read()
                if token is not None and _chat_key(talk, source, token):
                    continue
                word = None if token is None else token.strip().lower()
                if word in (None, "q", "quit", "leave", "exit"):
                    return _leave(link, out, 0)
                if asked and word in ("y", "yes"):
                    try:
                        link.send({"type": "quick_computer", "accept": True})
                    except JoinError as error:
                        out(f"{error}.")
                elif asked and word in ("n", "no"):
                    link.send({"type": "quick_computer", "accept": False})
                    out(_("Waiting for people."))
                else:
                    out(" ".join((said, _("Press q to leave the queue."), *((_(OFFER),) if asked else ()))))
        except KeyboardInterrupt:
            return _leave(link, out, 130)
    link.keep_connected()
    return link.until_started_patiently()


def _leave(link: RemoteLink, out: Callable[[str], Any], code: int) -> int:
    try:
        link.send({"type": "leave_queue"})
    except JoinError as error:
        out(f"{error}.")
        return 1
    out(_("You left the queue."))
    return code


def rematch(link: RemoteLink, out: Callable[[str], Any], source: Input) -> bool:
    """At a finished game the room asks about a rematch: ask the player, say the answers; True once the new table
    has started (the link is at it), False when there is none. Nothing here holds a player who wants to leave: q
    or n declines, and so does the end of input; q while the others answer withdraws the yes."""
    table = link.table
    asks: list[dict[str, Any]] = []

    def asked() -> bool:
        asks.extend(f for f in _news(link, "rematch") if f["table"] == table)
        return bool(asks)

    if not _patiently(link, out, asked, ASK_LATE):
        out(_("The room did not ask about a rematch; the game is over."))
        return False
    if asks[-1]["declined"]:
        out(asks[-1]["text"])
        return False
    out(_(REMATCH))
    with source.raw():
        word = _word(source)
        while word not in (None, "y", "yes", "n", "no", "q"):
            out(_(REMATCH))
            word = _word(source)
        accept = word in ("y", "yes")
        link.adopt = accept
        reply = _answer(link, table, accept, out)
        if reply is None:
            return False
        said = reply["text"]
        out(said)
        while accept and reply.get("table_new") is None and not reply.get("declined"):
            seated = link.table != table  # seated at the new table already: its news is said, then we go on
            if not seated and source.ready(0) and _word(source) in (None, "q", "n", "no"):
                link.adopt = False
                reply = _answer(link, table, False, out)
                if reply is not None:
                    out(reply["text"])
                return False
            link.wait(0 if seated else 0.2)
            for frame in _news(link, "rematch"):
                if frame["table"] == table and frame["text"] != said:
                    said = frame["text"]
                    out(said)
                    reply = frame
            if seated:
                break
    if not accept or (reply.get("declined") and link.table == table):
        link.adopt = False
        return False
    # the room says the new table, then seats us at it
    if not _patiently(link, out, lambda: link.table != table, SEAT_LATE):
        link.adopt = False
        new = reply.get("table_new")
        out(_("The room did not seat you at the rematch's table; {command} sits there.",
              command=link.join_command(new)) if new else _("The room did not seat you at the rematch's table."))
        return False
    return link.until_started_patiently()


# What a wait past the first says, as each is late: the room has not yet asked about a rematch, or seated the player
ASK_LATE = N_("The room has not asked about a rematch after {wait}; it may be busy. Waiting again, try {attempt} of "
              "{tries}; press Ctrl-C to stop.")
SEAT_LATE = N_("The room has not seated you at the rematch's table after {wait}; it may be busy. Waiting again, try "
               "{attempt} of {tries}; press Ctrl-C to stop.")


def _patiently(link: RemoteLink, out: Callable[[str], Any], done: Callable[[], bool], late: str) -> bool:
    """Wait for the room's news until ``done()``, ``ASK_WAIT`` seconds at a time: a busy room is late, and each
    wait past the first is said (``late``: ASK_LATE or SEAT_LATE), up to ``TRIES``; False when it never came."""
    for attempt in range(1, TRIES + 1):
        deadline = time.monotonic() + ASK_WAIT
        while time.monotonic() < deadline:
            if done():
                return True
            link.wait(0.2)
        if done():
            return True
        if attempt < TRIES:
            out(_(late, wait=seconds(ASK_WAIT), attempt=attempt + 1, tries=TRIES))
    return False


def _answer(link: RemoteLink, table: int | None, accept: bool, out: Callable[[str], Any]) -> dict[str, Any] | None:
    try:
        return link.send({"type": "rematch", "table": table, "accept": accept})
    except JoinError as error:
        out(f"{error}.")
        link.adopt = False
        return None
