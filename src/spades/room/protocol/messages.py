"""Every message of the room, both ways, as pydantic models; reading a client frame (size, JSON, schema) and
writing a server one. The models' docstrings and examples are the protocol's documentation."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AwareDatetime, Field, TypeAdapter, ValidationError, model_validator

from ...language import _
from ...words.keymap import asked_keys, find
from .base import ClientBase, ServerBase, _no_constant, frame_id
from .chat import (
    Chat,
    ChatHistory,
    ChatLine,
    ChatLog,
    ChatMode,
    ChatSettings,
    ChatSettingsInfo,
    Mute,
    Muted,
    Removed,
    RemovePerson,
)
from .codes import (
    COACH_LINES,
    MAX_CLIENT_ID,
    MAX_FRAME_BYTES,
    MAX_SEATS,
    MESSAGE_MAX,
    WATCHING_MAX,
    ErrorCode,
    ProtocolError,
)
from .fields import (
    ACTION_MAX,
    ActionText,
    ClockForm,
    ClockState,
    Cursor,
    Device,
    Level,
    LoginPassword,
    Name,
    Password,
    Player,
    RulesForm,
    Seat,
    SeatKey,
    TableId,
    TableInfo,
    Token,
    check_ranges,
    quote,
)
from .friends import Block, Blocked, Friend, Friends, FriendsRequest, Invite
from .language import Language, LanguageInfo, Spoken
from .lobby import Lobby, LobbyList
from .moderation import AuditLog, AuditRequest, Moderate, Notice, Report, ReportQueue, ReportsRequest, Roles, SetRole
from .queue import LeaveQueue, QueueState, Quick, QuickComputer, RematchAnswer, RematchState
from .ratings import Leaderboard, LeaderboardRequest, Rating, Stats, StatsRequest
from .schema_words import describe
from .tournaments import (
    Tournament,
    TournamentCreate,
    TournamentEnter,
    TournamentLeave,
    TournamentRequest,
    TournamentStart,
)

# -- client to server --------------------------------------------------------------------------------------------


class Register(ClientBase):
    """Register a new player with a name and password, and sign in as them."""

    replies = "welcome; error name_taken"
    example = {"type": "register", "id": 1, "name": "Ada", "password": "correct horse"}
    type: Literal["register"]
    name: Name
    password: Password
    device: Device = None


class Login(ClientBase):
    """Sign in as a registered player."""

    replies = "welcome; error bad_password, no_such_player"
    example = {"type": "login", "id": 1, "name": "Ada", "password": "correct horse"}
    type: Literal["login"]
    name: Name
    password: LoginPassword
    device: Device = None


class Guest(ClientBase):
    """Sign in as a guest, under a name of one's own or one the room gives. A guest has no statistics kept."""

    replies = "welcome; error name_taken"
    example = {"type": "guest", "name": "Visitor"}
    type: Literal["guest"]
    name: Name | None = None
    device: Device = None


class Resume(ClientBase):
    """Sign in again with the token of an earlier welcome, after a dropped connection. The player returns to
    their seats: each table they sit at sends an update with the whole state, and a said line of where it stands."""

    replies = "welcome, then table, update and said for each table the player sits at; error session_expired"
    example = {"type": "resume", "token": "Xv1pQm3c9w8RkT5yLh0NsBfA2eJd7uGq4iZoPa6WtYE"}
    type: Literal["resume"]
    token: Token
    device: Device = None


