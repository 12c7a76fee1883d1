"""Every message of the room, both ways, as pydantic models; the limits a client is held to; the error codes.

The room speaks JSON text frames over one websocket. A client frame is checked here in a fixed order, each check
with its own error code: its size (``too_large``), that it is JSON (``not_json``), then its schema
(``bad_message``): a known ``type``, every field present and of its type, no field besides, every text bounded.
What needs the room's state (whose turn, whether the action is legal, who owns the table) is checked by the
server, which answers with the other codes of ``ErrorCode``. A refused message changes nothing, and the
connection and the table go on.

An error message says what was wrong in plain words ("act.action: missing") and quotes at most a short fragment
of what the client sent, escaped so that it can never be read as markup.

The models are the single statement of the protocol: ``python -m spades.room.protocol`` prints
``docs/protocol.md`` from them (their docstrings, examples and JSON Schemas), and a test checks the committed file
matches. Views and events travel in the wire form of ``spades.wire``; this module carries them as JSON objects.
"""

from __future__ import annotations

import importlib
import json
import re
import time
import unicodedata
from collections.abc import Callable
from enum import StrEnum
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    AwareDatetime,
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    model_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from ..errors import RulesError, SpadesError
from ..rules import OPTION_HELP, VARIANTS, Rules

__all__ = [
    "CLIENT_MESSAGES",
    "MAX_FRAME_BYTES",
    "NAME_MAX",
    "PASSWORD_MAX",
    "PASSWORD_MIN",
    "RATE_BURST",
    "RATE_PER_SECOND",
    "SERVER_MESSAGES",
    "ClientMessage",
    "ErrorCode",
    "ProtocolError",
    "RateLimit",
    "ServerMessage",
    "encode",
    "parse_client",
    "parse_server",
    "render_docs",
]

MAX_FRAME_BYTES = 4096
RATE_PER_SECOND = 20.0
RATE_BURST = 40
NAME_MAX = 32
PASSWORD_MIN = 8
PASSWORD_MAX = 128
TOKEN_MIN = 16
TOKEN_MAX = 128
MAX_SEAT = 3  # four seats, 0 to 3 (two-player Spades uses 0 and 1; the server refuses a seat not at the table)
MAX_TABLE_ID = 2**31 - 1
MAX_CURSOR = 1_000_000
MAX_CLIENT_ID = 2**53 - 1  # every such number survives a JavaScript client unchanged
QUOTE_MAX = 20  # at most this many characters of the client's input are quoted back in an error
MAX_CLAUSES = 3  # an error message names at most this many problems, so that it stays short whatever was sent
MESSAGE_MAX = 500  # characters of an error message or a said line
COACH_LINES = 8  # lines of the coach's review in one said: a heading and the costliest few choices


class ErrorCode(StrEnum):
    """Why the room refused a client's message; ``error.code`` is one of these and ``error.message`` says more."""

    TOO_LARGE = "too_large"
    NOT_JSON = "not_json"
    BAD_MESSAGE = "bad_message"
    RATE_LIMITED = "rate_limited"
    NOT_SIGNED_IN = "not_signed_in"
    SESSION_EXPIRED = "session_expired"
    NAME_TAKEN = "name_taken"
    BAD_PASSWORD = "bad_password"
    NO_SUCH_PLAYER = "no_such_player"
    NO_SUCH_TABLE = "no_such_table"
    BAD_SEAT = "bad_seat"
    SEAT_TAKEN = "seat_taken"
    NOT_SEATED = "not_seated"
    NOT_OWNER = "not_owner"
    GAME_STARTED = "game_started"
    NOT_STARTED = "not_started"
    GAME_OVER = "game_over"
    OUT_OF_DATE = "out_of_date"
    NOT_YOUR_TURN = "not_your_turn"
    ILLEGAL = "illegal"
    SERVER_ERROR = "server_error"


