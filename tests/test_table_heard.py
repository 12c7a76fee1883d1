"""The terminal table as a new player finds it, by keys through a pseudo-terminal or lines through a pipe: the hand
is said when it is dealt, a turn with only tricks said tells the trick so far, a save that cannot be used is said so
before anything is asked, set-aside saves can be listed and continued, the computer's levels are said and a one-off
level is not kept, and the smaller words (U at the room, replay's --hand and --brief, a misspelt card, a failed
Nil's bags, the two-player draw) say what they mean."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
from pathlib import Path

import pexpect
import pytest

from room_server import ServeProcess
from spades import Bid, Card, CardError, Game, Rules
from spades.actions import ActionError, parse_action
from spades.record import save_record
from spades.scoring import score_hand
from spades.words import announce
from test_join import JoinDriver, database, server  # noqa: F401  (the room's fixtures)
from test_table_play import SPADES, Driver

CARD = re.compile(r"\b(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of "
                  r"(clubs|diamonds|hearts|spades)\b")
SUITS = ("spades", "hearts", "diamonds", "clubs")


def command(tmp: Path, *args: str, text: str = "") -> subprocess.CompletedProcess[str]:
    """One `spades` command with the table's data and settings in ``tmp``, ``text`` on its standard input."""
    env = dict(os.environ, SPADES_DATA_DIR=str(tmp / "data"), SPADES_CONFIG_DIR=str(tmp / "config"))
    return subprocess.run([*SPADES, *args], input=text, capture_output=True, text=True, env=env, timeout=60)


def leave(driver: Driver) -> None:
    driver.key("q")
    driver.expect(r"Leave the game\? It will be saved\. y or n\.")
    driver.key("y")
    driver.expect(pexpect.EOF)


def test_the_hand_is_said_in_brief_once_when_it_is_dealt(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "5", "-o", "hands=1"])
    driver.expect(r"Hand 1\. \w+ deals\.\r?\n")
    driver.expect(r"Your cards: ([^\r\n]*); h reads every card\.")
    summary = driver.child.match.group(1)
    driver.expect(r"Your turn to bid: ")
    whole = driver.ask("h", "Your hand, 13 cards")
    for suit in SUITS:
        ranks = re.search(rf"{suit} (\d+): ([a-z, ]+)", whole)
        assert ranks is not None, whole
        count, top = int(ranks.group(1)), ranks.group(2).split(",")[0].strip()
        said = (f"no {suit}" if count == 0 else f"1 {suit[:-1]}, the {top}" if count == 1
                else f"{count} {suit} to the {top}")
        assert said in summary, (said, summary)
    leave(driver)
    assert driver.transcript.count("Your cards: ") == 1


def test_with_tricks_only_the_turn_says_the_trick_so_far(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "5", "-o", "hands=1"])
    driver.expect(r"Your turn to bid: ([^\r\n]*)\.\r?\n")
    legal = driver.child.match.group(1)
    assert driver.ask("v", "Verbosity: ") == "Verbosity: only tricks, bids and turns are said."
    driver.bid(legal)
    checked = 0
    while checked < 3:
        driver.expect(r"Your turn\. [A-Za-z ]+ is selected\.")
        before = driver.child.before.replace("\r", "").strip().splitlines()
        line = before[-1] if before else ""
        trick = driver.ask("r", r"Trick \d+: ")
        if "no card yet" in trick:  # South leads: nothing to tell
            assert " led the " not in line
        else:
            plays = re.findall(r"(North|East|West) ([a-z]+ of [a-z]+)", trick.split(". ")[0])
            winner = re.search(r"(\w+) is winning\.$", trick)
            assert plays and winner is not None, trick
            leader, led = plays[0]
            if len(plays) == 1:
                assert line == f"{leader} led the {led}.", (line, trick)
            elif winner.group(1) == leader:
                assert line == f"{leader} led the {led} and is winning.", (line, trick)
            else:
                card = dict(plays)[winner.group(1)]
                assert line == f"{leader} led the {led}; {winner.group(1)} is winning with the {card}.", (line, trick)
            checked += 1
        driver.key("x")  # the hint's card is one South may play
        driver.expect(r"Hint: play the ")
        driver.key("enter")
    assert " plays the " not in driver.transcript.split("Verbosity: ")[1]
    leave(driver)


