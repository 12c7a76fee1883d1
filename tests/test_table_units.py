"""The table's parts on their own: key decoding, settings, saves, speech, announcements, pace and verbosity."""

from __future__ import annotations

import io
import os
import random
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

from spades import VARIANTS, Game, Rules
from spades.actions import BLIND_NIL, NIL, Bid, Choice
from spades.bots import make_bot
from spades.events import CardPlayed, TrickWon
from spades.host import Host
from spades.table.config import Settings, load_settings, save_settings
from spades.table.keys import decode
from spades.table.link import LocalLink
from spades.table.session import Output, Table
from spades.table.speech import open_speech
from spades.words import announce


def test_decode_keys_and_escape_sequences() -> None:
    assert decode("\x1b[A\x1b[B\x1b[C\x1b[D") == ["up", "down", "right", "left"]
    assert decode("\x1bOH\x1bOF\x1b[H\x1b[F\x1b[1~\x1b[4~") == ["home", "end", "home", "end", "home", "end"]
    assert decode("4\r") == ["4", "enter"]
    assert decode("y\r\nR?") == ["y", "enter", "R", "?"]
    assert decode("\x7f\x1b") == ["backspace", "escape"]
    assert decode("\x1b[99~") == ["unknown"]


def test_settings_round_trip_and_bad_values(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SPADES_CONFIG_DIR", str(tmp_path))
    assert load_settings() == (Settings(), [])
    save_settings(Settings(verbosity="tricks", pace=0.25, opponents="easy"))
    settings, notes = load_settings()
    assert (settings.verbosity, settings.pace, settings.opponents, notes) == ("tricks", 0.25, "easy", [])
    (tmp_path / "table.toml").write_text('verbosity = "loud"\npace = -1\nspeech = "none"\n', encoding="utf-8")
    settings, notes = load_settings()
    assert settings.speech == "none" and settings.verbosity == "all" and settings.pace == Settings().pace
    assert len(notes) == 2 and "verbosity" in notes[0]
    (tmp_path / "table.toml").write_text("pace = = 1", encoding="utf-8")
    settings, notes = load_settings()
    assert settings == Settings() and "is not TOML" in notes[0]


def test_speech_is_never_an_error() -> None:
    assert open_speech("none") == (None, "")
    for mode in ("auto", "screenreader"):
        speaker, note = open_speech(mode)
        assert note.startswith("Speech")
        assert (speaker is None) == note.startswith("Speech is off: ")
        if speaker is not None:
            speaker.close(0)


def test_legal_bids_text() -> None:
    assert announce.legal_bids_text((NIL, *(Bid.of(v) for v in range(1, 14)))) == "Nil or 1 to 13"
    assert announce.legal_bids_text((NIL, Bid.of(4))) == "Nil or 4"
    assert announce.legal_bids_text((Bid.of(3),)) == "3"
    assert announce.legal_bids_text((BLIND_NIL, Choice.LOOK)) == "Blind Nil or look at your cards"


@pytest.mark.parametrize(("variant", "options"), [*((v, {}) for v in VARIANTS), ("standard", {"jokers": "jjdd"}),
                                                  ("three_player", {"jokers": "big_little"})])
def test_the_trick_leader_said_by_r_is_the_engines_winner(variant: str, options: dict[str, str]) -> None:
    game = Game(Rules.preset(variant, hands=1, **options), seed=variant)
    rng = random.Random(0)
    plays: list = []
    checked = 0
    while not game.over:
        before = len(game.events)
        game.apply(rng.choice(game.legal_actions()))
        for event in game.events[before:]:
            if isinstance(event, CardPlayed):
                plays.append((event.seat, event.card))
            elif isinstance(event, TrickWon):
                assert announce.winning_seat(tuple(plays), game.rules) == event.seat
                checked += 1
                plays = []
    assert checked == game.rules.hand_size


class AutoInput:
    """Answers every turn with the first legal action, typed as line-mode words."""

    line_mode = True

    def __init__(self, limit: int = 2000) -> None:
        self.table: Table | None = None
        self.limit = limit
        self.pending: list[str] = []

    def read(self) -> str | None:
        self.limit -= 1
        if self.limit < 0:
            return None
        if self.pending:
            return self.pending.pop(0)
        table = self.table
        assert table is not None
        if table.confirm is not None:
            return "y"
        if table.waiting_next:
            return "n"
        if table.over:
            return "q"  # the game has ended: leave instead of asking the coach
        view = table.view()
        action = view.legal[-1] if view.phase == "bid" else view.legal[0]
        return str(action) if view.phase != "bid" else {"nil": "0", "blind nil": "0"}.get(str(action), str(action))

    @contextmanager
    def raw(self):  # type: ignore[no-untyped-def]
        yield


def make_table(variant: str, settings: Settings, tmp: Path, sleep=None, **options) -> tuple[Table, io.StringIO]:  # type: ignore[no-untyped-def]
    game = Game(Rules.preset(variant, hands=1, **options), seed=4)
    human = 1 if game.rules.players == 2 else 2
    bots = {s: make_bot("random", seed=s) for s in range(game.rules.players) if s != human}
    stream = io.StringIO()
    source = AutoInput()
    link = LocalLink(Host(game, bots), human, save_to=tmp / "save.json")
    table = Table(link=link, adviser=make_bot("random"), settings=settings, input=source, out=Output(stream),
                  sleep=sleep or (lambda _: None))
    source.table = table
    return table, stream


def test_pace_pauses_after_bot_cards_and_tricks(tmp_path: Path) -> None:
    pauses: list[float] = []
    table, _ = make_table("standard", Settings(pace=0.5, trick_pace=2.0), tmp_path, sleep=pauses.append)
    assert table.run() == 0
    assert table.over
    assert pauses.count(2.0) == 13
    assert pauses.count(0.5) == 39


def test_bell_rings_with_your_turn_when_asked(tmp_path: Path) -> None:
    table, stream = make_table("standard", Settings(pace=0, trick_pace=0, bell=True), tmp_path)
    table.run()
    assert stream.getvalue().count("\aYour turn") == stream.getvalue().count("Your turn") > 13
    quiet, stream = make_table("standard", Settings(pace=0, trick_pace=0), tmp_path)
    quiet.run()
    assert "\a" not in stream.getvalue()


def test_verbosity_tricks_says_tricks_and_turns_but_not_each_card(tmp_path: Path) -> None:
    table, stream = make_table("standard", Settings(verbosity="tricks", pace=0, trick_pace=0), tmp_path)
    table.run()
    text = stream.getvalue()
    assert " plays the " not in text
    assert text.count(" wins trick ") == 13
    assert "Your turn." in text and " bids " in text


def test_two_player_game_in_process(tmp_path: Path) -> None:
    table, stream = make_table("two_player", Settings(pace=0, trick_pace=0), tmp_path)
    table.run()
    text = stream.getvalue()
    assert text.count("Your turn: you drew the ") == 13
    assert text.count(" plays the ") == 26
    assert "Your statistics: 1 hand played" in text
    assert not (tmp_path / "save.json").exists()


def play(tmp: Path, args: list[str], text: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SPADES_DATA_DIR=str(tmp / "data"), SPADES_CONFIG_DIR=str(tmp / "config"))
    return subprocess.run([sys.executable, "-m", "spades", "play", "--pace", "0", "--trick-pace", "0",
                           "--speech", "none", *args], input=text, capture_output=True, text=True, env=env,
                          timeout=30)


def test_corrupt_save_is_reported_kept_and_a_new_game_offered(tmp_path: Path) -> None:
    (tmp_path / "data").mkdir()
    corrupt = '{"format": "spades-record", "version": 1, "seed": 1, "rules": {}, "actions": ["AS"]}'
    (tmp_path / "data" / "table-save.json").write_text(corrupt, encoding="utf-8")
    done = play(tmp_path, ["--resume"], "y\nq\ny\n")
    assert "The saved game cannot be used: actions[0]: AS is not legal" in done.stdout
    assert "Start a new game? y or n." in done.stdout
    assert "Hand 1." in done.stdout and "The game is saved." in done.stdout
    names = sorted(p.name for p in (tmp_path / "data").iterdir())
    assert names[0].startswith("table-save.corrupt-") and names[1] == "table-save.json"
    refused = play(tmp_path / "other", ["--resume"], "")
    assert "There is no saved game; a new game starts." in refused.stdout


def test_bot_levels_per_seat_and_errors(tmp_path: Path) -> None:
    done = play(tmp_path, ["--bots", "N=random,E=random,W=random", "--seed", "1"], "w\nq\ny\n")
    assert done.returncode == 0
    assert "not available" not in done.stdout
    bad = play(tmp_path, ["--new", "--bots", "S=easy"], "")
    assert bad.returncode == 2 and "S is your own seat" in bad.stderr
    worse = play(tmp_path, ["--new", "--bots", "Q=easy"], "")
    assert worse.returncode == 2 and "not SEAT=LEVEL" in worse.stderr
    unknown = play(tmp_path, ["--new", "--opponents", "grandmaster"], "")
    assert unknown.returncode == 2 and "unknown bot level 'grandmaster'; the levels are " in unknown.stderr
    remembered = play(tmp_path, ["--new", "--opponents", "grandmaster", "--remember"], "")
    assert remembered.returncode == 2 and not (tmp_path / "config" / "table.toml").exists()


def test_saved_game_is_offered_when_starting_again(tmp_path: Path) -> None:
    first = play(tmp_path, ["--seed", "2", "--variant", "mirror"], "q\ny\n")
    assert "The game is saved." in first.stdout
    again = play(tmp_path, [], "y\nz\nq\ny\n")
    assert "A saved game is waiting: mirror game, hand 1; score North-South 0, East-West 0. Continue it? y or n." \
        in again.stdout
    assert "Resumed: mirror game, hand 1." in again.stdout and "Rules: mirror" in again.stdout
    fresh = play(tmp_path, ["--new"], "z\nq\ny\n")
    assert "Rules: standard" in fresh.stdout


@pytest.mark.parametrize("options", [{"first_lead": "two_of_clubs"}, {"min_team_bid": 4}, {"nil": False},
                                     {"ten_for_two_hundred": True, "lose_at": -100}])
def test_options_play_through_the_table(tmp_path: Path, options: dict[str, object]) -> None:
    table, stream = make_table("standard", Settings(pace=0, trick_pace=0), tmp_path, **options)
    assert table.run() == 0 and table.over
    text = stream.getvalue()
    assert text.count(" plays the ") == 52 and "Final score: " in text
    if options.get("first_lead"):
        first = re.search(r"^\w+ plays the ([a-z ]+)\.$", text, re.M)
        assert first is not None and first.group(1) == "two of clubs"


def test_a_hand_of_one_card_is_said_in_the_singular() -> None:
    from spades.cards import CardSet

    assert announce.hand_lines(CardSet.parse("AS")).startswith("Your hand, 1 card. ")
    assert announce.hand_lines(CardSet.parse("AS KS")).startswith("Your hand, 2 cards. ")
