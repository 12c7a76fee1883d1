"""Swiss pairing of partnerships by the Dutch system: the first round top half against bottom half, later rounds
by standing, never a repeat, one bye a round for an odd field and never two to one entry; standings by points
and then the opponents' points."""

import random
from fractions import Fraction

import pytest

from spades.errors import RulesError
from spades.tournament.swiss import Bye, Match, Round, pair_round, standings

WIN, LOSS = Fraction(1), Fraction(0)


def play(round_: Round, rng: random.Random) -> Round:
    return Round(tuple(Match(m.ns, m.ew, rng.choice([WIN, LOSS])) for m in round_.matches), round_.bye)


def points_before(played: list[Round], entries: int) -> dict[int, Fraction]:
    return {s.entry: s.points for s in standings(entries, played)}


@pytest.mark.parametrize("seed", range(6))
def test_eight_partnerships_over_three_rounds_meet_by_standing_and_never_twice(seed: int) -> None:
    rng = random.Random(seed)
    played: list[Round] = []
    for number in range(1, 4):
        pairing = pair_round(8, 3, played)
        assert pairing.bye is None and len(pairing.matches) == 4
        assert sorted(e for m in pairing.matches for e in (m.ns, m.ew)) == list(range(1, 9))
        points = points_before(played, 8)
        if number == 1:
            assert {frozenset((m.ns, m.ew)) for m in pairing.matches} == {
                frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]}, "the top half meets the bottom half"
        elif number == 2:
            assert all(points[m.ns] == points[m.ew] for m in pairing.matches), "winners meet winners"
        else:
            # The two entries who won both rounds have not met, nor the two who lost both: each pair meets.
            for score in (Fraction(2), Fraction(0)):
                group = {e for e, p in points.items() if p == score}
                assert any({m.ns, m.ew} == group for m in pairing.matches), (score, group, pairing)
        played.append(play(pairing, rng))
    meetings = [frozenset((m.ns, m.ew)) for r in played for m in r.matches]
    assert len(meetings) == len(set(meetings)) == 12
    with pytest.raises(RulesError, match="all 3 rounds are paired"):
        pair_round(8, 3, played)


def test_an_odd_field_gives_one_bye_a_round_never_twice_to_one_entry_and_scores_it_as_a_win() -> None:
    rng = random.Random(3)
    played: list[Round] = []
    for _ in range(6):
        pairing = pair_round(7, 6, played)
        assert pairing.bye is not None and len(pairing.matches) == 3
        played.append(play(pairing, rng))
    byes = [r.bye.entry for r in played if r.bye is not None]
    assert len(byes) == len(set(byes)) == 6
    table = {s.entry: s for s in standings(7, played)}
    for entry, standing in table.items():
        wins = sum(1 for r in played for m in r.matches
                   if (m.ns == entry and m.ns_points == WIN) or (m.ew == entry and m.ns_points == LOSS))
        assert standing.points == wins + byes.count(entry)


def test_standings_break_ties_by_the_opponents_points() -> None:
    """1 beats 2, 3 beats 4; then 1 beats 3 and 4 beats 2. 1 has 2 points (its opponents 1); 3 and 4 have 1 each,
    but 3 met 1 (2 points) and 4 (1), a Buchholz of 3, where 4 met 3 (1) and 2 (0): 1."""
    played = [Round((Match(1, 2, WIN), Match(3, 4, WIN))), Round((Match(1, 3, WIN), Match(4, 2, WIN)))]
    table = standings(4, played)
    assert [(s.entry, s.points, s.buchholz) for s in table] == [(1, 2, 1), (3, 1, 3), (4, 1, 1), (2, 0, 3)]
    drawn = [Round((Match(1, 2, Fraction(1, 2)), Match(3, 4, LOSS)))]
    assert {s.entry: s.points for s in standings(4, drawn)} == {1: Fraction(1, 2), 2: Fraction(1, 2), 3: 0, 4: 1}


def test_a_round_that_only_repeats_could_pair_is_refused_in_words() -> None:
    """Six entries in two groups of three who have each met the whole other group: only a triangle is left, and a
    triangle cannot be paired."""
    played = [Round((Match(1, 4, WIN), Match(2, 5, WIN), Match(3, 6, WIN))),
              Round((Match(5, 1, WIN), Match(6, 2, WIN), Match(4, 3, WIN))),
              Round((Match(1, 6, WIN), Match(2, 4, WIN), Match(3, 5, WIN)))]
    with pytest.raises(RulesError, match="round 4 cannot be paired without two entries meeting again"):
        pair_round(6, 5, played)


@pytest.mark.parametrize(("entries", "rounds", "played", "words"), [
    (1, 1, [], "2 to 512 entries, not 1"),
    (8, 8, [], "1 to 7 rounds, not 8"),
    (4, 2, [Round((Match(1, 2, WIN), Match(2, 3, WIN)))], "round 1 seats an entry twice"),
    (4, 2, [Round((Match(1, 2, WIN),), Bye(9))], "round 1 seats an entry twice or one that is not in"),
    (4, 2, [Round((Match(1, 2, Fraction(1, 3)), Match(3, 4, WIN)))], "won, drawn or lost, not 1/3"),
])
def test_what_cannot_be_paired_is_refused_in_words(entries: int, rounds: int, played: list[Round],
                                                  words: str) -> None:
    with pytest.raises(RulesError, match=words):
        pair_round(entries, rounds, played)


def test_standings_refuse_a_match_without_its_result() -> None:
    with pytest.raises(RulesError, match="the match of 1 and 2 has no result"):
        standings(2, [Round((Match(1, 2),))])


def test_entries_kept_apart_do_not_meet_while_another_pairing_exists() -> None:
    """A block between two entries' players is a forbidden pair (TRF's XXP): never paired while the round can be
    paired otherwise, and paired when nothing else is left."""
    first = pair_round(8, 3, [])
    apart = {(m.ns, m.ew) for m in first.matches}
    again = pair_round(8, 3, [], apart)
    assert not {frozenset((m.ns, m.ew)) for m in again.matches} & {frozenset(pair) for pair in apart}
    assert pair_round(2, 1, [], {(1, 2)}).matches[0] in (Match(1, 2), Match(2, 1))
