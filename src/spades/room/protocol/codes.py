"""The limits a client is held to, the error codes of a refusal and what each means, and the one exception that
carries a refusal with its code: every refusal of the room, at whatever layer, becomes an ``error`` message with
one of these codes."""

from __future__ import annotations

from enum import StrEnum

from ...errors import SpadesError
from ...language import n_
from ..identity import names as _names
from ..identity.auth import TOKEN_LIFETIME_DAYS as TOKEN_LIFETIME_DAYS  # a session token's life, stated here

MAX_FRAME_BYTES = 4096
RATE_PER_SECOND = 20.0
RATE_BURST = 40
NAME_MAX = _names.NAME_MAX  # one limit for the protocol and the store
PASSWORD_MIN = 8
PASSWORD_MAX = 128
TOKEN_MIN = 16
TOKEN_MAX = 128
MAX_SEAT = 5  # up to six seats, 0 to 5 (a table uses 0 to players - 1; the server refuses a seat not at the table)
MAX_SEATS = MAX_SEAT + 1
MAX_TABLE_ID = 2**31 - 1
MAX_CURSOR = 1_000_000
MAX_CLIENT_ID = 2**53 - 1  # every such number survives a JavaScript client unchanged
QUOTE_MAX = 20  # at most this many characters of the client's input are quoted back in an error
MAX_CLAUSES = 3  # an error message names at most this many problems, so that it stays short whatever was sent
MESSAGE_MAX = 500  # characters of an error message or a said line
COACH_LINES = 8  # lines of the coach's review in one said: a heading and the costliest few choices

# Signing in (spades.room.social.signin), counted by each room process on its own.
LOGIN_FREE_PER_NAME = 5  # failed logins of one name before each further try must wait
LOGIN_FREE_PER_ADDRESS = 20  # failed logins (and registrations of a taken name) from one address, likewise
LOGIN_DELAY_FIRST = 1.0  # seconds of the first wait; each further failure doubles it...
LOGIN_DELAY_MAX = 300.0  # ...up to this many seconds
LOGIN_FORGET_AFTER = 3600.0  # seconds after its last failure that a name's or an address's count is forgotten
REGISTRATIONS_PER_ADDRESS = 10  # new players registered from one address in any hour
GUESTS_PER_ADDRESS = 20  # guests made from one address in any hour
QUOTA_WINDOW = 3600.0  # the hour of those two, in seconds
PASSWORD_CHECKS_AT_ONCE = 1  # passwords hashed or verified at once (argon2 takes about 0.15 s of two cores)
PASSWORD_CHECKS_WAITING = 32  # sign-ins that may wait for it; one more is refused as busy
SIGN_INS_AT_ONCE = 8  # sign-ins a process works on at once; the others wait their turn

# The room's own (spades.room: app, connections, seating).
TRANSPORT_MAX_BYTES = 16 * MAX_FRAME_BYTES  # longer frames are cut by the websocket layer from their header, unread
SEND_QUEUE_MAX = 256  # frames waiting to be sent to one connection; a whole game is about 60 updates a seat
SEND_QUEUE_BYTES = 1 << 20  # and their characters: a whole game's update from its start is about 30 KB
SOCKET_SEND_BUFFER = 1 << 18  # the kernel's send buffer of each connection (spades serve sets it)
CLOSE_NOT_READING = 4008  # the close code of a connection whose client stopped reading
CLOSE_SANCTIONED = 4009  # the close code of a suspended or banned player's connections, after the notice why
CLOSE_ORIGIN = 4003  # the close code (an HTTP 403 to the handshake) for a page of another site
MAX_OPEN_TABLES = 5  # tables a player owns that are waiting or under way
# The lobby (spades.room.lobby.listing): a page of tables, one encoded copy made for every asker until a change.
LOBBY_PAGE = 50  # tables a lobby page lists (waiting ones first); finished tables are never listed
MAX_LOBBY_PAGE = 10_000  # the highest page a lobby message may ask for (a page past the last one is empty)
GUEST_HOLD_MINUTES = 30  # a guest's name is kept this long after their last connection closed (unless signed out)
TABLE_WAIT_MINUTES = 60.0  # a table not started this long after its making closes (a sixth of it: no one seated)
LOBBY_MAX_TABLES = 5_000  # the lobby lists at most this many tables, the newest (a waiting table expires meanwhile)
LOBBY_PER_SECOND = 1.0  # lobby lists one connection may ask for a second on average...
LOBBY_BURST = 10  # ...in bursts of up to this many
# What anyone may ask without signing in (the lobby, a player's figures, the leaderboard, and every /api/ route
# over HTTP) is also counted for the client's address, over all its connections and requests: a flood from many
# connections of one address is held as one.
ANONYMOUS_PER_SECOND = 10.0
ANONYMOUS_BURST = 60
ANONYMOUS_ROOM_PER_SECOND = 60.0  # ...and from every address together, to a server process
ANONYMOUS_ROOM_BURST = 120
# Quick play (spades.room.lobby.queue).
QUICK_WAIT_DEFAULT = 30.0  # seconds a player waits for people before the computer is offered
QUICK_WAIT_MIN = 5.0
QUICK_WAIT_MAX = 600.0
QUICK_SETTLE = 1.0  # seconds the room lets a queue settle after a change before it seats, so that people who
# come at once are seated by rating rather than by the order of their arrival
QUEUE_HEARTBEAT = 10.0  # seconds between a process's signs of life for the queue rows of its connections
QUEUE_STALE = 60.0  # a queue row whose process gave no sign of life for this long is dropped

