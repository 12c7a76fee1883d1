"""Duplicate matches between two bot levels: the instrument that says whether a change made a player better.

Luck of the cards dominates a Spades score, so every deal is played more than once with the same cards and the
players swapped: A at North-South then at East-West (solo tables of two to six: A at each seat in turn; six in
three partnerships: A at each partnership, then at each two of them; see :func:`lineups`). What is left in the
margin is skill. Deals are played in blocks of consecutive hands, with scores and bags carried
through the block, so that bag penalties and score-minded bidding count; the block is the unit of the interval.
A separate set of whole games to the target, each seed played with the seats swapped, gives games won.

With ``bids``, every seat bids as that one level (and makes its two-player draw and Blind Nil choices), so both
lineups of a deal hold the same bids and only card play is measured. Blocks and game seeds are independent
tasks: they run one after the other, in worker processes (``jobs``) or on a Ray cluster (``ray``), and their
results are put together in task order, so with a thinking budget in sampled deals the report is the same however
the tasks ran.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from .actions import Action
from .bots import Bot, Hint, bot_seed, make_bot
from .errors import BudgetError, SpadesError
from .game import Game
from .language import _
from .rules import Rules
from .scoring import HandResult, SideResult
from .stats import HandStats
from .view import Phase, SeatView

__all__ = ["ArenaError", "ArenaReport", "BidsBy", "Match", "PlayerStats", "describe_lineups", "lineups", "play_block",
           "play_games", "play_lineup", "read_think", "run_arena"]

MAX_GAME_HANDS = 200  # a game to the target that has not ended by then is counted as drawn


@dataclass
class PlayerStats:
    """What one level did over a match, summed over the seats it held: its sides' hands (one entry per side and
    hand, so a solo level's three seats count three times) and its decisions."""

    hands: HandStats = field(default_factory=lambda: HandStats(sides=1))
    decisions: int = 0
    seconds: float = 0.0

    def count(self, side: SideResult) -> None:
        self.hands.add(HandResult(0, (side._replace(side=0),)))

    def add(self, other: PlayerStats) -> None:
        self.hands.merge(other.hands)
        self.decisions += other.decisions
        self.seconds += other.seconds

    @property
    def set_rate(self) -> float:
        h = self.hands
        return h.sets / h.contracts if h.contracts else 0.0

    @property
    def nil_rate(self) -> float:
        h = self.hands
        return h.nil_bids / h.hands if h.hands else 0.0

    @property
    def nil_success(self) -> float:
        h = self.hands
        return h.nils_made / h.nil_bids if h.nil_bids else 0.0

    @property
    def bags_per_hand(self) -> float:
        h = self.hands
        return h.bags / h.hands if h.hands else 0.0

    @property
    def ms_per_decision(self) -> float:
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0


class ArenaError(SpadesError):
    """A match that cannot be run as asked (a thinking budget that is none, Ray missing or out of reach); the
    message says what to do about it."""


def read_think(think: float | str | None) -> float | str | None:
    """The thinking budget in the form every bot takes: seconds as a float, sampled deals as ``"200i"``.

    Plain seconds are read here, so that a match between levels that do not search never imports the search (and
    numba) for it; every other form (``200i``, ``0.1s``) is read by the search's own ``Budget.parse``, so the arena
    takes exactly the budgets the ``hard`` player takes."""
    if think is None:
        return None
    if isinstance(think, str):
        try:
            seconds = float(think)
        except ValueError:
            from .search.search import Budget

            budget = Budget.parse(think, 0.0)
            return f"{budget.deals}i" if budget.deals is not None else budget.seconds
    else:
        seconds = float(think)
    if not math.isfinite(seconds) or seconds < 0:
        raise BudgetError(_("think {think} must be seconds (0.1) or sampled deals (200i), not negative",
                            think=repr(think)))
    return seconds


class BidsBy(Bot):
    """A seat whose card play is one bot's and whose choices before the play (the two-player draw, Blind Nil or
    a look, the bid) are another's. The arena gives every seat a bidder of the same level, seeded for the seat as
    the seat's player is, so both lineups of a deal start the play from the same bids: the margin is card play."""

    def __init__(self, bidder: Bot, player: Bot) -> None:
        super().__init__(seed=player.seed)
        self.bidder = bidder
        self.player = player
        self.level = f"{player.level}, bidding as {bidder.level}"

    def _deciding(self, view: SeatView) -> Bot:
        return self.player if view.phase is Phase.PLAY else self.bidder

    def act(self, view: SeatView) -> Action:
        return self._deciding(view).act(view)

    def hint(self, view: SeatView) -> Hint:
        return self._deciding(view).hint(view)


