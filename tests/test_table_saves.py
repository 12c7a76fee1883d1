"""The table's saved game, through the real `spades play` in line mode: nothing a player saved is replaced or lost
without their word, a damaged save is refused in one line naming its field and kept aside, and a resumed game
says that the rules given on the command line do not change it."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from spades import Game, Phase, Rules
from spades.actions import parse_action
from spades.bots import available_levels
from spades.record import save_record

WAITING = "A saved game is waiting: standard game, hand 1; score North-South 0, East-West 0. Continue it? y or n."
LEVELS = {"0": "random", "1": "random", "3": "random"}


def play(tmp: Path, args: list[str], text: str | None) -> subprocess.CompletedProcess[str]:
    """`spades play` in line mode with ``text`` on a pipe, or with /dev/null when ``text`` is None."""
    env = dict(os.environ, SPADES_DATA_DIR=str(tmp / "data"), SPADES_CONFIG_DIR=str(tmp / "config"))
    stdin = subprocess.DEVNULL if text is None else None
    return subprocess.run([sys.executable, "-m", "spades", "play", "--pace", "0", "--trick-pace", "0",
                           "--speech", "none", *args], input=text, stdin=stdin, capture_output=True, text=True,
                          env=env, timeout=60)


def saved_game(tmp: Path, meta: Any = None) -> Path:
    """A table's save of a standard game one trick in, South the player, so every seat has acted in it."""
    game = Game(Rules.preset("standard"), seed=5)
    rng = random.Random(5)
    while len(game.tricks) < 1:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp / "data" / "table-save.json"
    save_record(game, path, {"human": 2, "levels": LEVELS})
    if meta is not None:
        data = json.loads(path.read_text(encoding="utf-8"))
        data["meta"] = meta
        path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_end_of_input_is_no_answer_and_the_saved_game_is_left_as_it_was(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    before = path.read_bytes()
    for text in ("", None):  # a pipe that ends at once, and /dev/null
        done = play(tmp_path, [], text)
        assert (done.returncode, done.stderr) == (0, "")
        assert done.stdout.splitlines() == [WAITING, "Input ended before an answer; the saved game is left as it was."]
        assert path.read_bytes() == before
        assert [p.name for p in path.parent.iterdir()] == [path.name]


def test_a_new_game_sets_the_saved_one_aside_and_says_where(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    before = path.read_bytes()
    # a new game that cannot start, for a mistake in its arguments, leaves the saved one where it was
    for args, text in ((["--new", "--bots", "S=easy"], None), (["--variant", "whiz", "-o", "nil=false"], "n\n")):
        refused = play(tmp_path, args, text)
        assert refused.returncode == 2 and path.read_bytes() == before, refused.stderr
        assert [p.name for p in path.parent.iterdir()] == [path.name]
    done = play(tmp_path, ["--seed", "9"], "n\nq\ny\n")
    lines = done.stdout.splitlines()
    assert lines[0] == WAITING
    said = re.fullmatch(r"The saved game is set aside as (.+); a new game starts\.", lines[1])
    assert said is not None, lines[1]
    kept = Path(said.group(1))
    assert kept.parent == path.parent and kept.name.startswith("table-save.set-aside-")
    assert kept.read_bytes() == before
    assert lines[2].startswith("Spades, standard")
    assert json.loads(path.read_text(encoding="utf-8"))["seed"] == 9  # the new game, saved on leaving
    newer = path.read_bytes()
    # --new is a choice of a new game too: the game it replaces is kept, beside (never over) the first copy
    again = play(tmp_path, ["--new"], "q\ny\n")
    said = re.fullmatch(r"The saved game is set aside as (.+); a new game starts\.", again.stdout.splitlines()[0])
    assert said is not None and Path(said.group(1)).read_bytes() == newer
    assert kept.read_bytes() == before
    assert len(list(path.parent.glob("table-save.set-aside-*.json"))) == 2


@pytest.mark.parametrize(("meta", "said"), [
    ({"human": 9}, "meta.human: 9 is not a seat number from 0 to 3"),
    ("abc", "meta: 'abc' is not an object"),
    ({"human": "abc"}, "meta.human: 'abc' is not a seat number"),
    ({"human": None, "levels": LEVELS}, "meta.human: None is not a seat number"),
    ({"human": 2, "levels": ["easy"]}, "meta.levels: ['easy'] is not an object of seat numbers and levels"),
    ({"human": 2, "levels": {"5": "easy"}}, "meta.levels.5: '5' is not a seat number from 0 to 3"),
    ({"human": 2, "levels": {"1": "grandmaster"}}, "meta.levels.1: 'grandmaster' is not a level (LEVELS)"),
])
def test_every_field_of_the_meta_is_checked(tmp_path: Path, meta: Any, said: str) -> None:
    path = saved_game(tmp_path, meta)
    before = path.read_bytes()
    said = said.replace("LEVELS", ", ".join(available_levels()))
    done = play(tmp_path, ["--resume"], None)
    assert (done.returncode, done.stderr) == (0, "")
    lines = done.stdout.splitlines()
    refused = re.fullmatch(rf"The saved game cannot be used: {re.escape(said)}\. It was kept as (.+)\.", lines[0])
    assert refused is not None, lines[0]
    assert Path(refused.group(1)).read_bytes() == before and not path.exists()
    assert lines[1:] == ["Start a new game? y or n.", "Input ended before an answer; no new game was started."]


def test_a_refused_move_in_a_save_names_another_seat_in_the_third_person(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    good = json.loads(path.read_text(encoding="utf-8"))
    for seat, name, holder, reason in ((1, "East", 2, "East does not hold"), (2, "South", 1, "you do not hold")):
        replay = Game(Rules.preset("standard"), seed=5)
        index = 0
        while not (replay.phase is Phase.PLAY and replay.turn == seat):
            replay.apply(parse_action(good["actions"][index]))
            index += 1
        hand = replay.view(holder).hand
        assert hand is not None
        card = next(iter(hand))  # a card of another seat's hand
        data = json.loads(json.dumps(good))
        data["actions"][index] = str(card)
        path.write_text(json.dumps(data), encoding="utf-8")
        done = play(tmp_path, ["--resume"], None)
        first = done.stdout.splitlines()[0]
        assert first.startswith(f"The saved game cannot be used: actions[{index}]: {card} is not legal for {name}: "
                                f"{reason} the {card.name}. It was kept as "), first


def test_a_resumed_game_says_its_rules_stand_over_the_command_lines(tmp_path: Path) -> None:
    path = saved_game(tmp_path)
    rules = json.loads(path.read_text(encoding="utf-8"))["rules"]
    done = play(tmp_path, ["--resume", "--variant", "whiz", "-o", "nil=false", "--target", "300"], None)
    lines = done.stdout.splitlines()
    assert lines[0] == "The saved game's rules stand; --variant, --option and --target apply only to a new game."
    assert lines[1].startswith("Resumed: standard game, hand 1.")
    assert json.loads(path.read_text(encoding="utf-8"))["rules"] == rules
    seed = play(tmp_path, ["--resume", "--seed", "4"], None).stdout.splitlines()
    assert seed[0] == "The saved game's rules stand; --seed applies only to a new game."
    answered = play(tmp_path, ["--variant", "standard"], "y\n").stdout.splitlines()
    assert answered[:2] == [WAITING, "The saved game's rules stand; --variant applies only to a new game."]
    plain = play(tmp_path, ["--resume"], None).stdout
    assert "rules stand" not in plain and plain.startswith("Resumed: standard game, hand 1.")


def test_the_question_says_when_y_would_not_give_the_variant_asked_for(tmp_path: Path) -> None:
    """Found: after `spades play --variant two_player`, y to "A saved game is waiting. Continue it?" resumed the
    saved game of another variant without a word. The question says which game waits and what y and n do then."""
    path = saved_game(tmp_path)
    asked = play(tmp_path, ["--variant", "two_player"], "n\nq\ny\n").stdout.splitlines()
    assert asked[0] == ("A saved game is waiting: standard game, hand 1; score North-South 0, East-West 0. You asked "
                        "for two-player: y continues the saved standard game instead; n sets it aside (spades play "
                        "--saves lists it) and starts two-player. y or n."), asked[0]
    assert asked[2].startswith("Spades, two-player"), asked[:3]
    assert len(list(path.parent.glob("table-save.set-aside-*.json"))) == 1