ERROR_MEANINGS: dict[ErrorCode, str] = {
    ErrorCode.TOO_LARGE: f"the frame is longer than {MAX_FRAME_BYTES} bytes",
    ErrorCode.NOT_JSON: "the frame is not UTF-8 JSON text",
    ErrorCode.BAD_MESSAGE: "the JSON is not a message of this protocol (unknown type, a field missing, extra, "
    "of the wrong type or out of bounds); the message names the field",
    ErrorCode.RATE_LIMITED: f"more than {RATE_PER_SECOND:g} messages a second (bursts of up to {RATE_BURST} "
    "pass); the message was dropped",
    ErrorCode.NOT_SIGNED_IN: "the message needs a player: send register, login, guest or resume first",
    ErrorCode.SESSION_EXPIRED: "resume: the token is unknown or has expired; sign in again",
    ErrorCode.NAME_TAKEN: "register or guest: another player has that name",
    ErrorCode.BAD_PASSWORD: "login: the name and password do not match a player",
    ErrorCode.NO_SUCH_PLAYER: "stats: no player has that name",
    ErrorCode.NO_SUCH_TABLE: "no table has that id",
    ErrorCode.BAD_SEAT: "the table has no such seat (two-player tables have seats 0 and 1)",
    ErrorCode.SEAT_TAKEN: "another player sits at that seat",
    ErrorCode.NOT_SEATED: "the message needs a seat at that table, and the player has none there",
    ErrorCode.NOT_OWNER: "only the player who created the table may do that",
    ErrorCode.GAME_STARTED: "the game has started; seats, levels and players can no longer be changed that way",
    ErrorCode.NOT_STARTED: "the game has not started yet",
    ErrorCode.GAME_OVER: "the game is over",
    ErrorCode.OUT_OF_DATE: "act: the cursor is behind the table; the reply is followed by the missing update",
    ErrorCode.NOT_YOUR_TURN: "act: it is not that seat's turn",
    ErrorCode.ILLEGAL: "act: the rules do not allow that action now; the message says why",
    ErrorCode.SERVER_ERROR: "the server failed; nothing was changed",
}


