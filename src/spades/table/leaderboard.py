"""A rating group's leaderboard as plain lines, one player a line, for ``spades join --leaderboard`` and
``spades ratings``: a screen reader reads each line whole, the place first, and no column lines up by spaces."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..language import N_, _, current, n_
from ..room.protocol.ratings import RATING_GROUPS

__all__ = ["GROUP_WORDS", "BoardRefused", "board_lines", "fetch_board"]

_WORDS = {"partnership": N_("partnership"), "solo": N_("solo"), "two_player": N_("two-player"),
          "solo_3": N_("three-player solo"), "solo_5": N_("five-player solo"), "solo_6": N_("six-player solo"),
          "partnership_6": N_("six-player partnership"), "teams_6": N_("six-player teams of three")}
# The room's own list of groups, each with its words: a group the room adds without words here fails at import,
# so that ``spades join --leaderboard`` never refuses a group ``spades ratings`` and /api/leaderboard take.
GROUP_WORDS = {group: _WORDS[group] for group in RATING_GROUPS}


def board_lines(group: str, rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """The heading line, then "1. Ada: rating 12.4, 14 games." for each row (a tie says so)."""
    words = _(GROUP_WORDS[group]) if group in GROUP_WORDS else group
    if not rows:
        # Translators: {group} is a rating group, such as "partnership" or "six-player solo".
        return [_("The {group} leaderboard is empty: no one has a rated {group} game yet.", group=words)]
    lines = [n_("The {group} leaderboard: {n} player, best first.", "The {group} leaderboard: {n} players, best first.",
                len(rows), group=words)]
    ranks = [row["rank"] for row in rows]
    for row in rows:
        fields = {"rank": row["rank"], "name": row["name"], "rating": f"{row['rating']:.1f}"}
        if ranks.count(row["rank"]) > 1:
            lines.append(n_("{rank} (tied). {name}: rating {rating}, {n} game.",
                            "{rank} (tied). {name}: rating {rating}, {n} games.", row["games"], **fields))
        else:
            lines.append(n_("{rank}. {name}: rating {rating}, {n} game.", "{rank}. {name}: rating {rating}, {n} games.",
                            row["games"], **fields))
    return lines


class BoardRefused(Exception):
    """The room answered, but not with its leaderboard (its reason): asking again would not change it."""


def fetch_board(url: str, group: str, timeout: float = 10.0) -> list[str]:
    """The room's leaderboard of ``group`` as lines, asked over its websocket (no sign-in is needed to read it);
    ConnectionError or TimeoutError when the room cannot be reached or does not answer (websockets' own errors
    when the connection is cut), BoardRefused when it refuses."""
    import asyncio

    from ..room.client import RoomClient
    from .remote import with_language

    async def ask() -> dict[str, Any]:
        client = await RoomClient(with_language(url, current())).connect(timeout)
        try:
            return await client.request({"type": "leaderboard", "group": group}, timeout)
        finally:
            await client.close()

    reply = asyncio.run(ask())
    if reply.get("type") != "leaderboard":
        raise BoardRefused(str(reply.get("message") or _("the room did not send its leaderboard")))
    return board_lines(group, reply["rows"])
