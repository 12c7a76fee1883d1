"""The field types of the messages (names, tokens, seats, actions, rules) and the parts several messages share;
each says its bounds, so the schema in ``docs/protocol.md`` states them."""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError

from ...errors import RulesError
from ...host import Refusal as HostRefusal
from ...host import not_an_action
from ...language import _
from ...rules import OPTION_HELP, VARIANTS, Rules
from ...tournament.clock import MAX_BANK, MAX_PER_ACTION, MIN_PER_ACTION
from ..identity.names import BadName, check_name
from .codes import (
    MAX_CLIENT_ID,
    MAX_CURSOR,
    MAX_SEAT,
    MAX_SEATS,
    MAX_TABLE_ID,
    NAME_MAX,
    PASSWORD_MAX,
    PASSWORD_MIN,
    QUOTE_MAX,
    TOKEN_MAX,
    TOKEN_MIN,
    ErrorCode,
    ProtocolError,
)


def quote(value: object, limit: int = QUOTE_MAX) -> str:
    """A short quoted fragment of client input for an error message: at most ``limit`` characters, control
    characters and the markup characters ``<``, ``>``, ``&``, quotes and backslash escaped as ``\\uXXXX``."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    cut = text[:limit]
    out = []
    for ch in cut:
        if ch in "<>&'\"\\`" or not ch.isprintable():
            out.append(f"\\u{ord(ch):04x}" if ord(ch) <= 0xFFFF else f"\\U{ord(ch):08x}")
        else:
            out.append(ch)
    return "'" + "".join(out) + "'" + ("..." if len(text) > limit else "")


# -- field types -------------------------------------------------------------------------------------------------

def _check_name(value: str) -> str:
    """The room's one name check (``identity.names.check_name``): any printable text, shown as text everywhere
    and never read as markup, so ``<b>`` is a name like any other. Refused: control and invisible characters (they
    would hide what a name says), what the PRECIS Nickname profile refuses, names of combining marks only, and
    spaces other than single ones between words. The length is the field's own check."""
    try:
        check_name(value, length=False)
    except BadName as error:
        raise PydanticCustomError(error.kind, _(error.template), error.params) from None
    return value


def _check_level(value: str) -> str:
    from ...bots import available_levels

    levels = available_levels()
    if value not in levels:
        raise PydanticCustomError("unknown_level", _("unknown level {level}; the levels are {levels}"),
                                  {"level": quote(value), "levels": ", ".join(levels)})
    return value


def _level_schema(schema: dict[str, Any]) -> None:
    from ...bots import available_levels

    schema["enum"] = list(available_levels())


# An action travels as its record text; whether it is an action at all, and whether it may be taken now, is the
# host's to say (``Host.check``), so the schema bounds only its length.
ACTION_MAX = len("blind nil")


TOKEN_PATTERN = r"^[A-Za-z0-9_-]+$"
_TOKEN_RE = re.compile(TOKEN_PATTERN)


def _check_token(value: str) -> str:
    if not _TOKEN_RE.match(value):
        raise PydanticCustomError("token", _("a token has only letters, digits, - and _"))
    return value


NAME_PATTERN = r"^[^\s\p{C}](?:[^\p{C}\t\n\r\f\v]*[^\s\p{C}])?$"

Name = Annotated[
    str,
    Field(min_length=1, max_length=NAME_MAX, json_schema_extra={"pattern": NAME_PATTERN},
          description=f"1 to {NAME_MAX} printable characters; single spaces between words"),
    AfterValidator(_check_name),
]
Password = Annotated[str, Field(min_length=PASSWORD_MIN, max_length=PASSWORD_MAX,
                                description=f"{PASSWORD_MIN} to {PASSWORD_MAX} characters")]
# A login's password is checked against the player's, whatever its length: one too short to be anyone's is a wrong
# password (bad_password), said as such, not a malformed message. The bound keeps the hashing's cost fixed.
LoginPassword = Annotated[str, Field(min_length=1, max_length=PASSWORD_MAX,
                                     description=f"the player's password (at most {PASSWORD_MAX} characters)")]
Token = Annotated[
    str,
    Field(min_length=TOKEN_MIN, max_length=TOKEN_MAX, json_schema_extra={"pattern": TOKEN_PATTERN},
          description="the session token of a welcome message"),
    AfterValidator(_check_token),
]
TableId = Annotated[int, Field(ge=1, le=MAX_TABLE_ID, description="a table's number")]
Seat = Annotated[int, Field(ge=0, le=MAX_SEAT, description="a seat: 0 to 5, as many as the table's players (0 to 3 "
                            "at four, 0 and 1 at two-player tables)")]
