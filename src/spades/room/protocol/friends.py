"""The messages of who keeps to whom: friends (asked by name, then accepted), the friends list with where each
friend is, blocks, and invitations to a table's seat.

A block is private: the blocked player is never told, and a refusal that a block causes says only that the two
cannot be put together. A blocked player's chat never reaches the blocker, quick play and the Swiss pairing of
tournaments seat them apart whenever another choice exists, and they may not come to the blocker's private
tables."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from .base import ClientBase, ServerBase
from .codes import BLOCKS_MAX, FRIENDS_MAX, INVITES_PER_MINUTE
from .fields import Name, Part, Seat, TableId

__all__ = ["Block", "Blocked", "Friend", "FriendEntry", "Friends", "FriendsRequest", "Invite"]


class Friend(ClientBase):
    """Ask a registered player by name to be friends (ask), accept their request (accept, or ask: two asks make
    friends), decline it, or end a friendship (remove). The other is told of a request and of an acceptance."""

    replies = "friends; error no_such_player, not_registered, blocked"
    example = {"type": "friend", "id": 40, "name": "Bob", "act": "ask"}
    type: Literal["friend"]
    name: Name
    act: Literal["ask", "accept", "decline", "remove"]


class FriendsRequest(ClientBase):
    """The friends list: each friend, whether they are in the room and where, and the requests waiting."""

    replies = "friends"
    example = {"type": "friends", "id": 41}
    type: Literal["friends"]


class FriendEntry(Part):
    name: Name
    online: bool = Field(description="a connection of theirs is open in the room")
    where: Literal["playing", "waiting", "watching", "queue", "lobby", "away"] = Field(
        description="playing: seated at a game under way; waiting: seated at a table not started; watching; in "
        "the quick-play queue; lobby: in the room at no table; away: not in the room")
    table: TableId | None = None
    text: Annotated[str, Field(max_length=200, description="where they are, in words")]


class Friends(ServerBase):
    """A player's friends, and the requests waiting either way."""

    sent_when = "in reply to friends and friend, and when a friend request or acceptance concerns the player"
    example = {"type": "friends", "id": 41,
               "friends": [{"name": "Bob", "online": True, "where": "playing", "table": 7,
                            "text": "Bob is playing at table 7."}],
               "asked_by": ["Cy"], "asking": []}
    type: Literal["friends"]
    friends: Annotated[list[FriendEntry], Field(max_length=FRIENDS_MAX)]
    asked_by: Annotated[list[Name], Field(max_length=FRIENDS_MAX, description="asked the player, not answered")]
    asking: Annotated[list[Name], Field(max_length=FRIENDS_MAX, description="the player asked them")]


class Block(ClientBase):
    """Block a player (blocked true) or unblock them; without a name, only ask whom one blocks. A block ends a
    friendship; the blocked player is not told."""

    replies = "blocked; error no_such_player"
    example = {"type": "block", "id": 42, "name": "Dan", "blocked": True}
    type: Literal["block"]
    name: Name | None = None
    blocked: bool = True


class Blocked(ServerBase):
    """Whom the player blocks."""

    sent_when = "in reply to block"
    example = {"type": "blocked", "id": 42, "names": ["Dan"]}
    type: Literal["blocked"]
    names: Annotated[list[Name], Field(max_length=BLOCKS_MAX)]


class Invite(ClientBase):
    """Invite a friend to a table one sits at or owns (to ``seat``, or any): they are told, with one key to
    accept, and may come to it even when it is private. At most INVITES_PER_MINUTE invitations a minute."""

    replies = ("notice (kind invite_sent); error not_friends, blocked, not_seated, rate_limited")
    example = {"type": "invite", "id": 43, "table": 7, "seat": 2, "name": "Bob"}
    type: Literal["invite"]
    table: TableId
    seat: Seat | None = None
    name: Name


INVITE_LIMIT_WORDS = f"at most {INVITES_PER_MINUTE} invitations a player in any minute"
