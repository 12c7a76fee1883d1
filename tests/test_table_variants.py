"""`spades play` at every new rule set: three, five and six players, six in partnerships (pairs or teams of
three), the jokers (Big and Little, JJDD), the Nil pass, no bags and the two-player face-down discards.

Each game is played by keys through a pseudo-terminal, start to end, and checked against the record the table
keeps: every card said is the engine's card in the engine's order, the seats are named as the table size names
them, the jokers are said by name, a Nil pass is said to the partners with its cards and to the others without,
the score lines add up to the engine's scores (with no bags where there are none). The words for the seats that
are not the player's (who hears a pass's cards) and the reading of a hand in play order are checked in-process.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest

from spades import Bid, Card, CardSet, Game, Rules
from spades.actions import NIL
from spades.bots import make_bot
from spades.commands.options import parse_options
from spades.events import CardPlayed, GameOver, Passed
from spades.host import Host
from spades.record import load_record
from spades.seats import seat_name
from spades.table.config import Settings
from spades.table.link import LocalLink
from spades.table.session import Output, Table
from spades.view import Phase
from spades.words import announce
from spades.words.seat import heard_lines
from test_table_play import Driver
from test_table_units import AutoInput

TURN = re.compile(r"Your turn to bid: ([^\r\n]*)\.\r?\n|Your turn to pass [^\r\n]*\r?\n|"
                  r"Your turn: you drew [^\r\n]*\r?\n|Your turn\. [^\r\n]*\r?\n|Press n for the next hand\.|"
                  r"Your statistics[^\r\n]*\r?\n")
SELECTED = r"(?:[a-z]+ of [a-z]+|Big Joker|Little Joker)[^\r\n]*\r?\n"
NAMES = "|".join(sorted({name for n in (3, 5, 6) for name in (seat_name(s, n) for s in range(n))}, key=len,
                        reverse=True))
PLAYED = re.compile(rf"^({NAMES}|North|East|South|West) plays the ([A-Za-z ]+)\.\r?$", re.M)


class VariantDriver(Driver):
    """A whole game by keys: each card chosen from the first of the hand, stepping right until one is taken (so
    the hand's order in play is walked too), a pass chosen the same way, Nil bid when asked to."""

    def play_game(self, rules: Rules, nil: bool = False) -> str:
        self.expect(r"You are ([A-Za-z]+)\.")
        me = self.child.match.group(1)
        draws = 0
        read = False
        while True:
            self.expect(TURN)
            text = self.child.after
            if text.startswith("Your statistics"):
                self.leave_finished()
                return me
            if text.startswith("Press n"):
                self.key("n")
            elif text.startswith("Your turn to bid: "):
                values = [int(v) for v in re.findall(r"\d+", self.child.match.group(1))]
                choice = 0 if nil and "Nil" in text else min(2, max(values))
                self.type_bid(choice)
                self.expect(r"\? y or n\.")
                self.key("y")
                self.expect(rf"{me} bids ")
            elif text.startswith("Your turn: you drew"):
                self.key("y" if draws % 3 else "n")
                draws += 1
            elif text.startswith("Your turn to pass"):
                self.key("home")
                self.expect(SELECTED)
                self.key("enter")  # the next card's turn, or the pass said
            else:
                if not read:  # the reading keys once, at the first card: every seat, the hand's size
                    read = True
                    self.read_table(rules)
                self.choose(me)

    def read_table(self, rules: Rules) -> None:
        assert self.ask("t", r"Trick 1 of ").startswith(f"Trick 1 of {rules.hand_size}; ")
        bids = self.ask("b", r"Bids: ")
        names = [seat_name(s, rules.players) for s in range(rules.players)]
        assert re.findall(r"(?:^Bids: |, )([A-Za-z]+) (?:Nil|\d+)", bids.split(". Totals")[0]) == names
        score = self.ask("e", r"Score: ")
        assert score.count(" points") == rules.sides and ("bag" in score) is not rules.no_bags
        self.ask("c", r"This hand: ")

    def choose(self, me: str) -> None:
        self.key("home")
        self.expect(SELECTED)
        while True:
            self.key("enter")
            if self.expect([rf"{me} plays the [A-Za-z ]+\.", r"Not the [A-Za-z ]+: [^\r\n]+\."]) == 0:
                return
            self.key("right")
            self.expect(SELECTED)


def kept_game(transcript: str) -> Game:
    kept = re.search(r"The game is kept as (\S+\.json);", transcript)
    assert kept is not None, transcript[-500:]
    return load_record(kept.group(1))


def pass_cards(game: Game) -> dict[int, CardSet]:
    """Each seat's Nil pass in the record's first hand, by replaying its actions."""
    fresh = Game(game.rules, game.seed)
    passed: dict[int, CardSet] = {}
    for seat, action in game.history:
        if fresh.phase is Phase.PASS:
            assert isinstance(action, Card)
            passed[seat] = passed.get(seat, CardSet()).add(action)
        fresh.apply(action)
    return passed


CASES = [
    ("three_player", ()),
    ("three_player", ("jokers=big_little",)),
    ("five_player", ("jokers=big_little",)),
    ("six_player", ("no_bags=true",)),
    ("six_partners", ("nil_pass=2",)),
    ("six_partners", ("teams=threes",)),
    ("standard", ("jokers=jjdd", "nil_pass=2")),
    ("two_player", ("face_down_discards=true",)),
    ("standard", ("jokers=big_little", "deuces_out=hearts_diamonds")),
    ("five_player", ()),
]


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[f"{v}-{'-'.join(o)}" for v, o in CASES])
def test_a_whole_game_of_each_new_rule_set(tmp_path: Path, variant: str, options: tuple[str, ...]) -> None:
    args = ["--variant", variant, "--seed", "3", "--opponents", "easy", "--partner", "easy", "-o", "hands=1"]
    for option in options:
        args += ["-o", option]
    driver = VariantDriver(tmp_path, args)
    nil = "nil_pass=2" in options
    expected = Rules.preset(variant, hands=1, **parse_options(list(options)))
    me = driver.play_game(expected, nil=nil)
    text = driver.transcript.replace("\r", "")
    game = kept_game(text)
    rules = game.rules
    human = [seat_name(s, rules.players) for s in range(rules.players)].index(me)

    # every card said, in order, is the engine's; the seats by the table's names; every trick numbered
    said = [(m.group(1), m.group(2)) for m in PLAYED.finditer(text)]
    played = [(seat_name(e.seat, rules.players), e.card.name) for e in game.events if isinstance(e, CardPlayed)]
    assert said == played and len(said) == rules.hand_size * rules.players
    assert f"wins trick {rules.hand_size} with the " in text
    assert f"wins trick {rules.hand_size + 1} " not in text
    if rules.jokers != "none":
        assert "plays the Big Joker." in text and "plays the Little Joker." in text

    # the score lines: one a side, the final score the engine's, bags only where there are bags
    over = next(e for e in game.events if isinstance(e, GameOver))
    final = re.search(r"Final score: ([^\n]*)\.", text)
    assert final is not None
    assert [int(n) for n in re.findall(r"-?\d+", final.group(1))] == list(over.scores)
    sides = re.findall(r"^([A-Za-z-]+): [^\n]*points, score -?\d+[^\n]*$", text, re.M)
    assert sides == [announce.side_name(rules, s) for s in range(rules.sides)]
    assert ("bag" in "".join(re.findall(r"points, score[^\n]*", text))) is not rules.no_bags

    if rules.partner_of(human) is not None:
        assert f"{seat_name(rules.partner_of(human), rules.players)}, your partner, at easy" in text
    if rules.face_down_discards:
        assert "is face up" not in text
        assert len(re.findall(r"^You keep the [a-z ]+; the [a-z ]+ goes face down\.$", text, re.M)) == 13
    if nil:  # the player bid Nil: the pass both ways, its cards said to the player
        partner = rules.partner_of(human)
        assert partner is not None
        passed = pass_cards(game)
        to, back = (f"the {c.name}" for c in announce.in_play_order(passed[human], rules)), \
            (f"the {c.name}" for c in announce.in_play_order(passed[partner], rules))
        mate = seat_name(partner, rules.players)
        assert f"You pass {' and '.join(to)} to {mate}." in text
        assert f"{mate} passes you {' and '.join(back)}." in text
        for event in (e for e in game.events if isinstance(e, Passed) and human not in (e.seat, e.to)):
            line = f"{seat_name(event.seat, rules.players)} passes 2 cards to {seat_name(event.to, rules.players)}."
            assert line in text  # another partnership's pass: said, its cards not