SeatKey = Literal["0", "1", "2", "3", "4", "5"]
Cursor = Annotated[int, Field(ge=0, le=MAX_CURSOR,
                              description="how many public events of the table the client has")]
Level = Annotated[
    str,
    Field(min_length=1, max_length=16, json_schema_extra=_level_schema, description="a computer player's level"),
    AfterValidator(_check_level),
]
ActionText = Annotated[
    str,
    Field(min_length=1, max_length=ACTION_MAX,
          description="an action in its record form: AS, 10H, 4, nil, blind nil (or bn), keep, discard, look; "
          "the room answers illegal for text that is not an action"),
]
ClientId = Annotated[int | None, Field(ge=0, le=MAX_CLIENT_ID,
                                       description="any number of the client's; the reply carries it back")]
OptionValue = Annotated[int, Field(ge=-100_000, le=100_000)] | bool | Annotated[str, Field(max_length=24)] | None


# -- shared parts ------------------------------------------------------------------------------------------------

Device = Annotated[str, Field(min_length=16, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
                              description="a random token the client keeps for this device (the web page keeps "
                              "one in its storage): the room links accounts that sign in from one device, for its "
                              "moderators")] | None


class Part(BaseModel):
    """A part of a message: every field declared, no other field, types strict."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _check_options(options: dict[str, Any]) -> dict[str, Any]:
    for name in options:
        if name not in OPTION_HELP:
            raise PydanticCustomError("unknown_option", _("unknown option {name}; the options are {options}"),
                                      {"name": quote(name), "options": ", ".join(OPTION_HELP)})
    defaults = Rules()
    for name, value in options.items():
        default = getattr(defaults, name)
        if default is None:  # an option that is off unless set to a number (lose_at)
            wanted: tuple[type, ...] = (int, type(None))
        else:
            wanted = (type(default),)
        if type(value) not in wanted:
            kind = type(default) if default is not None else int
            words = {bool: _("true or false"), int: _("a whole number"), str: _("text")}[kind]
            raise PydanticCustomError("option_type", _("option {name} should be {words}"),
                                      {"name": name, "words": words})
    return options


# The room's bounds on the options a table is created with (the engine takes any value that makes sense; a room
# serving many tables also bounds how long a game can run).
OPTION_RANGES: dict[str, tuple[int, int]] = {
    "target": (50, 2000), "lose_at": (-2000, -1), "hands": (0, 50), "nil_value": (0, 1000),
    "blind_nil_deficit": (0, 2000), "blind_nil_value": (0, 1000), "bag_limit": (1, 100), "bag_penalty": (0, 1000),
    "min_team_bid": (0, 13),
}


def check_ranges(options: dict[str, Any]) -> None:
    """Refuse an option outside the room's bounds, naming the option and its bounds."""
    for name, (low, high) in OPTION_RANGES.items():
        value = options.get(name)
        if isinstance(value, int) and not isinstance(value, bool) and not low <= value <= high:
            raise PydanticCustomError("option_range", _("option {name} at this room is {low} to {high}"),
                                      {"name": name, "low": low, "high": high})


def _options_schema(schema: dict[str, Any]) -> None:
    schema["propertyNames"] = {"enum": list(OPTION_HELP)}


class RulesForm(Part):
    """A table's rules in their wire form: a variant and the options that differ from its preset."""

    variant: Literal[VARIANTS] = Field(description=", ".join(VARIANTS[:-1]) + " or " + VARIANTS[-1])  # type: ignore[valid-type]
    options: Annotated[
        dict[Annotated[str, Field(max_length=32)], OptionValue],
        Field(max_length=len(OPTION_HELP), json_schema_extra=_options_schema,
              description="options of RULES.md that differ from the variant's preset, by name"),
        AfterValidator(_check_options),
    ] = {}

    @model_validator(mode="after")
    def _playable(self) -> RulesForm:
        try:
            self.to_rules()
        except (RulesError, TypeError) as error:
            raise PydanticCustomError("rules", "{why}", {"why": str(error)}) from None
        return self

    def to_rules(self) -> Rules:
        return Rules.preset(self.variant, **self.options)

    @classmethod
    def of(cls, rules: Rules) -> RulesForm:
        return cls(variant=rules.variant, options=rules.options())


class Player(Part):
    """A player as others see them: the name, and whether they play as a guest."""

    name: Name
    guest: bool


