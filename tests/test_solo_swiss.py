"""A Swiss of players for themselves at tables of N: tables filled from the top of the standings, no one met again
where it can be helped, the people spread evenly with the computer in the seats left, and a table's point shared by
the seats level at the top."""

from __future__ import annotations

from fractions import Fraction

import pytest

from spades.errors import RulesError
from spades.tournament.solo import Sitting, group_round, points, standings


def test_the_first_round_seats_in_starting_order_and_spreads_the_people() -> None:
    tables = group_round(6, 4, [])
    assert [t.seats for t in tables] == [(1, 2, 3, None), (4, 5, 6, None)]
    assert [t.seats for t in group_round(9, 4, [])] == [(1, 2, 3, None), (4, 5, 6, None), (7, 8, 9, None)]
    assert [t.seats for t in group_round(8, 4, [])] == [(1, 2, 3, 4), (5, 6, 7, 8)]
    assert [t.seats for t in group_round(5, 3, [])] == [(1, 2, 3), (4, 5, None)]


def test_a_tables_point_goes_to_the_best_score_and_is_shared_when_level() -> None:
    assert points(Sitting((1, 2, 3, None), (120, 80, 120, 20))) == {1: Fraction(1, 2), 2: Fraction(0),
                                                                    3: Fraction(1, 2)}
    assert points(Sitting((1, 2, 3, None), (120, 80, 120, 200))) == {1: 0, 2: 0, 3: 0}  # the computer won it
    assert points(Sitting((1, 2, 3, 4), (50, 90, 10, 20))) == {1: 0, 2: 1, 3: 0, 4: 0}
    with pytest.raises(RulesError):
        points(Sitting((1, 2), None))


def test_later_rounds_go_by_standing_and_avoid_meeting_again() -> None:
    first = [Sitting((1, 2, 3, 4), (100, 50, 20, 10)), Sitting((5, 6, 7, 8), (10, 20, 30, 40))]
    table = standings(8, [first])
    assert [s.entry for s in table][:2] == [1, 8]  # the winners first, then by Buchholz and the starting order
    second = group_round(8, 4, [first])
    people = [set(t.seats) for t in second]
    for group in people:  # each table mixes the first round's two tables as far as it can: two of each
        assert len(group & {1, 2, 3, 4}) == 2 and len(group & {5, 6, 7, 8}) == 2
    assert 1 in people[0] and 8 in people[0]  # the leaders sit at the top table


def test_standings_sum_points_and_the_points_of_those_met() -> None:
    played = [[Sitting((1, 2, 3, None), (100, 50, 20, -30))], [Sitting((1, 3, 2, None), (10, 90, 20, 0))]]
    table = {s.entry: s for s in standings(3, played)}
    assert table[1].points == 1 and table[3].points == 1 and table[2].points == 0
    assert table[1].buchholz == 2 * (table[2].points + table[3].points)
    with pytest.raises(RulesError):
        group_round(6, 7, [])
