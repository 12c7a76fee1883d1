"""The terminal tables tried from outside, as a new player would, through a pseudo-terminal: what each says must be
what it does, the same at `spades play` and at `spades join`."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest

from room_server import ServeProcess
from spades.table.session import END_OFFER
from test_join import JoinDriver, database, server  # noqa: F401  (the room's fixtures)
from test_table_heard import command
from test_table_play import Driver


def leave(driver: Driver) -> None:
    driver.key("q")
    driver.expect(r"y or n\.")
    driver.key("y")
    driver.expect(pexpect.EOF)


def test_join_keeps_its_flags_for_one_game_unless_remember(server: ServeProcess,  # noqa: F811
                                                          tmp_path: Path) -> None:
    once = JoinDriver(tmp_path, [server.url, "-o", "hands=1", "--verbosity", "tricks"])
    once.expect(r"Your turn to bid: ")
    leave(once)
    assert not (tmp_path / "config" / "table.toml").exists()
    assert "Remembered" not in once.transcript
    kept = JoinDriver(tmp_path, [server.url, "--verbosity", "tricks", "--remember"])
    kept.expect(r"Remembered for later games: verbosity tricks, pace 0 seconds, trick pace 0 seconds, speech none\.")
    kept.expect(r"Your turn")
    leave(kept)
    later = JoinDriver(tmp_path, [server.url])  # its own --pace, --trick-pace and --speech change those for now
    later.expect(r"Remembered from an earlier game: verbosity tricks\. A flag changes one for this game; --forget "
                 r"goes back to the defaults\.")
    later.expect(r"Your turn")
    leave(later)
    helped = command(tmp_path, "join", "--help").stdout
    assert "--remember" in helped and "--forget" in helped and "(remembered)" not in helped


def test_a_rooms_table_says_who_sits_where_when_the_game_starts_and_at_z(server: ServeProcess,  # noqa: F811
                                                                        tmp_path: Path) -> None:
    ann = JoinDriver(tmp_path / "ann", [server.url, "--name", "ann", "--partner", "person", "-o", "hands=1"])
    ann.expect(r"--table (\d+)\. ")
    table = ann.child.match.group(1)
    ben = JoinDriver(tmp_path / "ben", [server.url, "--name", "ben", "--table", table])
    ben.expect(r"You are North\.")
    said = "ben plays North, your partner. The computer plays East and West at normal."
    ann.expect(said)
    ben.expect("ann plays South, your partner. The computer plays East and West at normal.")
    for driver in (ann, ben):
        driver.expect(r"Hand 1\. ")
    assert ann.ask("z", "Rules: ").endswith(" " + said)
    for driver in (ann, ben):
        leave(driver)


def test_keys_while_waiting_for_the_start_answer_and_q_frees_the_seat(server: ServeProcess,  # noqa: F811
                                                                      tmp_path: Path) -> None:
    ann = JoinDriver(tmp_path, [server.url, "--name", "ann", "--opponents", "person", "-o", "hands=1"])
    ann.expect(r"--table (\d+)\. ")
    table = int(ann.child.match.group(1))
    assert ann.ask("?", "The game has not started") == ("The game has not started: East and West are free. The game "
                                                       "starts by itself when every seat is taken. Press q to leave "
                                                       "the table.")
    assert ann.ask("q", "You leave ") == f"You leave table {table}; your seat is free again."
    ann.expect(pexpect.EOF)
    _, lobby = server.get("/api/tables")
    seats = next(info["seats"] for info in lobby["tables"] if info["table"] == table)
    assert all(seat["player"] is None for seat in seats)


def test_c_counts_a_failed_nils_tricks_as_the_hands_score_does(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "3", "-o", "hands=2"])
    driver.expect(r"Your turn to bid: ")
    driver.type_bid(0)
    driver.expect(r"Bid Nil\? y or n\.")
    driver.key("y")
    while driver.expect([r"Your turn\. ", r"Press n for the next hand\."]) == 0:
        driver.play_card()
    result = re.search(r"North-South: bid (\d+), took (\d+), [a-z]+; South's Nil failed with (\d+) tricks?",
                       driver.transcript)
    assert result is not None, driver.transcript  # the deal of seed 3 sets South's Nil
    contract, took, nil = result.groups()
    said = driver.ask("c", "Hand 1 is over. This hand: ")
    assert said.startswith(f"Hand 1 is over. This hand: North-South contract {contract}, taken {took} (South Nil "
                           f"with {nil} tricks, which count only as bags); East-West contract "), said
    leave(driver)


def test_a_key_that_does_nothing_is_named_as_on_the_keyboard(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "5", "-o", "hands=1"])
    driver.expect(r"Your turn to bid: ")
    for sent, name in (("\x0c", "Ctrl+L"), ("\x1bOP", "F1"), ("\x1b[5~", "Page Up"), ("\x1b[1;5C", "That key")):
        assert driver.ask(sent, r"\S[^\r\n]* does nothing here") == f"{name} does nothing here; press ? for the list " \
                                                                     "of keys."
    leave(driver)


def test_once_the_game_is_over_b_c_r_and_shift_r_tell_of_its_last_hand(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "5", "-o", "hands=1"])
    driver.play_until(stop=lambda match: match.group(0).startswith("Your statistics"))
    driver.expect(re.escape(END_OFFER))
    bids = re.findall(r"^(North|East|South|West) bids ([^\r\n]*)\.\r?$", driver.transcript, re.M)
    said = driver.ask("b", "Hand 1 is over. Bids: ")
    assert all(f"{seat} {bid}" in said for seat, bid in bids), (bids, said)
    assert driver.ask("c", "Hand 1 is over. ").startswith("Hand 1 is over. This hand: North-South contract ")
    last = driver.ask("R", "Last trick, 13: ")
    assert driver.ask("r", "Hand 1 is over. ") == f"Hand 1 is over. {last}"
    driver.key("q")
    driver.expect_end()


def test_replay_of_a_file_that_is_not_a_record_says_so_and_where_records_are(tmp_path: Path) -> None:
    other = tmp_path / "settings.json"
    for text in ('{"pace": 0.6}', "[1, 2]"):
        other.write_text(text, encoding="utf-8")
        refused = command(tmp_path, "replay", str(other))
        assert refused.returncode == 2
        assert refused.stderr.strip() == (f"spades replay: {other} is not a game record; spades play keeps each "
                                          f"finished game in {tmp_path / 'data' / 'games'}, and spades simulate "
                                          "--records writes them")


def test_line_mode_takes_a_bid_said_as_a_word(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "9", "-o", "hands=1"], line=True)
    driver.expect(r"Your turn to bid: Nil or 1 to 13\.")
    for typed, bid in (("four", "4"), ("bid Three", "3"), ("zero", "Nil")):
        driver.child.sendline(typed)
        driver.expect(rf"Bid {bid}\? y or n\.")
        driver.child.sendline("n")
        driver.expect(r"Bid taken back\. ")
    driver.child.sendline("fourteen")  # a bid word up to the largest hand's, refused here as too many
    driver.expect(r"You may not bid 14\. You may bid Nil or 1 to 13\.")
    driver.child.sendline("twenty")
    driver.expect(r"'twenty' is not a card, a bid or a command")
    driver.child.sendeof()
    driver.expect(pexpect.EOF)


def test_line_mode_takes_an_arrow_key_typed_before_enter(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "9", "-o", "hands=1"], line=True)
    driver.expect(r"Your turn to bid: ")
    driver.child.sendline("\x1b[C")  # what a terminal in line mode sends for Right, then Enter
    driver.expect(r"[a-z]+ of [a-z]+[^\r\n]*\r?\n")
    driver.child.sendline("\x1b[1;5C")
    driver.expect(r"That key does nothing here; press \? for the list of keys\.")
    driver.child.sendeof()
    driver.expect(pexpect.EOF)
    assert "\\x1b" not in driver.transcript


def test_a_misspelt_option_or_variant_is_answered_with_the_name_it_likely_means(tmp_path: Path) -> None:
    """`-o targt=300` and `--variant standrd` name what they most likely mean, then every choice; a name near
    nothing is answered with the choices alone."""
    from spades.rules import Rules, RulesError

    env = dict(os.environ, SPADES_DATA_DIR=str(tmp_path / "data"), SPADES_CONFIG_DIR=str(tmp_path / "config"))
    option = subprocess.run([sys.executable, "-m", "spades", "play", "-o", "targt=300"], capture_output=True,
                            text=True, env=env, stdin=subprocess.DEVNULL, timeout=60)
    assert "unknown option 'targt'; did you mean 'target'? The options are target," in option.stderr
    variant = subprocess.run([sys.executable, "-m", "spades", "simulate", "--variant", "standrd"],
                             capture_output=True, text=True, env=env, timeout=60)
    assert "'standrd' is not a variant (did you mean 'standard'?); choose standard" in variant.stderr
    with pytest.raises(RulesError, match="unknown option 'zzz'; the options are target"):
        Rules.preset("standard", zzz=1)
    with pytest.raises(RulesError, match=re.escape("unknown variant 'wizz'; did you mean 'whiz'?")):
        Rules.preset("wizz")
    from spades.commands.replay import hands_held

    assert hands_held([1]) == "the record holds only hand 1"
    assert hands_held([1, 2, 3]) == "the record holds hands 1 to 3"