@dataclass(frozen=True)
class Match:
    """Who plays: level ``a`` against level ``b`` with one thinking budget, and the level every seat bids as
    (``bids``; None: each side bids as it plays)."""

    a: str
    b: str
    think: float | str | None = None
    bids: str | None = None

    def bot(self, game_seed: str, seat: int, a_seats: tuple[int, ...]) -> Bot:
        """The bot at ``seat``: seeded for the game and the seat only, so that the same seat holds the same
        bot's seed in every lineup and only its level changes."""
        seed = bot_seed(game_seed, "player", seat)
        player = make_bot(self.a if seat in a_seats else self.b, seed=seed, think=self.think)
        if self.bids is None:
            return player
        return BidsBy(make_bot(self.bids, seed=seed, think=self.think), player)


@dataclass
class Outcome:
    """One task's result: a block of deals (margin) or one seed's games (wins)."""

    margin: float = 0.0  # A's points minus B's, per deal, averaged over the plays of the block
    deals: int = 0
    deal_margins: list[float] = field(default_factory=list)  # the same for each deal of the block, in order
    wins: float = 0.0  # games A won (a drawn game counts half)
    games: int = 0
    a: PlayerStats = field(default_factory=PlayerStats)
    b: PlayerStats = field(default_factory=PlayerStats)


def lineups(rules: Rules) -> list[tuple[int, ...]]:
    """The seats A holds in each play of a deal; B holds the others. Every deal is played once per lineup with the
    same cards, and the lineups are chosen so that a level playing itself scores a margin of exactly nothing:

    - solo tables (two to six players): A at each seat in turn, B at all the others, so each level plays every
      seat and A's score is set against B's on the same cards;
    - two partnerships (four players, or six in two teams of three): A holds one side, then the other;
    - three partnerships (six in pairs): A holds each partnership in turn against two of B's, then each pair of
      partnerships in turn against one of B's: six plays, in which each level holds every seat three times."""
    if not rules.partnerships:
        return [(seat,) for seat in range(rules.players)]
    sides = rules.side_seats
    if len(sides) == 2:
        return [tuple(sides[0]), tuple(sides[1])]
    alone = [tuple(seats) for seats in sides]
    together = [tuple(sorted(seat for other in sides if other is not seats for seat in other)) for seats in sides]
    return alone + together


def describe_lineups(rules: Rules, a: str) -> str:
    """How each deal is replayed, for the report."""
    plays = len(lineups(rules))
    if not rules.partnerships:
        return f"each deal played {plays} times with {a} at each seat in turn"
    if rules.sides == 2:
        return f"each deal played {plays} times with the partnerships swapped"
    return (f"each deal played {plays} times: {a} at each partnership in turn, then at each two of the "
            f"{rules.sides} partnerships")


def _share(rules: Rules, points: tuple[int, ...] | list[int], a_seats: tuple[int, ...]) -> float:
    """A's points minus the mean of B's sides' points."""
    a_sides = {rules.side_of(s) for s in a_seats}
    a = sum(points[s] for s in a_sides) / len(a_sides)
    others = [points[s] for s in range(rules.sides) if s not in a_sides]
    return a - sum(others) / len(others)


def play_lineup(rules: Rules, seed: str, match: Match, a_seats: tuple[int, ...], a_stats: PlayerStats | None = None,
                b_stats: PlayerStats | None = None, max_hands: int = MAX_GAME_HANDS) -> Game:
    """One game of the match with A at ``a_seats``, its hands and decisions counted into the stats given."""
    a_stats = PlayerStats() if a_stats is None else a_stats
    b_stats = PlayerStats() if b_stats is None else b_stats
    game = Game(rules, seed=seed)
    bots = [match.bot(seed, s, a_seats) for s in range(rules.players)]
    counted = 0
    clock = time.perf_counter
    while not game.over and game.hand_number <= max_hands:
        seat = game.turn
        view = game.view(seat)
        start = clock()
        action = bots[seat].act(view)
        spent = clock() - start
        stats = a_stats if seat in a_seats else b_stats
        stats.decisions += 1
        stats.seconds += spent
        game.apply(action)
        while counted < len(game.results):
            _count_hand(rules, game.results[counted], a_seats, a_stats, b_stats)
            counted += 1
    return game