class Create(ClientBase):
    """Create a table with any variant and options; the sender owns it. Seats named in levels are played by the
    computer at that level (a person may still sit there before the start); the others wait for people."""

    replies = "table (the new table; the owner is not seated: send join)"
    example = {"type": "create", "id": 2, "rules": {"variant": "standard", "options": {"target": 300}},
               "levels": {"1": "normal", "3": "normal"}, "timeout": 60, "pace": 1.0}
    type: Literal["create"]
    rules: RulesForm
    levels: dict[SeatKey, Level] = Field(default={}, max_length=MAX_SEATS,
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
    autostart: bool = Field(default=False, description="start the game by itself once every seat has a person or "
                            "a computer (the owner need not send start)")
    chat: ChatMode = Field(default="on", description="the table's chat: on, off, or between_hands (only while no "
                           "trick is being played); the owner changes it with chat_settings")
    spectator_chat: bool = Field(default=True, description="whether the players see the spectators' chat")
    clock: ClockForm | None = Field(default=None, description="a turn clock (none by default): when a person's "
                                    "time runs out the computer takes that one action for them, and they keep the "
                                    "seat")
    private: bool = Field(default=False, description="a private table: listed in the lobby only to the owner's "
                          "friends and the players invited, and taken only by them, by its invitation link (the "
                          "table message's invite) or by an invitation")
    watchers: bool = Field(default=True, description="a private table: whether anyone allowed to come to it may "
                           "watch it (false: only its players)")

    @model_validator(mode="after")
    def _in_range(self) -> Create:
        check_ranges(dict(self.rules.options))
        return self

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
    more_time: bool = Field(default=False, description="the player asks for more time: at a table whose clock "
                            "allows it, their bank is doubled (a screen reader's player is not held to a clock "
                            "tuned for the mouse)")
    invite: Annotated[str, Field(min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$")] | None = Field(
        default=None, description="the code of a private table's invitation link (its ?invite= part), which lets "
        "its holder in")


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
    """Ask for everything after the cursor: the public events the client is missing and its view now (only at the
    table, as ask)."""

    replies = "update; error not_seated, removed"
    example = {"type": "sync", "table": 7, "cursor": 0}
    type: Literal["sync"]
    table: TableId
    cursor: Cursor


ASK_KEYS = asked_keys()  # the keymap's reading keys, its hint and its coach
if TYPE_CHECKING:
    AskKey = str
else:  # the allowed keys, and the schema's enum, are the keymap's
    AskKey = Literal[ASK_KEYS]


def _ask_key_words() -> str:
    """The key field's description: each key the room answers, and what it says, from the keymap."""
    return "the key asked, of the keymap's: " + ", ".join(f"{key} ({entry.help})" for key in ASK_KEYS
                                                          if (entry := find(key)))


class Ask(ClientBase):
    """Ask what one of the terminal table's keys says, for one's seat (or as a spectator): a reading key of the
    keymap, x for a hint (the computer's choice for the seat and its reason; the ``said`` carries the action too),
    or C for the coach's review of one's own bids and cards in the finished hand ``hand`` (the ``said`` carries
    every line of it; the search takes a second or two). The answer is the terminal's own words, so both tables
    say the same. With ``hand`` (a hand that is over), b, c, r, t, w and h are about that hand, as the terminal
    answers between hands until the player goes on to the next one. Only a connection at the table (seated, or
    watching after join) is answered, so the table knows who reads it; a player with a seat there is taken back to
    it first."""

    replies = "said; error no_such_table, not_seated (join the table first, to watch or at a seat), removed"
    example = {"type": "ask", "id": 14, "table": 7, "key": "b"}
    type: Literal["ask"]
    table: TableId
    key: AskKey = Field(description=_ask_key_words())
    hand: Annotated[int, Field(ge=1, le=10_000)] | None = Field(
        default=None, description="a finished hand the player is still reading about; null: the hand now")


class Ping(ClientBase):
    """Check the connection is alive."""

    replies = "pong"
    example = {"type": "ping", "id": 99}
    type: Literal["ping"]


# -- server to client --------------------------------------------------------------------------------------------

class Welcome(ServerBase):
    """The player is signed in. The token signs them in again with resume until it expires."""

    sent_when = "in reply to register, login, guest or resume"
    example = {"type": "welcome", "id": 1, "player": {"name": "Ada", "guest": False},
               "token": "Xv1pQm3c9w8RkT5yLh0NsBfA2eJd7uGq4iZoPa6WtYE", "expires": "2026-12-30T10:50:00Z", "lang": "en"}
    type: Literal["welcome"]
    player: Player
    token: Token
    expires: AwareDatetime = Field(description="when the token stops working (ISO 8601, UTC)")
    lang: Spoken = Field(default="en", description="the language the room says everything to this connection in")


class Error(ServerBase):
    """A message was refused, and why. Nothing changed; the connection and the table go on."""

    sent_when = "in reply to any message that is refused (the codes are listed above)"
    example = {"type": "error", "id": 12, "code": "not_your_turn", "message": "it is not your turn"}
    type: Literal["error"]
    code: ErrorCode
    message: Annotated[str, Field(max_length=MESSAGE_MAX,
                                  description="why, in plain words (plain text, not markup)")]


class Table(TableInfo, ServerBase):
    """A table's seats, owner, rules and state."""

    sent_when = ("in reply to create, and to everyone at the table (seated or watching) when its seats, levels "
                 "or state change, or someone comes to watch it or leaves it")
    example = {"type": "table", "id": 2, **LobbyList.example["tables"][0], "watching": ["Cy"]}
    type: Literal["table"]
    watching: list[Name] = Field(default_factory=list, max_length=WATCHING_MAX, description=(
        "the signed-in people watching the table (at no seat of it), by name, as far as the process of the room "
        f"that sends it holds their connections; at most {WATCHING_MAX}"))


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
                 "offered": None, "discards": [], "blind_nil_allowed": False, "passed": [], "received": [],
                 "pass_to": None},
        "lines": [["East plays the jack of diamonds."], ["South plays the five of diamonds."],
                  ["West plays the four of diamonds."], ["East wins trick 1 with the jack of diamonds."],
                  ["East plays the ten of clubs."]],
        "brief": [[], [], [], ["East wins trick 1 with the jack of diamonds. North ten of diamonds, East jack of "
                               "diamonds, South five of diamonds, West four of diamonds."],
                  ["East led the ten of clubs."]],
        "prompt": "Your turn. Three of clubs is selected.", "unplayable": "you must follow clubs"}
    omitted_when_null = ("unplayable", "clock", "timed")
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
    unplayable: Annotated[str, Field(max_length=MESSAGE_MAX)] | None = Field(
        default=None, description="in play, on the receiver's turn: why the cards of its hand that are not in the "
        "view's legal may not be played now, the engine's reason (\"you must follow clubs\"), said as each such "
        "card is reached; left out when every card may be played or it is not the receiver's card to play")
    clock: ClockState | None = Field(default=None, description="at a table with a clock: the clock now (whose "
                                     "turn it runs for, the seconds left, the deadline, every seat's bank); left "
                                     "out at a table without one")
    timed: list[Cursor] | None = Field(default=None, description="the events of "
                                       "this update (by index: the first event is 0) that are actions the computer "
                                       "took because the seat's clock ran out; their lines say so; left out when none")


