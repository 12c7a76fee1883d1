"""Tournaments: a Swiss of partnerships made by any registered player (who directs it), entered by pairs who each
name the other, started by its director or once full, each round's seating told to every entrant, and the
standings after each round."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import Field, model_validator
from pydantic_core import PydanticCustomError

from ...language import _
from .base import ClientBase, ServerBase
from .codes import (
    MESSAGE_MAX,
    TOURNAMENT_BOARDS_MAX,
    TOURNAMENT_ENTRIES_MAX,
    TOURNAMENT_HANDS_MAX,
    TOURNAMENT_NAME_MAX,
    TOURNAMENT_ROUNDS_MAX,
)
from .fields import ClockForm, Name, Part, RulesForm, TableId

__all__ = ["EntryInfo", "MatchInfo", "StandingInfo", "Tournament", "TournamentCreate", "TournamentEnter",
           "TournamentId", "TournamentLeave", "TournamentRequest", "TournamentStart"]

TournamentId = Annotated[int, Field(ge=1, le=2**31 - 1, description="the tournament's number")]
Format = Literal["swiss", "knockout", "duplicate"]
Title = Annotated[str, Field(min_length=1, max_length=TOURNAMENT_NAME_MAX, pattern=r"^[^\p{C}]+$",
                             description="the tournament's name, plain text")]


class TournamentCreate(ClientBase):
    """Create a tournament of partnerships (registered players only; the creator directs it). A Swiss: ``rounds``
    rounds, each match a game of ``hands`` hands (or to the target), paired by standing with no repeat opponents.
    A knockout: a bracket of 8 or 16 entries seeded by rating, each match a game to the target (level at the
    target, a hand more is played). Duplicate pairs: ``entries`` pairs at half as many tables, every table playing
    the same boards (``boards`` a round, each one hand from 0-0), North-South staying and East-West moving (a
    Mitchell movement), scored by matchpoints, with a winner in each direction."""

    replies = "tournament; error bad_message, not_signed_in, too_many_tournaments"
    example: ClassVar[dict[str, Any]] = {"type": "tournament_create", "id": 3, "name": "Friday Swiss",
                                         "rules": {"variant": "standard", "options": {}}, "rounds": 3, "hands": 4,
                                         "entries": 8}
    type: Literal["tournament_create"]
    name: Title
    format: Format = Field(default="swiss", description="swiss, knockout or duplicate (pairs)")
    rules: RulesForm
    rounds: Annotated[int, Field(ge=1, le=TOURNAMENT_ROUNDS_MAX)] | None = Field(
        default=None, description="a Swiss's rounds (required); a duplicate's (at most its tables; default all); "
        "a knockout has as many as its bracket")
    hands: Annotated[int, Field(ge=1, le=TOURNAMENT_HANDS_MAX)] | None = Field(
        default=None, description="a Swiss's hands in each match; none: each match a game to the target")
    boards: Annotated[int, Field(ge=1, le=TOURNAMENT_BOARDS_MAX)] = Field(
        default=2, description="a duplicate's boards each round")
    entries: Annotated[int, Field(ge=2, le=TOURNAMENT_ENTRIES_MAX, description="the most entries it takes; it "
                                  "starts by itself once it has them all, or when its director starts it")]
    clock: ClockForm | None = Field(default=None, description="the turn clock of every table of the tournament")
    timeout: Annotated[float, Field(ge=1, le=600)] = Field(default=60, description="seconds an entrant may be "
                                                          "absent from their game before the computer plays for them")
    starts_in: Annotated[float, Field(gt=0, le=7 * 24 * 60)] | None = Field(
        default=None, description="minutes until it starts by itself with the entries it has then (two at least, "
        "or it is called off); none: it starts once full, or when its director starts it")

    @model_validator(mode="after")
    def _partnerships(self) -> TournamentCreate:
        rules = self.rules.to_rules()
        pairs = rules.partnerships and rules.players == 4
        if self.format != "swiss" and not pairs:
            raise PydanticCustomError("format", _("a {format} takes a rule set of two partnerships of two (a "
                                                    "Swiss takes any: players for themselves enter alone)"),
                                      {"format": self.format})
        if self.format == "swiss" and not pairs and rules.partnerships:
            raise PydanticCustomError("format", _("a Swiss of partnerships takes two partnerships of two; at "
                                                    "six, play a rule set of players for themselves"))
        if not pairs and self.entries < rules.players:
            raise PydanticCustomError("entries", _("a Swiss of {variant} takes {players} players at least"),
                                      {"variant": rules.variant, "players": rules.players})
        if self.format == "swiss" and (self.rounds is None or self.rounds >= self.entries):
            raise PydanticCustomError("rounds", _("a Swiss of {entries} entries has 1 to {most} rounds"),
                                      {"entries": self.entries, "most": self.entries - 1})
        if self.format == "knockout" and self.entries not in (8, 16):
            raise PydanticCustomError("entries", _("a knockout's bracket takes 8 or 16 entries"))
        if self.format == "duplicate":
            if self.entries % 2 or self.entries < 4:
                raise PydanticCustomError("entries", _("duplicate pairs takes an even number of pairs, 4 at "
                                                        "least: half sit North-South, half East-West"))
            if self.rounds is not None and self.rounds > self.entries // 2:
                raise PydanticCustomError("rounds", _("a duplicate of {tables} tables has 1 to {tables} rounds"),
                                          {"tables": self.entries // 2})
        return self


class TournamentEnter(ClientBase):
    """Enter a tournament: with a partner, the entry stands once the partner has entered naming this player too;
    at a tournament of players for themselves, alone (no partner)."""

    replies = ("tournament (to the sender; once both have entered, to both); error no_such_tournament, "
               "tournament_started, tournament_full, too_many_tournaments, no_such_player, bad_message")
    example: ClassVar[dict[str, Any]] = {"type": "tournament_enter", "id": 4, "tournament": 1, "partner": "Bob"}
    type: Literal["tournament_enter"]
    tournament: TournamentId
    partner: Name | None = Field(default=None, description="the partner, at a tournament of pairs; none at one of "
                                 "players for themselves")


class TournamentLeave(ClientBase):
    """Withdraw one's entry (and the partner's with it) before the start."""

    replies = "tournament; error no_such_tournament, tournament_started, not_entered"
    example: ClassVar[dict[str, Any]] = {"type": "tournament_leave", "id": 5, "tournament": 1}
    type: Literal["tournament_leave"]
    tournament: TournamentId


class TournamentStart(ClientBase):
    """The director starts the tournament with the entries it has (two at least)."""

    replies = "tournament, then each entrant's seating (said); error not_entered, tournament_started, bad_message"
    example: ClassVar[dict[str, Any]] = {"type": "tournament_start", "id": 6, "tournament": 1}
    type: Literal["tournament_start"]
    tournament: TournamentId


class TournamentRequest(ClientBase):
    """A tournament's entries, rounds and standings."""

    replies = "tournament; error no_such_tournament"
    example: ClassVar[dict[str, Any]] = {"type": "tournament_info", "id": 7, "tournament": 1}
    type: Literal["tournament_info"]
    tournament: TournamentId


