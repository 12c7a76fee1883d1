"""Duplicate matches between two bot levels: the instrument that says whether a change made a player better.

Luck of the cards dominates a Spades score, so every deal is played more than once with the same cards and the
players swapped: A at North-South then at East-West (solo: A at each seat in turn; two-player: A at each seat).
What is left in the margin is skill. Deals are played in blocks of consecutive hands, with scores and bags carried
through the block, so that bag penalties and score-minded bidding count; the block is the unit of the interval.
A separate set of whole games to the target, each seed played with the seats swapped, gives games won.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from .bots import bot_seed, make_bot
from .game import Game
from .rules import Rules
from .scoring import HandResult, SideResult
from .stats import HandStats

__all__ = ["ArenaReport", "PlayerStats", "lineups", "play_block", "play_games", "run_arena"]

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


@dataclass
class Outcome:
    """One task's result: a block of deals (margin) or one seed's games (wins)."""

    margin: float = 0.0  # A's points minus B's, per deal, averaged over the plays of the block
    deals: int = 0
    wins: float = 0.0  # games A won (a drawn game counts half)
    games: int = 0
    a: PlayerStats = field(default_factory=PlayerStats)
    b: PlayerStats = field(default_factory=PlayerStats)


def lineups(rules: Rules) -> list[tuple[int, ...]]:
    """The seats A holds in each play of a deal; B holds the others."""
    if rules.partnerships:
        return [(0, 2), (1, 3)]
    return [(seat,) for seat in range(rules.players)]


def _share(rules: Rules, points: tuple[int, ...] | list[int], a_seats: tuple[int, ...]) -> float:
    """A's points minus the mean of B's sides' points."""
    a_sides = {rules.side_of(s) for s in a_seats}
    a = sum(points[s] for s in a_sides) / len(a_sides)
    others = [points[s] for s in range(rules.sides) if s not in a_sides]
    return a - sum(others) / len(others)


def _play(rules: Rules, seed: str, a_level: str, b_level: str, a_seats: tuple[int, ...], think: float | None,
          a_stats: PlayerStats, b_stats: PlayerStats, max_hands: int = MAX_GAME_HANDS) -> Game:
    game = Game(rules, seed=seed)
    bots = [make_bot(a_level if s in a_seats else b_level, seed=bot_seed(seed, "player", s), think=think)
            for s in range(rules.players)]
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


def play_block(args: tuple[Rules, str, str, str, int, float | None]) -> Outcome:
    """Play one block of deals once per lineup; the margin is A's advantage per deal, averaged over lineups."""
    rules, a_level, b_level, seed, hands, think = args
    block_rules = rules if rules.hands else rules.with_options(hands=hands)
    out = Outcome(deals=block_rules.hands)
    plays = lineups(rules)
    for a_seats in plays:
        game = _play(block_rules, seed, a_level, b_level, a_seats, think, out.a, out.b)
        out.margin += _share(rules, game.scores, a_seats) / len(plays) / block_rules.hands
    return out


def play_games(args: tuple[Rules, str, str, str, float | None]) -> Outcome:
    """One seed's games to the target, once per lineup."""
    rules, a_level, b_level, seed, think = args
    out = Outcome()
    scratch = PlayerStats()
    for a_seats in lineups(rules):
        game = _play(rules, seed, a_level, b_level, a_seats, think, scratch, PlayerStats())
        out.games += 1
        if game.winner is None:
            out.wins += 0.5
        elif game.winner in {rules.side_of(s) for s in a_seats}:
            out.wins += 1
    return out


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

    def to_dict(self) -> dict[str, Any]:
        def stats(s: PlayerStats) -> dict[str, Any]:
            return {**s.hands.summary(), "nil_rate": s.nil_rate, "decisions": s.decisions,
                    "ms_per_decision": s.ms_per_decision}

        return {
            "a": self.a, "b": self.b, "rules": self.rules.to_dict(), "seed": self.seed, "deals": self.deals,
            "block": self.block, "plays_per_deal": self.plays_per_deal,
            "margin_per_deal": self.margin, "interval95": [self.low, self.high],
            "games": self.games, "game_seeds": self.game_seeds, "a_wins": self.wins,
            "a_win_rate": self.wins / self.games if self.games else None,
            "a_stats": stats(self.a_stats), "b_stats": stats(self.b_stats), "seconds": self.seconds,
        }

    def text(self) -> str:
        a, b = self.a, self.b
        lines = [
            f"{a} against {b}: {self.rules.describe()}; seed {self.seed}",
            f"{self.deals} deals in blocks of {self.block} hands, each deal played {self.plays_per_deal} times "
            + ("with the partnerships swapped" if self.rules.partnerships else f"with {self.a} at each seat in turn"),
            f"margin: {self.margin:+.1f} points per deal for {a} (95% interval {self.low:+.1f} to {self.high:+.1f})",
        ]
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
        lines.append(f"({self.seconds:.0f} s)")
        return "\n".join(lines)


def _mean_interval(values: list[float]) -> tuple[float, float, float]:
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, -math.inf, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def run_arena(a: str, b: str, rules: Rules, *, deals: int, seed: int | str = 1, think: float | None = None,
              jobs: int = 1, games: int | None = None, block: int = 10,
              progress: Callable[[int], Any] | None = None) -> ArenaReport:
    """Play the match and summarise it. ``games`` is the number of seeds played as whole games (default: one
    for every 20 deals); ``progress(total)`` gives an object with ``update(n)`` and ``close()``, such as tqdm."""
    for level in (a, b):
        make_bot(level)  # an unknown level fails here, before any process starts
    block = rules.hands or max(1, min(block, deals))
    blocks = max(1, math.ceil(deals / block))
    game_seeds = max(1, deals // 20) if games is None else games
    tasks: list[tuple[Callable[[Any], Outcome], Any]] = []
    for i in range(blocks):
        tasks.append((play_block, (rules, a, b, f"{seed}:deals:{i}", block, think)))
    full = rules if not rules.hands else rules.with_options(hands=0)
    for i in range(game_seeds):
        tasks.append((play_games, (full, a, b, f"{seed}:game:{i}", think)))
    bar = progress(len(tasks)) if progress else None
    start = time.perf_counter()
    outcomes: list[Outcome] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(fn, arg) for fn, arg in tasks]
            for future in as_completed(futures):
                outcomes.append(future.result())
                if bar is not None:
                    bar.update(1)
    else:
        for fn, arg in tasks:
            outcomes.append(fn(arg))
            if bar is not None:
                bar.update(1)
    if bar is not None:
        bar.close()
    margins = [o.margin for o in outcomes if o.deals]
    mean, low, high = _mean_interval(margins)
    a_stats, b_stats = PlayerStats(), PlayerStats()
    for o in outcomes:
        a_stats.add(o.a)
        b_stats.add(o.b)
    return ArenaReport(
        a=a, b=b, rules=rules, seed=str(seed), deals=blocks * block, block=block, plays_per_deal=len(lineups(rules)),
        margin=mean, low=low, high=high, games=sum(o.games for o in outcomes), game_seeds=game_seeds,
        wins=sum(o.wins for o in outcomes), a_stats=a_stats, b_stats=b_stats,
        seconds=time.perf_counter() - start,
    )