class ProtocolError(SpadesError):
    """A client message refused before it reaches the room: ``code`` says which check, the text says why.

    ``id`` is the client's message number when it could be read, so the error reply can carry it back."""

    def __init__(self, code: ErrorCode, message: str, id: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.id = id

    def reply(self) -> Error:
        """The error message the server sends for this refusal."""
        return Error(type="error", id=self.id, code=self.code, message=self.message)


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
    """Any printable text: a name is shown as text everywhere, never read as markup, so ``<b>`` is a name like
    any other. Refused: control and invisible characters (they would hide what a name says), and spaces other
    than single ones between words."""
    for ch in value:
        if ch == " " or unicodedata.category(ch) not in _NOT_IN_NAMES:
            continue
        raise PydanticCustomError(
            "name_character", "character U+{code} is not allowed: a name has printable characters and single "
            "spaces", {"code": f"{ord(ch):04X}"})
    if value != value.strip(" ") or "  " in value:
        raise PydanticCustomError("name_spaces", "a name does not begin or end with a space, nor has two together")
    return value


# Unicode categories a name may not hold: controls, format (invisible) characters, surrogates, private use,
# unassigned, and every separator but the plain space.
_NOT_IN_NAMES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zs", "Zl", "Zp"})


def _check_level(value: str) -> str:
    from ..bots import available_levels

    levels = available_levels()
    if value not in levels:
        raise PydanticCustomError("unknown_level", "unknown level {level}; the levels are {levels}",
                                  {"level": quote(value), "levels": ", ".join(levels)})
    return value


def _level_schema(schema: dict[str, Any]) -> None:
    from ..bots import available_levels

    schema["enum"] = list(available_levels())


# Each action the engine has a text for, loosely (case aside): a card (rank 2-10, T, J, Q, K, A and suit C, D, H,
# S), a bid 0-13, nil, blind nil or bn, keep, discard, look. The engine parses it for real and refuses the rest.
# "blind nil", the longest, is how records and views write Blind Nil, so a client may send back what it was offered.
ACTION_PATTERN = r"^(?i:(?:1[0-3]|[0-9]|nil|blind nil|bn|keep|discard|look|(?:10|[2-9tjqka])[cdhs]))$"
ACTION_MAX = len("blind nil")
_ACTION_RE = re.compile(ACTION_PATTERN)


def _check_action(value: str) -> str:
    if not _ACTION_RE.match(value):
        raise PydanticCustomError(
            "action", "{text} is not an action: a card such as AS or 10H, a bid 0 to 13, nil, blind nil, keep, "
            "discard or look", {"text": quote(value)})
    return value


TOKEN_PATTERN = r"^[A-Za-z0-9_-]+$"
_TOKEN_RE = re.compile(TOKEN_PATTERN)


def _check_token(value: str) -> str:
    if not _TOKEN_RE.match(value):
        raise PydanticCustomError("token", "a token has only letters, digits, - and _")
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
Token = Annotated[
    str,
    Field(min_length=TOKEN_MIN, max_length=TOKEN_MAX, json_schema_extra={"pattern": TOKEN_PATTERN},
          description="the session token of a welcome message"),
    AfterValidator(_check_token),
]
TableId = Annotated[int, Field(ge=1, le=MAX_TABLE_ID, description="a table's number")]
Seat = Annotated[int, Field(ge=0, le=MAX_SEAT, description="a seat: 0 to 3 (0 and 1 at two-player tables)")]
SeatKey = Literal["0", "1", "2", "3"]
Cursor = Annotated[int, Field(ge=0, le=MAX_CURSOR,
                              description="how many public events of the table the client has")]
Level = Annotated[
    str,
    Field(min_length=1, max_length=16, json_schema_extra=_level_schema, description="a computer player's level"),
    AfterValidator(_check_level),
]
ActionText = Annotated[
    str,
    Field(min_length=1, max_length=ACTION_MAX, json_schema_extra={"pattern": ACTION_PATTERN},
          description="an action in its record form: AS, 10H, 4, nil, blind nil (or bn), keep, discard, look"),
    AfterValidator(_check_action),
]
ClientId = Annotated[int | None, Field(ge=0, le=MAX_CLIENT_ID,
                                       description="any number of the client's; the reply carries it back")]
OptionValue = Annotated[int, Field(ge=-100_000, le=100_000)] | bool | Annotated[str, Field(max_length=24)] | None


# -- shared parts ------------------------------------------------------------------------------------------------

class Part(BaseModel):
    """A part of a message: every field declared, no other field, types strict."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _check_options(options: dict[str, Any]) -> dict[str, Any]:
    for name in options:
        if name not in OPTION_HELP:
            raise PydanticCustomError("unknown_option", "unknown option {name}; the options are {options}",
                                      {"name": quote(name), "options": ", ".join(OPTION_HELP)})
    defaults = Rules()
    for name, value in options.items():
        default = getattr(defaults, name)
        if default is None:  # an option that is off unless set to a number (lose_at)
            wanted: tuple[type, ...] = (int, type(None))
        else:
            wanted = (type(default),)
        if type(value) not in wanted:
            words = {bool: "true or false", int: "a whole number", str: "text"}[type(default) if default is not None
                                                                                 else int]
            raise PydanticCustomError("option_type", "option {name} should be {words}",
                                      {"name": name, "words": words})
    return options


def _options_schema(schema: dict[str, Any]) -> None:
    schema["propertyNames"] = {"enum": list(OPTION_HELP)}


class RulesForm(Part):
    """A table's rules in their wire form: a variant and the options that differ from its preset."""

    variant: Literal[VARIANTS] = Field(description="standard, whiz, mirror, suicide, solo or two_player")  # type: ignore[valid-type]
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
    level: Level | None = Field(description="the computer's level that plays this seat when no person does "
                                "(and covers an absent player), or null: the seat waits for a person")
    connected: bool = Field(description="the seated player is connected now")


TableState = Literal["waiting", "playing", "over"]


class TableInfo(Part):
    """A table as the lobby lists it."""

    table: TableId
    owner: Name | None = Field(description="the name of the player who created the table")
    rules: RulesForm
    seats: list[SeatInfo] = Field(max_length=4)
    state: TableState = Field(description="waiting (for start), playing or over")
    invite: Annotated[str, Field(max_length=512, description="the invitation link to this table; add "
                                 "?seat=N for a seat")]


# -- client to server --------------------------------------------------------------------------------------------

class ClientBase(Part):
    """Every client message: its type and an optional number the reply carries back."""

    example: ClassVar[dict[str, Any]]
    replies: ClassVar[str]
    id: ClientId = None


class Register(ClientBase):
    """Register a new player with a name and password, and sign in as them."""

    replies = "welcome; error name_taken"
    example = {"type": "register", "id": 1, "name": "Ada", "password": "correct horse"}
    type: Literal["register"]
    name: Name
    password: Password


class Login(ClientBase):
    """Sign in as a registered player."""

    replies = "welcome; error bad_password"
    example = {"type": "login", "id": 1, "name": "Ada", "password": "correct horse"}
    type: Literal["login"]
    name: Name
    password: Password


class Guest(ClientBase):
    """Sign in as a guest, under a name of one's own or one the room gives. A guest has no statistics kept."""

    replies = "welcome; error name_taken"
    example = {"type": "guest", "name": "Visitor"}
    type: Literal["guest"]
    name: Name | None = None


class Resume(ClientBase):
    """Sign in again with the token of an earlier welcome, after a dropped connection. The player returns to
    their seats: each table they sit at sends an update with the whole state, and a said line of where it stands."""

    replies = "welcome, then table, update and said for each table the player sits at; error session_expired"
    example = {"type": "resume", "token": "Xv1pQm3c9w8RkT5yLh0NsBfA2eJd7uGq4iZoPa6WtYE"}
    type: Literal["resume"]
    token: Token


class Lobby(ClientBase):
    """Ask for the list of tables."""

    replies = "lobby"
    example = {"type": "lobby"}
    type: Literal["lobby"]


class Create(ClientBase):
    """Create a table with any variant and options; the sender owns it. Seats named in levels are played by the
    computer at that level (a person may still sit there before the start); the others wait for people."""

    replies = "table (the new table; the owner is not seated: send join)"
    example = {"type": "create", "id": 2, "rules": {"variant": "standard", "options": {"target": 300}},
               "levels": {"1": "normal", "3": "normal"}, "timeout": 60, "pace": 1.0}
    type: Literal["create"]
    rules: RulesForm
    levels: dict[SeatKey, Level] = Field(default={}, max_length=4,
                                         description="computer levels by seat number (as text, a JSON key)")
    timeout: Annotated[float, Field(ge=0.1, le=3600)] | None = Field(
        default=None, description="seconds a player may be absent on their turn before the computer plays for "
        "them (default 60)")
    pace: Annotated[float, Field(ge=0, le=10)] | None = Field(
        default=None, description="seconds between the computer's actions (default: the server's)")
    seed: Annotated[str, Field(min_length=1, max_length=64)] | None = Field(
        default=None, description="the deal's seed, as `spades play --seed` takes it, so that a known deal can be "
        "played again; only a room started with `spades serve --seeds` takes one (whoever knows it knows every "
        "hand), the others answer bad_message")

    def seat_levels(self) -> dict[int, str]:
        return {int(seat): level for seat, level in self.levels.items()}


class Join(ClientBase):
    """Sit at a seat of a table, or watch it as a spectator (no seat). A spectator sees only what every seat may
    see. A player who sits again at their own seat after a drop is back at it."""

    replies = "table to everyone at the table, then update (and said when the game is under way)"
    example = {"type": "join", "table": 7, "seat": 2}
    type: Literal["join"]
    table: TableId
    seat: Seat | None = None


class Stand(ClientBase):
    """Leave one's seat (before the start: the seat is free again) or stop watching a table."""

    replies = "table to everyone at the table"
    example = {"type": "stand", "table": 7}
    type: Literal["stand"]
    table: TableId


class SetLevel(ClientBase):
    """Owner, before the start: choose the computer level of an empty seat, or null to keep it for a person."""

    replies = "table to everyone at the table; error not_owner, game_started, seat_taken"
    example = {"type": "level", "table": 7, "seat": 3, "level": "hard"}
    type: Literal["level"]
    table: TableId
    seat: Seat
    level: Level | None


class Start(ClientBase):
    """Owner: start the game. Every seat must have a person or a computer level."""

    replies = "table and the first update to everyone at the table; error not_owner, game_started"
    example = {"type": "start", "table": 7}
    type: Literal["start"]
    table: TableId


class Remove(ClientBase):
    """Owner, before the start: take a player off a seat."""

    replies = "table to everyone at the table; error not_owner, game_started"
    example = {"type": "remove", "table": 7, "seat": 1}
    type: Literal["remove"]
    table: TableId
    seat: Seat


class Act(ClientBase):
    """Take an action at one's seat: play a card, bid, keep or discard, look. The cursor is the number of public
    events the client had when it chose; the server refuses an action chosen on an older state."""

    replies = "update to every seat and spectator; error not_seated, not_your_turn, illegal, out_of_date"
    example = {"type": "act", "id": 12, "table": 7, "action": "QH", "cursor": 31}
    type: Literal["act"]
    table: TableId
    action: ActionText
    cursor: Cursor


class Sync(ClientBase):
    """Ask for everything after the cursor: the public events the client is missing and its view now."""

    replies = "update"
    example = {"type": "sync", "table": 7, "cursor": 0}
    type: Literal["sync"]
    table: TableId
    cursor: Cursor


class StatsRequest(ClientBase):
    """Ask for a registered player's statistics; without a name, one's own."""

    replies = "stats; error no_such_player"
    example = {"type": "stats", "name": "Ada"}
    type: Literal["stats"]
    name: Name | None = None


AskKey = Literal["b", "e", "c", "w", "r", "R", "t", "z", "h", "x", "C"]


class Ask(ClientBase):
    """Ask what one of the terminal table's reading keys says, for one's seat (or as a spectator): b the bids, e
    the game score, c this hand's contracts, w whose turn, r the current trick, R the last trick, t the trick
    number, z the rules, h one's hand, x a hint (the computer's choice for the seat and its reason; the ``said``
    carries the action too), C the coach's review of one's own bids and cards in the finished hand ``hand`` (the
    ``said`` carries every line of it; the search takes a second or two). The answer is the terminal's own words,
    so both tables say the same. With ``hand`` (a hand that is over), b, c, r, t, w and h are about that hand, as
    the terminal answers between hands until the player goes on to the next one."""

    replies = "said; error no_such_table"
    example = {"type": "ask", "id": 14, "table": 7, "key": "b"}
    type: Literal["ask"]
    table: TableId
    key: AskKey = Field(description="the reading key: b, e, c, w, r, R, t, z, h, x for a hint, or C for the "
                        "coach's review of a finished hand")
    hand: Annotated[int, Field(ge=1, le=10_000)] | None = Field(
        default=None, description="a finished hand the player is still reading about; null: the hand now")


class Ping(ClientBase):
    """Check the connection is alive."""

    replies = "pong"
    example = {"type": "ping", "id": 99}
    type: Literal["ping"]


# -- server to client --------------------------------------------------------------------------------------------

class ServerBase(Part):
    """Every server message: its type and, in a reply, the number of the client message it answers."""

    example: ClassVar[dict[str, Any]]
    sent_when: ClassVar[str]
    omitted_when_null: ClassVar[tuple[str, ...]] = ()  # optional fields left out of the frame when they are null
    id: ClientId = None


class Welcome(ServerBase):
    """The player is signed in. The token signs them in again with resume until it expires."""

    sent_when = "in reply to register, login, guest or resume"
    example = {"type": "welcome", "id": 1, "player": {"name": "Ada", "guest": False},
               "token": "Xv1pQm3c9w8RkT5yLh0NsBfA2eJd7uGq4iZoPa6WtYE", "expires": "2026-12-30T10:50:00Z"}
    type: Literal["welcome"]
    player: Player
    token: Token
    expires: AwareDatetime = Field(description="when the token stops working (ISO 8601, UTC)")


class Error(ServerBase):
    """A message was refused, and why. Nothing changed; the connection and the table go on."""

    sent_when = "in reply to any message that is refused (the codes are listed above)"
    example = {"type": "error", "id": 12, "code": "not_your_turn", "message": "it is not your turn"}
    type: Literal["error"]
    code: ErrorCode
    message: Annotated[str, Field(max_length=MESSAGE_MAX,
                                  description="why, in plain words (plain text, not markup)")]


class LobbyList(ServerBase):
    """The tables of the room."""

    sent_when = "in reply to lobby"
    example = {"type": "lobby", "tables": [{
        "table": 7, "owner": "Ada", "rules": {"variant": "standard", "options": {}},
        "seats": [{"seat": 0, "player": "Ada", "level": None, "connected": True},
                  {"seat": 1, "player": None, "level": "normal", "connected": False},
                  {"seat": 2, "player": None, "level": None, "connected": False},
                  {"seat": 3, "player": None, "level": "normal", "connected": False}],
        "state": "waiting", "invite": "http://127.0.0.1:8000/tables/7"}]}
    type: Literal["lobby"]
    tables: list[TableInfo]


class Table(TableInfo, ServerBase):
    """A table's seats, owner, rules and state."""

    sent_when = ("in reply to create, and to everyone at the table (seated or watching) when its seats, levels "
                 "or state change")
    example = {"type": "table", "id": 2, **LobbyList.example["tables"][0]}
    type: Literal["table"]


class Update(ServerBase):
    """What a seat (or a spectator) receives as the game goes on: the public events after its cursor and its view
    now. A seat's view holds its own hand; a spectator's has no hand."""

    sent_when = ("after every accepted action (to each seat and spectator of the table, each its own view), on "
                 "start, join, resume and sync")
    example = {
        "type": "update", "table": 7, "seat": 2, "cursor": 11,
        "events": [{"type": "card", "seat": 1, "card": "JD"}, {"type": "card", "seat": 2, "card": "5D"},
                   {"type": "card", "seat": 3, "card": "4D"},
                   {"type": "trick", "seat": 1, "number": 1, "leader": 0, "cards": ["10D", "JD", "5D", "4D"]},
                   {"type": "card", "seat": 1, "card": "10C"}],
        "view": {"seat": 2, "rules": {"variant": "standard", "options": {}}, "phase": "play", "hand_number": 1,
                 "dealer": 3, "turn": 2,
                 "hand": ["6S", "4S", "3S", "2S", "10H", "7H", "QD", "9D", "8D", "6D", "4C", "3C"],
                 "legal": ["3C", "4C"], "bids": ["8", "1", "nil", "3"], "tricks_won": [0, 1, 0, 0],
                 "trick": [{"seat": 1, "card": "10C"}],
                 "tricks": [{"leader": 0, "cards": ["10D", "JD", "5D", "4D"], "winner": 1}],
                 "spades_broken": False, "scores": [0, 0], "bags": [0, 0], "results": [], "winner": None,
                 "offered": None, "discards": [], "blind_nil_allowed": False},
        "lines": [["East plays the jack of diamonds."], ["South plays the five of diamonds."],
                  ["West plays the four of diamonds."], ["East wins trick 1 with the jack of diamonds."],
                  ["East plays the ten of clubs."]],
        "brief": [[], [], [], ["East wins trick 1 with the jack of diamonds. North ten of diamonds, East jack of "
                               "diamonds, South five of diamonds, West four of diamonds."], []],
        "prompt": "Your turn. Three of clubs is selected."}
    type: Literal["update"]
    table: TableId
    seat: Seat | None = Field(description="the receiver's seat, or null for a spectator")
    cursor: Cursor = Field(description="the number of public events the receiver has after this update")
    events: list[dict[str, Any]] = Field(description="the public events after the request's cursor, each in its "
                                         "wire form (spades.wire; the event schema below)")
    view: dict[str, Any] = Field(description="the receiver's view in its wire form (spades.wire; the view schema "
                                 "below)")
    lines: list[list[str]] = Field(default=[], description="what the terminal table at the receiver's seat says "
                                   "for each of the events with every card said, one list of lines per event, in "
                                   "the same order; a seat's lists also hold what only it hears (the card it kept "
                                   "in the draw, its statistics at the end of the game)")
    brief: list[list[str]] = Field(default=[], description="the same lines with only tricks, bids and turns said "
                                   "(the terminal's other verbosity, the v key)")
    prompt: Annotated[str, Field(max_length=MESSAGE_MAX)] | None = Field(
        default=None, description="the terminal's \"your turn\" line for the receiver's decision now (in play, "
        "with the first card it may play selected), or null when it is not the receiver's turn")


class Said(ServerBase):
    """A line to say to the player, such as where the game stands on their return."""

    sent_when = ("when a player returns to a table under way (join or resume), when the computer takes or hands "
                 "back a seat, and in reply to ask")
    example = {"type": "said", "table": 7, "text": "Back at the table: hand 3, trick 5, your turn."}
    omitted_when_null = ("action", "lines")
    type: Literal["said"]
    table: TableId
    text: Annotated[str, Field(max_length=MESSAGE_MAX, description="plain text, never markup")]
    action: Annotated[str | None, Field(max_length=ACTION_MAX, description="with the answer to the hint key x: "
                                        "the action suggested (a card becomes the selected one)")] = None
    lines: Annotated[list[Annotated[str, Field(max_length=MESSAGE_MAX)]] | None, Field(
        max_length=COACH_LINES, description="with the answer to the coach key C: every line of the review in "
        "order, the first being text; said one after another")] = None


Count = Annotated[int, Field(ge=0)]


class Stats(ServerBase):
    """A registered player's statistics over finished games."""

    sent_when = "in reply to stats"
    example = {"type": "stats", "name": "Ada", "games": 12, "wins": 7, "contracts": 48, "made": 40, "nils": 5,
               "nils_made": 3, "bags": 61}
    type: Literal["stats"]
    name: Name
    games: Count
    wins: Count
    contracts: Count = Field(description="contracts bid (the player's own bids, Nil aside)")
    made: Count = Field(description="contracts made")
    nils: Count = Field(description="Nil and Blind Nil bids")
    nils_made: Count
    bags: Count


class Pong(ServerBase):
    """The connection is alive."""

    sent_when = "in reply to ping"
    example = {"type": "pong", "id": 99}
    type: Literal["pong"]


CLIENT_MESSAGES: tuple[type[ClientBase], ...] = (
    Register, Login, Guest, Resume, Lobby, Create, Join, Stand, SetLevel, Start, Remove, Act, Sync, Ask,
    StatsRequest, Ping,
)
SERVER_MESSAGES: tuple[type[ServerBase], ...] = (
    Welcome, Error, LobbyList, Table, Update, Said, Stats, Pong,
)

ClientMessage = Annotated[
    Register | Login | Guest | Resume | Lobby | Create | Join | Stand | SetLevel | Start | Remove | Act | Sync | Ask
    | StatsRequest | Ping,
    Field(discriminator="type"),
]
ServerMessage = Annotated[
    Welcome | Error | LobbyList | Table | Update | Said | Stats | Pong,
    Field(discriminator="type"),
]
_CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
_SERVER: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)
_CLIENT_TYPES = tuple(model.model_fields["type"].annotation.__args__[0] for model in CLIENT_MESSAGES)  # type: ignore[union-attr]


