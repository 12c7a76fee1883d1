"""Bots choose the same after a resume or an undo as in the game's first run, and never hold the game's seed."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from spades import Game, Rules
from spades.bots import Bot, bot_seed, make_bot
from spades.commands.play import make_adviser, make_bots
from spades.record import game_from_record, record_of
from test_table_play import Driver

LEVELS = ("random", "easy", "normal", "rollout")


def _bots(seed: int | str, levels: tuple[str, ...], players: int) -> list[Bot]:
    return [make_bot(levels[s % len(levels)], seed=bot_seed(seed, "player", s)) for s in range(players)]


def _play(game: Game, bots: list[Bot], steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        game.apply(bots[game.turn].act(game.view(game.turn)))


@pytest.mark.parametrize(("variant", "levels"), [("standard", ("random",)), ("solo", ("random", "easy")),
                                                 ("two_player", ("random",)), ("suicide", LEVELS)])
def test_resumed_and_undone_games_play_as_the_first_run(variant: str, levels: tuple[str, ...]) -> None:
    rules = Rules.preset(variant, hands=2)
    straight = Game(rules, 41)
    _play(straight, _bots(41, levels, rules.players), 10_000)
    assert straight.over
    for stop in (7, 60, 131):
        # Resumed: a new process rebuilds the game from its record and makes new bots from the same seed.
        first = Game(rules, 41)
        _play(first, _bots(41, levels, rules.players), stop)
        resumed = game_from_record(record_of(first))
        _play(resumed, _bots(41, levels, rules.players), 10_000)
        assert resumed.actions == straight.actions
        # Undone: the same bots take a few actions back and play them again.
        again = Game(rules, 41)
        bots = _bots(41, levels, rules.players)
        _play(again, bots, stop + 9)
        again.undo(9)
        _play(again, bots, 10_000)
        assert again.actions == straight.actions


def test_a_bot_never_holds_the_game_seed() -> None:
    game = Game(Rules(), "table-seed-1234")
    bots, _ = make_bots(game, {0: "random", 1: "normal", 3: "easy"})
    seeds = [str(b.seed) for b in bots.values()] + [str(make_adviser(game, 2, {}).seed)]
    assert len(set(seeds)) == 4
    for seed in seeds:
        assert "1234" not in seed and "table-seed" not in seed
        assert re.fullmatch(r"[0-9a-f]{32}", seed)
    assert bot_seed(5, "player", 1) == bot_seed(5, "player", 1) != bot_seed(5, "player", 2)
    assert bot_seed(5, "player", 1) != bot_seed("5", "player", 1) != bot_seed(5, "hint", 1)


BOT_LINE = re.compile(r"^(North|East|West) (bids|plays the) ([^\r\n]*)$", re.M)


def test_table_bots_after_resume_choose_as_in_the_first_run(tmp_path: Path) -> None:
    args = ["--seed", "17", "-o", "hands=1", "--bots", "N=random,E=random,W=random"]
    straight = Driver(tmp_path / "straight", args, line=True)
    straight.play_until()
    expected = BOT_LINE.findall(straight.transcript)
    assert len([m for m in expected if m[1] == "plays the"]) == 39

    turns = 0

    def fifth_card(match: re.Match[str]) -> bool:
        nonlocal turns
        if match.group(0).startswith("Your turn."):
            turns += 1
        return turns == 5

    first = Driver(tmp_path / "saved", args, line=True)
    first.play_until(stop=fifth_card)
    first.child.sendline("q")
    first.expect(r"Leave the game\? It will be saved\. y or n\.")
    first.child.sendline("y")
    first.expect(pexpect.EOF)
    second = Driver(tmp_path / "saved", ["--resume"], line=True)
    second.expect(r"Resumed: standard game, hand 1\.")
    second.play_until()
    assert BOT_LINE.findall(first.transcript + second.transcript) == expected