def play_to_the_pass(rules: Rules) -> Game:
    """A game at its Nil pass: the first seat to bid says Nil, the others 2."""
    game = Game(rules, seed=8)
    while game.phase is Phase.BID:
        first = all(b is None for b in game.bids)
        game.apply(NIL if first else Bid.of(2))
    return game


@pytest.mark.parametrize("options", [{"variant": "six_partners"}, {"jokers": "jjdd"}])
def test_a_nil_pass_is_heard_with_its_cards_by_the_two_partners_only(options: dict[str, str]) -> None:
    rules = Rules.preset(options.pop("variant", "standard"), nil_pass=2, **options)
    game = play_to_the_pass(rules)
    assert game.phase is Phase.PASS
    nil_bidder = game.turn
    partner = rules.partner_of(nil_bidder)
    assert partner is not None
    first = game.view(nil_bidder)
    assert announce.prompt_line(first).startswith(
        f"Your turn to pass 2 cards to {seat_name(partner, rules.players)}, face down, one at a time.")
    while game.phase is Phase.PASS:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Card)))
        if game.phase is Phase.PASS and game.turn == nil_bidder:
            assert "Your turn to pass 1 more card to " in announce.prompt_line(game.view(nil_bidder))
    index = next(i for i, e in enumerate(game.events) if isinstance(e, Passed))
    names = {s: seat_name(s, rules.players) for s in range(rules.players)}
    cards = CardSet(game.view(nil_bidder).passed)
    for seat in range(rules.players):
        heard = " ".join(heard_lines(game.view(seat), game.events, index))
        named = [c for c in cards if c.name in heard]
        if seat == nil_bidder:
            assert heard.startswith("You pass the ") and heard.endswith(f" to {names[partner]}.")
            assert len(named) == 2
        elif seat == partner:
            assert heard.startswith(f"{names[nil_bidder]} passes you the ") and len(named) == 2
            # and h says where the cards came from
            assert f"{names[nil_bidder]} passed you the " in announce.hand_answer(game.view(seat))
        else:
            assert heard == f"{names[nil_bidder]} passes 2 cards to {names[partner]}."
            assert "passed" not in announce.hand_answer(game.view(seat))