class Said(ServerBase):
    """A line to say to the player, such as where the game stands on their return."""

    sent_when = ("when a player returns to a table under way (join or resume), when the computer takes or hands "
                 "back a seat, to the seat whose clock has ten seconds left, and in reply to ask")
    example = {"type": "said", "table": 7, "text": "Back at the table: hand 3, trick 5, your turn."}
    omitted_when_null = ("action", "lines", "alert")
    type: Literal["said"]
    table: TableId
    text: Annotated[str, Field(max_length=MESSAGE_MAX, description="plain text, never markup")]
    action: Annotated[str | None, Field(max_length=ACTION_MAX, description="with the answer to the hint key x: "
                                        "the action suggested (a card becomes the selected one)")] = None
    lines: Annotated[list[Annotated[str, Field(max_length=MESSAGE_MAX)]] | None, Field(
        max_length=COACH_LINES, description="with the answer to the coach key C: every line of the review in "
        "order, the first being text; said one after another")] = None
    alert: Literal["time"] | None = Field(default=None, description="time: the clock's one warning, ten seconds "
                                          "before the computer acts for the receiver (the web table sounds it too)")


class Pong(ServerBase):
    """The connection is alive."""

    sent_when = "in reply to ping"
    example = {"type": "pong", "id": 99}
    type: Literal["pong"]


CLIENT_MESSAGES: tuple[type[ClientBase], ...] = (
    Register, Login, Guest, Resume, Lobby, Create, Join, Stand, SetLevel, Start, Remove, Act, Sync, Ask,
    StatsRequest, Ping, LeaderboardRequest, Quick, LeaveQueue, QuickComputer, RematchAnswer, Chat, ChatHistory, Mute,
    ChatSettings, RemovePerson, TournamentCreate, TournamentEnter, TournamentLeave, TournamentStart, TournamentRequest,
    Report, ReportsRequest, Moderate, AuditRequest, SetRole, Friend, FriendsRequest, Block, Invite, Language,
)
SERVER_MESSAGES: tuple[type[ServerBase], ...] = (
    Welcome, Error, LobbyList, Table, Update, Said, Stats, Pong, Rating, Leaderboard, QueueState, RematchState,
    ChatLine, ChatLog, Muted, ChatSettingsInfo, Removed, Tournament, ReportQueue, AuditLog, Roles, Notice, Friends,
    Blocked, LanguageInfo,
)

