"""A whole game in Spanish at the terminal, by keys through a pseudo-terminal, every line heard checked against the
Spanish catalogue: no English line is heard. The driver knows the table's prompts only through the catalogue (each
English sentence translated, its placeholders made patterns), so a prompt left in English stops the game here."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

import pexpect

from language_support import foreign_lines
from spades.language import _, speaking
from spades.seats import seat_words

SPADES = [sys.executable, "-m", "spades"]
HOME, RIGHT = "\x1b[H", "\x1b[C"


def said(message: str, language: str = "es", **groups: str) -> str:
    """The pattern of ``message`` as ``language`` says it: its words as they are, each placeholder the group
    given (anything, by default)."""
    marks = {name: f"\x00{name}\x00" for name in re.findall(r"\{(\w+)\}", message)}
    with speaking(language):
        text = _(message, **marks)
    pattern = re.escape(text)
    for name, mark in marks.items():
        pattern = pattern.replace(re.escape(mark), groups.get(name, r"[^\r\n]+?"))
    return pattern


def test_a_whole_game_in_spanish_by_keys_says_no_english_line(tmp_path: Path) -> None:
    env = dict(os.environ, SPADES_CONFIG_DIR=str(tmp_path / "config"), SPADES_DATA_DIR=str(tmp_path / "data"),
               PYTHONUNBUFFERED="1", LANG="en_US.UTF-8")
    child = pexpect.spawn(SPADES[0], [*SPADES[1:], "play", "--lang", "es", "--pace", "0", "--trick-pace", "0",
                                      "--speech", "none", "--seed", "7", "-o", "hands=2"],
                          env=env, encoding="utf-8", timeout=90, dimensions=(50, 200))
    with speaking("es"):
        south = seat_words(2)
    bid_turn = said("Your turn to bid: {bids}.")
    confirm = said("Bid {bid}? y or n.")
    play_turn = said("Your turn. {card} is selected.")
    next_hand = said("Press n for the next hand.")
    end_offer = said("Press C for the coach's review of the last hand, or q to leave.")
    played = said("{seat} plays {card}.", seat=re.escape(south))
    refused = said("Not {card}: {reason}.")
    turns = [bid_turn, play_turn, next_hand, end_offer]
    log: list[str] = []
    plays = refusals = hands = 0

    def expect(patterns: list[str] | str) -> int:
        index = child.expect(patterns)
        log.append(child.before + (child.after if isinstance(child.after, str) else ""))
        return int(index)

    while True:
        turn = expect(turns)
        if turn == 0:
            child.send("3\r")
            expect(confirm)
            child.send("y")
        elif turn == 1:
            child.send(HOME)
            expect(r"[^\r\n]+\r?\n")
            child.send("\r")
            while expect([played, refused]) == 1:
                refusals += 1
                child.send(RIGHT)
                expect(r"[^\r\n]+\r?\n")
                child.send("\r")
            plays += 1
        elif turn == 2:
            hands += 1
            child.send("n")
        else:
            child.send("q")
            expect(pexpect.EOF)
            break
    lines = [line for chunk in log for line in re.split(r"[\r\n]+", chunk) if line.strip()]
    transcript = "\n".join(lines)
    assert plays == 26 and hands == 1, transcript[-3000:]
    endings = ["{side} win the game. Final score: {scores}.", "{side} wins the game. Final score: {scores}.",
               "The game is over: a draw. Final score: {scores}."]
    assert any(re.search(said(ending), transcript) for ending in endings), transcript[-2000:]
    failed = foreign_lines(lines, "es")
    assert not failed, "\n".join(failed[:20])
