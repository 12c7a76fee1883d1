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
    (["plya"], "spades: 'plya' is not a command; choose " + ", ".join(COMMANDS)),
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


@pytest.mark.parametrize(("variant", "bots", "said"), [
    ("two_player", "n=easy", "The computer plays North at easy."),
    ("three_player", "e=easy,West=random", "The computer plays West at random; East at easy."),
    ("five_player", "NE=easy,nw=easy,w=random,e=random",
     "The computer plays West and East at random; Northwest and Northeast at easy."),
    ("six_player", "sw=easy,Nw=easy,N=easy,ne=easy,SE=easy", "Southwest and Northwest and North and Northeast and "
     "Southeast at easy."),
])
def test_the_person_sits_south_and_bots_take_any_seat_of_the_table(tmp_path: Path, variant: str, bots: str,
                                                                  said: str) -> None:
    env = dict(os.environ, SPADES_DATA_DIR=str(tmp_path / "data"), SPADES_CONFIG_DIR=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-m", "spades", "play", "--variant", variant, "--bots", bots, "--pace",
                           "0", "--trick-pace", "0", "--speech", "none", "--seed", "3"], input="q\ny\n",
                          capture_output=True, text=True, env=env, timeout=60, check=True)
    lines = done.stdout.splitlines()
    assert "You are South." in lines[0]
    assert said in lines[1]


def test_bots_refuses_a_seat_the_table_has_not(tmp_path: Path) -> None:
    done = spades(tmp_path, "play", "--variant", "three_player", "--bots", "N=easy")
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["spades play: --bots: 'N=easy' is not SEAT=LEVEL with a seat among S, W, E"]
    done = spades(tmp_path, "play", "--variant", "six_partners", "--bots", "s=easy")
    assert done.stderr.splitlines() == ["spades play: --bots: s is your own seat"]