ClientMessage = Annotated[
    Register | Login | Guest | Resume | Lobby | Create | Join | Stand | SetLevel | Start | Remove | Act | Sync | Ask
    | StatsRequest | Ping | LeaderboardRequest | Quick | LeaveQueue | QuickComputer | RematchAnswer | Chat
    | ChatHistory | Mute | ChatSettings | RemovePerson | TournamentCreate | TournamentEnter | TournamentLeave
    | TournamentStart | TournamentRequest | Report | ReportsRequest | Moderate | AuditRequest | SetRole | Friend
    | FriendsRequest | Block | Invite | Language,
    Field(discriminator="type"),
]
ServerMessage = Annotated[
    Welcome | Error | LobbyList | Table | Update | Said | Stats | Pong | Rating | Leaderboard | QueueState
    | RematchState | ChatLine | ChatLog | Muted | ChatSettingsInfo | Removed | Tournament | ReportQueue | AuditLog
    | Roles | Notice | Friends | Blocked | LanguageInfo,
    Field(discriminator="type"),
]
_CLIENT: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)
_SERVER: TypeAdapter[ServerMessage] = TypeAdapter(ServerMessage)


def error_reply(error: ProtocolError, id: int | None = None) -> Error:  # ``id``: the message it answers, if known
    return Error(type="error", id=error.id if id is None else id, code=error.code, message=error.message[:MESSAGE_MAX])


def message_type(model: type[ClientBase] | type[ServerBase]) -> str:
    """The ``type`` a message model's frames carry."""
    return str(model.model_fields["type"].annotation.__args__[0])  # type: ignore[union-attr]


_CLIENT_TYPES = tuple(message_type(model) for model in CLIENT_MESSAGES)


# -- reading a client frame ---------------------------------------------------------------------------------------
def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            raise ValueError(_("the key {key} is given twice", key=quote(key)))
        seen.add(key)
    return dict(pairs)


def parse_client(text: str | bytes) -> ClientMessage:
    """The client message a frame holds, or a ProtocolError saying why not: size first, then JSON, then schema."""
    data = text.encode("utf-8", "surrogatepass") if isinstance(text, str) else text
    if len(data) > MAX_FRAME_BYTES:
        raise ProtocolError(ErrorCode.TOO_LARGE, _("the message is {size} bytes; the limit is {limit}",
                                                   size=len(data), limit=MAX_FRAME_BYTES), frame_id(data))
    try:
        decoded = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ProtocolError(ErrorCode.NOT_JSON, _("the message is not UTF-8 text (byte {byte})",
                                                  byte=error.start)) from None
    try:
        value = json.loads(decoded, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        # Translators: {why} is Python's own words for what is wrong, in English ("expecting value").
        raise ProtocolError(ErrorCode.NOT_JSON, _("the message is not JSON: {why} at character {at}",
                                                  why=error.msg.lower(), at=error.pos)) from None
    except RecursionError:
        raise ProtocolError(ErrorCode.NOT_JSON, _("the message is nested too deeply")) from None
    except ValueError as error:
        raise ProtocolError(ErrorCode.NOT_JSON, _("the message is not JSON: {why}", why=str(error))) from None
    client_id = value.get("id") if isinstance(value, dict) else None
    if not (type(client_id) is int and 0 <= client_id <= MAX_CLIENT_ID):
        client_id = None
    try:
        return _CLIENT.validate_python(value, strict=True)
    except ValidationError as error:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, describe(error, _CLIENT_TYPES), client_id) from None



def encode(message: ServerBase) -> str:
    """A server message's frame: its JSON text, without ``id`` when it answers no client message."""
    exclude = {name for name in ("id", *message.omitted_when_null) if getattr(message, name) is None}
    return message.model_dump_json(exclude=exclude or None)


def parse_server(text: str | bytes) -> ServerMessage:
    """The server message a frame holds (for clients and tests); a frame that is not one raises
    ``pydantic.ValidationError`` (or ``ValueError`` for text that is not JSON)."""
    return _SERVER.validate_json(text)