def test_a_save_that_cannot_be_used_is_said_so_before_anything_is_asked(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    corrupt = '{"format": "spades-record", "version": 1, "seed": 1, "rules": {}, "actions": ["AS"]}'
    (tmp_path / "data" / "table-save.json").write_text(corrupt, encoding="utf-8")
    driver = Driver(tmp_path, [])
    driver.expect(r"The saved game cannot be used: actions\[0\]: AS is not legal[^\r\n]* It was kept as ([^\r\n]+)\.")
    kept = Path(driver.child.match.group(1))
    assert kept.name.startswith("table-save.corrupt-") and kept.read_text(encoding="utf-8") == corrupt
    driver.expect(r"Start a new game\? y or n\.")
    driver.key("y")
    driver.expect(r"Spades, standard")
    leave(driver)
    assert "Continue it?" not in driver.transcript


def test_saves_set_aside_are_listed_and_one_is_continued(tmp_path: Path) -> None:
    first = Driver(tmp_path, ["--seed", "5", "-o", "hands=1"])
    first.play_until(stop=lambda match: match.group(0).startswith("Your turn."))
    trick = first.ask("r", r"Trick \d+: ")
    leave(first)
    second = Driver(tmp_path, ["--new", "--seed", "6"])
    second.expect(r"The saved game is set aside as ([^\r\n]+); a new game starts\.")
    aside = Path(second.child.match.group(1))
    second.expect(r"Your turn to bid: ")
    leave(second)
    listed = command(tmp_path, "play", "--saves").stdout.splitlines()
    assert listed[0] == "The saved game: table-save.json: standard game, hand 1; score North-South 0, East-West 0."
    assert f"  {aside.name}: standard game, hand 1; score North-South 0, East-West 0." in listed
    assert listed[-1].startswith("spades play --resume NAME continues one of them")
    third = Driver(tmp_path, ["--resume", aside.name])
    third.expect(r"The game that was waiting is set aside as ([^\r\n]+)\.")
    other = Path(third.child.match.group(1))
    third.expect(rf"{re.escape(aside.name)} is the saved game again\.")
    third.expect(r"Resumed: standard game, hand 1\.")
    third.expect(r"Your turn\. ")
    assert third.ask("r", r"Trick \d+: ") == trick
    leave(third)
    assert not aside.exists() and json.loads(other.read_text(encoding="utf-8"))["seed"] == 6
    assert json.loads((tmp_path / "data" / "table-save.json").read_text(encoding="utf-8"))["seed"] == 5
    missing = command(tmp_path, "play", "--resume", "table-save.nothing.json")
    assert missing.returncode == 2 and "there is no such save; spades play --saves lists them" in missing.stderr


def test_the_levels_are_said_and_a_one_off_level_is_not_kept(tmp_path: Path) -> None:
    easy = "The computer plays North, your partner, at normal; East and West at easy."
    once = Driver(tmp_path, ["--opponents", "easy", "-o", "hands=1"])
    once.expect(r"Spades, standard[^\r\n]*\r?\n")
    once.expect(r"[^\r\n]+")
    assert once.child.after.strip() == easy
    once.expect(r"Your turn to bid: ")
    assert once.ask("z", "Rules: ").endswith(" " + easy)
    leave(once)
    assert "Remembered" not in once.transcript
    again = Driver(tmp_path, ["--new"])
    again.expect(r"Your turn to bid: ")
    assert again.ask("z", "Rules: ").endswith(" The computer plays North, your partner, at normal; East and West at "
                                              "normal.")
    leave(again)
    kept = Driver(tmp_path, ["--new", "--opponents", "easy", "--remember"])
    kept.expect(r"Remembered for later games: [^\r\n]*opponents easy\.")
    kept.expect(r"Your turn to bid: ")
    leave(kept)
    later = Driver(tmp_path, ["--new"])
    later.expect(r"Remembered from an earlier game: opponents easy\. A flag changes one for this game; --forget goes "
                 r"back to the defaults\.")
    later.expect(re.escape(easy))
    later.expect(r"Your turn to bid: ")
    leave(later)
    assert "--remember" in command(tmp_path, "play", "--help").stdout


def test_u_at_the_rooms_table_says_it_takes_nothing_back_there(server: ServeProcess,  # noqa: F811
                                                               tmp_path: Path) -> None:
    joined = JoinDriver(tmp_path / "join", [server.url, "-o", "hands=1"])
    joined.expect(r"Your turn to bid: ")
    said = joined.ask("U", "Nothing ")
    assert said == "Nothing can be taken back at the room's tables; U takes back a move only in spades play."
    joined.key("q")
    joined.expect(r"y or n\.")
    joined.key("y")
    joined.expect(pexpect.EOF)


def finished_record(tmp: Path) -> Path:
    game = Game(Rules.preset("standard", hands=2), seed=3)
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp / "game.json"
    save_record(game, path, {"human": 2})
    return path


def test_replay_of_one_hand_is_the_replay_and_brief_says_no_card(tmp_path: Path) -> None:
    path = finished_record(tmp_path)
    one = command(tmp_path, "replay", str(path), "--hand", "2")
    assert one.returncode == 0, one.stderr
    lines = one.stdout.splitlines()
    assert "Hand 2. South deals." in lines and not any(line.startswith("Hand 1.") for line in lines)
    assert not any("Coach" in line or "coach" in line for line in lines)
    assert any(" plays the " in line for line in lines)
    for extra in ([], ["--compact"]):
        brief = command(tmp_path, "replay", str(path), "--brief", *extra)
        assert brief.returncode == 0 and " bids " in brief.stdout
        assert not CARD.search(brief.stdout), brief.stdout
        assert not re.search(r"\b(10|[2-9JQKA])[SHDC]\b|deal ", brief.stdout), brief.stdout
    seat = command(tmp_path, "replay", str(path), "--seat", "N")
    assert seat.returncode == 2 and "add --review" in seat.stderr


def test_line_mode_refusals_point_to_the_keys_and_a_misspelt_card_gets_a_suggestion(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "9", "-o", "hands=1"], line=True)
    driver.expect(r"Press \? for the keys\.")
    driver.expect(r"Your turn to bid: ")
    driver.child.sendline("3")
    driver.child.sendline("y")
    driver.expect(r"Your turn\. ")
    driver.child.sendline("queen of hartz")
    driver.expect(r"'queen of hartz' is not a card, a bid or a command; did you mean the queen of hearts\?")
    driver.child.sendline("XX")
    driver.expect(r"'XX' is not a card, a bid or a command; press \? for the list of keys\.")
    driver.child.sendline("?")
    driver.expect(r"Line mode: ")
    driver.child.sendline("quit")
    driver.child.sendline("y")
    driver.expect(pexpect.EOF)
    assert "type help" not in driver.transcript


