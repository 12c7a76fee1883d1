"""Quick play and the rematch: a queue of people per variant that the room seats by rating, the computer offered
for the empty seats once a player's wait is over, and "play again with the same seats?" when a game ends."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, ClassVar, Literal

from pydantic import Field

from ...rules import VARIANTS
from .base import ClientBase, ServerBase
from .codes import MAX_SEATS, MESSAGE_MAX, QUICK_WAIT_DEFAULT, QUICK_WAIT_MAX, QUICK_WAIT_MIN
from .fields import Name, TableId

__all__ = ["LeaveQueue", "QueueState", "Quick", "QuickComputer", "RematchAnswer", "RematchState", "Variant"]

if TYPE_CHECKING:
    Variant = str
else:  # the allowed variants, and the schema's enum, are the rules'
    Variant = Literal[VARIANTS]

Text = Annotated[str, Field(max_length=MESSAGE_MAX, description="plain text, never markup")]
Names = Annotated[list[Name], Field(max_length=MAX_SEATS)]


class Quick(ClientBase):
    """Wait in the quick-play queue of a variant (its preset rules) for people to play with. The room seats the
    people waiting nearest in rating as soon as there are enough of them; after ``wait`` seconds it offers the
    computer for the empty seats (quick_computer). A player is in one queue at a time: a second quick moves them.
    Two friends who each name the other as ``partner`` (in the same variant's queue) are seated together as
    partners; one whose partner has not asked for them yet waits for them (the computer's offer still seats them
    alone)."""

    replies = ("queue to everyone in that queue; then, once seated, table, said (where they sit), update; error "
               "bad_message (a partner in a variant without partnerships, or oneself), no_such_player, "
               "too_many_tables (the table it makes may be the player's), left_early (the player abandoned 3 rated "
               "games within 24 hours: rated quick play is closed to them for a while, which the message says)")
    example: ClassVar[dict[str, Any]] = {"type": "quick", "id": 3, "variant": "standard", "wait": 30,
                                         "partner": "Ada"}
    type: Literal["quick"]
    variant: Variant
    wait: Annotated[float, Field(ge=QUICK_WAIT_MIN, le=QUICK_WAIT_MAX)] = Field(
        default=QUICK_WAIT_DEFAULT, description="seconds to wait for people before the computer is offered")
    partner: Name | None = Field(default=None, description="a player to be seated with as partners; they must "
                                 "name this player too")


class LeaveQueue(ClientBase):
    """Leave the quick-play queue. Standing from a table, sitting at one or closing the connection also does."""

    replies = "queue (waiting 0 for the one who left) and queue to the others in it; error not_queued"
    example: ClassVar[dict[str, Any]] = {"type": "leave_queue", "id": 4}
    type: Literal["leave_queue"]


class QuickComputer(ClientBase):
    """Answer the room's offer of the computer. With accept, a table starts at once with the people of the queue
    nearest in rating to the player (up to the seats) and the computer (normal) in the seats left; without, the
    player goes on waiting for people."""

    replies = ("table (to the player who asked, with the message's id), update and said to everyone seated; "
               "error not_queued, wait_not_over")
    example: ClassVar[dict[str, Any]] = {"type": "quick_computer", "id": 5, "accept": True}
    type: Literal["quick_computer"]
    accept: bool


class RematchAnswer(ClientBase):
    """Answer "Play again with the same seats?" at a table whose game is over."""

    replies = "rematch to everyone at the table; once every person accepts, table, update and said at the new " \
        "table; error not_seated, no_rematch"
    example: ClassVar[dict[str, Any]] = {"type": "rematch", "id": 9, "table": 7, "accept": True}
    type: Literal["rematch"]
    table: TableId
    accept: bool


class QueueState(ServerBase):
    """Where the player's quick-play queue stands."""

    sent_when = ("in reply to quick and leave_queue, to everyone in a queue when someone joins or leaves it, and "
                 "to a player whose wait is over (offer true)")
    example: ClassVar[dict[str, Any]] = {
        "type": "queue", "variant": "standard", "waiting": 2, "needed": 4, "offer": False,
        "text": "2 of 4 players; waiting."}
    type: Literal["queue"]
    variant: Variant
    waiting: Annotated[int, Field(ge=0, description="people in that queue (0: the player is in none now)")]
    needed: Annotated[int, Field(ge=2, le=MAX_SEATS, description="the seats of the variant: 2 to 6")]
    offer: bool = Field(description="the player's wait is over: the computer may fill the empty seats "
                        "(quick_computer)")
    text: Text


class RematchState(ServerBase):
    """Who has answered "Play again with the same seats?" at a table whose game is over."""

    sent_when = ("to everyone at a table with people when its game ends, then as each person answers (or leaves, "
                 "which declines); ``table_new`` once every person accepted")
    example: ClassVar[dict[str, Any]] = {
        "type": "rematch", "table": 7, "asked": ["Ada", "Bob", "Cy", "Dee"], "accepted": ["Ada"], "declined": [],
        "text": "Ada accepts a rematch; waiting for Bob, Cy and Dee."}
    omitted_when_null = ("table_new",)
    type: Literal["rematch"]
    table: TableId
    asked: Names
    accepted: Names
    declined: Names
    text: Text
    table_new: TableId | None = Field(default=None, description="the new table, once every person accepted")
