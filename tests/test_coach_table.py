"""The coach at the table: after a hand in which South throws away its Nil, C names that trick, card and cost.

`spades play` is driven by keys through a pseudo-terminal; each turn the game so far is rebuilt from what the table
said (so the test knows the trick and the legal cards only from the transcript and the seeded deal), South bids
Nil, follows the hint, and once takes a trick it could have left to the others, with the highest card that takes
it. The coach must name that trick and card, a large cost, and a better card that would not have taken the trick.
"""

from __future__ import annotations

import io
import re
import subprocess
from pathlib import Path

import pytest

from spades import Card, Game, Rules
from spades.bots import make_bot
from spades.host import Host
from spades.table.config import Settings
from spades.table.keys import LineInput
from spades.table.link import LocalLink
from spades.table.session import END_OFFER, Output, Table
from spades.tricks import beats, winning_play
from test_table_play import SPADES, TURN, Driver, replay

SEED = 19
SOUTH = 2


def overtake(driver: Driver, rules: Rules) -> tuple[int, Card, Card] | None:
    """Play South's card: while South's Nil is whole and a trick is under way, holding both cards that beat the
    card winning it and cards that do not, the highest card that beats it (then the trick number, that card and
    the card it beat); else the hint's card."""
    game = replay(driver.transcript, rules, SEED)
    view = game.view(SOUTH)
    assert view.turn == SOUTH
    cards = [c for c in view.legal if isinstance(c, Card)]
    if view.trick and view.tricks_won[SOUTH] == 0:
        best = winning_play(view.trick)[1]
        tops = [max(c for c in cards if c.suit == suit) for suit in {c.suit for c in cards}]
        winners = [c for c in tops if beats(c, best)]
        if winners and not all(beats(c, best) for c in cards):
            card = max(winners)
            driver.key("asdf"[int(card.suit)])
            driver.key("o")
            driver.expect(rf"\n{card.name}[^\r\n]*\r?\n")
            driver.key("enter")
            driver.expect(rf"South plays the {card.name}\.")
            return view.trick_number, card, best
    play_hint(driver)
    return None


def test_the_coach_names_the_card_that_lost_the_nil(tmp_path: Path) -> None:
    rules = Rules.preset("standard", hands=2)
    driver = Driver(tmp_path, ["--seed", str(SEED), "-o", "hands=2"])
    thrown: tuple[int, Card, Card] | None = None
    while True:
        driver.expect(TURN)
        text = driver.child.after
        if text.startswith("Press n"):
            break
        if text.startswith("Your turn to bid: "):
            assert driver.ask("C", "The coach") == ("The coach reviews a hand once it is over: press C after the "
                                                    "hand, before n.")
            driver.type_bid(0)
            driver.expect(r"Bid Nil\? y or n\.")
            driver.key("y")
            driver.expect(r"South bids Nil\.")
        else:
            if thrown is None:
                thrown = overtake(driver, rules)
            else:
                play_hint(driver)
    driver.expect(r"Or press C for the coach's review of your bids and cards\.")
    assert thrown is not None, "no trick where South could take or leave the trick"
    number, card, beaten = thrown
    assert re.search(rf"South wins trick {number} with the {card.name}", driver.transcript)
    driver.key("C")
    driver.expect(r"Coach, hand 1: [^\r\n]*\r?\n")
    driver.expect(rf"Trick {number}: the {card.name} cost about (\d+) points; better the ([a-z ]+)\. Why: [^\r\n]+")
    assert int(driver.child.match.group(1)) >= 20
    better = Card.parse(driver.child.match.group(2))
    assert not beats(better, beaten)


def play_hint(driver: Driver) -> None:
    """South plays the card the hint key selects."""
    driver.key("x")
    driver.expect(r"Hint: [^\r\n]*\r?\n")
    driver.key("enter")
    driver.expect(r"South plays the [a-z ]+\.")


def test_the_coach_by_its_word_in_line_mode(tmp_path: Path) -> None:
    """Through a pipe the word "coach" asks for the review; it is about the hand just played, by its number."""
    driver = Driver(tmp_path, ["--seed", "4", "-o", "hands=2"], line=True)
    driver.play_until(stop=lambda match: match.group(0).startswith("Press n"))
    driver.expect(r"Or press C for the coach's review of your bids and cards\.")
    driver.child.sendline("coach")
    driver.expect(r"The coach goes through your bids and cards of hand 1\.")
    driver.expect(r"Coach, hand 1: (\d+) of your (\d+) choices cost points[^\r\n]*\r?\n|"
                  r"Coach, hand 1: none of your (\d+) choices clearly cost 3 points or more[^\r\n]*\r?\n")
    told = driver.child.match.group(1)
    if told is not None:
        for _ in range(min(int(told), 3)):
            driver.expect(r"(Bidding|Trick \d+): [^\r\n]* cost about \d+ points?; better [^\r\n]+\. Why: [^\r\n]+")
    driver.child.sendline("m")
    driver.expect(r"Press n for the next hand\.")
    driver.child.sendline("n")
    driver.expect(r"Hand 2\. ")


