"""`spades simulate --records` at every rule set writes records that pass the rules' model move by move
(``rules_model.check_record``): each variant with two combinations of its options (drawn as ``rule_sets.build``
draws them), one short game each, the levels taking turns."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from rule_sets import build
from rules_model import check_record
from spades import VARIANTS, Rules
from spades.cli import main

LEVELS = ("normal", "easy", "random")
COMBINATIONS = 2
# Combinations players were refused at, kept beside the drawn ones: (variant, options, level).
KNOWN: list[tuple[str, dict[str, Any], str]] = [
    ("whiz", {"jokers": "jjdd"}, "normal"),
    ("whiz", {"jokers": "jjdd"}, "easy"),
    ("six_partners", {"teams": "threes", "min_team_bid": 4}, "normal"),
]


def _word(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


@pytest.mark.parametrize("variant", VARIANTS)
def test_simulated_records_of_every_rule_set_pass_the_model(variant: str, tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for index in range(COMBINATIONS):
        rng = random.Random(f"records:{variant}:{index}")
        runs.append((build(variant, rng.choice), LEVELS[(index + VARIANTS.index(variant)) % len(LEVELS)]))
    runs += [(Rules.preset(variant, **options), level) for name, options, level in KNOWN if name == variant]
    checked = 0
    for index, (rules, level) in enumerate(runs):
        options = [arg for name, value in rules.options().items() if name != "hands"
                   for arg in ("-o", f"{name}={_word(value)}")]
        folder = tmp_path / str(index)
        code = main(["simulate", "--variant", variant, *options, "-o", "hands=2", "--games", "1", "--seed",
                     f"records:{index}", "--bots", level, "--records", str(folder), "--json"])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert json.loads(out)["games"] == 1
        for path in sorted(folder.glob("*.json")):
            record = json.loads(path.read_text())
            assert record["rules"] == {**rules.to_dict(), "hands": 2}, path
            checked += check_record(record)
    assert checked > 0