# -- reading a client frame ---------------------------------------------------------------------------------------

def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {quote(key)} is given twice")
        result[key] = value
    return result


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def parse_client(text: str | bytes) -> ClientMessage:
    """The client message a frame holds, or a ProtocolError saying why not: size first, then JSON, then schema."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if len(data) > MAX_FRAME_BYTES:
        raise ProtocolError(ErrorCode.TOO_LARGE,
                            f"the message is {len(data)} bytes; the limit is {MAX_FRAME_BYTES}")
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ProtocolError(ErrorCode.NOT_JSON, f"the message is not UTF-8 text (byte {error.start})") from None
    try:
        value = json.loads(decoded, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise ProtocolError(ErrorCode.NOT_JSON,
                            f"the message is not JSON: {error.msg.lower()} at character {error.pos}") from None
    except RecursionError:
        raise ProtocolError(ErrorCode.NOT_JSON, "the message is nested too deeply") from None
    except ValueError as error:
        raise ProtocolError(ErrorCode.NOT_JSON, f"the message is not JSON: {error}") from None
    client_id = value.get("id") if isinstance(value, dict) else None
    if not (type(client_id) is int and 0 <= client_id <= MAX_CLIENT_ID):
        client_id = None
    try:
        return _CLIENT.validate_python(value, strict=True)
    except ValidationError as error:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, describe(error), client_id) from None


def describe(error: ValidationError) -> str:
    """The errors of a validation in plain words, one clause each: "act.action: missing"; the first few only."""
    details = error.errors(include_url=False)
    clauses = [_describe_one(detail) for detail in details[:MAX_CLAUSES]]
    if len(details) > MAX_CLAUSES:
        more = len(details) - MAX_CLAUSES
        clauses.append(f"and {more} more problem{'s' if more > 1 else ''}")
    words = "; ".join(clauses)
    return words if len(words) <= MESSAGE_MAX else words[:MESSAGE_MAX - 3] + "..."


_FIELD_NAME = re.compile(r"^[a-z0-9_]{1,32}$")


def _loc_part(part: str | int) -> str:
    """A step of an error's location: a field's name as it is; anything else (a key the client made up) quoted."""
    text = str(part)
    return text if _FIELD_NAME.match(text) or text == "[key]" else quote(text)


_PLAIN: dict[str, str] = {
    "missing": "missing",
    "extra_forbidden": "not a field of this message",
    "string_type": "should be text",
    "int_type": "should be a whole number",
    "float_type": "should be a number",
    "bool_type": "should be true or false",
    "dict_type": "should be an object",
    "list_type": "should be a list",
    "none_required": "should be null",
    "model_type": "should be an object",
    "model_attributes_type": "should be an object",
}


def _describe_one(detail: ErrorDetails) -> str:
    kind = detail["type"]
    loc = [_loc_part(part) for part in detail["loc"]]
    ctx = detail.get("ctx", {})
    if kind == "union_tag_invalid":
        tag = detail["input"].get("type") if isinstance(detail["input"], dict) else None
        if not isinstance(tag, str):
            return "type: should be text, the name of a message"
        return f"unknown message type {quote(tag)}; the types are {', '.join(_CLIENT_TYPES)}"
    if kind == "union_tag_not_found":
        where = ".".join(loc)
        return f"{where + '.' if where else ''}type: missing; every message names its type"
    if not loc and kind in ("model_attributes_type", "model_type", "dict_type"):
        return "a message is a JSON object"
    if loc and loc[-1] == "[key]":
        key = quote(str(detail["loc"][-2]))
        prefix = ".".join(loc[:-2])
        if kind == "literal_error":
            return f"{prefix}: key {key} should be {ctx.get('expected', 'another key')}"
        return f"{prefix}: key {key}: {_PLAIN.get(kind, detail['msg'])}"
    where = ".".join(loc)
    if kind in _PLAIN:
        words = _PLAIN[kind]
    elif kind == "string_too_short":
        limit = ctx.get("min_length", 1)
        words = "should not be empty" if limit == 1 else f"should have at least {limit} characters"
    elif kind == "string_too_long":
        words = f"should have at most {ctx.get('max_length')} characters"
    elif kind in ("greater_than_equal", "less_than_equal"):
        low_high = "at least" if kind == "greater_than_equal" else "at most"
        words = f"should be {low_high} {ctx.get('ge', ctx.get('le'))}"
    elif kind == "too_long":
        words = f"should have at most {ctx.get('max_length')} entries"
    elif kind == "literal_error" or kind == "enum":
        words = f"should be {ctx.get('expected')}"
    else:
        words = detail["msg"]
        words = words[:1].lower() + words[1:]
    return f"{where}: {words}" if where else words


# -- rate ------------------------------------------------------------------------------------------------------

class RateLimit:
    """A token bucket: ``rate`` messages a second on average, ``burst`` at once. One per connection; the server
    asks ``allow()`` for each frame and answers ``rate_limited`` (dropping the frame) when it says no.

    The clock is injectable so that tests need not sleep."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: int = RATE_BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("a rate limit needs a positive rate and a burst of at least 1")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def allow(self) -> bool:
        """Take one token if there is one: True, the message may pass; False, it is over the limit."""
        now = self._clock()
        elapsed = max(0.0, now - self._last)
        self._last = now
        self._tokens = min(float(self.burst), self._tokens + elapsed * self.rate)
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