class Heard:
    """A speaker that keeps what it is asked to say and whether each line cuts off the ones before."""

    def __init__(self) -> None:
        self.said: list[tuple[str, bool]] = []

    def off_reason(self) -> None:
        return None

    def say(self, text: str, interrupt: bool = False) -> None:
        self.said.append((text, interrupt))

    def close(self, wait: float = 0) -> None:
        """Nothing to let go of."""


def test_every_line_of_the_review_is_spoken_and_m_still_says_what_is_awaited(tmp_path: Path,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the coach's first line cuts off speech: the review's lines queue behind it, or a screen reader would
    say only the last. The review is kept, so a second C answers at once with the same words."""
    game = Game(Rules.preset("standard", hands=2), seed=6)
    bots = {seat: make_bot("normal", seed=seat) for seat in (0, 1, 3)}
    heard = Heard()
    link = LocalLink(Host(game, bots), SOUTH, save_to=tmp_path / "save.json")
    table = Table(link=link, adviser=make_bot("normal"), settings=Settings(pace=0, trick_pace=0),
                  input=LineInput(io.StringIO("")), out=Output(io.StringIO(), speaker=heard),  # type: ignore[arg-type]
                  sleep=lambda _: None)
    while not table.waiting_next:
        table.advance()
        if table.my_turn:
            view = table.view()
            assert link.act(view.legal[-1] if view.phase == "bid" else view.legal[0]) is None
    del heard.said[:]
    from spades.table import waiting

    monkeypatch.setattr(waiting, "STILL_FIRST", 3600.0)  # on a busy machine: no "still at work" among the lines
    table.handle_key("C")
    lines = [text for text, _ in heard.said]
    assert lines[0] == "The coach goes through your bids and cards of hand 1."
    assert lines[1].startswith("Coach, hand 1: ") and lines[1:] == link.reviews[(1, len(game.actions))]
    assert [interrupt for _, interrupt in heard.said] == [True] + [False] * (len(lines) - 1)
    assert table.out.last == "Press n for the next hand."
    import spades.coach

    reviewed: list[int] = []  # a second C reviews nothing again (a review takes a second or two): it is kept
    review_hand = spades.coach.review_hand
    monkeypatch.setattr(spades.coach, "review_hand", lambda *args: reviewed.append(1) or review_hand(*args))
    table.handle_key("C")
    assert reviewed == []
    assert [text for text, _ in heard.said[len(lines):]] == lines


def test_the_last_hand_of_a_game_is_reviewed_and_its_record_kept(tmp_path: Path) -> None:
    """The game ends with its last hand: the table says where the finished game is kept, offers the coach for that
    hand (the same review `spades replay --review` gives of the kept record), and leaves cleanly when input ends."""
    driver = Driver(tmp_path, ["--seed", "4", "-o", "hands=1"], line=True)
    driver.play_until(stop=lambda match: match.group(0).startswith("Your statistics"))
    driver.expect(r"The game is kept as ([^\r\n;]+); spades replay with --review goes through it again\.")
    kept = Path(driver.child.match.group(1))
    driver.expect(re.escape(END_OFFER))
    assert kept.parent == tmp_path / "data" / "games" and kept.exists()
    assert not (tmp_path / "data" / "table-save.json").exists()
    driver.child.sendline("coach")
    driver.expect(r"The coach goes through your bids and cards of hand 1\.\r?\n")
    driver.expect(r"Coach, hand 1: (?:(\d+) of|none of)[^\r\n]*")
    said = [driver.child.after.strip()]
    told = driver.child.match.group(1)
    for _ in range(min(int(told or 0), 3)):
        driver.expect(r"(?:Bidding|Trick \d+): [^\r\n]*")
        said.append(driver.child.after.strip())
    driver.child.sendline("m")
    driver.expect(re.escape(END_OFFER))
    driver.child.sendeof()
    driver.expect_end()
    replayed = subprocess.run([*SPADES, "replay", str(kept), "--review"], capture_output=True, text=True,
                              timeout=120, check=True)
    assert replayed.stdout.splitlines() == ["The coach's review of South's bids and cards.", *said]