# Chat (spades.room.social.chat): the rate is counted for each player across all their connections to one process.
CHAT_MAX = 200  # characters of a chat message, after NFC normalisation and stripping the ends' whitespace
CHAT_INPUT_MAX = 1000  # characters a chat frame may carry at all (longer is bad_message; over CHAT_MAX, too long)
CHAT_RATE_MESSAGES = 5  # chat messages a player may send...
CHAT_RATE_SECONDS = 10.0  # ...in any this many seconds; one more is refused with the seconds to wait
CHAT_EARLIER = 5  # messages someone coming to a table (or the lobby) hears of what was said before
CHAT_READBACK = 10  # messages chat_history reads back
MUTES_MAX = 500  # players one player may mute
WATCHING_MAX = 100  # spectators a table message names (the first by name; more are not listed)


TOURNAMENTS_PER_PLAYER = 2  # tournaments a player directs that are not over
ENTRIES_PER_PLAYER = 4  # tournaments not over a player is entered in
TOURNAMENT_NAME_MAX = 40
TOURNAMENT_ROUNDS_MAX = 16
TOURNAMENT_HANDS_MAX = 20
TOURNAMENT_ENTRIES_MAX = 64
TOURNAMENT_BOARDS_MAX = 4  # a duplicate's boards a round
TOURNAMENTS_LISTED = 30  # tournaments in the list, at most

# Governance (spades.room.moderation, spades.room.friends).
REPORT_REASON_MAX = 200  # characters of a report's reason, or of a moderator's
REPORTS_PER_HOUR = 10  # reports one player may make in any hour
REPORT_CONTEXT = 6  # chat lines a report keeps: the line reported and those said just before it
REPORTS_LISTED = 50  # open reports the moderators' queue sends at once, the oldest first
AUDIT_PAGE = 100  # lines of the audit log in one reply
SANCTION_MINUTES_MAX = 60 * 24 * 365  # the longest mute or suspension; a ban has no end
FRIENDS_MAX = 200  # friends and requests one player may have
BLOCKS_MAX = 500  # players one player may block
INVITES_PER_MINUTE = 10  # invitations one player may send in any minute