# -- the document --------------------------------------------------------------------------------------------------

def _schema(model: type[BaseModel]) -> str:
    return json.dumps(model.model_json_schema(), indent=2, ensure_ascii=False)


def _wire_schema() -> dict[str, Any] | None:
    """The wire module's JSON Schema of actions, events, views and updates, when it is there."""
    try:
        wire = importlib.import_module("spades.wire")
    except ImportError:
        return None
    schemas: dict[str, Any] = wire.json_schema()
    return schemas


def _message_name(model: type[ClientBase] | type[ServerBase]) -> str:
    return str(model.model_fields["type"].annotation.__args__[0])  # type: ignore[union-attr]


def _doc(model: type[BaseModel]) -> str:
    return " ".join((model.__doc__ or "").split())


def render_docs() -> str:
    """docs/protocol.md, from the models."""
    out: list[str] = []
    add = out.append
    add("# The room's protocol\n")
    add("<!-- Generated by `python -m spades.room.protocol` from src/spades/room/protocol.py; do not edit. -->\n")
    add("A client talks to `spades serve` over one websocket at `/ws`, in JSON text frames: one message a frame, "
        "each a JSON object whose `type` names the message. A client message may carry `id`, any whole number "
        "of the client's; the reply to it (an error included) carries the same `id` back. Messages the server "
        "sends on its own (updates to the other seats, table changes) carry no `id`.\n")
    add("Every client message is checked in this order, and a refused one is answered with an `error` message "
        "and changes nothing; the connection and the table go on:\n")
    add(f"1. size: at most {MAX_FRAME_BYTES} bytes (`too_large`);\n"
        f"2. rate: at most {RATE_PER_SECOND:g} messages a second per connection, in bursts of up to {RATE_BURST} "
        "(a token bucket; `rate_limited`);\n"
        "3. JSON: UTF-8 JSON text, no repeated keys, no NaN or Infinity (`not_json`);\n"
        "4. schema: a known `type`, every field present and of its type, no other field, texts and numbers "
        "within their bounds (`bad_message`); the message names the field: `act.action: missing`;\n"
        "5. the room: signed in, the table there, a seat there, whose turn, the action legal (the other codes).\n")
    add(f"Names are 1 to {NAME_MAX} printable characters, with single spaces between words; passwords "
        f"{PASSWORD_MIN} to {PASSWORD_MAX} characters. Every text the room sends (names, error messages, said "
        "lines) is plain text, to be shown as text and never read as markup; an error quotes at most "
        f"{QUOTE_MAX} characters of what the client sent, with markup characters escaped.\n")
    add("A client never receives a card it may not see: a seat's view holds its own hand only, and a "
        "spectator's no hand.\n")
    add("## Error codes\n")
    add("| code | meaning |\n|---|---|")
    for code in ErrorCode:
        add(f"| `{code.value}` | {ERROR_MEANINGS[code]} |")
    add("")
    add("## Client to server\n")
    for client in CLIENT_MESSAGES:
        name = _message_name(client)
        add(f"### `{name}` (client to server)\n")
        add(_doc(client) + "\n")
        add(f"Replies: {client.replies}.\n")
        add("Example:\n\n```json\n" + json.dumps(client.example, ensure_ascii=False) + "\n```\n")
        add("JSON Schema:\n\n```json\n" + _schema(client) + "\n```\n")
    add("## Server to client\n")
    for server in SERVER_MESSAGES:
        name = _message_name(server)
        add(f"### `{name}` (server to client)\n")
        add(_doc(server) + "\n")
        add(f"Sent: {server.sent_when}.\n")
        add("Example:\n\n```json\n" + json.dumps(server.example, ensure_ascii=False) + "\n```\n")
        add("JSON Schema:\n\n```json\n" + _schema(server) + "\n```\n")
    wire_schema = _wire_schema()
    if wire_schema is not None:
        add("## The game's wire forms (spades.wire)\n")
        add("An update's `events` are each an `event` and its `view` is a `view` of this schema (its `$defs`); "
            "`action` is the text an `act` message sends and a view's `legal` lists, `rules` the form of a "
            "table's rules.\n")
        add("```json\n" + json.dumps(wire_schema, indent=2, ensure_ascii=False) + "\n```\n")
    return "\n".join(out).rstrip("\n") + "\n"


def encode(message: ServerBase) -> str:
    """A server message's frame: its JSON text, without ``id`` when it answers no client message."""
    exclude = {name for name in ("id", *message.omitted_when_null) if getattr(message, name) is None}
    return message.model_dump_json(exclude=exclude or None)


def parse_server(text: str | bytes) -> ServerMessage:
    """The server message a frame holds (for clients and tests); a frame that is not one raises
    ``pydantic.ValidationError`` (or ``ValueError`` for text that is not JSON)."""
    return _SERVER.validate_json(text)


if __name__ == "__main__":
    import sys

    sys.stdout.write(render_docs())