def test_jjdd_hands_are_read_and_walked_as_they_play() -> None:
    rules = Rules.preset("standard", jokers="jjdd")
    hand = CardSet(Card.parse(c) for c in ("BJ", "LJ", "2D", "2S", "AS", "3S", "3D", "KH"))
    words = announce.suits_words(hand, rules)
    assert words.startswith("spades 6: Big Joker, Little Joker, two of diamonds, two, ace, three. hearts 1: king. "
                            "diamonds 1: three. clubs 0: none")
    assert announce.hand_summary_line(hand, rules).startswith("Your cards: 6 spades to the Big Joker, ")
    # the trick: the two of diamonds follows a spade lead and beats the ace of spades
    plays = ((0, Card.parse("AS")), (1, Card.parse("2D")), (2, Card.parse("2S")), (3, Card.parse("KS")))
    assert announce.winning_seat(plays, rules) == 1


def south_table(game: Game, source: Any, tmp_path: Path) -> tuple[Table, io.StringIO]:
    """The terminal table of South at ``game``, its keys from ``source``, random computers in the other seats."""
    stream = io.StringIO()
    bots = {s: make_bot("random", seed=s) for s in range(4) if s != 2}
    link = LocalLink(Host(game, bots), 2, save_to=tmp_path / "save.json")
    table = Table(link=link, adviser=make_bot("random"), settings=Settings(pace=0, trick_pace=0), input=source,
                  out=Output(stream))
    source.table = table
    return table, stream