def minutes_words(minutes: float) -> str:
    """A period in words, in the language in force: "45 minutes", "3 hours", "2 days"."""
    whole = max(1, round(minutes))
    if whole % (60 * 24) == 0:
        return n_("{n} day", "{n} days", whole // (60 * 24))
    if whole % 60 == 0:
        return n_("{n} hour", "{n} hours", whole // 60)
    return n_("{n} minute", "{n} minutes", whole)


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
    TOO_MANY_ATTEMPTS = "too_many_attempts"
    TOO_MANY_REGISTRATIONS = "too_many_registrations"
    TOO_MANY_GUESTS = "too_many_guests"
    BUSY = "busy"
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
    TOO_MANY_TABLES = "too_many_tables"
    NOT_QUEUED = "not_queued"
    WAIT_NOT_OVER = "wait_not_over"
    LEFT_EARLY = "left_early"
    NO_REMATCH = "no_rematch"
    CHAT_OFF = "chat_off"
    CHAT_BETWEEN_HANDS = "chat_between_hands"
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_TEXT = "chat_text"
    CHAT_FLOOD = "chat_flood"
    NOT_IN_LOBBY = "not_in_lobby"
    REMOVED = "removed"
    NO_SUCH_TOURNAMENT = "no_such_tournament"
    TOURNAMENT_STARTED = "tournament_started"
    TOURNAMENT_FULL = "tournament_full"
    TOO_MANY_TOURNAMENTS = "too_many_tournaments"
    NOT_ENTERED = "not_entered"
    NOT_MODERATOR = "not_moderator"
    NOT_ADMIN = "not_admin"
    NO_SUCH_REPORT = "no_such_report"
    TOO_MANY_REPORTS = "too_many_reports"
    MUTED = "muted"
    SUSPENDED = "suspended"
    BANNED = "banned"
    NOT_REGISTERED = "not_registered"
    NOT_FRIENDS = "not_friends"
    BLOCKED = "blocked"
    PRIVATE_TABLE = "private_table"
    NO_WATCHERS = "no_watchers"
    SERVER_ERROR = "server_error"


ERROR_MEANINGS: dict[ErrorCode, str] = {
    ErrorCode.TOO_LARGE: f"the frame is longer than {MAX_FRAME_BYTES} bytes",
    ErrorCode.NOT_JSON: "the frame is not UTF-8 JSON text",
    ErrorCode.BAD_MESSAGE: "the JSON is not a message of this protocol (unknown type, a field missing, extra, "
    "of the wrong type or out of bounds); the message names the field",
    ErrorCode.RATE_LIMITED: f"more than {RATE_PER_SECOND:g} messages a second (bursts of up to {RATE_BURST} "
    f"pass), more than {LOBBY_PER_SECOND:g} lobby lists a second (bursts of {LOBBY_BURST}), or, not signed in, "
    f"more than {ANONYMOUS_PER_SECOND:g} requests a second from the address (bursts of {ANONYMOUS_BURST}) or "
    f"{ANONYMOUS_ROOM_PER_SECOND:g} from every address together (bursts of {ANONYMOUS_ROOM_BURST}); the message "
    "was dropped",
    ErrorCode.NOT_SIGNED_IN: "the message needs a player: send register, login, guest or resume first",
    ErrorCode.SESSION_EXPIRED: "resume: the token is unknown or has expired; sign in again",
    ErrorCode.NAME_TAKEN: "register or guest: another player has that name, or one that reads the same (case, "
    "width and look-alike letters aside: Unicode's confusables)",
    ErrorCode.BAD_PASSWORD: "login: the name is a player's, and the password is not theirs",
    ErrorCode.TOO_MANY_ATTEMPTS: f"login (or register of a taken name): after {LOGIN_FREE_PER_NAME} failed logins "
    f"of one name from one address, or {LOGIN_FREE_PER_ADDRESS} from one address, each further try from there "
    f"waits {LOGIN_DELAY_FIRST:g} s, doubling with each failure up to {LOGIN_DELAY_MAX:g} s; the message says how "
    f"many seconds are left. A good login ends that wait; a count is forgotten {LOGIN_FORGET_AFTER / 60:g} "
    "minutes after its last failure",
    ErrorCode.TOO_MANY_REGISTRATIONS: f"register: {REGISTRATIONS_PER_ADDRESS} players were registered from this "
    f"address within {QUOTA_WINDOW / 60:g} minutes; the message says how many seconds until one more may be",
    ErrorCode.TOO_MANY_GUESTS: f"guest: {GUESTS_PER_ADDRESS} guests were made from this address within "
    f"{QUOTA_WINDOW / 60:g} minutes; the message says how many seconds until one more may be (a signed-in guest "
    "resumes with its token instead)",
    ErrorCode.BUSY: f"register or login: {PASSWORD_CHECKS_WAITING} sign-ins are waiting for their password to be "
    "checked; try again in a moment",
    ErrorCode.NO_SUCH_PLAYER: "stats: no player has that name; login: no registered player has that name (register "
    "it first)",
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
    ErrorCode.TOO_MANY_TABLES: "create, quick: the player owns as many tables waiting or under way as the room "
    f"allows ({MAX_OPEN_TABLES}); finish or leave one first",
    ErrorCode.NOT_QUEUED: "leave_queue or quick_computer: the player is in no quick-play queue (or was just "
    "seated)",
    ErrorCode.WAIT_NOT_OVER: "quick_computer: the player's wait for people is not over yet; the message says how "
    "many seconds are left",
    ErrorCode.LEFT_EARLY: "quick: the player abandoned 3 or more rated games within 24 hours, and rated quick play "
    "is closed to them for a while (15 minutes after the 3rd, doubling with each further one, up to 24 hours); the "
    "message says how many games and the time left",
    ErrorCode.NO_REMATCH: "rematch: the table's game is not over, had no people, or its rematch was settled "
    "already (declined, or made)",
    ErrorCode.CHAT_OFF: "chat: the table's owner has turned its chat off",
    ErrorCode.CHAT_BETWEEN_HANDS: "chat: the table's chat is open only between hands (before the first bid, "
    "between hands and after the game), not while cards are played",
    ErrorCode.CHAT_TOO_LONG: f"chat: the message is longer than {CHAT_MAX} characters (after NFC normalisation "
    "and stripping the whitespace at its ends)",
    ErrorCode.CHAT_TEXT: "chat: the message is empty, holds a control character (Unicode category Cc: line "
    "breaks and tabs included) or shows nothing (only whitespace, format characters such as zero-width "
    "joiners, combining marks or fillers); the message says which",
    ErrorCode.CHAT_FLOOD: f"chat: the player sent {CHAT_RATE_MESSAGES} messages within {CHAT_RATE_SECONDS:g} "
    "seconds (counted across all their connections); the message says how many seconds to wait",
    ErrorCode.NOT_IN_LOBBY: "chat to the lobby (table null): the connection is at a table; the lobby is the "
    "signed-in connections at no table",
    ErrorCode.REMOVED: "join: the table's owner removed the player from that table; they may not sit or watch "
    "there again",
    ErrorCode.NO_SUCH_TOURNAMENT: "there is no tournament with that number",
    ErrorCode.TOURNAMENT_STARTED: "the tournament has started (or ended): entries are closed",
    ErrorCode.TOURNAMENT_FULL: "the tournament has all the entries it takes",
    ErrorCode.TOO_MANY_TOURNAMENTS: f"the player directs {TOURNAMENTS_PER_PLAYER} tournaments not yet over, or "
    f"is entered in {ENTRIES_PER_PLAYER}",
    ErrorCode.NOT_ENTERED: "the player has no entry in that tournament (or is not its director)",
    ErrorCode.NOT_MODERATOR: "the message is a moderator's (reports, moderate) and the player is not one; a "
    "guest never is",
    ErrorCode.NOT_ADMIN: "the message is an administrator's (role, audit) and the player is not one",
    ErrorCode.NO_SUCH_REPORT: "moderate: no open report has that number (it may have been handled already)",
    ErrorCode.TOO_MANY_REPORTS: f"report: the player made {REPORTS_PER_HOUR} reports within the hour; the "
    "message says how long until one more may be made",
    ErrorCode.MUTED: "chat: a moderator muted the player; the message says why and how long is left",
    ErrorCode.SUSPENDED: "login, resume, register or guest: the player (or, for a new player or guest, someone "
    "suspended at this address) is suspended from the room; the message says why and until when",
    ErrorCode.BANNED: "login, resume, register or guest: the player (or someone banned at this address) is "
    "banned from the room",
    ErrorCode.NOT_REGISTERED: "friend, invite: friends are kept only between registered players",
    ErrorCode.NOT_FRIENDS: "invite: the player invited is not the sender's friend",
    ErrorCode.BLOCKED: "friend, invite, join: one of the two blocks the other (which, is not said)",
    ErrorCode.PRIVATE_TABLE: "join: the table is private: only its owner's friends, the players invited and "
    "those with its invitation link may come to it",
    ErrorCode.NO_WATCHERS: "join without a seat: the private table's owner allows no one to watch",
    ErrorCode.SERVER_ERROR: "the server failed; nothing was changed",
}



class ProtocolError(SpadesError):
    """A client message refused: ``code`` says which check, the text says why, in the player's words.

    ``id`` is the client's message number when it could be read, so the error reply can carry it back. The room
    raises it too (as ``Refusal``) for what needs its state: whose turn, who owns the table."""

    def __init__(self, code: ErrorCode, message: str, id: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.id = id


Refusal = ProtocolError
