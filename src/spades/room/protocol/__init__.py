"""The room's protocol: every message both ways, the limits a client is held to, the error codes.

The room speaks JSON text frames over one websocket. A client frame is checked in a fixed order, each check with
its own error code: its size (``too_large``), that it is JSON (``not_json``), then its schema (``bad_message``): a
known ``type``, every field present and of its type, no field besides, every text bounded. What needs the room's
state (whose turn, whether the action is legal, who owns the table) is checked by the room, which answers with
the other codes of ``ErrorCode``. A refused message changes nothing, and the connection and the table go on.

The package's modules: ``codes`` (limits, error codes, the refusal), ``fields`` (field types and shared parts),
``messages`` (the messages, reading and writing frames), ``schema_words`` (validation errors in plain words) and
``docs`` (``python -m spades.room.protocol`` prints ``docs/protocol.md`` from the models; a test checks the
committed file matches). Views and events travel in the wire form of ``spades.wire``, carried as JSON objects."""

from .codes import (
    COACH_LINES as COACH_LINES,
)
from .codes import (
    ERROR_MEANINGS as ERROR_MEANINGS,
)
from .codes import (
    GUESTS_PER_ADDRESS as GUESTS_PER_ADDRESS,
)
from .codes import (
    LOGIN_DELAY_FIRST as LOGIN_DELAY_FIRST,
)
from .codes import (
    LOGIN_DELAY_MAX as LOGIN_DELAY_MAX,
)
from .codes import (
    LOGIN_FORGET_AFTER as LOGIN_FORGET_AFTER,
)
from .codes import (
    LOGIN_FREE_PER_ADDRESS as LOGIN_FREE_PER_ADDRESS,
)
from .codes import (
    LOGIN_FREE_PER_NAME as LOGIN_FREE_PER_NAME,
)
from .codes import (
    MAX_CLAUSES as MAX_CLAUSES,
)
from .codes import (
    MAX_CLIENT_ID as MAX_CLIENT_ID,
)
from .codes import (
    MAX_CURSOR as MAX_CURSOR,
)
from .codes import (
    MAX_FRAME_BYTES as MAX_FRAME_BYTES,
)
from .codes import (
    MAX_SEAT as MAX_SEAT,
)
from .codes import (
    MAX_TABLE_ID as MAX_TABLE_ID,
)
from .codes import (
    MESSAGE_MAX as MESSAGE_MAX,
)
from .codes import (
    NAME_MAX as NAME_MAX,
)
from .codes import (
    PASSWORD_CHECKS_AT_ONCE as PASSWORD_CHECKS_AT_ONCE,
)
from .codes import (
    PASSWORD_CHECKS_WAITING as PASSWORD_CHECKS_WAITING,
)
from .codes import (
    PASSWORD_MAX as PASSWORD_MAX,
)
from .codes import (
    PASSWORD_MIN as PASSWORD_MIN,
)
from .codes import (
    QUOTA_WINDOW as QUOTA_WINDOW,
)
from .codes import (
    QUOTE_MAX as QUOTE_MAX,
)
from .codes import (
    RATE_BURST as RATE_BURST,
)
from .codes import (
    RATE_PER_SECOND as RATE_PER_SECOND,
)
from .codes import (
    REGISTRATIONS_PER_ADDRESS as REGISTRATIONS_PER_ADDRESS,
)
from .codes import (
    TOKEN_MAX as TOKEN_MAX,
)
from .codes import (
    TOKEN_MIN as TOKEN_MIN,
)
from .codes import (
    ErrorCode as ErrorCode,
)
from .codes import (
    ProtocolError as ProtocolError,
)
from .codes import (
    Refusal as Refusal,
)
from .docs import render_docs as render_docs
from .fields import (
    ACTION_MAX as ACTION_MAX,
)
from .fields import (
    ACTION_PATTERN as ACTION_PATTERN,
)
from .fields import (
    NAME_PATTERN as NAME_PATTERN,
)
from .fields import (
    TOKEN_PATTERN as TOKEN_PATTERN,
)
from .fields import (
    ActionText as ActionText,
)
from .fields import (
    ClientId as ClientId,
)
from .fields import (
    Cursor as Cursor,
)
from .fields import (
    Level as Level,
)
from .fields import (
    Name as Name,
)
from .fields import (
    OptionValue as OptionValue,
)
from .fields import (
    Part as Part,
)
from .fields import (
    Password as Password,
)
from .fields import (
    Player as Player,
)
from .fields import (
    RulesForm as RulesForm,
)
from .fields import (
    Seat as Seat,
)
from .fields import (
    SeatInfo as SeatInfo,
)
from .fields import (
    SeatKey as SeatKey,
)
from .fields import (
    TableId as TableId,
)
from .fields import (
    TableInfo as TableInfo,
)
from .fields import (
    TableState as TableState,
)
from .fields import (
    Token as Token,
)
from .fields import (
    quote as quote,
)
from .messages import (
    CLIENT_MESSAGES as CLIENT_MESSAGES,
)
from .messages import (
    SERVER_MESSAGES as SERVER_MESSAGES,
)
from .messages import (
    Act as Act,
)
from .messages import (
    Ask as Ask,
)
from .messages import (
    AskKey as AskKey,
)
from .messages import (
    ClientBase as ClientBase,
)
from .messages import (
    ClientMessage as ClientMessage,
)
from .messages import (
    Count as Count,
)
from .messages import (
    Create as Create,
)
from .messages import (
    Error as Error,
)
from .messages import (
    Guest as Guest,
)
from .messages import (
    Join as Join,
)
from .messages import (
    Lobby as Lobby,
)
from .messages import (
    LobbyList as LobbyList,
)
from .messages import (
    Login as Login,
)
from .messages import (
    Ping as Ping,
)
from .messages import (
    Pong as Pong,
)
from .messages import (
    Register as Register,
)
from .messages import (
    Remove as Remove,
)
from .messages import (
    Resume as Resume,
)
from .messages import (
    Said as Said,
)
from .messages import (
    ServerBase as ServerBase,
)
from .messages import (
    ServerMessage as ServerMessage,
)
from .messages import (
    SetLevel as SetLevel,
)
from .messages import (
    Stand as Stand,
)
from .messages import (
    Start as Start,
)
from .messages import (
    Stats as Stats,
)
from .messages import (
    StatsRequest as StatsRequest,
)
from .messages import (
    Sync as Sync,
)
from .messages import (
    Table as Table,
)
from .messages import (
    Update as Update,
)
from .messages import (
    Welcome as Welcome,
)
from .messages import (
    encode as encode,
)
from .messages import (
    message_type as message_type,
)
from .messages import (
    parse_client as parse_client,
)
from .messages import (
    parse_server as parse_server,
)
from .schema_words import describe as describe