class SeatInfo(Part):
    """One seat of a table: who sits there, the computer level that fills it, and whether its player is here."""

    seat: Seat
    player: Name | None = Field(description="the seated player's name, or null when no person sits there")
    level: Level | None = Field(description="the computer's level that plays this seat when no person sits "
                                "there, or null: the seat waits for a person (an absent person is covered by the "
                                "normal level, whatever this says: see covered)")
    connected: bool = Field(description="the seated player is connected now")
    away: Literal["dropped", "left", "restart", "removed"] | None = Field(
        default=None, description="while the game is under way, why the seated person is away: dropped (lost the "
        "connection), left (stood up), restart (the room restarted), removed (by the table's owner: the computer plays "
        "the seat for the rest of the game); null when they are here or no one sits")
    covered: bool = Field(default=False, description="the computer plays the seat for its absent person")


class ClockForm(Part):
    """A table's turn clock: seconds each action, and a bank each seat draws its overtime from for the whole game.
    A casual table has none unless its creator sets one."""

    per_action: Annotated[int, Field(ge=int(MIN_PER_ACTION), le=int(MAX_PER_ACTION),
                                     description="seconds each action before the bank is drawn on")]
    bank: Annotated[int, Field(ge=0, le=int(MAX_BANK),
                               description="seconds each seat's bank holds at the start of the game")]
    more_time: bool = Field(default=True, description="whether a player who asks for more time (join's more_time) "
                            "has the bank doubled; a tournament's director decides, at a casual table its creator")


Seconds = Annotated[float, Field(ge=0, le=2 * MAX_BANK + MAX_PER_ACTION)]


class ClockState(Part):
    """The clock as it stood when the update was made: every client shows and says the same time from it."""

    turn: Seat | None = Field(description="the seat the clock runs for, or null when it does not run (a "
                              "computer's turn, the game over)")
    left: Seconds | None = Field(description="seconds left on that turn when the update was made; count down "
                                 "from when it arrives")
    deadline: Annotated[float, Field(ge=0)] | None = Field(
        description="the moment the computer acts for the seat if it has not, in seconds since 1970 (UTC): the "
        "same in every update of the turn, and after a restart of the room")
    banks: list[Seconds | None] = Field(max_length=MAX_SEATS, description="each seat's bank now, in seat order; "
                                        "null for a seat the clock does not run for (a computer's)")


TableState = Literal["waiting", "playing", "over", "closed"]


class TableInfo(Part):
    """A table as the lobby lists it."""

    table: TableId
    owner: Name | None = Field(description="the name of the player who created the table")
    rules: RulesForm
    seats: list[SeatInfo] = Field(max_length=MAX_SEATS)
    state: TableState = Field(description="waiting (for start), playing, over, or closed (it waited too long for its "
                              "game to start: see the lobby's rules)")
    autostart: bool = Field(default=False, description="the game starts by itself once every seat has a person "
                            "or a computer; false: the owner starts it")
    timeout: Annotated[float, Field(ge=0)] = Field(default=60, description="seconds a person may be away during the "
                                                   "game before the computer plays for them, until they are back")
    invite: Annotated[str, Field(max_length=512, description="the invitation link to this table; add "
                                 "?seat=N for a seat (&seat=N after a private table's ?invite= code)")]
    private: bool = Field(default=False, description="a private table: listed only to its owner's friends and "
                          "the players invited; its invite link carries the code that lets its holder in")
    watchers: bool = Field(default=True, description="whether those who may come to the table may watch it (a "
                           "private table's owner may allow only its players)")
    clock: ClockForm | None = Field(default=None, description="the table's turn clock, or null: none")


# The one statement of which error code each of the host's refusals is answered with.
HOST_CODES: dict[str, ErrorCode] = {
    "game_over": ErrorCode.GAME_OVER,
    "not_an_action": ErrorCode.ILLEGAL,
    "not_your_turn": ErrorCode.NOT_YOUR_TURN,
    "computer_seat": ErrorCode.NOT_YOUR_TURN,
    "illegal": ErrorCode.ILLEGAL,
}


def host_refusal(refusal: HostRefusal, sent: str | None = None) -> ProtocolError:
    """The room's refusal for an action its host refused: the code for the kind, the host's reason; text that is
    not an action (``sent``) is quoted as every error quotes a client's input, short and escaped."""
    if refusal.kind == "not_an_action" and sent is not None:
        return ProtocolError(HOST_CODES[refusal.kind], not_an_action(quote(sent)))
    return ProtocolError(HOST_CODES[refusal.kind], refusal.reason)
