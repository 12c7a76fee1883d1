"""Names typed on the command line: each list of names is the one the program keeps (the room's rating groups,
the variants, the levels, the options, the seats), a name is taken in any case where that is not ambiguous, and a
misspelt one is refused with the name it most likely meant."""

from __future__ import annotations

import argparse

import pytest

from spades.cli import build_parser, main
from spades.room.protocol import RATING_GROUPS
from spades.table.leaderboard import board_lines


def parsed(*argv: str) -> argparse.Namespace:
    return build_parser().parse_args(list(argv))


def refusal(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    with pytest.raises(SystemExit):
        build_parser().parse_args(list(argv))
    return capsys.readouterr().err.strip()


@pytest.mark.parametrize("group", RATING_GROUPS)
def test_join_takes_every_rating_group_the_room_keeps(group: str) -> None:
    assert parsed("join", "ws://room:8000/ws", "--leaderboard", group).leaderboard == group
    assert parsed("ratings", "--group", group).group == group
    heading = board_lines(group, [])[0]
    assert "_" not in heading, heading  # said in words, not as the protocol's name


@pytest.mark.parametrize(("argv", "dest", "value"), [
    (["play", "--variant", "Whiz"], "variant", "whiz"),
    (["play", "--variant", "TWO-PLAYER"], "variant", "two_player"),
    (["rules", "Mirror"], "variant", "mirror"),
    (["simulate", "--bots", "Hard"], "bots", "hard"),
    (["play", "--speech", "None"], "speech", "none"),
    (["play", "--first-lead", "Two_Of_Clubs"], "first_lead", "two_of_clubs"),
    (["join", "--new", "Whiz"], "new", "whiz"),
    (["join", "--leaderboard", "Solo_3"], "leaderboard", "solo_3"),
    (["ratings", "--group", "TWO-PLAYER"], "group", "two_player"),
])
def test_a_name_is_taken_in_any_case(argv: list[str], dest: str, value: str) -> None:
    assert getattr(parsed(*argv), dest) == value


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "--variant", "Whizz"], "spades play: --variant: 'Whizz' is not a variant (did you mean 'whiz'?); "),
    (["join", "--quick", "sixpartners"], "spades join: --quick: 'sixpartners' is not a variant (did you mean "
                                         "'six_partners'?); "),
    (["join", "--leaderboard", "teams6"], "spades join: --leaderboard: 'teams6' is not a rating group (did you mean "
                                          "'teams_6'?); "),
    (["simulate", "--bots", "nomal"], "spades simulate: --bots: 'nomal' is not a level (did you mean 'normal'?); "),
    (["play", "--verbosity", "trick"], "spades play: --verbosity: 'trick' is not a verbosity (did you mean "
                                       "'tricks'?); "),
    (["plya"], "spades: 'plya' is not a command (did you mean 'play'?); "),
])
def test_a_misspelt_name_is_refused_with_the_name_it_most_likely_meant(capsys: pytest.CaptureFixture[str],
                                                                       argv: list[str], said: str) -> None:
    assert refusal(capsys, *argv).startswith(said)


@pytest.mark.parametrize(("argv", "said"), [
    (["play", "--bots", "N=nomal"], "spades play: --bots: unknown bot level 'nomal' (did you mean 'normal'?); "),
    (["play", "--opponents", "hardd"], "spades play: --opponents: unknown bot level 'hardd' (did you mean 'hard'?); "),
    (["play", "--bots", "Nroth=easy"], "spades play: --bots: 'Nroth=easy' is not SEAT=LEVEL with a seat among N, E, "
                                       "S, W (did you mean 'N'?)"),
    (["play", "-o", "jokers=jjdx"], "spades play: option jokers: 'jjdx' is not one of none, big_little, jjdd (did you "
                                    "mean 'jjdd'?)"),
    (["join", "--new", "whiz", "--opponents", "Esay"], "spades join: --opponents: unknown bot level 'Esay' (did you "
                                                       "mean 'easy'?); "),
    (["arena", "easy", "hardd"], "spades arena: unknown bot level 'hardd' (did you mean 'hard'?); "),
])
def test_levels_seats_and_option_values_say_the_name_they_most_likely_meant(capsys: pytest.CaptureFixture[str],
                                                                            argv: list[str], said: str) -> None:
    assert main(argv) == 2  # refused before anything is played or any room is asked
    assert capsys.readouterr().err.startswith(said)


def test_levels_and_option_values_are_taken_in_any_case() -> None:
    from spades.commands.options import level_named, parse_options

    assert level_named("Hard") == "hard"
    assert parse_options(["Jokers=JJDD", "TEAMS=Threes"]) == {"jokers": "jjdd", "teams": "threes"}
