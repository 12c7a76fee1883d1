"""Duplicate pairs: the Mitchell movement never gives a pair a board twice, every table holds the same cards on a
board, and matchpoints are Law 78A's (1 a result beaten, 1/2 a tie), checked against worked examples."""

from collections import Counter
from fractions import Fraction

import pytest

from spades import Rules
from spades.bots.base import make_bot
from spades.errors import RulesError
from spades.tournament.duplicate import (
    EAST_WEST,
    NORTH_SOUTH,
    BoardResult,
    board_game,
    boards_in,
    matchpoints,
    mitchell,
    standings,
)


@pytest.mark.parametrize("tables", range(1, 17))
@pytest.mark.parametrize("per_round", [1, 2, 3])
def test_a_whole_mitchell_plays_every_board_at_every_table_and_no_pair_meets_a_board_twice(
        tables: int, per_round: int) -> None:
    sittings = mitchell(tables, per_round)
    assert len(sittings) == tables * tables
    boards = boards_in(sittings)
    assert boards == list(range(1, tables * per_round + 1))
    for table in range(1, tables + 1):
        at = [s for s in sittings if s.table == table]
        assert {s.ns_pair for s in at} == {table}, "North-South stay at their table"
        assert sorted(b for s in at for b in s.boards) == boards, "every board is played at every table"
    for round_ in range(1, tables + 1):
        now = [s for s in sittings if s.round == round_]
        assert sorted(s.ew_pair for s in now) == list(range(1, tables + 1)), "each East-West pair sits once a round"
        assert Counter(b for s in now for b in s.boards) == Counter(boards), "each board at one table a round"
    for pair in range(1, tables + 1):
        played = [b for s in sittings if s.ew_pair == pair for b in s.boards]
        assert sorted(played) == boards, f"East-West pair {pair} plays each board once"
        met = [s.ns_pair for s in sorted(sittings, key=lambda s: s.round) if s.ew_pair == pair]
        if tables % 2:
            assert sorted(met) == list(range(1, tables + 1)), "an odd movement meets every pair once"
        else:
            # The skip: one pair never met, and the last round meets the first round's opponents again.
            assert len(set(met)) == tables - 1 and met[-1] == met[0]


@pytest.mark.parametrize("tables", [4, 5, 8])
def test_a_movement_ended_early_plays_every_board_as_often(tables: int) -> None:
    for rounds in range(1, tables + 1):
        sittings = mitchell(tables, 2, rounds)
        counts = Counter(b for s in sittings for b in s.boards)
        assert set(counts.values()) == {rounds}
        for pair in range(1, tables + 1):
            played = [b for s in sittings if s.ew_pair == pair for b in s.boards]
            assert len(played) == len(set(played))


def test_a_movement_that_cannot_be_played_is_refused_in_words() -> None:
    with pytest.raises(RulesError, match="1 to 64 tables, not 0"):
        mitchell(0)
    with pytest.raises(RulesError, match="4 tables has 1 to 4 rounds, not 5"):
        mitchell(4, 2, 5)
    with pytest.raises(RulesError, match="at least one board"):
        mitchell(4, 0)
    with pytest.raises(RulesError, match="two partnerships of two; solo is not"):
        board_game(Rules.preset("solo"), 1, 1)
    with pytest.raises(RulesError, match="from 1, not 0"):
        board_game(Rules.preset("standard"), 1, 0)


def test_the_worked_example_of_one_board_at_four_tables() -> None:
    """North-South nets of +120, +120, -40 and +200: the +200 beats three (3 of 3), the two +120s beat one and tie
    one (1 1/2 each), the -40 beats none. East-West hold the same board from the other side: -200 earns nothing,
    +40 earns the top."""
    results = [BoardResult(1, ns, ew, ns_points, ew_points) for ns, ew, ns_points, ew_points in
               [(1, 3, 130, 10), (2, 4, 120, 0), (3, 1, -40, 0), (4, 2, 210, 10)]]
    deals = matchpoints(results)
    assert {pair: deals[NORTH_SOUTH, pair][0].matchpoints for pair in range(1, 5)} == {
        1: Fraction(3, 2), 2: Fraction(3, 2), 3: 0, 4: 3}
    assert {pair: deals[EAST_WEST, pair][0].matchpoints for pair in range(1, 5)} == {
        1: 3, 2: 0, 3: Fraction(3, 2), 4: Fraction(3, 2)}
    assert all(d[0].top == 3 for d in deals.values())


