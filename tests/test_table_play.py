"""`spades play` driven like a person would: keys through a pseudo-terminal, and lines from a script through a pipe.

Every game's transcript is then replayed into the engine: each announced bid, draw and card must be the legal
action of the seat named, the announced trick winners must be the engine's, and the final score said must be the
engine's. So the transcript is checked for completeness and truth, not just for a few words.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from pexpect.popen_spawn import PopenSpawn

from spades import VARIANTS, Bid, Choice, Game, Rules, parse_card
from spades.actions import BLIND_NIL, NIL
from spades.events import TrickWon
from spades.table.session import END_OFFER

SPADES = [sys.executable, "-m", "spades"]
ARROWS = {"left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A", "down": "\x1b[B", "home": "\x1b[H", "end": "\x1b[F",
          "enter": "\r"}
SEATS = {"North": 0, "East": 1, "South": 2, "West": 3}
TURN = re.compile(r"Your turn to bid: ([^\r\n]*)\.\r?\n|Your turn to bid\. You may bid Blind Nil|"
                  r"Your turn: you drew the [a-z ]+\. Keep it\? y or n\.|Your turn\. ([A-Za-z ]+) is selected\.|"
                  r"Press n for the next hand\.|Your statistics[^\r\n]*\r?\n")


class Driver:
    """One `spades play` process: keys (pty) or lines (pipe), with the whole transcript kept."""

    def __init__(self, tmp: Path, args: list[str], line: bool = False) -> None:
        env = dict(os.environ, SPADES_CONFIG_DIR=str(tmp / "config"), SPADES_DATA_DIR=str(tmp / "data"),
                   PYTHONUNBUFFERED="1")
        argv = [*SPADES, "play", "--pace", "0", "--trick-pace", "0", "--speech", "none", *args]
        self.line = line
        if line:
            self.child: pexpect.spawnbase.SpawnBase = PopenSpawn(argv, env=env, encoding="utf-8", timeout=60)
        else:
            self.child = pexpect.spawn(argv[0], argv[1:], env=env, encoding="utf-8", timeout=60,
                                       dimensions=(50, 200))
        self.child.delaybeforesend = 0.002
        self.log: list[str] = []

    def key(self, name: str) -> None:
        if self.line:
            self.child.sendline(name)
        else:
            self.child.send(ARROWS.get(name, name))

    def expect(self, pattern: str | re.Pattern[str] | list[object]) -> int:
        index = self.child.expect(pattern)
        self.log.append(self.child.before + (self.child.after if isinstance(self.child.after, str) else ""))
        return index

    def ask(self, key: str, pattern: str) -> str:
        """Press a key and return the line answering it."""
        self.key(key)
        self.expect(pattern + r"[^\r\n]*")
        return self.child.after.strip()

    @property
    def transcript(self) -> str:
        return "".join(self.log)

    def bid(self, legal: str, avoid: str | None = None) -> None:
        """Bid by the keys: the digits, Enter, then y. Tries a forbidden bid first when one exists."""
        values = legal_values(legal)
        if avoid is not None:
            wrong = next(v for v in range(1, 14) if v not in values)
            self.type_bid(wrong)
            self.expect(rf"You may not bid {wrong}\. You may bid {re.escape(legal)}\.")
        choice = max(v for v in values if v <= 4) if min(values) <= 4 else min(values)
        self.type_bid(choice)
        self.expect(r"\? y or n\.")
        self.key("y")

    def type_bid(self, value: int) -> None:
        if self.line:
            self.child.sendline(str(value))
            return
        for digit in str(value):
            self.key(digit)
        self.key("enter")

    def play_card(self) -> int:
        """Choose with the keys only: first card, then step right until the table accepts one. Returns refusals."""
        self.key("home")
        self.expect(r"[a-z]+ of [a-z]+[^\r\n]*\r?\n")
        refused = 0
        while True:
            self.key("enter")
            if self.expect([r"South plays the [a-z ]+\.", r"Not the [a-z ]+: [^\r\n]+\."]) == 0:
                return refused
            refused += 1
            self.key("right")
            self.expect(r"[a-z]+ of [a-z]+[^\r\n]*\r?\n")

    def leave_finished(self) -> None:
        """After the statistics: a local table offers the coach for the last hand; q leaves (a room's table has
        ended already)."""
        if self.expect([re.escape(END_OFFER), pexpect.EOF]) == 0:
            self.key("q")
            self.expect_end()

    def expect_end(self) -> None:
        """The process has closed its output: the table has ended."""
        self.expect(pexpect.EOF)

    def play_until(self, stop: Callable[[re.Match[str]], bool] | None = None, blind: str = "look",
                   avoid_bid: bool = False) -> int:
        """Answer every turn until the game ends (or ``stop(match)`` says so). Returns the refusals seen."""
        refused = 0
        draws = 0
        while True:
            self.expect(TURN)
            text = self.child.after
            if stop is not None and stop(self.child.match):
                return refused
            if text.startswith("Your statistics"):
                self.leave_finished()
                return refused
            if text.startswith("Press n"):
                self.key("n")
            elif text.startswith("Your turn to bid: "):
                self.bid(self.child.match.group(1), avoid="yes" if avoid_bid else None)
                avoid_bid = False
            elif text.startswith("Your turn to bid."):
                if blind == "look":
                    self.key("h")
                    self.expect(r"Your hand, 13 cards\.")
                else:
                    self.type_bid(0)
                    self.expect(r"Bid Blind Nil\? y or n\.")
                    self.key("y")
                    self.expect(r"South bids Blind Nil\.")
                blind = "look"
            elif text.startswith("Your turn: you drew"):
                self.key("y" if draws % 3 else "n")
                draws += 1
            else:
                refused += self.play_card()


def legal_values(text: str) -> list[int]:
    values = []
    for part in text.split(" or "):
        if part == "Nil":
            values.append(0)
        elif " to " in part:
            low, high = part.split(" to ")
            values.extend(range(int(low), int(high) + 1))
        elif part.isdigit():
            values.append(int(part))
    return values


LINE = re.compile(r"^(North|East|South|West) (bids|plays the|looks at the cards|keeps the first card|"
                  r"discards the first card|wins trick)\s*([^\r\n]*)$")


def replay(transcript: str, rules: Rules, seed: int) -> Game:
    """Rebuild the game from what was announced; every line must be the engine's truth."""
    game = Game(rules, seed)
    names = ("North", "South") if rules.players == 2 else tuple(SEATS)
    tricks = 0
    for raw in transcript.splitlines():
        taken = re.match(r"Taken back: your .*?(?:, and (\d+) actions? after it)?\.$", raw.strip())
        if taken:
            game.undo(1 + int(taken.group(1) or 0))
            tricks = sum(isinstance(e, TrickWon) for e in game.events)
            continue
        own = re.match(r"You keep the ([a-z ]+); the [a-z ]+ is face up\.$", raw.strip())
        if own:  # the player's own draw, said once: kept the first card drawn, or the second
            assert game.turn == names.index("South"), raw
            offered = game.view(game.turn).offered
            game.apply(Choice.KEEP if parse_card(own.group(1)) == offered else Choice.DISCARD)
            continue
        match = LINE.match(raw.rstrip())
        if not match:
            continue
        seat = names.index(match.group(1))
        verb, rest = match.group(2), match.group(3)
        if verb == "wins trick":
            tricks += 1
            won = [e for e in game.events if isinstance(e, TrickWon)]
            assert won and won[-1].seat == seat, raw
            assert rest.startswith(f"{won[-1].number} with the "), raw
            continue
        assert game.turn == seat, f"{raw!r}: it was {names[game.turn]}'s turn"
        if verb == "bids":
            word = rest.rstrip(".")
            action: object = BLIND_NIL if word == "Blind Nil" else NIL if word == "Nil" else Bid.of(int(word))
        elif verb == "plays the":
            action = parse_card(rest.rstrip("."))
        elif verb == "looks at the cards":
            action = Choice.LOOK
        else:
            action = Choice.KEEP if verb.startswith("keeps") else Choice.DISCARD
        game.apply(action)  # type: ignore[arg-type]
    assert tricks == sum(isinstance(e, TrickWon) for e in game.events)
    return game


