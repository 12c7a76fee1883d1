"""Duplicate pairs: every table plays the same boards, and a pair is compared only with the pairs of its direction
who held the same cards, so the luck of the deal is taken out.

The method is duplicate bridge's. The movement is John T. Mitchell's (North-South pairs stay, East-West pairs move
up a table each round, the boards down one), with E. T. Baker's skip for an even number of tables: at the halfway
point East-West move up two tables, or they would meet boards they have played. The scoring is matchpoints as the
Laws of Duplicate Bridge (WBF, 2017), Law 78A, award them: against each other result of the board in the same
direction, 1 for a result beaten, 1/2 for a tie, 0 for a result that beats it (the Laws count these in half
points, 2, 1 and 0). A pair's score is its matchpoints as a percentage of the most it could have had.

A board is one hand dealt once, played from 0-0 and scored by the rule set's scoring, so its result at a table is
one number: North-South's points less East-West's. Nothing here knows of a room or a clock: the room seats the
tables, plays the boards through the engine and hands the results back here.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..errors import RulesError
from ..game import Game
from ..language import _
from ..rules import Rules

__all__ = ["EAST_WEST", "NORTH_SOUTH", "BoardResult", "Deal", "PairScore", "Sitting", "board_game", "board_rules",
           "board_seed", "boards_in", "matchpoints", "mitchell", "playable", "rule_lines",
           "standings"]

NORTH_SOUTH = "NS"
EAST_WEST = "EW"
MAX_TABLES = 64


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round: the pairs there (numbered from 1 in each direction) and the boards they play."""

    round: int  # from 1
    table: int  # from 1
    ns_pair: int
    ew_pair: int
    boards: tuple[int, ...]  # board numbers, from 1


@dataclass(frozen=True, slots=True)
class BoardResult:
    """A board played at a table: who sat there and the points each side scored."""

    board: int
    ns_pair: int
    ew_pair: int
    ns_points: int
    ew_points: int

    @property
    def net(self) -> int:
        """The board's one number at this table, from North-South's side."""
        return self.ns_points - self.ew_points


@dataclass(frozen=True, slots=True)
class Deal:
    """One pair's matchpoints on one board: what it scored there, what it earned and the most it could have."""

    board: int
    net: int  # from this pair's side
    matchpoints: Fraction
    top: int


@dataclass(frozen=True, slots=True)
class PairScore:
    direction: str  # NORTH_SOUTH or EAST_WEST
    pair: int
    matchpoints: Fraction
    top: int  # the most the pair's boards could have given it
    deals: tuple[Deal, ...]

    @property
    def percentage(self) -> float:
        """Matchpoints as a percentage of the top; a pair that could be compared with no one has 50."""
        return 50.0 if self.top == 0 else float(100 * self.matchpoints / self.top)


def mitchell(tables: int, boards_per_round: int = 1, rounds: int | None = None) -> list[Sitting]:
    """The movement, round by round and table by table: every board is played once at every table in a whole
    movement (``rounds`` equal to ``tables``); fewer rounds end it early with every board played as often. No pair
    ever meets a board twice. With an even number of tables the skip means one North-South pair is never met by a
    given East-West pair, and the last round meets again the opponents of the first, as in bridge."""
    if not 1 <= tables <= MAX_TABLES:
        raise RulesError(_("a Mitchell movement takes 1 to {most} tables, not {tables}", most=MAX_TABLES,
                           tables=tables))
    if boards_per_round < 1:
        raise RulesError(_("each round plays at least one board, not {boards}", boards=boards_per_round))
    rounds = tables if rounds is None else rounds
    if not 1 <= rounds <= tables:
        raise RulesError(_("a Mitchell movement of {tables} tables has 1 to {tables} rounds, not {rounds}",
                           tables=tables, rounds=rounds))
    sittings = []
    for r in range(rounds):
        skip = 1 if tables % 2 == 0 and r >= tables // 2 else 0
        for t in range(tables):
            ew = (t - r - skip) % tables  # East-West move up a table a round, two at the skip
            board_set = (t + r) % tables  # the boards move down a table a round
            first = board_set * boards_per_round + 1
            sittings.append(Sitting(r + 1, t + 1, t + 1, ew + 1, tuple(range(first, first + boards_per_round))))
    return sittings


