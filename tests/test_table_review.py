"""What the table answers when asked: between hands, during the two-player draw, to a blank or bad line, and `m`.

Each test plays a known deal (a fixed seed) through the real `spades play`, by keys in a pseudo-terminal or by lines
through a pipe, and checks the answers against the transcript or against the engine replaying the same deal.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from spades import Card, CardError, CardSet, Choice, Game, Rules
from spades.actions import ActionError, parse_action
from test_table_play import Driver


def press_n(match: re.Match[str]) -> bool:
    return match.group(0).startswith("Press n")


def test_review_keys_between_hands_answer_about_the_hand_just_ended(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "5", "-o", "hands=2"])
    driver.play_until(stop=press_n)
    said = driver.transcript
    bids = dict(re.findall(r"^(North|East|South|West) bids ([^\r\n]*)\.\r?$", said, re.M))
    assert len(bids) == 4
    won = re.findall(r"^(North|East|South|West) wins trick \d+", said, re.M)
    assert len(won) == 13
    answer = driver.ask("b", "Hand 1 is over. Bids: ")
    for seat, bid in bids.items():
        assert f"{seat} {bid}" in answer
    assert "not yet" not in answer
    contract = driver.ask("c", "Hand 1 is over. This hand: ")
    taken = [int(n) for n in re.findall(r"taken (\d+)", contract)]
    assert sum(taken) == 13
    assert taken[0] == sum(won.count(seat) for seat in ("North", "South"))
    value = {"Nil": 0, "Blind Nil": 0}
    north_south = sum(int(value.get(bids[seat], bids[seat])) for seat in ("North", "South"))
    assert f"North-South contract {north_south}, taken {taken[0]}" in contract
    trick = driver.ask("r", "Hand 1 is over. ")
    assert re.fullmatch(rf"Hand 1 is over\. Last trick, 13: .*\. {won[-1]} took it\.", trick)
    assert driver.ask("R", "Last trick, ") == trick.removeprefix("Hand 1 is over. ")
    assert driver.ask("t", "Hand 1 is over") == "Hand 1 is over: 13 tricks played; press n for the next hand."
    assert driver.ask("w", "Hand 1 is over") == "Hand 1 is over; press n for the next hand."
    assert driver.ask("h", "Hand 1 is over") == ("Hand 1 is over and your cards are played; press n for the next "
                                                 "hand.")
    assert driver.ask("right", "Hand 1 is over") == driver.ask("h", "Hand 1 is over")
    assert driver.ask("x", "No hint: ") == "No hint: it is not your turn. Hand 1 is over; press n for the next hand."
    assert driver.ask("4", "Digits are ") == ("Digits are for bidding, and it is not your turn to bid. Hand 1 is over; "
                                              "press n for the next hand.")
    score = driver.ask("e", "Score: ")
    summary = re.findall(r"^(North-South|East-West): .*points, score (-?\d+)", said, re.M)
    assert score.startswith(f"Score: {summary[0][0]} {summary[0][1]} points")
    assert not re.search(r"(North|East|West).s turn|Your turn to bid:", driver.transcript[len(said):])
    # After n the keys answer about the new hand again, and the bidding is spelled right.
    driver.key("n")
    driver.expect(r"Hand 2\. ")
    driver.expect(r"Your turn to bid: ")
    assert driver.ask("t", "The ") == "The bidding is on; 13 tricks to play."
    assert "not yet" in driver.ask("b", "Bids: ")


def test_two_player_draw_says_each_keep_once_with_the_card_face_up_and_logs_it(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "4", "--variant", "two_player", "-o", "hands=1"], line=True)
    game = Game(Rules.preset("two_player", hands=1), 4)
    south = 1
    kept = []
    for key, choice in (("n", Choice.DISCARD), ("y", Choice.KEEP)):
        while game.turn != south:
            driver.expect(r"North (?:keeps|discards) the first card")
            game.apply(Choice.KEEP if "keeps" in driver.child.after else Choice.DISCARD)
        offered = game.view(south).offered
        assert offered is not None
        driver.expect(rf"Your turn: you drew the {offered.name}\. Keep it\? y or n\.")
        assert driver.ask("w", "Your turn") == f"Your turn: you drew the {offered.name}; y keeps it, n discards it."
        before = game.view(south).hand
        before_shown = game.view(south).discards
        game.apply(choice)
        after = game.view(south).hand
        assert before is not None and after is not None
        card = next(iter(CardSet(after & ~before)))
        kept.append(card)
        shown = next(iter(game.view(south).discards - before_shown))  # the card that went face up
        driver.key(key)
        driver.expect(r"You keep the [^\r\n]+")  # one line for each of the seat's own draws
        assert driver.child.after.strip() == f"You keep the {card.name}; the {shown.name} is face up."
    assert kept[1] == offered
    driver.key("g")
    driver.expect(r"Log of this hand:")
    for card in kept:
        driver.expect(rf"  You keep the {card.name}; ")
    driver.child.sendline("quit")
    driver.child.sendline("y")
    driver.expect(pexpect.EOF)
    assert not re.search(r"South (keeps|discards) the first card", driver.transcript)


def test_card_strings_that_are_not_cards_are_refused_and_quoted() -> None:
    for text in ("1H", "1 of hearts", "1s"):
        with pytest.raises(CardError, match=re.escape(repr(text))):
            Card.parse(text)
        with pytest.raises(ActionError, match=re.escape(repr(text))):
            parse_action(text)
    assert parse_action("AH") == Card.parse("ace of hearts")


def test_line_mode_blank_line_repeats_the_prompt_and_a_bad_card_is_quoted(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "9", "-o", "hands=1"], line=True)
    driver.expect(r"Your turn to bid: Nil or 1 to 13\.")
    driver.child.sendline("")
    driver.expect(r"Your turn to bid: Nil or 1 to 13\.")
    driver.child.sendline("3")
    driver.expect(r"Bid 3\? y or n\.")
    driver.child.sendline("")
    driver.expect(r"Bid 3\? y or n\.")
    driver.child.sendline("y")
    driver.expect(r"Your turn\. ([A-Za-z ]+) is selected\.")
    prompt = driver.child.after
    for line in ("", "   "):
        driver.child.sendline(line)
        assert driver.expect([re.escape(prompt), "South plays the "]) == 0
    driver.child.sendline("1H")
    assert driver.expect([r"'1H' is not a card, a bid or a command; press \? for the list of keys\.",
                          "South plays the "]) == 0
    driver.child.sendline("hand")
    assert driver.expect([r"Your hand, 13 cards\.", "South plays the "]) == 0
    driver.child.sendline("quit")
    driver.child.sendline("y")
    driver.expect(pexpect.EOF)
    assert "South plays the " not in driver.transcript


def test_m_repeats_the_last_message_and_not_a_review_answer(tmp_path: Path) -> None:
    driver = Driver(tmp_path, ["--seed", "5", "-o", "hands=1"])

    def second_trick(match: re.Match[str]) -> bool:
        return match.group(0).startswith("Your turn.") and "wins trick 1 " in driver.transcript

    driver.play_until(stop=second_trick)
    prompt = driver.child.after.strip()
    assert heard(driver, "g", "m")[-1] == prompt
    lines = heard(driver, "b", "c", "r", "R", "t", "w", "e", "h", "right", "m")
    assert lines[-1] == prompt, "\n".join(lines)
    refusal = heard(driver, "Q")[-1]
    assert refusal == "Q does nothing here; press ? for the list of keys."
    assert heard(driver, "g", "b", "m")[-1] == refusal
    driver.key("q")
    driver.expect(r"y or n\.")
    driver.key("y")
    driver.expect(pexpect.EOF)


def heard(driver: Driver, *keys: str) -> list[str]:
    """The lines said in answer to ``keys``: z is pressed after them, and what comes before its answer is theirs."""
    for key in keys:
        driver.key(key)
    driver.key("z")
    driver.expect(r"Rules: [^\r\n]*\r?\n")
    return [line.strip() for line in driver.child.before.splitlines() if line.strip()]
