"""``spades join``: sit the terminal table of ``spades play`` at a table of the online room, with the same keys and
the same words.

One command does it: with no table named, a new table is made with the computer in the other seats and the game
starts at once; ``--table N`` (or ``--invite LINK``) sits at the first free seat of a table and waits for its
owner's game to start. A guest by default; ``--name`` with ``--password`` signs in when the name is registered, or
registers it once the password has been typed twice, and then the room keeps the player's statistics, printed at
the end of the game."""

from __future__ import annotations

import argparse
import getpass
import os
import re
import sys
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ..language import N_, _, current, listed, n_, number
from ..rules import VARIANTS
from ..seats import seat_letters
from ..table.config import SPEECH, VERBOSITY
from ..table.leaderboard import GROUP_WORDS
from .options import level_named, one_of, seat_guess, seat_named

if TYPE_CHECKING:
    from ..table.keys import Input
    from ..table.remote import RemoteLink

__all__ = ["add_parser"]

DEFAULT_ROOM = "ws://127.0.0.1:8000/ws"
PERSON = "person"  # a level that leaves the seat to a person
START_WAIT = 3600.0  # seconds to wait for a table's owner to start the game


def clock_setting(text: str) -> dict[str, Any]:
    """``--clock 30+120``: seconds an action and the bank, in the protocol's form; a clear error otherwise."""
    from ..tournament.clock import MAX_BANK, MAX_PER_ACTION, MIN_PER_ACTION

    per_action, _plus, bank = text.strip().partition("+")
    try:
        values = int(per_action), int(bank or 0)
    except ValueError:
        raise argparse.ArgumentTypeError(_("a clock is seconds an action and a bank, as 30+120, not {text}",
                                           text=repr(text))) from None
    if not MIN_PER_ACTION <= values[0] <= MAX_PER_ACTION or not 0 <= values[1] <= MAX_BANK:
        low, high, bank = (format(value, ".0f") for value in (MIN_PER_ACTION, MAX_PER_ACTION, MAX_BANK))
        raise argparse.ArgumentTypeError(_("a clock gives {low} to {high} seconds an action and a bank of 0 to "
                                           "{bank} seconds, not {text}", low=low, high=high, bank=bank,
                                           text=repr(text)))
    return {"per_action": values[0], "bank": values[1]}