def check_finished(transcript: str, game: Game, taken_back: int = 0) -> None:
    assert game.over
    final = re.search(r"Final score: ([^\r\n]*)\.", transcript)
    assert final is not None
    said = [int(n) for n in re.findall(r"-?\d+", final.group(1))]
    assert said == list(game.scores)
    cards = len(re.findall(r"^(?:North|East|South|West) plays the ", transcript, re.M))
    assert cards == 13 * game.rules.players * len(game.results) + taken_back
    assert len(re.findall(r"^[A-Za-z-]+: .*points, score", transcript, re.M)) == game.rules.sides * len(game.results)


@pytest.mark.parametrize("variant", [v for v in VARIANTS if Rules.preset(v).players in (2, 4)])
def test_whole_game_by_keys(tmp_path: Path, variant: str) -> None:
    options = ["-o", "hands=1"]
    if variant == "standard":
        options = ["-o", "hands=2", "-o", "blind_nil=true", "-o", "blind_nil_deficit=0"]
    driver = Driver(tmp_path, ["--variant", variant, "--seed", "11", *options])
    refused = driver.play_until(avoid_bid=variant == "whiz", blind="bid")
    rules = Rules.preset(variant, **({"hands": 2, "blind_nil": True, "blind_nil_deficit": 0}
                                     if variant == "standard" else {"hands": 1}))
    game = replay(driver.transcript, rules, 11)
    check_finished(driver.transcript, game)
    reasons = re.findall(r"Not the [a-z]+ of [a-z]+: ([^\r\n]*)\.", driver.transcript)
    assert refused == len(reasons) > 0
    assert set(reasons) <= {"you must follow clubs", "you must follow diamonds", "you must follow hearts",
                            "you must follow spades", "spades are not broken"}
    if variant == "standard":
        assert "South bids Blind Nil." in driver.transcript
    if variant == "two_player":
        assert {Choice.KEEP, Choice.DISCARD} <= {action for seat, action in game.history if seat == 1}
        assert "South keeps the first card" not in driver.transcript  # "You keep the ...", once a draw
    assert not (tmp_path / "data" / "table-save.json").exists()


