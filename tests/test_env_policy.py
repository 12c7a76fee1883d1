"""A policy file at the table (``policy:PATH``): it plays only legal actions, the same ones for the same file and
position, in the arena like any level; a file that is not a policy, or does not fit the rules, is refused by
name; and the example that trains one with the environment runs end to end."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

import numpy as np
import pytest

from spades import Rules
from spades.arena import run_arena
from spades.bots import make_bot
from spades.cli import main
from spades.env import layout_for
from spades.env.policy import PolicyBot, save_network
from spades.errors import PolicyFileError
from spades.game import Game

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "train_policy.py"


def random_policy(path: Path, rules: Rules, seed: int = 0, hidden: int = 16) -> str:
    layout = layout_for(rules)
    rng = np.random.default_rng(seed)
    save_network(path, [(rng.normal(size=(layout.size, hidden)), rng.normal(size=hidden)),
                        (rng.normal(size=(hidden, len(layout.actions))), np.zeros(len(layout.actions)))])
    return f"policy:{path}"


def test_a_policy_plays_a_whole_game_legally_and_the_same_way_twice(tmp_path: Path) -> None:
    level = random_policy(tmp_path / "p.npz", Rules())
    histories = []
    for _ in range(2):
        game = Game(Rules(hands=2), seed=4)
        bots = [make_bot(level, seed=s) for s in range(4)]
        while not game.over:
            view = game.view(game.turn)
            action = bots[game.turn].act(view)
            assert action in view.legal
            game.apply(action)
        histories.append(game.history)
    assert histories[0] == histories[1]
    fresh = Game(Rules())
    assert isinstance(bots[0], PolicyBot) and "rates it highest" in bots[0].hint(fresh.view(fresh.turn)).reason


def test_a_rewritten_file_is_read_again(tmp_path: Path) -> None:
    level = random_policy(tmp_path / "p.npz", Rules(), seed=1)
    first = make_bot(level).network
    random_policy(tmp_path / "p.npz", Rules(), seed=2, hidden=12)  # a self-play loop's next opponent
    again = make_bot(level).network
    assert first[0][0].shape[1] == 16 and again[0][0].shape[1] == 12


def test_the_arena_seats_a_policy_in_worker_processes(tmp_path: Path) -> None:
    level = random_policy(tmp_path / "p.npz", Rules())
    report = run_arena(level, "random", Rules(), deals=4, seed=2, jobs=2, games=0)
    assert report.deals == 4 and level in report.text()


def test_files_that_are_not_policies_or_do_not_fit_are_refused_by_name(tmp_path: Path) -> None:
    with pytest.raises(PolicyFileError, match=r"missing\.npz: not a policy file"):
        make_bot(f"policy:{tmp_path / 'missing.npz'}")
    (tmp_path / "text.npz").write_text("hello")
    with pytest.raises(PolicyFileError, match="not a policy file"):
        make_bot(f"policy:{tmp_path / 'text.npz'}")
    np.save(tmp_path / "one.npy", np.zeros(3))
    with pytest.raises(PolicyFileError, match="one array, not the layers"):
        make_bot(f"policy:{tmp_path / 'one.npy'}")
    np.savez(tmp_path / "flat.npz", w0=np.zeros(5), b0=np.zeros(2))
    with pytest.raises(PolicyFileError, match="a layer is a matrix and a vector"):
        make_bot(f"policy:{tmp_path / 'flat.npz'}")
    np.savez(tmp_path / "empty.npz", other=np.zeros(3))
    with pytest.raises(PolicyFileError, match="has none"):
        make_bot(f"policy:{tmp_path / 'empty.npz'}")
    save_network(tmp_path / "broken.npz", [(np.zeros((5, 4)), np.zeros(4)), (np.zeros((3, 2)), np.zeros(2))])
    with pytest.raises(PolicyFileError, match="layer 0 has weights"):
        make_bot(f"policy:{tmp_path / 'broken.npz'}")
    bot = make_bot(random_policy(tmp_path / "standard.npz", Rules()))
    three = Rules.preset("three_player")
    with pytest.raises(PolicyFileError, match="three_player observes"):
        bot.act(Game(three, seed=1).view(Game(three, seed=1).turn))


def test_spades_arena_says_what_is_wrong_with_a_policy_file(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", f"policy:{tmp_path / 'nope.npz'}", "easy", "--deals", "2"]) == 2
    assert "nope.npz: not a policy file" in capsys.readouterr().err
    assert main(["arena", "policy-typo", "easy", "--deals", "2"]) == 2
    assert "policy:FILE" in capsys.readouterr().err


def test_the_example_trains_a_policy_with_the_environment_and_measures_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "trained.npz"
    monkeypatch.setattr(sys, "argv", [str(EXAMPLE), "--games", "2", "--epochs", "1", "--deals", "2", "--jobs", "1",
                                      "--hidden", "8", "--out", str(out)])
    runpy.run_path(str(EXAMPLE), run_name="__main__")
    said = capsys.readouterr().out
    assert "decisions of normal from 2 games" in said and "epoch 1/1: cross-entropy" in said
    assert f"policy:{out} against easy" in said and "margin:" in said
    assert isinstance(make_bot(f"policy:{out}"), PolicyBot)