def add_parser(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    from .options import add_language_argument, level_names

    parser = subparsers.add_parser(
        "join", help=_("play at a table of an online card room (spades serve)"),
        description=_("Sit at a table of the card room with the terminal table of `spades play`: the same keys, the "
                      "same words. With no table named, a new one is made with the computer in the other seats and "
                      "the game starts at once. As with spades play, the settings given here are for this game only; "
                      "add --remember to keep them for later games (the table says which remembered settings it "
                      "uses)."))
    parser.add_argument("room", nargs="?", default=DEFAULT_ROOM,
                        help=_("the room's address: host:port, http://host:port or ws://host:port/ws (default "
                               "{room})", room=DEFAULT_ROOM))
    parser.add_argument("--name", help=_("your name at the room (a guest's name unless --password is given; a guest "
                                         "is the same player at the next join, and back at a game under way)"))
    parser.add_argument("--password", action="store_true",
                        help=_("sign in with a password, registering the name if it is new (the password is then "
                               "asked for twice); the password is read from SPADES_PASSWORD, or asked for without "
                               "showing it"))
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--table", type=int, metavar="N", help=_("sit at table N (its first free seat, or --seat)"))
    where.add_argument("--invite", metavar="LINK", help=_("sit at the table of an invitation link"))
    where.add_argument("--new", metavar="VARIANT", choices=VARIANTS, type=one_of(N_("a variant"), VARIANTS),
                       help=_("make a new table of this variant (default standard): {variants}",
                              variants=", ".join(VARIANTS)))
    where.add_argument("--quick", metavar="VARIANT", choices=VARIANTS, type=one_of(N_("a variant"), VARIANTS),
                       help=_("quick play: wait for people to play this variant with; the room seats those nearest "
                              "in rating, and offers the computer for the empty seats once the --wait is over"))
    where.add_argument("--tournament", type=int, metavar="N",
                       help=_("a tournament of the room: enter it (--with your partner), then play each round where "
                              "the room seats you, until it is over (registered players: --name and --password)"))
    where.add_argument("--new-tournament", metavar="NAME",
                       help=_("make a tournament of the room, which you direct (--format, --variant, -o, --rounds, "
                              "--hands, --entries, --boards, --starts-in, --clock): its number is said; with --with "
                              "NAME you enter it with that partner and play"))
    parser.add_argument("--format", choices=("swiss", "knockout", "duplicate"), default="swiss",
                        help=_("--new-tournament: swiss (default), knockout (8 or 16 entries) or duplicate (pairs)"))
    parser.add_argument("--variant", choices=VARIANTS, type=one_of(N_("a variant"), VARIANTS), default="standard",
                        help=_("--new-tournament: its rule set (a partnership one; default standard)"))
    parser.add_argument("--rounds", type=int,
                        help=_("--new-tournament: a Swiss's rounds (a duplicate's, at most its tables)"))
    parser.add_argument("--hands", type=int,
                        help=_("--new-tournament: a Swiss's hands a match (default: to the target)"))
    parser.add_argument("--entries", type=int, default=8,
                        help=_("--new-tournament: the most entries (pairs) it takes (default 8)"))
    parser.add_argument("--boards", type=int, default=2, help=_("--new-tournament: a duplicate's boards a round"))
    parser.add_argument("--starts-in", type=float, metavar="MINUTES",
                        help=_("--new-tournament: start by itself after this many minutes with the entries it has"))
    parser.add_argument("--wait", type=float, default=30.0, metavar="SECONDS",
                        help=_("quick play: seconds to wait for people before the computer is offered (5 to 600; "
                               "default 30)"))
    parser.add_argument("--with", dest="mate", metavar="NAME",
                        help=_("quick play: be seated with NAME as your partner (they ask for you with --with too)"))
    parser.add_argument("--option", "-o", action="append", default=[], metavar="K=V",
                        help=_("a rule option of the new table, such as target=300 (repeatable)"))
    levels = ", ".join(level_names())
    parser.add_argument("--partner", metavar="LEVEL",
                        help=_("the new table's partner seat: {levels}, or {person} to leave it to a person",
                               levels=levels, person=PERSON))
    parser.add_argument("--opponents", metavar="LEVEL",
                        help=_("the new table's opponent seats: {levels}, or {person} to leave them to people",
                               levels=levels, person=PERSON))
    where.add_argument("--leaderboard", nargs="?", const="partnership", metavar="GROUP",
                       choices=tuple(GROUP_WORDS), type=one_of(N_("a rating group"), tuple(GROUP_WORDS)),
                       help=_("print the room's leaderboard of a rating group (partnership, the default; {groups}), "
                              "one player a line, and end", groups=", ".join(tuple(GROUP_WORDS)[1:])))
    parser.add_argument("--seat", metavar="S", help=_("the seat to take: N, E, S, W (or 0 to 3)"))
    parser.add_argument("--seed", help=_("the new table's seed, to play a known deal (a room started with --seeds)"))
    parser.add_argument("--clock", metavar="SECONDS+BANK", type=clock_setting,
                        help=_("a new table's turn clock: seconds an action and a bank of seconds for the game "
                               "(30+120); when a person's time runs out the computer takes that one action for them"))
    parser.add_argument("--more-time", action="store_true",
                        help=_("ask for more time on a table's clock: the bank doubled, where the clock allows it"))
    parser.add_argument("--line", action="store_true",
                        help=_("line mode: type commands and press Enter (automatic when input is not a terminal)"))
    parser.add_argument("--verbosity", choices=VERBOSITY, type=one_of(N_("a verbosity"), VERBOSITY),
                        help=_("all: every card is said; tricks: only tricks, bids and turns, with the trick so far "
                               "at your turn (the v key switches)"))
    parser.add_argument("--pace", type=float,
                        help=_("seconds after each card another player plays (default 0.6)"))
    parser.add_argument("--trick-pace", type=float, help=_("seconds after each trick (default 1)"))
    parser.add_argument("--bell", action=argparse.BooleanOptionalAction, default=None,
                        help=_("ring the terminal's bell with \"your turn\""))
    parser.add_argument("--speech", choices=SPEECH, type=one_of(N_("a choice"), SPEECH),
                        help=_("speak through a screen reader or speech engine (auto: when one is found)"))
    parser.add_argument("--remember", action="store_true",
                        help=_("keep the settings given with it (verbosity, pace, bell, speech) for later games, as "
                               "spades play --remember does, in table.toml in your config directory; the v key's "
                               "choice is kept too"))
    parser.add_argument("--forget", action="store_true",
                        help=_("forget the remembered settings: back to the defaults"))
    add_language_argument(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from ..cli import CommandError
    from ..table.config import choose_settings, remembered_line
    from ..table.keys import KeyInput, LineInput
    from ..table.remote import JoinError, RemoteLink, websocket_url
    from ..table.session import Output
    from ..table.speech import open_speech

    for flag in LEVELS:  # in any case, and a misspelt one refused (with the level it most likely is) before the room
        if getattr(args, flag) is not None:
            setattr(args, flag, level_named(getattr(args, flag), f"--{flag}: ", also=(PERSON,)))
    given = {key: getattr(args, key) for key in JOIN_FLAGS if getattr(args, key) is not None}
    if any(isinstance(v, float) and v < 0 for v in given.values()):
        raise CommandError(_("--pace and --trick-pace must not be negative"))
    kept = choose_settings(given, keep=args.remember, forget=args.forget, keys=(*JOIN_FLAGS, *LEVELS))
    settings = kept.settings
    if args.mate is not None and args.quick is None and args.tournament is None and args.new_tournament is None:
        raise CommandError(_("--with NAME is for quick play or a tournament: spades join ROOM --quick VARIANT --with "
                             "NAME, or spades join ROOM --tournament N --with NAME"))
    if args.name is not None:
        check_name(args.name)
    password = None
    typed = False  # a typed password is typed twice for a new name (SPADES_PASSWORD is for scripts)
    if args.password:
        if not args.name:
            raise CommandError(_("--password needs --name"))
        password = os.environ.get("SPADES_PASSWORD")
        if not password:
            password, typed = getpass.getpass(_("Password for {name}: ", name=args.name)), True
    speaker, speech_note = open_speech(settings.speech, explicit=args.speech is not None or settings.speech != "auto")
    out = Output(speaker=speaker)
    for line in (*kept.lines, speech_note):
        if line:
            out(line)
    confirm = retyped(args.name, out) if typed else None
    address, table = args.room, args.table
    if args.invite:
        match = re.search(r"/tables?/(\d+)/?$", args.invite.strip()) or re.fullmatch(r"\s*(\d+)\s*", args.invite)
        if match is None:
            raise CommandError(_("--invite: {link} is not an invitation link (it ends in /tables/N)",
                                 link=repr(args.invite)))
        table = int(match.group(1))
        if "://" in args.invite and args.room == DEFAULT_ROOM:
            address = args.invite
    if args.leaderboard is not None:
        return leaderboard(websocket_url(address), args.leaderboard, out)
    link = RemoteLink(websocket_url(address), say=out, language=current())
    try:
        try:
            sessions = load_sessions()
            token = session_token(sessions.get(link.url, {}), args.name) if not args.password else None
            link.sign_in(args.name, password, token, confirm)
            if link.token != token:
                save_session(sessions, link.url, link.name, link.token)
            if link.registered:
                out(_("{name} is registered at this room; the room keeps your statistics from now on.",
                      name=link.name))
            if link.guest:
                out(_("Signed in at {room} as {name} (a guest).", room=link.url, name=link.name))
            else:
                out(_("Signed in at {room} as {name}.", room=link.url, name=link.name))
            if args.new_tournament is not None:
                args.tournament = new_tournament(link, args, out)
                if args.mate is None:
                    return 0
            if args.tournament is not None:
                return tournament_games(link, args.tournament, args.mate, settings, out,
                                        LineInput() if args.line or not sys.stdin.isatty() else KeyInput())
            if table is None and args.new is None and args.quick is None:
                table = game_under_way(link, out)
            used = {key: value for key, value in kept.remembered.items()  # levels: only for a table made now
                    if key in JOIN_FLAGS or (table is None and getattr(args, key) is None)}
            if used:
                out(remembered_line(used))
            source = LineInput() if args.line or not sys.stdin.isatty() else KeyInput()
            if args.quick is not None and table is None:
                from ..table.quick import wait_in_queue

                started = wait_in_queue(link, args.quick, args.wait, out, source, args.mate)
            else:
                started = (new_table(link, args, settings, out, source) if table is None
                           else sit_at(link, table, args, out, source))
        except JoinError as error:
            raise CommandError(str(error)) from None
        if started is not True:
            return 1 if started is False else started
        return play(link, settings, out, source)
    finally:
        link.close()


def leaderboard(url: str, group: str, out: Callable[[str], object]) -> int:
    """``--leaderboard``: the room's leaderboard said line by line. A room that does not answer in time is said
    and asked again, as ``spades join`` waits for a room; one where nothing listens, or that refuses, is said at
    once."""
    from ..cli import CommandError
    from ..table.leaderboard import BoardRefused, fetch_board
    from ..table.remote import SILENT, TRIES, answer_wait

    wait = answer_wait()
    for attempt in range(1, TRIES + 1):
        try:
            lines = fetch_board(url, group, wait)
        except (BoardRefused, ConnectionRefusedError) as error:
            raise CommandError(_("the room at {room} did not give its leaderboard: {reason}", room=url,
                                 reason=error)) from None
        except (*SILENT, OSError) as error:
            reason = str(error) or _("no answer in time")
            if attempt == TRIES:
                raise CommandError(_("the room at {room} did not give its leaderboard in {tries} tries: {reason}. "
                                     "Try again later", room=url, tries=TRIES, reason=reason)) from None
            out(_("The room at {room} has not given its leaderboard ({reason}); trying again, try {attempt} of "
                  "{tries}; press Ctrl-C to stop.", room=url, reason=reason, attempt=attempt + 1, tries=TRIES))
            continue
        for line in lines:
            out(line)
        return 0
    return 1


# The settings --remember keeps; --partner and --opponents are the new table's only. The levels spades play
# remembers are used (and said) only for a table made here without them.
JOIN_FLAGS = ("verbosity", "pace", "trick_pace", "speech", "bell")
LEVELS = ("partner", "opponents")


def check_name(name: str) -> None:
    """The room's own name rule, said before anything is sent (the room would answer in its protocol's terms)."""
    from ..cli import CommandError
    from ..room.identity.names import BadName, name_rule
    from ..room.identity.names import check_name as room_check

    try:
        room_check(name)
    except BadName as error:
        raise CommandError(_("--name: {problem}. {rule}", problem=error.message, rule=name_rule())) from None


def retyped(name: str, say: Callable[[str], object]) -> Callable[[], str]:
    """What asks for a new name's password again: it says why, then reads it without showing it."""

    def again() -> str:
        say(_("No player is registered as {name} at this room yet. To register the name, type the same password "
              "again.", name=name))
        return getpass.getpass(_("Type it again: "))

    return again


def parse_seat(text: str | None, players: int) -> int | None:
    from ..cli import CommandError

    if text is None:
        return None
    letters = seat_letters(players)
    word = text.strip().upper()
    if word.isdigit() and int(word) < players:
        return int(word)
    seat = seat_named(word, players)
    if seat is not None:
        return seat
    near = seat_guess(text, players)
    if near is not None:
        raise CommandError(_("--seat: {seat} is not a seat (did you mean {near}?); the seats are {seats}",
                             seat=repr(text), near=near, seats=", ".join(letters)))
    raise CommandError(_("--seat: {seat} is not a seat; the seats are {seats}", seat=repr(text),
                         seats=", ".join(letters)))


def new_table(link: RemoteLink, args: argparse.Namespace, settings: Any, out: Any, source: Input) -> bool | int:
    """Make a table, sit at it, and start it once every seat is taken (at once when the computer fills them)."""
    from ..cli import CommandError
    from ..rules import Rules
    from ..wire import rules_to_json
    from .options import parse_options
    from .play import check_levels

    try:
        rules = Rules.preset(args.new or "standard", **parse_options(args.option))
    except Exception as error:
        raise CommandError(str(error)) from None
    seat = parse_seat(args.seat, rules.players)
    human = (1 if rules.players == 2 else 2) if seat is None else seat
    levels: dict[int, str] = {}
    for other in range(rules.players):
        if other == human:
            continue
        partner = rules.partnerships and other == (human + 2) % 4
        level = (args.partner if partner else args.opponents) or (settings.partner if partner else settings.opponents)
        if level != PERSON:
            levels[other] = level
    check_levels(list(levels.values()))
    alone = len(levels) == rules.players - 1
    # Alone with the computer, the room plays at once and this table paces what it says, as at `spades play`.
    table = link.create(rules_to_json(rules), levels, seed=args.seed, pace=0.0 if alone else None,
                        autostart=not alone, clock=args.clock)
    link.sit(table, human, more_time=args.more_time)
    out(seated_line(rules, table, human))
    if alone:
        link.start()
        return link.until_started_patiently()
    out(_("Others join with: spades join {room} --table {table}.", room=link.url, table=table) + " "
        + waiting_line(link.info))
    return wait_for_start(link, None, out, source)


def sit_at(link: RemoteLink, table: int, args: argparse.Namespace, out: Any, source: Input) -> bool | int:
    """Sit at a table: the seat asked for, one's own (back after leaving), or the first free one."""
    from ..rules import Rules

    info = link.look(table)
    players = Rules.preset(info["rules"]["variant"], **info["rules"]["options"]).players
    seats = info["seats"]
    seat = parse_seat(args.seat, players)
    if seat is None:
        own = [s["seat"] for s in seats if (s["player"] or "").casefold() == link.name.casefold()]
        free = [s["seat"] for s in seats if s["player"] is None and s["level"] is None]
        computer = [s["seat"] for s in seats if s["player"] is None]
        choices = own or free or (computer if info["state"] == "waiting" else [])
        if not choices:
            out(_("Table {table} has no free seat: its game has started.", table=table))
            return False
        seat = choices[0]
    link.back = info["state"] == "playing"
    link.sit(table, seat, more_time=args.more_time)
    out(seated_line(link.rules, table, seat))
    if link.info.get("state") == "waiting":
        out(waiting_line(link.info))
    return wait_for_start(link, START_WAIT, out, source)


def wait_for_start(link: RemoteLink, timeout: float | None, out: Any, source: Input) -> bool | int:
    """Wait for the game to start, saying the table's news, with the keys heard meanwhile: q (or Ctrl-C, or the
    end of input) leaves the seat for another to take, and any other key says what is awaited. True once the
    game has started; False when the wait ran out; else the exit code of leaving."""
    deadline = None if timeout is None else time.monotonic() + timeout
    with source.raw():
        try:
            while not link.until_started(0.2, out):
                if link.removed or link.shut_out:  # the owner removed the player, or the room shut them out
                    return 1
                if link.info.get("state") == "closed":  # it waited too long for its game: the room says why
                    for line in link.notices():
                        out(line)
                    return 1
                if timeout is not None and deadline is not None and time.monotonic() > deadline:
                    out(_("The game at table {table} has not started in {minutes} minutes; {command} sits there "
                          "again.", table=link.table, minutes=number(timeout / 60),
                          command=link.join_command(link.table)))
                    return False
                if not source.ready(0):
                    continue
                token = source.read()
                word = None if token is None else token.strip().lower()
                if word in (None, "q", "quit", "leave", "exit"):
                    return leave_waiting(link, out, 0)
                out(" ".join((not_started_line(link), waiting_line(link.info), _("Press q to leave the table."))))
        except KeyboardInterrupt:
            return leave_waiting(link, out, 130)
    return True


def not_started_line(link: RemoteLink) -> str:
    """``The game has not started: East and West are free.``"""
    free = [seat_name(link.rules, s["seat"]) for s in link.info.get("seats", [])
            if s.get("player") is None and s.get("level") is None]
    if not free:
        return _("The game has not started.")
    return n_("The game has not started: {seats} is free.", "The game has not started: {seats} are free.",
              len(free), seats=listed(free))


def leave_waiting(link: RemoteLink, out: Any, code: int) -> int:
    """Stand up from a table still waiting for its game, so the seat is free again."""
    from ..table.remote import JoinError

    try:
        link.stand()
    except JoinError as error:
        out(_("Could not leave the seat: {reason}.", reason=error))
        return 1
    out(_("You leave table {table}; your seat is free again.", table=link.table))
    return code


def waiting_line(info: dict[str, Any]) -> str:
    """What a player waiting for the start hears: what will start the game, as the table says it will."""
    if info.get("autostart"):
        return _("The game starts by itself when every seat is taken.")
    if info.get("owner"):
        return _("Waiting for {owner} to start the game.", owner=info["owner"])
    return _("Waiting for the owner to start the game.")


def seat_name(rules: Any, seat: int) -> str:
    from ..words import announce as say

    return say.name(rules, seat)


def seated_line(rules: Any, table: int | None, seat: int) -> str:
    """Where the player sits, as said on sitting down: "Spades, ..., at table 7. You are South. Press ? for the
    keys." """
    return _("Spades, {rules}, at table {table}. You are {seat}. Press ? for the keys.", rules=rules.describe(),
             table=table, seat=seat_name(rules, seat))


def new_tournament(link: RemoteLink, args: argparse.Namespace, out: Any) -> int:
    """Make the tournament the flags describe (the room checks it and says what is wrong); its number."""
    from .options import parse_options

    message: dict[str, Any] = {
        "type": "tournament_create", "name": args.new_tournament, "format": args.format,
        "rules": {"variant": args.variant, "options": parse_options(args.option)}, "entries": args.entries}
    for key in ("rounds", "hands", "clock", "starts_in"):
        if getattr(args, key) is not None:
            message[key] = getattr(args, key)
    if args.format == "duplicate":
        message["boards"] = args.boards
    reply = link.send(message)
    number = int(reply["tournament"])
    out(_("Tournament {number}.", number=number) + f" {reply['text']} " + _(
        "Pairs enter with: spades join {room} --tournament {number} --with PARTNER (each naming the other).",
        room=link.url, number=number))
    return number


def tournament_games(link: RemoteLink, tournament: int, partner: str | None, settings: Any, out: Any,
                     source: Any) -> int:
    """Enter the tournament (or follow one entered already) and play each round's game, until it is over."""
    from ..table.tournament import enter, wait_for_round

    enter(link, tournament, partner, out)
    while True:
        started = wait_for_round(link, tournament, out, source)
        if started is not True:
            return 1 if started is False else started
        code = play(link, settings, out, source, rematches=False)
        if code != 0:
            return code


def play(link: RemoteLink, settings: Any, out: Any, source: Any, *, rematches: bool = True) -> int:
    """Play the table's game; at its end, how it was rated and, with other people at the table, the room's
    rematch: again at the new table when everyone accepts."""
    from ..bots import make_bot
    from ..errors import UnknownLevel
    from ..room.client import hint_adviser
    from ..table.quick import rematch
    from ..table.session import Table

    while True:
        try:
            adviser = hint_adviser(link.table or 0, link.seat)
        except UnknownLevel:
            adviser = make_bot("random")
        table = Table(link=link, adviser=adviser, settings=settings, input=source, out=out,
                      intro=[line for line in (link.seating(),) if line])
        code = table.run(resumed=link.back)
        if table.moved:  # the player took an invitation: on to its table, once its game is under way
            started = moved_to(link, out, source)
            if started is not True:
                return 1 if started is False else started
            continue
        if table.over:
            out(room_statistics(link))
            for line in rating_lines(link):
                out(line)
        others = [s for s in link.info.get("seats", []) if s.get("player") not in (None, link.name)]
        if not (rematches and table.over and code == 0 and others) or not rematch(link, out, source):
            return code


def moved_to(link: RemoteLink, out: Any, source: Any) -> bool | int:
    """At the table of an invitation taken: where the player sits, then the wait for its game, as at --table."""
    out(seated_line(link.rules, link.table, link.seat))
    if link.info.get("state") == "waiting":
        out(waiting_line(link.info))
    return wait_for_start(link, START_WAIT, out, source)


RATING_WAIT = 5.0  # seconds the room may take to say how a finished game was rated


def rating_lines(link: RemoteLink) -> Sequence[str]:
    """What the room said at the game's end that is not said yet: how the game was rated ("Rated game: Ada 12.4
    (+3.1), ..." or why it is unrated), which follows the game's end by the time it takes to store it."""
    deadline = time.monotonic() + RATING_WAIT
    while not link.rating_taken and time.monotonic() < deadline:
        link.wait(0.1)
    return link.notices()


def room_statistics(link: RemoteLink) -> str:
    """The player's figures over every finished game at the room (the room's ``stats`` message)."""
    from ..table.remote import JoinError

    if link.guest:
        return _("The room keeps statistics for registered players only; join with --name and --password to have "
                 "yours kept.")
    deadline = time.monotonic() + 5
    while link.info.get("state") != "over" and time.monotonic() < deadline:  # the room stores the game first
        link.wait(0.2)
    try:
        stats = link.stats()
    except JoinError as error:
        return _("The room's statistics are not available: {reason}.", reason=error)
    # Translators: each count is said with its own word ("3 games", "1 win", "2 contracts", "4 times", "9 bags").
    return _("Your statistics at the room, {name}: {games}, {wins}; {contracts} made of {of}; Nil bid {nils}, made "
             "{nils_made}; {bags}.", name=stats["name"], games=n_("{n} game", "{n} games", stats["games"]),
             wins=n_("{n} win", "{n} wins", stats["wins"]),
             contracts=n_("{n} contract", "{n} contracts", stats["made"]), of=stats["contracts"],
             nils=n_("{n} time", "{n} times", stats["nils"]), nils_made=stats["nils_made"],
             bags=n_("{n} bag", "{n} bags", stats["bags"]))


SESSIONS = "room-sessions.json"


def load_sessions() -> dict[str, dict[str, Any]]:
    """The sessions kept for each room, so that a guest who left (or lost the connection) comes back as the same
    player, to the same seat: the last one signed in (``name``, ``token``) and every name's own (``names``), since
    people who share this machine's account each keep theirs: one who signs in does not lose another's."""
    import json

    from ..paths import data_dir

    try:
        data = json.loads((data_dir() / SESSIONS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {url: dict(value) for url, value in data.items() if isinstance(value, dict)} if isinstance(data, dict) \
        else {}


def session_token(saved: dict[str, Any], name: str | None) -> str | None:
    """The token kept at a room for ``name`` (in any case), or for the last one signed in there when no name is
    given."""
    if name is None:
        token = saved.get("token")
    else:
        names = saved.get("names")
        token = names.get(name.casefold()) if isinstance(names, dict) else None
        if token is None and str(saved.get("name", "")).casefold() == name.casefold():
            token = saved.get("token")  # kept before each name had its own
    return token if isinstance(token, str) else None


def save_session(sessions: dict[str, dict[str, Any]], url: str, name: str, token: str | None) -> None:
    """Keep the room's session token, readable by the user only: it signs in as them."""
    import json

    from ..paths import data_dir

    if token is None:
        return
    kept = sessions.get(url, {}).get("names")
    names = {k: v for k, v in kept.items() if isinstance(v, str)} if isinstance(kept, dict) else {}
    names[name.casefold()] = token
    sessions[url] = {"name": name, "token": token, "names": names}
    path = data_dir() / SESSIONS
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            json.dump(sessions, file)
    except OSError:
        pass  # without it, only this run's seat is lost on leaving; the game goes on


def game_under_way(link: RemoteLink, out: Any) -> int | None:
    """The table where the player sits at a game under way (they lost the connection, or left it), if any: one
    they did not leave on purpose first (quick play may have seated them elsewhere since)."""
    mine = [(info, seat) for info in link.seated() if info["state"] == "playing" for seat in info["seats"]
            if (seat["player"] or "").casefold() == link.name.casefold()]
    if not mine:
        return None
    info = min(mine, key=lambda found: found[1].get("away") == "left")[0]
    out(_("Your game at table {table} is under way; back to it.", table=info["table"]))
    return int(info["table"])