def test_the_engine_suggests_the_card_a_misspelt_name_means() -> None:
    for text, meant in (("queen of hartz", "QH"), ("qeen of hearts", "QH"), ("ten of spadez", "10S"),
                        ("kign clubs", "KC")):
        with pytest.raises(CardError, match=re.escape(f"{text!r} is not a card; did you mean the ")) as error:
            Card.parse(text)
        assert error.value.suggestion == Card.parse(meant)
        with pytest.raises(ActionError, match="did you mean the ") as refused:
            parse_action(text)
        assert refused.value.suggestion == Card.parse(meant)
    for text in ("1H", "XX", "blah of blah"):
        with pytest.raises(CardError) as error:
            Card.parse(text)
        assert error.value.suggestion is None and "did you mean" not in str(error.value)


def test_a_failed_nils_points_and_bags_are_said_in_the_hands_result() -> None:
    rules = Rules.preset("standard")
    bids = [Bid.of(4), Bid.of(3), Bid.of(0), Bid.of(4)]  # South's Nil, North bid 4
    result = score_hand(rules, bids, [3, 4, 2, 4], [0, 0], [0, 0], number=1)
    line = announce.side_result(rules, result.sides[0])
    assert line == ("North-South: bid 4, took 3, set; South's Nil failed with 2 tricks, -100 points and 2 bags: "
                    "-138 points, score -138, 2 bags.")
    assert result.sides[0].points == -40 - 100 + 2
    made = score_hand(rules, bids, [4, 4, 0, 5], [0, 0], [0, 0], number=1)
    assert "South's Nil made: " in announce.side_result(rules, made.sides[0])