def test_the_worked_example_of_a_small_session() -> None:
    """Three tables and three boards, a Mitchell of one board a round, each board played once at each table. The
    North-South matchpoints are worked by hand below; East-West's are counted in the Laws' half points straight
    from the movement. Each pair's top is 6: three boards, two other results on each."""
    sittings = mitchell(3, 1)
    nets = {1: {1: 50, 2: 50, 3: -100}, 2: {1: 200, 2: -30, 3: 200}, 3: {1: 0, 2: 10, 3: -10}}
    # nets[board][ns_pair]: North-South's points less East-West's at the table where that pair played the board.
    results = []
    for s in sittings:
        (board,) = s.boards
        net = nets[board][s.ns_pair]
        results.append(BoardResult(board, s.ns_pair, s.ew_pair, max(net, 0), max(-net, 0)))
    table = standings(results)
    ns = {score.pair: score for score in table[NORTH_SOUTH]}
    # NS 1: board 1 tie with 2 beats 3 (1.5), board 2 ties 3 beats 2 (1.5), board 3 beats 3 loses to 2 (1) = 4
    # NS 2: 1.5 + 0 + 2 = 3.5;  NS 3: 0 + 1.5 + 0 = 1.5
    assert {p: s.matchpoints for p, s in ns.items()} == {1: 4, 2: Fraction(7, 2), 3: Fraction(3, 2)}
    assert [s.pair for s in table[NORTH_SOUTH]] == [1, 2, 3]
    assert ns[1].top == 6 and ns[1].percentage == pytest.approx(400 / 6)
    # Each board shares out 3 matchpoints in each direction: the percentages of a direction average 50.
    for direction in (NORTH_SOUTH, EAST_WEST):
        assert sum(s.matchpoints for s in table[direction]) == 9
        assert sum(s.percentage for s in table[direction]) / 3 == pytest.approx(50)
    # East-West: who held which board is the movement's; worked from it independently of matchpoints().
    ew_nets: dict[int, list[tuple[int, int]]] = {}
    for s in sittings:
        ew_nets.setdefault(s.boards[0], []).append((s.ew_pair, -nets[s.boards[0]][s.ns_pair]))
    expected = Counter[int]()
    for played in ew_nets.values():
        for pair, net in played:
            expected[pair] += sum(2 if other < net else 1 if other == net else 0 for _, other in played) - 1
    assert {s.pair: s.matchpoints * 2 for s in table[EAST_WEST]} == dict(expected)


def test_a_board_played_twice_by_one_pair_is_refused() -> None:
    with pytest.raises(RulesError, match="board 1 was played twice by one NS pair"):
        matchpoints([BoardResult(1, 1, 1, 10, 0), BoardResult(1, 1, 2, 0, 10)])


def test_every_table_holds_the_same_cards_and_the_session_scores_as_the_engine_does() -> None:
    """Four tables and eight boards played by the computer through the engine: each board's deal and dealer are
    the same at every table, and each table's result is the engine's score of that hand."""
    rules = Rules.preset("standard")
    sittings = mitchell(4, 2)
    deals: dict[int, set[tuple[int, tuple[int, ...]]]] = {}
    results = []
    for s in sittings:
        for board in s.boards:
            game = board_game(rules, "club night", board)
            deals.setdefault(board, set()).add((game.dealer, tuple(game.hands)))
            bots = [make_bot("easy", seed=f"{s.table}:{board}:{seat}") for seat in range(4)]
            while not game.over:
                game.apply(bots[game.turn].act(game.view(game.turn)))
            (hand,) = game.results
            results.append(BoardResult(board, s.ns_pair, s.ew_pair, *hand.points))
            assert tuple(game.scores) == hand.points, "a board is one hand from 0-0"
    assert sorted(deals) == list(range(1, 9)) and all(len(held) == 1 for held in deals.values())
    table = standings(results)
    for direction in (NORTH_SOUTH, EAST_WEST):
        assert len(table[direction]) == 4
        assert all(score.top == 8 * 3 for score in table[direction])
        assert sum(score.percentage for score in table[direction]) / 4 == pytest.approx(50)