def test_information_keys_undo_quit_and_resume_mid_trick(tmp_path: Path) -> None:
    args = ["--seed", "5", "-o", "hands=1"]
    first = Driver(tmp_path, args)

    def mid_trick(match: re.Match[str]) -> bool:
        if not match.group(0).startswith("Your turn."):
            return False
        line = first.ask("r", r"Trick \d+: ")
        return not line.startswith("Trick 1:") and "no card yet" not in line

    first.play_until(stop=mid_trick)
    trick = first.ask("r", r"Trick \d+: ")
    assert " is winning." in trick and "South" not in trick
    assert first.ask("b", "Bids: ").count(",") >= 3
    assert first.ask("e", "Score: ").startswith("Score: North-South 0 points")
    assert first.ask("c", "This hand: ").startswith("This hand: North-South contract")
    assert first.ask("w", "Your turn") == "Your turn to play."
    last = first.ask("R", "Last trick, ")
    assert re.search(r"(North|East|South|West) took it\.$", last)
    hand = first.ask("h", "Your hand, ")
    assert re.match(r"Your hand, \d+ cards\. spades \d+: ", hand)
    number = re.fullmatch(r"Trick (\d+) of 13; (\d+) tricks? left, this one included\.", first.ask("t", "Trick "))
    assert number is not None and int(number.group(1)) + int(number.group(2)) == 14
    assert trick.startswith(f"Trick {number.group(1)}: ")
    assert first.ask("z", "Rules: ").startswith("Rules: standard, 1 hand,")
    assert re.fullmatch(r"Your turn\. [A-Z][a-z]+ of [a-z]+ is selected\.", first.ask("m", "Your turn"))
    first.key("?")  # in short first, then each key in full: at a local game, no chat keys
    first.expect(r"Keys: digits then Enter bid; [^\r\n]*; q leave; \? this list\. Each in full:\r?\n"
                 r"Bidding: digits, Enter, then y or n: bid that many.*Enter: play the selected card")
    first.expect(r"\r?\nAlso: x: a hint")
    assert "Chat at the online room" not in first.child.before
    assert first.ask("g", r"Log of this hand:") == "Log of this hand:"
    first.expect(r"  Hand 1\. (North|East|South|West) deals\.")
    assert first.ask("Q", "Q does nothing here").endswith("press ? for the list of keys.")
    assert first.ask("x", "Hint: ").startswith("Hint: play the ")
    # Undo: play a card, take it back, and the trick is as it was.
    first.key("enter")
    first.expect(r"South plays the ([a-z ]+)\.")
    played = first.child.match.group(1)
    first.expect(r"Your turn\. |Press n")
    taken = first.ask("U", "Taken back: ")
    assert taken.startswith(f"Taken back: your {played}")
    first.expect(r"Trick \d+: [^\r\n]*")  # and the trick now on the table, said at once
    assert first.child.after.strip() == trick
    later = re.search(r"and (\d+) action", taken)
    taken_back = 1 + (int(later.group(1)) if later else 0)
    first.expect(r"Your turn\. ")
    assert first.ask("r", r"Trick \d+: ") == trick
    # Leave, and come back to the same trick with the same hand.
    first.key("q")
    first.expect(r"Leave the game\? It will be saved\. y or n\.")
    first.key("y")
    first.expect(pexpect.EOF)
    assert (tmp_path / "data" / "table-save.json").exists()
    second = Driver(tmp_path, ["--resume"])
    second.expect(r"Resumed: standard game, hand 1\.")
    second.expect(r"Your turn\. ")
    assert second.ask("r", r"Trick \d+: ") == trick
    assert second.ask("h", "Your hand, ") == hand
    second.play_card()
    second.play_until()
    game = replay(first.transcript + second.transcript, Rules.preset("standard", hands=1), 5)
    check_finished(first.transcript + second.transcript, game, taken_back)


