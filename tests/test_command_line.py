"""The command line as a newcomer meets it: a mistake is one line that names the argument and the choices (no
usage block for a screen reader to read through first), every subcommand's --help says what it does, and the
words printed are right ("1 game", "lose_at = none")."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

import pytest

from spades import VARIANTS
from spades.cli import build_parser
from spades.commands.options import level_names

COMMANDS: dict[str, argparse.ArgumentParser] = next(
    a for a in build_parser()._actions if a.dest == "command").choices  # type: ignore[assignment]


def spades(tmp: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SPADES_DATA_DIR=str(tmp / "data"), SPADES_CONFIG_DIR=str(tmp / "config"))
    return subprocess.run([sys.executable, "-m", "spades", *argv], capture_output=True, text=True, env=env,
                          stdin=subprocess.DEVNULL, timeout=60)


@pytest.mark.parametrize(("argv", "line"), [
    (["play", "--variant", "foo"],
     "spades play: --variant: 'foo' is not a variant; choose " + ", ".join(VARIANTS)),
    (["play", "--target", "abc"], "spades play: --target: 'abc' is not a whole number"),
    (["play", "--pace", "soon"], "spades play: --pace: 'soon' is not a number"),
    (["play", "--speech", "loud"], "spades play: --speech: 'loud' is not a choice; choose auto, screenreader, none"),
    (["score", "--variant", "foo"],
     "spades score: --variant: 'foo' is not a variant; choose " + ", ".join(VARIANTS)),
    (["rules", "foo"], "spades rules: VARIANT: 'foo' is not a variant; choose " + ", ".join(VARIANTS)),
    (["simulate", "--bots", "genius"],
     "spades simulate: --bots: 'genius' is not a level; choose " + ", ".join(level_names())),
    (["simulate", "--games", "many"], "spades simulate: --games: 'many' is not a whole number"),
    (["plya"], "spades: 'plya' is not a command (did you mean 'play'?); choose " + ", ".join(COMMANDS)),
    (["arena"], "spades arena: the following arguments are required: BOT_A, BOT_B; "
                "spades arena --help lists them"),
])
def test_a_bad_argument_is_one_line_naming_it_and_the_choices(tmp_path: Path, argv: list[str], line: str) -> None:
    done = spades(tmp_path, *argv)
    assert done.returncode == 2
    assert done.stderr.splitlines() == [line]
    assert done.stdout == ""


def test_every_subcommand_help_says_what_it_does_and_each_argument_has_help(tmp_path: Path) -> None:
    assert {"play", "score", "rules", "simulate", "replay"} <= set(COMMANDS)
    for name, sub in COMMANDS.items():
        assert sub.description and len(sub.description) > 30, name
        for action in sub._actions:
            assert action.help, f"spades {name} {action.dest}"
    rules_help = spades(tmp_path, "rules", "--help").stdout
    assert "Print the rules of a variant" in rules_help
    assert "which Spades: " + ", ".join(VARIANTS) in " ".join(rules_help.split())


def test_the_level_options_list_the_levels(tmp_path: Path) -> None:
    levels = ", ".join(level_names())
    assert levels.startswith("random, easy, normal, hard")
    play_help = " ".join(spades(tmp_path, "play", "--help").stdout.split())
    assert f"your partner's level (both partners' in a team of three): {levels}" in play_help
    assert f"the opponents' level: {levels}" in play_help
    assert f"the levels are {levels}" in play_help
    simulate_help = " ".join(spades(tmp_path, "simulate", "--help").stdout.split())
    assert f"the level of every seat: {levels}" in simulate_help


def test_rules_says_none_for_an_unset_option_and_reads_it_back(tmp_path: Path) -> None:
    out = spades(tmp_path, "rules").stdout
    assert "  lose_at = none: " in out
    assert "null" not in out
    again = spades(tmp_path, "rules", "-o", "lose_at=none").stdout
    assert "  lose_at = none: " in again
    assert "  lose_at = -200: " in spades(tmp_path, "rules", "-o", "lose_at=-200").stdout


def test_simulate_counts_one_game_in_the_singular(tmp_path: Path) -> None:
    first = spades(tmp_path, "simulate", "--games", "1", "--max-hands", "2").stdout.splitlines()[0]
    assert first.startswith("1 game of standard")
    assert spades(tmp_path, "simulate", "--games", "2", "--max-hands", "2").stdout.startswith("2 games of")


def test_the_person_sits_south_and_bots_take_any_seat_of_the_table(tmp_path: Path) -> None:
    env = dict(os.environ, SPADES_DATA_DIR=str(tmp_path / "data"), SPADES_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-m", "spades", "play", "--variant", "six_player", "--bots",
                           "sw=easy,Nw=easy,N=easy,ne=easy,SE=random", "--pace", "0", "--trick-pace", "0",
                           "--speech", "none", "--seed", "3"], input="q\ny\n", capture_output=True, text=True,
                          env=env, timeout=60, check=True)
    lines = done.stdout.splitlines()
    assert "You are South." in lines[0]
    said = "The computer plays Southwest, Northwest, North and Northeast at easy; Southeast at random."
    assert said in lines[1]


@pytest.mark.parametrize(("variant", "options", "bots", "levels"), [
    ("standard", {}, "n=easy,West=random", {0: "easy", 1: "hard", 3: "random"}),
    ("two_player", {}, "N=easy", {0: "easy"}),
    ("three_player", {}, "e=easy,West=random", {1: "random", 2: "easy"}),
    ("five_player", {}, "NE=easy,nw=easy", {1: "hard", 2: "easy", 3: "easy", 4: "hard"}),
    # the partner (normal) is North in pairs, Northwest and Northeast in teams of three
    ("six_partners", {}, "sw=easy,SE=easy", {1: "easy", 2: "hard", 3: "normal", 4: "hard", 5: "easy"}),
    ("six_partners", {"teams": "threes"}, "n=easy", {1: "hard", 2: "normal", 3: "easy", 4: "normal", 5: "hard"}),
])
def test_bots_name_any_seat_of_the_table_and_the_person_is_south(variant: str, options: dict[str, str], bots: str,
                                                                 levels: dict[int, str]) -> None:
    from spades import Rules
    from spades.commands.play import seat_levels, south
    from spades.table.config import Settings

    rules = Rules.preset(variant, **options)
    human = south(rules)
    assert human == {2: 1, 4: 2}.get(rules.players, 0)
    args = argparse.Namespace(partner="normal", opponents="hard")
    assert seat_levels(rules, human, Settings(), bots, {}, args) == levels


def test_bots_refuses_a_seat_the_table_has_not() -> None:
    from spades import Rules
    from spades.cli import CommandError
    from spades.commands.play import seat_levels
    from spades.table.config import Settings

    args = argparse.Namespace(partner=None, opponents=None)
    with pytest.raises(CommandError, match="'N=easy' is not SEAT=LEVEL with a seat among S, W, E"):
        seat_levels(Rules.preset("three_player"), 0, Settings(), "N=easy", {}, args)
    with pytest.raises(CommandError, match="s is your own seat"):
        seat_levels(Rules.preset("six_partners"), 0, Settings(), "s=easy", {}, args)


def test_a_command_builds_only_its_own_parser_and_the_others_are_not_imported(tmp_path: Path) -> None:
    """Every `spades` started by a script or another program pays for what it imports before it does anything:
    `spades play` must not import the room's protocol or the benchmarks, which only other commands use."""
    code = ("import sys\nfrom spades.cli import main\ntry:\n    main(['play', '--help'])\n"
            "except SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith(('spades.room', 'spades.benchmarks', "
            "'spades.commands.'))), file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert "usage: spades play" in out.stdout
    assert out.stderr.strip() == "['spades.commands.options', 'spades.commands.play']"  # play's options
    assert spades(tmp_path, "train-playouts", "--hands", "0").stderr == \
        "spades train-playouts: --hands and --steps must be at least 1\n"