def test_the_hand_is_walked_in_play_order_at_the_table(tmp_path: Path) -> None:
    """Right walks the hand suit by suit as it plays, low to high: in JJDD the twos, then the jokers, end it."""
    game = Game(Rules.preset("standard", jokers="jjdd", hands=1), seed=2)
    source = AutoInput()
    table, _ = south_table(game, source, tmp_path)
    hand = game.view(2).hand
    assert hand is not None
    rules = game.rules
    expected = sorted(hand, key=lambda c: (rules.suit_of(c), rules.power(c)))
    table.handle_key("home")
    walked = [table.selected]
    for _ in range(len(hand) - 1):
        table.handle_key("right")
        walked.append(table.selected)
    assert walked == expected


@pytest.mark.parametrize(("variant", "options"), [("five_player", {"no_bags": True}),
                                                  ("six_partners", {"teams": "threes"})])
def test_score_and_reading_keys_at_larger_tables(variant: str, options: dict[str, object]) -> None:
    rules = Rules.preset(variant, **options)
    game = Game(rules, seed=1)
    view = game.view(0)
    assert "bag" not in announce.game_score_line(view) or not rules.no_bags
    assert announce.tricks_line(view) == f"The bidding is on; {rules.hand_size} tricks to play."
    levels = {s: "easy" for s in range(1, rules.players)}
    line = announce.computer_line(rules, 0, levels)
    if rules.teams == "threes":
        assert line.startswith("The computer plays Northwest and Northeast, your partners, at easy; ")
    else:
        assert "partner" not in line


class NilInput(AutoInput):
    """Bids Nil whenever it may, and asks for the log (g) once the first hand is over."""

    logged = False

    def read(self) -> str | None:
        table = self.table
        assert table is not None
        if table.waiting_next and not self.logged:
            self.logged = True
            return "g"
        if table.confirm is None and not table.over and table.my_turn and table.view().phase is Phase.BID:
            return "0"
        return super().read()


def test_the_log_between_hands_still_says_the_pass_cards(tmp_path: Path) -> None:
    game = Game(Rules.preset("standard", nil_pass=1, hands=2), seed=5)
    source = NilInput()
    table, stream = south_table(game, source, tmp_path)
    assert table.run() == 0 and table.over
    text = stream.getvalue()
    said = re.search(r"^You pass the ([a-z ]+|Big Joker|Little Joker) to North\.$", text, re.M)
    assert said is not None
    log = text[text.index("Log of this hand:"):]
    assert f"  You pass the {said.group(1)} to North." in log
    assert re.search(r"^  North passes you the [a-z ]+\.$", log, re.M)


def test_face_down_discards_are_said_to_their_owner_only() -> None:
    from spades.actions import Choice

    game = Game(Rules.preset("two_player", face_down_discards=True), seed=6)
    for _ in range(6):
        game.apply(Choice.DISCARD)
    for seat in (0, 1):
        view = game.view(seat)
        own = [c.name for c in view.discards]
        answer = announce.hand_answer(view)
        assert len(own) == 3 and f"Your discards, face down: {', '.join(own)}." in answer
        other = game.view(1 - seat).discards
        assert not any(c.name in answer for c in other)
    for index in range(len(game.events)):
        for seat in (0, 1):
            heard = " ".join(heard_lines(game.view(seat), game.events, index))
            assert " of " not in heard, heard  # no card is named in a public draw line