def test_whole_game_in_line_mode_through_a_pipe(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "3", "-o", "hands=1", "--variant", "suicide"], line=True)
    driver.play_until()
    game = replay(driver.transcript, Rules.preset("suicide", hands=1), 3)
    check_finished(driver.transcript, game)


def test_line_mode_words_and_typed_cards(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "9", "-o", "hands=1"], line=True)
    driver.expect(r"Your turn to bid: Nil or 1 to 13\.")
    driver.child.sendline("bid 14")
    driver.expect(r"You may not bid 14\. You may bid Nil or 1 to 13\.")
    driver.child.sendline("nil")
    driver.expect(r"Bid Nil\? y or n\.")
    driver.child.sendline("yes")
    driver.expect(r"South bids Nil\.")
    driver.expect(r"Your turn\. ")
    driver.child.sendline("hand")
    driver.expect(r"Your hand, 13 cards\. ([^\r\n]*)")
    driver.child.sendline("play XX")
    driver.expect(r"'XX' is not a card, a bid or a command; press \? for the list of keys\.")
    driver.child.sendline("quit")
    driver.expect("y or n")
    driver.child.sendline("n")
    driver.expect("Staying at the table.")
    driver.child.sendeof()
    driver.expect(r"Input ended; the game is saved\.")
    driver.expect(pexpect.EOF)
    assert (tmp_path / "data" / "table-save.json").exists()


def test_a_two_player_game_by_keys_says_what_is_known_with_shift_d(tmp_path: Path) -> None:
    """Found: after the two-player draw no key listed the face-up discards or what they tell of the other hand;
    and `--variant Whiz` was refused for its capital. Through the terminal: the variant's name in any case, Shift+D
    in the draw and after it, and ? saying first, in short, only the keys that answer at a local table."""
    driver = Driver(tmp_path, ["--variant", "Two-Player", "--seed", "11", "-o", "hands=1"])
    driver.expect(r"Spades, two-player")
    driver.expect(TURN)
    assert driver.child.after.startswith("Your turn: you drew"), driver.child.after
    driver.key("D")
    driver.expect(r"No card is set aside yet\.|Face up, set aside, \d+ cards?: [^\r\n]*")
    driver.key("n")  # discard the first card drawn: it is set aside face up
    driver.play_until(stop=lambda match: match.group(0).startswith("Your turn to bid"))
    answer = driver.ask("D", r"Face up, set aside, 26 cards: ")
    assert answer.startswith("Face up, set aside, 26 cards: ") and " So North holds the rest, 13 cards: " in answer
    help_line = driver.ask("?", r"Keys")
    assert "chat" not in help_line.lower(), help_line  # the room's chat keys are not a local game's
    driver.key("q")
    driver.expect(r"Leave the game\? It will be saved\. y or n\.")
    driver.key("y")
    driver.expect_end()