def _count_hand(rules: Rules, result: HandResult, a_seats: tuple[int, ...], a: PlayerStats,
                b: PlayerStats) -> None:
    a_sides = {rules.side_of(s) for s in a_seats}
    for side in result.sides:
        (a if side.side in a_sides else b).count(side)


def play_block(rules: Rules, match: Match, seed: str, hands: int) -> Outcome:
    """Play one block of deals once per lineup; the margin is A's advantage per deal, averaged over lineups."""
    block_rules = rules if rules.hands else rules.with_options(hands=hands)
    out = Outcome(deals=block_rules.hands, deal_margins=[0.0] * block_rules.hands)
    plays = lineups(rules)
    for a_seats in plays:
        game = play_lineup(block_rules, seed, match, a_seats, out.a, out.b)
        out.margin += _share(rules, game.scores, a_seats) / len(plays) / block_rules.hands
        for i, result in enumerate(game.results):  # a side fallen to lose_at ends the block early: 0 after
            out.deal_margins[i] += _share(rules, result.points, a_seats) / len(plays)
    return out


def play_games(rules: Rules, match: Match, seed: str) -> Outcome:
    """One seed's games to the target, once per lineup."""
    out = Outcome()
    scratch = PlayerStats()
    for a_seats in lineups(rules):
        game = play_lineup(rules, seed, match, a_seats, scratch, PlayerStats())
        out.games += 1
        if game.winner is None:
            out.wins += 0.5
        elif game.winner in {rules.side_of(s) for s in a_seats}:
            out.wins += 1
    return out


Task = tuple[Callable[..., Outcome], tuple[Any, ...]]


def _run_local(tasks: list[Task], jobs: int, done: Callable[[], object]) -> list[Outcome]:
    """The tasks' outcomes in task order, from ``jobs`` worker processes (one: this process)."""
    if jobs <= 1:
        outcomes = []
        for fn, args in tasks:
            outcomes.append(fn(*args))
            done()
        return outcomes
    results: list[Outcome | None] = [None] * len(tasks)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(fn, *args): i for i, (fn, args) in enumerate(tasks)}
        for future in as_completed(futures):
            results[futures[future]] = future.result()
            done()
    return [r for r in results if r is not None]


@dataclass
class ArenaReport:
    a: str
    b: str
    rules: Rules
    seed: str
    deals: int
    block: int
    plays_per_deal: int
    margin: float
    low: float
    high: float
    games: int
    game_seeds: int
    wins: float
    a_stats: PlayerStats
    b_stats: PlayerStats
    seconds: float
    think: float | str | None = None
    bids: str | None = None  # the level every seat bid as, or None: each side bid as it played
    deal_margins: list[float] = field(default_factory=list)  # A's margin on each deal, in the order played

    def to_dict(self) -> dict[str, Any]:
        def stats(s: PlayerStats) -> dict[str, Any]:
            return {**s.hands.summary(), "nil_rate": s.nil_rate, "decisions": s.decisions,
                    "ms_per_decision": s.ms_per_decision}

        return {
            "a": self.a, "b": self.b, "bids": self.bids, "think": self.think, "rules": self.rules.to_dict(),
            "seed": self.seed, "deals": self.deals, "block": self.block, "plays_per_deal": self.plays_per_deal,
            "margin_per_deal": self.margin, "interval95": [self.low, self.high], "deal_margins": self.deal_margins,
            "games": self.games, "game_seeds": self.game_seeds, "a_wins": self.wins,
            "a_win_rate": self.wins / self.games if self.games else None,
            "a_stats": stats(self.a_stats), "b_stats": stats(self.b_stats), "seconds": self.seconds,
        }

    def text(self) -> str:
        a, b = self.a, self.b
        think = "" if self.think is None else f"; think {self.think}" + (" s" if isinstance(self.think, float) else "")
        hands = "1 hand" if self.block == 1 else f"{self.block} hands"
        lines = [
            f"{a} against {b}: {self.rules.describe()}; seed {self.seed}{think}",
            f"{self.deals} deals in blocks of {hands}, {describe_lineups(self.rules, self.a)}",
        ]
        if self.bids is not None:
            lines.append(f"bids: {self.bids}'s at every seat (the draw and Blind Nil too); only card play differs")
        lines.append(f"margin: {self.margin:+.1f} points per deal for {a} "
                     f"(95% interval {self.low:+.1f} to {self.high:+.1f})")
        if self.games:
            seeds = f"{self.game_seeds} seed" + ("s" if self.game_seeds != 1 else "")
            lines.append(f"games to the target: {a} won {self.wins:g} of {self.games} "
                         f"({100 * self.wins / self.games:.1f}%): {seeds}, each played {self.plays_per_deal} times")
        width = max(len(a), len(b), 8)
        rows: list[tuple[str, Callable[[PlayerStats], str]]] = [
            ("set rate", lambda s: f"{100 * s.set_rate:.1f}%"),
            ("Nil bids per hand", lambda s: f"{s.nil_rate:.3f}"),
            ("Nil made", lambda s: f"{100 * s.nil_success:.0f}% of {s.hands.nil_bids}"),
            ("Blind Nil made", lambda s: f"{s.hands.blind_nils_made} of {s.hands.blind_nil_bids}"),
            ("bags per hand", lambda s: f"{s.bags_per_hand:.2f}"),
            ("ms per decision", lambda s: f"{s.ms_per_decision:.3f}"),
        ]
        lines.append(f"{'':18} {a:>{width}} {b:>{width}}")
        for label, fmt in rows:
            lines.append(f"{label:18} {fmt(self.a_stats):>{width}} {fmt(self.b_stats):>{width}}")
        lines.append(f"played in {_duration(self.seconds)}")
        return "\n".join(lines)


