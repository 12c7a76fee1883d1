"""The keys of both tables, listed once.

Each entry is one thing a player can press: the key the tables act on, its name as said and shown ("Shift+C"),
the help line (what ``?`` says at the terminal and what the web table's key table shows), and what it does: a
reading key's answer, made from the seat's view, or a move through the hand or an action for the table to do.
The terminal's list and dispatch, the room's answers to ``ask``, the protocol's allowed keys, the web page's key
table and the browser's own dispatch (sent to it as JSON) are all made from ``KEYMAP``, so a key cannot be added,
renamed or explained in one place and not the others.

The keys are the same letters in every language; their names, help lines and groups are kept here in English,
marked for the catalogue, and said in the language in force where they are read (``said``, ``help_lines``,
``web_rows``, ``keymap_json``), never translated at import.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Literal

from ..language import N_, _
from ..view import SeatView
from . import announce as say
from .known import known_answer

__all__ = ["ASKED", "CHAT_KEYS", "GROUPS", "KEYMAP", "PHRASES", "Does", "Key", "asked_keys", "by_key", "find",
           "help_lines", "keymap_json", "line_words", "phrases", "said", "terminal_keys", "web_rows"]

# What a key does. read: the answer from the seat's view, said by the table or, at the web table, by the room
# (as are hint and coach, which search); move and suit: through the hand; the rest, the table itself.
Does = Literal["bid", "rub out", "draw", "enter", "move", "suit", "back", "read", "hint", "coach", "repeat",
               "log", "help", "verbosity", "undo", "next", "quit", "chat", "phrases", "chat log", "clock", "standings",
               "report", "friends", "accept", "reports"]
# what the web table asks the room for
ASKED: frozenset[str] = frozenset({"read", "hint", "coach", "clock", "standings"})


@dataclass(frozen=True)
class Key:
    """One key: ``key`` is what the tables act on (the character typed, or a name such as ``left``), ``also``
    the other keys that do the same, ``browser`` the browser's names for it (``KeyboardEvent.key``) where they
    are not the key itself, ``words`` what a player may type for it in line mode. ``move`` is the way through the
    hand (``left``, ``low``) or the suit jumped to; ``answer`` is a reading key's answer from the seat's view.
    ``web`` False: a key of the terminal table only."""

    key: str
    name: str
    help: str
    group: str
    does: Does
    move: str = ""
    also: tuple[str, ...] = ()
    browser: tuple[str, ...] = ()
    words: tuple[str, ...] = ()
    answer: Callable[[SeatView], str] | None = None
    web: bool = True
    choices: tuple[str, ...] = ()  # what the digit after the key chooses (the quick phrases of p)
    short: str = ""  # the key in the terminal's first line of help, in a word or two ("" when another says it)
    terminal: str = ""  # the help at the terminal, where the web table's words do not hold

    @property
    def keys(self) -> tuple[str, ...]:
        """Every key that does this: the key, then its others."""
        return (self.key, *self.also)

    @property
    def asked(self) -> bool:
        """Whether the web table asks the room for the answer (the words are the terminal's)."""
        return self.does in ASKED


BIDDING = N_("Bidding")
HAND = N_("Moving through your hand")
READING = N_("Reading the table")
CHAT = N_("Chat at the online room")
ALSO = N_("Also")
GROUPS = (BIDDING, HAND, READING, CHAT, ALSO)
# The quick phrases, each one keypress after p (a digit after p is a phrase, never a bid): in English, marked for
# the catalogue; ``phrases()`` says them in the language in force, as the player sends them.
PHRASES = (N_("Good game"), N_("Nice play"), N_("Thanks, partner"), N_("Sorry, partner"), N_("Good luck"))
# p's help, with the phrases numbered in it.
PHRASES_HELP = N_("quick phrases ({phrases}): the next digit sends that one, any other key closes the list")


def _numbered(phrases: tuple[str, ...]) -> str:
    return ", ".join(f"{n} {phrase}" for n, phrase in enumerate(phrases, 1))
# what the room's keys do: only at a table of the online room (chat, reports, friends, invitations)
CHAT_KEYS = frozenset({"chat", "phrases", "chat log", "report", "friends", "accept", "reports"})

KEYMAP: tuple[Key, ...] = (
    Key("digits", N_("digits, Enter, then y or n"),
        N_("bid that many (0 is Nil), then confirm or take it back (before looking at your cards, 0 is Blind Nil)"),
        BIDDING, "bid", also=tuple("0123456789"),
        short=N_("digits then Enter bid")),
    Key("backspace", N_("Backspace"), N_("rub out the last digit typed"), BIDDING, "rub out", browser=("Backspace",),
        words=("backspace",)),
    Key("y", N_("y or n"), N_("keep or discard the card you drew in the two-player draw, or answer a question"),
        BIDDING, "draw", words=("yes",),
        short=N_("y or n answer")),
    Key("left", N_("Left or j"), N_("previous card"), HAND, "move", "left", also=("j",), browser=("ArrowLeft",),
        words=("left",), short=N_("arrows (or j, l, i, k), Home, End, u, o move through your hand")),
    Key("right", N_("Right or l"), N_("next card"), HAND, "move", "right", also=("l",), browser=("ArrowRight",),
        words=("right",)),
    Key("up", N_("Up or i"), N_("previous suit"), HAND, "move", "up", also=("i",), browser=("ArrowUp",),
        words=("up",)),
    Key("down", N_("Down or k"), N_("next suit"), HAND, "move", "down", also=("k",), browser=("ArrowDown",),
        words=("down",)),
    Key("home", N_("Home"), N_("first card"), HAND, "move", "home", browser=("Home",), words=("home",)),
    Key("end", N_("End"), N_("last card"), HAND, "move", "end", browser=("End",), words=("end",)),
    Key("u", "u", N_("lowest card of the suit"), HAND, "move", "low", words=("lowest",)),
    Key("o", "o", N_("highest card of the suit"), HAND, "move", "high", words=("highest",)),
    Key("a", "a", N_("jump to clubs"), HAND, "suit", "clubs", words=("clubs",), short=N_("a, s, d, f a suit")),
    Key("s", "s", N_("jump to diamonds"), HAND, "suit", "diamonds", words=("diamonds",)),
    Key("d", "d", N_("jump to hearts"), HAND, "suit", "hearts", words=("hearts",)),
    Key("f", "f", N_("jump to spades"), HAND, "suit", "spades", words=("spades",)),
    Key("escape", N_("Escape"), N_("back to your hand from anywhere on the page, and the selected card said"), HAND,
        "back", browser=("Escape",), terminal=N_("say the selected card")),
    Key("h", "h", N_("read your hand, suit by suit, with counts (before bidding Blind Nil: look at your cards)"), HAND,
        "read", words=("hand",), answer=say.hand_answer, short=N_("h your hand")),
    Key("enter", N_("Enter"), N_("play the selected card, or in a Nil pass give it (a card that may not be played "
                                 "stays selected, and the reason is said)"), HAND, "enter", browser=("Enter",),
        words=("enter", "play"),
        short=N_("Enter plays")),
    Key("b", "b", N_("the bids so far: each player's, and each side's total"), READING, "read", words=("bids",),
        answer=say.bids_line, short=N_("b bids")),
    Key("e", "e", N_("the game score: each side's points and bags, and the target"), READING, "read",
        words=("score",), answer=say.game_score_line, short=N_("e score")),
    Key("c", "c", N_("this hand's score: each side's contract against the tricks it has taken"), READING, "read",
        words=("contract", "contracts"), answer=say.contract_line, short=N_("c contracts")),
    Key("w", "w", N_("whose turn it is"), READING, "read", words=("turn", "whose"), answer=say.turn_line,
        short=N_("w turn")),
    Key("r", "r", N_("the current trick: who played what, and who is winning it"), READING, "read", words=("trick",),
        answer=say.current_trick_line, short=N_("r trick")),
    Key("R", N_("Shift+R"), N_("the last trick and who took it"), READING, "read", words=("last",),
        answer=say.last_trick_line, short=N_("Shift+R last trick")),
    Key("t", "t", N_("trick number and tricks left"), READING, "read", words=("tricks",), answer=say.tricks_line,
        short=N_("t tricks left")),
    Key("z", "z", N_("the rules in force: variant, target, bags, Nil and Blind Nil"), READING, "read",
        words=("rules",), answer=say.rules_line, short=N_("z rules")),
    Key("D", N_("Shift+D"), N_("what is known beyond your hand: the cards set aside in the two-player draw (and after "
                               "it what they tell of the other hand), or the cards of a Nil pass"), READING, "read",
        words=("discards", "known"),
        answer=known_answer, short=N_("Shift+D discards and what is known")),
    Key("T", N_("Shift+T"), N_("the clock, at a table that has one: the time left on the turn, and your bank"),
        READING, "clock", words=("time", "clock")),
    Key("S", N_("Shift+S"), N_("at a tournament's table: the round, the standings and your place"), READING,
        "standings", words=("standings", "tournament")),
    Key("m", "m", N_("repeat the last message, not counting the answers to keys"), READING, "repeat",
        words=("repeat",), short=N_("m repeat")),
    Key("g", "g", N_("the log of this hand"), READING, "log", words=("log", "review"), short=N_("g log")),
    Key("space", N_("Space"), N_("write a chat message to everyone at the table: Enter sends it, Escape or an empty "
                                 "Enter closes it (in the line, /mute NAME, /unmute NAME, and for the table's owner "
                                 "/remove NAME, /chat on, off or between, /spectators on or off)"), CHAT, "chat",
        also=(" ",), browser=(" ",), words=("chat",), short=N_("Space chat")),
    Key("p", "p", PHRASES_HELP.format(phrases=_numbered(PHRASES)), CHAT, "phrases", words=("phrases",),
        choices=PHRASES, short=N_("p quick phrases")),
    Key("M", N_("Shift+M"), N_("read back the last ten chat messages of the table"), CHAT, "chat log",
        words=("messages", "chats"), short=N_("Shift+M chat read back")),
    Key("!", N_("exclamation mark"), N_("report the last chat line another person said to the moderators: asks for a "
        "reason, Enter sends the report, Escape takes it back (in the chat line, /report NAME reason reports a "
        "player)"), CHAT, "report",
        words=("report",)),
    Key("F", N_("Shift+F"), N_("your friends: who is in the room and where, and the requests waiting (in the chat "
                               "line, /friend NAME asks or accepts, /unfriend NAME, /block NAME, /unblock NAME, "
                               "/invite NAME)"), CHAT, "friends", words=("friends",)),
    Key("A", N_("Shift+A"), N_("accept the last invitation to a seat: go to that table and sit there"), CHAT, "accept",
        words=("accept",)),
    Key("O", N_("Shift+O"), N_("for moderators: the open reports, oldest first (in the chat line, /warn, /mute N "
        "MINUTES, /suspend N MINUTES, /ban, /close, /void, /dismiss with the report's number N and a reason; "
        "/lift NAME reason)"), CHAT, "reports", words=("reports",)),
    Key("x", "x", N_("a hint: the computer's choice and its reason (a suggested card becomes the selected one)"), ALSO,
        "hint", words=("hint",), short=N_("x hint")),
    Key("U", N_("Shift+U"), N_("take back your last bid or card, and what the computer did after it, at a table with "
        "only the computer"), ALSO, "undo", words=("undo",), web=False,
        short=N_("Shift+U undo")),
    Key("v", "v", N_("say every card, or only tricks, bids and turns"), ALSO, "verbosity", words=("verbosity",),
        short=N_("v verbosity")),
    Key("n", "n", N_("next hand"), ALSO, "next", words=("next", "continue", "no"),
        short=N_("n next hand")),
    Key("C", N_("Shift+C"), N_("after a hand, before n (or once the game is over): the coach's review of your bids "
                               "and cards in it"), ALSO, "coach", words=("coach",), short=N_("Shift+C coach")),
    Key("q", "q", N_("leave, after a y or n question (the game is kept)"), ALSO, "quit",
        words=("quit", "exit", "leave"), short=N_("q leave")),
    Key("?", N_("question mark"), N_("this list of keys"), ALSO, "help", words=("help",), short=N_("? this list")),
)


def by_key() -> dict[str, Key]:
    """Every key the tables know (each of ``keys``), to its entry."""
    return {name: entry for entry in KEYMAP for name in entry.keys}


_BY_KEY = by_key()


def find(key: str) -> Key | None:
    """The entry of a key pressed (``left``, ``j``, ``R``, ``7``), or None for a key that does nothing."""
    return _BY_KEY.get(key)


def asked_keys() -> tuple[str, ...]:
    """The keys the room answers (``ask``): the reading keys, the hint and the coach, in the keymap's order."""
    return tuple(entry.key for entry in KEYMAP if entry.asked)


def line_words() -> dict[str, str]:
    """What may be typed in line mode for each key: its words, to the key."""
    return {word: entry.key for entry in KEYMAP for word in entry.words}


def _in_groups(web: bool) -> Iterator[tuple[str, list[Key]]]:
    for group in GROUPS:
        entries = [entry for entry in KEYMAP if entry.group == group and (entry.web or not web)]
        if entries:
            yield group, entries


def terminal_keys(room: bool) -> list[Key]:
    """The keys that answer at a terminal table: the chat's only at a table of the room, and the take-back only
    at a local game (the room takes nothing back)."""
    return [entry for entry in KEYMAP
            if (entry.does not in CHAT_KEYS or room) and (entry.does != "undo" or not room)]


def _said(text: str) -> str:
    """A marked name, help line or group in the language in force (a key's letter, not marked, is itself)."""
    return _(text) if text else text


def phrases() -> tuple[str, ...]:
    """The quick phrases in the language in force, as the player sends them."""
    return tuple(_(phrase) for phrase in PHRASES)


def said(entry: Key) -> Key:
    """``entry`` with its name, help, group, short help and quick phrases in the language in force (its keys and
    what it does unchanged)."""
    help_line = _(PHRASES_HELP, phrases=_numbered(phrases())) if entry.does == "phrases" else _said(entry.help)
    return dataclasses.replace(entry, name=_said(entry.name), help=help_line, group=_said(entry.group),
                               short=_said(entry.short), terminal=_said(entry.terminal),
                               choices=tuple(_said(choice) for choice in entry.choices))


def help_lines(room: bool = False) -> tuple[str, ...]:
    """What ``?`` says at the terminal, shortest first: one line naming each key that answers here in a word or
    two, so that a player who knows the keys can stop there; then one line a group, each key's name and help."""
    here = [said(entry) for entry in terminal_keys(room)]
    brief = _("Keys: {keys}. Each in full:", keys="; ".join(entry.short for entry in here if entry.short))
    lines = [_("{group}: {keys}.", group=_(group), keys="; ".join(_in_full(entry) for entry in entries))
             for group in GROUPS if (entries := [entry for entry in here if entry.group == _(group)])]
    return (brief, *lines)


def _in_full(entry: Key) -> str:
    # Translators: a key and its help in a group's list, "Shift+R: the last trick and who took it".
    return _("{key}: {help}", key=entry.name, help=entry.terminal or entry.help)


def web_rows() -> list[tuple[str, list[Key]]]:
    """The web table's key table: its groups and their keys (the terminal's own keys left out), in the language in
    force."""
    return [(_(group), [said(entry) for entry in entries]) for group, entries in _in_groups(web=True)]


def keymap_json() -> list[dict[str, Any]]:
    """The keymap as the browser reads it: the web table's keys, each with what it does, its words in the language
    in force."""
    return [{"key": entry.key, "name": entry.name, "help": entry.help, "group": entry.group, "does": entry.does,
             "move": entry.move, "also": list(entry.also), "browser": list(entry.browser),
             "choices": list(entry.choices)}
            for entry in map(said, KEYMAP) if entry.web]
