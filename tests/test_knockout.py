"""A knockout of 8 or 16 seeded by rating: first meets last, the top two seeds only in the final, byes to the top
seeds, and a bracket played to its champion refuses a winner who is not in the match."""

import random

import pytest

from spades.errors import RulesError
from spades.tournament.knockout import Bracket, seed_order


def test_the_seed_order_is_the_usual_draw() -> None:
    assert seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    for size in (2, 4, 8, 16, 32):
        order = seed_order(size)
        assert sorted(order) == list(range(1, size + 1))
        assert all(a + b == size + 1 for a, b in zip(order[::2], order[1::2], strict=True)), "first meets last"
        half = size // 2
        assert (1 in order[:half]) != (2 in order[:half]), "the top two seeds are in different halves"


@pytest.mark.parametrize("size", [8, 16])
def test_a_bracket_played_to_its_champion_with_the_better_seed_winning_ends_with_the_first_seed(size: int) -> None:
    entries = [f"pair {n}" for n in range(1, size + 1)]
    bracket = Bracket(entries)
    played = 0
    while (now := bracket.to_play()):
        for match in now:
            assert match.first is not None and match.second is not None
            winner = min(match.first, match.second, key=entries.index)
            bracket.record(match.round, match.number, winner)
            played += 1
    assert played == size - 1 and bracket.champion == "pair 1"
    final = bracket.matches(bracket.rounds)[0]
    assert {final.first, final.second} == {"pair 1", "pair 2"}


def test_any_results_give_one_champion_who_won_every_match() -> None:
    rng = random.Random(5)
    for _ in range(50):
        entries = list(range(rng.randint(9, 16)))
        bracket = Bracket(entries)
        wins: dict[int, int] = {}
        while (now := bracket.to_play()):
            match = rng.choice(now)
            assert match.first is not None and match.second is not None
            winner = rng.choice([match.first, match.second])
            bracket.record(match.round, match.number, winner)
            wins[winner] = wins.get(winner, 0) + 1
        champion = bracket.champion
        assert champion is not None
        byes = 1 if champion < 16 - len(entries) else 0  # the top seeds' byes
        assert wins[champion] + byes == 4


def test_byes_go_to_the_top_seeds() -> None:
    bracket = Bracket(["a", "b", "c", "d", "e"])
    first = bracket.matches(1)
    assert [(m.first, m.second) for m in first] == [("a", None), ("d", "e"), ("b", None), ("c", None)]
    # b and c both had byes: their second-round match is ready while d and e still play.
    assert [(m.round, m.first, m.second) for m in bracket.to_play()] == [(1, "d", "e"), (2, "b", "c")]
    assert [(m.first, m.second) for m in bracket.matches(2)] == [("a", None), ("b", "c")]


def test_what_cannot_be_recorded_is_refused_in_words() -> None:
    bracket = Bracket(list("abcdefgh"))
    with pytest.raises(RulesError, match="'b' does not play in round 1, match 1"):
        bracket.record(1, 1, "b")
    with pytest.raises(RulesError, match="round 2, match 1 is not ready"):
        bracket.record(2, 1, "a")
    bracket.record(1, 1, "a")
    with pytest.raises(RulesError, match="already decided"):
        bracket.record(1, 1, "h")
    with pytest.raises(RulesError, match="round 1 has no match 5"):
        bracket.record(1, 5, "a")
    with pytest.raises(RulesError, match="rounds 1 to 3, not 4"):
        bracket.matches(4)
    with pytest.raises(RulesError, match="5 to 8 entries, not 4"):
        Bracket(list("abcd"))
    with pytest.raises(RulesError, match="up to 16 entries, not 17"):
        Bracket(list(range(17)))
    with pytest.raises(RulesError, match="twice"):
        Bracket(list("abcdefga"))
    with pytest.raises(RulesError, match="power of two"):
        seed_order(6)