def _duration(seconds: float) -> str:
    """A match's length as a person reads it: tenths under ten seconds (a short match is not "0 s"), then whole
    seconds, then minutes and seconds."""
    if seconds < 0.1:
        return "under 0.1 s"
    if seconds < 10:
        return f"{seconds:.1f} s"
    if seconds < 60:
        return f"{seconds:.0f} s"
    minutes, rest = divmod(round(seconds), 60)
    return f"{minutes} min {rest} s"


def _mean_interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, -math.inf, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def run_arena(a: str, b: str, rules: Rules, *, deals: int, seed: int | str = 1, think: float | str | None = None,
              jobs: int = 1, games: int | None = None, block: int | None = None, bids: str | None = None,
              ray: str | None = None, progress: Callable[[int], Any] | None = None) -> ArenaReport:
    """Play the match and summarise it.

    ``think``: seconds or sampled deals a decision (see :func:`read_think`). ``bids``: the level every seat bids
    as, so that only card play differs; the block then defaults to one hand, since a later hand's bids follow
    the score, which card play has changed. ``games`` is the number of seeds played as whole games (default: one
    for every 20 deals). ``jobs`` worker processes run the tasks; with ``ray`` (an address, or ``"auto"``: the
    Ray running on this machine, or one started for the match with ``jobs`` CPUs) a Ray cluster runs them.
    ``progress(total)`` gives an object with ``update(n)`` and ``close()``, such as tqdm."""
    think = read_think(think)
    for level in (a, b) if bids is None else (a, b, bids):
        make_bot(level, think=think)  # an unknown level fails here, before any process starts
    if block is None:
        block = 10 if bids is None else 1
    match = Match(a, b, think, bids)
    block = rules.hands or max(1, min(block, deals))
    blocks = max(1, math.ceil(deals / block))
    game_seeds = max(1, deals // 20) if games is None else games
    tasks: list[Task] = []
    for i in range(blocks):
        tasks.append((play_block, (rules, match, f"{seed}:deals:{i}", block)))
    full = rules if not rules.hands else rules.with_options(hands=0)
    for i in range(game_seeds):
        tasks.append((play_games, (full, match, f"{seed}:game:{i}")))
    bar = progress(len(tasks)) if progress else None

    def done() -> None:
        if bar is not None:
            bar.update(1)

    start = time.perf_counter()
    if ray is not None:
        from .cluster import run_on_ray

        outcomes = run_on_ray(ray, tasks, cpus=jobs, done=done)
    else:
        outcomes = _run_local(tasks, jobs, done)
    if bar is not None:
        bar.close()
    blocks_done = [o for o in outcomes if o.deals]
    mean, low, high = _mean_interval([o.margin for o in blocks_done])
    a_stats, b_stats = PlayerStats(), PlayerStats()
    for o in outcomes:
        a_stats.add(o.a)
        b_stats.add(o.b)
    return ArenaReport(
        a=a, b=b, rules=rules, seed=str(seed), deals=blocks * block, block=block, plays_per_deal=len(lineups(rules)),
        margin=mean, low=low, high=high, games=sum(o.games for o in outcomes), game_seeds=game_seeds,
        wins=sum(o.wins for o in outcomes), a_stats=a_stats, b_stats=b_stats,
        seconds=time.perf_counter() - start, think=think, bids=bids,
        deal_margins=[m for o in blocks_done for m in o.deal_margins],
    )
