"""The ratings' messages: how a finished game was rated, told to everyone at its table, and the leaderboard of a
rating group for ``spades join`` (the web's leaderboard is the same rows at ``/api/leaderboard``)."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field

from .base import ClientBase, ServerBase
from .codes import MAX_SEATS, MESSAGE_MAX
from .fields import Name, Part, TableId

__all__ = [
    "LEADERBOARD_ROWS",
    "RATING_GROUPS",
    "LeaderRow",
    "Leaderboard",
    "LeaderboardRequest",
    "Rating",
    "RatingChange",
    "RatingGroup",
    "Stats",
    "StatsRequest",
]

LEADERBOARD_ROWS = 100  # the leaderboard's longest list, best first
# Who plays with whom, and how many: partnership (two partnerships of two), solo (four each for themselves),
# two_player, solo_3, solo_5 and solo_6 (three, five or six each for themselves), partnership_6 (three partnerships
# of two) and teams_6 (two teams of three).
RATING_GROUPS = ("partnership", "solo", "two_player", "solo_3", "solo_5", "solo_6", "partnership_6", "teams_6")
RatingGroup = Literal["partnership", "solo", "two_player", "solo_3", "solo_5", "solo_6", "partnership_6", "teams_6"]
Shown = Annotated[float, Field(description="a rating as shown: openskill's ordinal, mu less three sigma, rounded "
                               "to one decimal")]


class LeaderboardRequest(ClientBase):
    """Ask for a rating group's leaderboard: partnership (the partnership games of four: standard, whiz, mirror,
    suicide), solo (four players, each for themselves), two_player, solo_3, solo_5, solo_6 (three, five or six each
    for themselves), partnership_6 (three partnerships of two) or teams_6 (two teams of three)."""

    replies = "leaderboard"
    example: ClassVar[dict[str, Any]] = {"type": "leaderboard", "id": 4, "group": "partnership"}
    type: Literal["leaderboard"]
    group: RatingGroup = "partnership"


class LeaderRow(Part):
    """One player's place on the leaderboard."""

    rank: Annotated[int, Field(ge=1, description="1 for the best; equal ratings as shown share a rank")]
    name: Name
    rating: Shown
    mu: float = Field(description="openskill's mean skill")
    sigma: float = Field(description="openskill's uncertainty of it")
    games: Annotated[int, Field(ge=0, description="rated games in this group")]


class Leaderboard(ServerBase):
    """A rating group's leaderboard: its registered players with a rated game there, best rating first, at most
    100."""

    sent_when = "in reply to leaderboard"
    example: ClassVar[dict[str, Any]] = {"type": "leaderboard", "id": 4, "group": "partnership", "rows": [
        {"rank": 1, "name": "Ada", "rating": 12.4, "mu": 31.2, "sigma": 6.27, "games": 14}]}
    type: Literal["leaderboard"]
    group: RatingGroup
    rows: list[LeaderRow] = Field(max_length=LEADERBOARD_ROWS)


class RatingChange(Part):
    """A person's rating before and after a rated game, as shown."""

    name: Name
    before: Shown
    after: Shown
    change: Annotated[float, Field(description="after less before, rounded to one decimal")]


class Rating(ServerBase):
    """How a finished game was rated; the same is said as a line (``said``) for a screen reader."""

    sent_when = ("to everyone at a table, once, when its game ends: rated (each registered player's new rating and "
                 "its change, who abandoned it: they lose it, and how much it counted: a repeated game among the "
                 "same people within a day counts for less) or not (and why: the computer held a seat from the "
                 "start, or a guest sat at it)")
    example: ClassVar[dict[str, Any]] = {"type": "rating", "table": 7, "rated": True, "group": "partnership",
                                         "changes": [
        {"name": "Ada", "before": 9.3, "after": 12.4, "change": 3.1},
        {"name": "Bob", "before": 10.2, "after": 8.0, "change": -2.2}]}
    omitted_when_null = ("reason",)
    type: Literal["rating"]
    table: TableId
    rated: bool
    group: RatingGroup = Field(description="the rating group the game counts in")
    reason: Annotated[str | None, Field(max_length=MESSAGE_MAX, description="when unrated, why, in plain words")] \
        = None
    changes: list[RatingChange] = Field(default=[], max_length=MAX_SEATS)
    abandoned: list[Name] = Field(default=[], max_length=MAX_SEATS, description="the people who abandoned the game "
                                  "(the computer played their seat for more than half of it while they were away): "
                                  "it counts as lost for them, and their partners' ratings stay as they were")
    repeat: Annotated[int, Field(ge=1, description="which rated game among the same people within 24 hours this "
                                 "was: 1 for the first")] = 1
    weight: Annotated[float, Field(ge=0, le=1, description="how much the game moved the ratings: 1 for the first "
                                   "among the same people within 24 hours, 1/2 for the 2nd, 1/4 for the 3rd, 1/8 "
                                   "for the 4th, 0 from the 5th on")] = 1.0


class StatsRequest(ClientBase):
    """Ask for a registered player's statistics; without a name, one's own."""

    replies = "stats; error no_such_player"
    example: ClassVar[dict[str, Any]] = {"type": "stats", "name": "Ada"}
    type: Literal["stats"]
    name: Name | None = None


Count = Annotated[int, Field(ge=0)]


class Stats(ServerBase):
    """A registered player's statistics over finished games."""

    sent_when = "in reply to stats"
    example: ClassVar[dict[str, Any]] = {"type": "stats", "name": "Ada", "games": 12, "wins": 7, "contracts": 48,
                                         "made": 40, "nils": 5, "nils_made": 3, "bags": 61}
    type: Literal["stats"]
    name: Name
    games: Count
    wins: Count
    contracts: Count = Field(description="contracts bid (the player's own bids, Nil aside)")
    made: Count = Field(description="contracts made")
    nils: Count = Field(description="Nil and Blind Nil bids")
    nils_made: Count
    bags: Count
