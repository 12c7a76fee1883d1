"""The browser's card names are the engine's: the JavaScript table of rank and suit words (static/js/cards.js)
gives spades.cards' name for every one of the 54 cards (the jokers "Little Joker" and "Big Joker"), and its order is
the engine's card order; each has a face to draw."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from spades.cards import Card

CARDS_JS = Path(__file__).resolve().parent.parent / "src" / "spades" / "room" / "web" / "static" / "js" / "cards.js"
SCRIPT = """
const m = await import(process.argv[1]);
const texts = [];
for (const s of "CDHS") for (const r of m.RANK_TEXT) texts.push(r + s);
texts.push("LJ", "BJ");
console.log(JSON.stringify({
  names: Object.fromEntries(texts.map((t) => [t, m.cardName(t)])),
  numbers: Object.fromEntries(texts.map((t) => [t, m.cardNumber(t)])),
  order: m.inOrder([...texts].reverse()),
  bids: ["nil", "blind nil", "4"].map(m.bidSpoken),
}));
"""


def test_every_card_has_the_engines_name_and_number() -> None:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.skip("no node to run the page's JavaScript module: apt-get install nodejs")
    done = subprocess.run([node, "--input-type=module", "-e", SCRIPT, CARDS_JS.as_uri()], capture_output=True,
                          text=True, check=True, timeout=30)
    result = json.loads(done.stdout)
    engine = {str(Card(number)): (Card(number).name, number) for number in range(54)}
    assert len(result["names"]) == 54 and set(result["names"]) == set(engine)
    for text, (name, number) in engine.items():
        assert result["names"][text] == name, text
        assert result["numbers"][text] == number, text
    assert result["order"] == [str(Card(number)) for number in range(54)]
    faces = CARDS_JS.parents[1] / "cards"
    assert all((faces / f"{text}.svg").is_file() for text in engine)
    assert result["bids"] == ["Nil", "Blind Nil", "4"]