def playable(rules: Rules) -> bool:
    """Whether duplicate pairs can be played at this rule set: by two partnerships of two."""
    return rules.players == 4 and rules.sides == 2


def rule_lines(rules: Rules) -> list[str]:
    """How a duplicate tournament of this rule set is moved and scored, for ``spades rules``; none where it cannot
    be played (see ``playable``)."""
    if not playable(rules):
        return []
    return [
        _("Every table plays the same boards. A board is one hand dealt once, played from 0-0 and scored as above; "
          "its result at a table is North-South's points less East-West's."),
        _("North-South pairs stay at their tables; East-West pairs move up a table each round and the boards down "
          "one (a Mitchell movement; with an even number of tables East-West move up two at the halfway point), so "
          "no pair plays a board twice."),
        _("On each board a pair is compared with every other pair of its direction who held the same cards: 1 "
          "matchpoint for each result it beats, 1/2 for each tie, nothing for each result better than its own (the "
          "Laws of Duplicate Bridge, WBF 2017, Law 78A)."),
        _("A pair's score is its matchpoints as a percentage of the most its boards could give it; North-South and "
          "East-West each have a winner."),
    ]


def board_rules(rules: Rules) -> Rules:
    """The rule set as a board plays it: one hand from 0-0. Duplicate pairs needs two partnerships of two."""
    if not playable(rules):
        raise RulesError(_("duplicate pairs is played by two partnerships of two; {variant} is not",
                           variant=rules.variant))
    return rules.with_options(hands=1)


def board_seed(event_seed: int | str, board: int) -> str:
    """The seed every table deals board ``board`` from, so that each holds the same cards."""
    return f"{event_seed}:board:{board}"


def board_game(rules: Rules, event_seed: int | str, board: int) -> Game:
    """A board ready to play: the same deal and dealer at every table. Its record replays as any game's does."""
    if board < 1:
        raise RulesError(f"boards are numbered from 1, not {board}")
    return Game(board_rules(rules), seed=board_seed(event_seed, board))


def matchpoints(results: Iterable[BoardResult]) -> dict[tuple[str, int], list[Deal]]:
    """Each pair's matchpoints on each board it played, against the other results of that board in its
    direction. A board played twice by one pair is refused: the movement never does it."""
    by_board: dict[int, list[BoardResult]] = defaultdict(list)
    for result in results:
        by_board[result.board].append(result)
    deals: dict[tuple[str, int], list[Deal]] = defaultdict(list)
    for board, played in sorted(by_board.items()):
        for direction, pair_of, sign in ((NORTH_SOUTH, _ns, 1), (EAST_WEST, _ew, -1)):
            pairs = [pair_of(result) for result in played]
            if len(set(pairs)) != len(pairs):
                raise RulesError(f"board {board} was played twice by one {direction} pair")
            nets = [sign * result.net for result in played]
            for pair, net in zip(pairs, nets, strict=True):
                beaten = sum(1 for other in nets if other < net)
                tied = sum(1 for other in nets if other == net) - 1  # not itself
                deals[direction, pair].append(Deal(board, net, beaten + Fraction(tied, 2), len(nets) - 1))
    return deals


def standings(results: Iterable[BoardResult]) -> dict[str, list[PairScore]]:
    """Both directions' standings, best percentage first (ties by pair number): in a Mitchell each direction
    has its own winner, since its pairs were compared only with each other."""
    table: dict[str, list[PairScore]] = {NORTH_SOUTH: [], EAST_WEST: []}
    for (direction, pair), deals in matchpoints(results).items():
        table[direction].append(PairScore(direction, pair, sum((d.matchpoints for d in deals), Fraction(0)),
                                          sum(d.top for d in deals), tuple(deals)))
    for scores in table.values():
        scores.sort(key=lambda s: (-s.percentage, s.pair))
    return table


def _ns(result: BoardResult) -> int:
    return result.ns_pair


def _ew(result: BoardResult) -> int:
    return result.ew_pair


def boards_in(sittings: Sequence[Sitting]) -> list[int]:
    """Every board the movement plays, in order."""
    return sorted({board for sitting in sittings for board in sitting.boards})