class EntryInfo(Part):
    """One entry: its number once the tournament has started (by rating, best first), its two players, and
    whether both have entered."""

    number: int | None
    players: list[Name] = Field(max_length=2)
    confirmed: bool


class MatchInfo(Part):
    """One match of a round: its table, the North-South and East-West entries, and North-South's result once
    played (1 won, 0.5 drawn, 0 lost) with both sides' scores; in a duplicate, one board of a table's round."""

    table: TableId
    number: int
    ns: int = Field(description="North-South's entry (at a table of players for themselves: North's)")
    ew: int = Field(description="East-West's entry (at a table of players for themselves: East's, or 0)")
    ns_points: float | None
    board: int | None = None
    ns_score: int | None = None
    ew_score: int | None = None
    covered: list[int] = Field(default_factory=list, max_length=6, description="the seats whose person the "
                               "computer played for more than half of their actions: the game counts, marked")
    seats: list[int | None] = Field(default_factory=list, max_length=6, description="at a table of players for "
                                    "themselves: the entry at each seat (null: the computer)")
    scores: list[int] = Field(default_factory=list, max_length=6, description="each side's score once played")


class StandingInfo(Part):
    """An entry's place after the rounds played. A Swiss: its points and its Buchholz tie-break. A knockout: the
    matches it won (the champion first, then by the round each went out in). Duplicate pairs: its place in its
    direction, its matchpoints, and its percentage of the top."""

    place: int
    entry: int
    points: float
    buchholz: float = 0.0
    direction: Literal["NS", "EW"] | None = None
    percentage: float | None = None


class Tournament(ServerBase):
    """A tournament as it stands."""

    sent_when = ("in reply to tournament_create, tournament_enter, tournament_leave, tournament_start and "
                 "tournament_info; to every entrant connected when a round is paired and when it ends")
    example: ClassVar[dict[str, Any]] = {
        "type": "tournament", "id": 3, "tournament": 1, "name": "Friday Swiss", "format": "swiss",
        "director": "Ada", "rules": {"variant": "standard", "options": {}}, "rounds": 3, "hands": 4, "entries_max": 8,
        "state": "entry", "round": 0, "clock": None,
        "entries": [{"number": None, "players": ["Ada", "Bob"], "confirmed": True}], "matches": [], "byes": [],
        "standings": []}
    type: Literal["tournament"]
    tournament: TournamentId
    name: Title
    format: Format
    director: Name
    rules: RulesForm
    rounds: int
    hands: int | None
    boards: int | None = None
    entries_max: int
    state: Literal["entry", "running", "over"]
    round: int = Field(description="the round being played (0 before the start; the last once over)")
    starts_at: Annotated[str, Field(max_length=40)] | None = Field(
        default=None, description="when it starts by itself (ISO 8601, UTC), if it was given a start time")
    clock: ClockForm | None
    entries: list[EntryInfo] = Field(max_length=TOURNAMENT_ENTRIES_MAX)
    matches: list[list[MatchInfo]] = Field(max_length=TOURNAMENT_ROUNDS_MAX, description="each round's matches")
    champion: int | None = Field(default=None, description="a knockout's winner, once it is over")
    byes: list[int | None] = Field(max_length=TOURNAMENT_ROUNDS_MAX, description="each round's bye, if any")
    standings: list[StandingInfo] = Field(max_length=TOURNAMENT_ENTRIES_MAX)
    text: Annotated[str, Field(max_length=MESSAGE_MAX)] = Field(default="", description="where it stands, in a "
                                                                 "sentence, as the tables say it")
