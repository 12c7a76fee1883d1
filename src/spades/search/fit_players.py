"""Fitting the model of players (:mod:`.players`) to the decisions of the project's own players, from a seed.

The data are hands played by ``hard`` (at a budget in sampled deals, so every decision replays) partnered against
``normal``, each hand recorded as the engine played it: the bids, the cards, the hands. Every decision with a
choice becomes a row of the fit, read by the very replay that weights the search's deals
(:class:`.inference.Evidence` and :func:`.players.moment_features`), so the fit and the search see the same
features. Three fits follow, each convex and solved by Newton's method, so the weights depend only on the data:

1. the tricks estimate: least squares of the tricks each seat took on its hand's features;
2. the bids: a conditional logit over each bid's legal bids, on features built with that estimate;
3. the cards: a conditional logit over each play's legal cards.

``spades train-inference --seed 1`` remakes the shipped ``players.json`` (:mod:`spades.commands.train_inference`).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from ..bots import make_bot
from ..game import Game
from ..rules import Rules
from ..view import Phase, SeatView
from .inference import Evidence
from .players import N_BID, N_CARD, N_HAND, N_MODEL, moment_features

__all__ = ["Choices", "Rows", "fit_model", "played_hands", "rows_of", "self_play"]

RIDGE = 1e-3  # the fits' L2 penalty, per row, on every weight: keeps a rarely seen feature's weight finite
WIDEST = 20  # more legal choices than any decision has (19 bids of three-handed Spades with jokers)


def _seat_levels(rules: Rules, game_number: int) -> list[str]:
    """Who plays each seat: ``hard`` on one side and ``normal`` on the other, the sides swapped game by game."""
    return ["hard" if (rules.seat_sides[s] + game_number) % 2 == 0 else "normal" for s in range(rules.players)]


def self_play(rules: Rules, seed: str, think: str) -> Iterator[tuple[Game, SeatView]]:
    """Games of ``hard`` against ``normal`` from ``seed``, one after another without end: each game and the view
    of the seat to move, before its move is made (the caller stops when it has what it needs)."""
    game_number = 0
    while True:
        game = Game(rules, seed=f"{seed}-{game_number}")
        levels = _seat_levels(rules, game_number)
        bots = [make_bot(level, seed=f"{seed}-{game_number}-{s}", think=think) for s, level in enumerate(levels)]
        while game.phase is not Phase.OVER:
            view = game.view(game.turn)
            yield game, view
            game.apply(bots[game.turn].act(view))
        game_number += 1


def played_hands(rules: Rules, seed: str, hands: int, think: str) -> list[tuple[SeatView, tuple[int, ...]]]:
    """``hands`` hands played from ``seed``, each as a view just before its last card (every decision with a
    choice is in it: the last trick has none) and the hands the seats held then."""
    out: list[tuple[SeatView, tuple[int, ...]]] = []
    last = rules.players * rules.hand_size - 1
    for game, _ in self_play(rules, seed, think):
        if len(out) >= hands:
            break
        if game.phase is Phase.PLAY and game.plays_count == last:
            out.append((game.view(0), tuple(int(h) for h in game.hands)))
    return out


@dataclass(frozen=True)
class Choices:
    """Decisions in flat form: one row per legal choice, ``start[i]:start[i + 1]`` the rows of decision ``i``,
    ``pick[i]`` the row chosen."""

    x: np.ndarray
    start: np.ndarray
    pick: np.ndarray

    @classmethod
    def from_padded(cls, x: np.ndarray, counts: np.ndarray, pick: np.ndarray) -> Choices:
        keep = np.arange(x.shape[1])[None, :] < counts[:, None]
        start = np.concatenate([[0], np.cumsum(counts)]).astype(np.int64)
        return cls(x[keep], start, start[:-1] + pick)

    @classmethod
    def join(cls, parts: Sequence[Choices], width: int) -> Choices:
        if not parts:
            return cls(np.zeros((0, width)), np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int64))
        xs, starts, picks = [], [np.zeros(1, dtype=np.int64)], []
        rows = 0
        for part in parts:
            xs.append(part.x)
            starts.append(part.start[1:] + rows)
            picks.append(part.pick + rows)
            rows += len(part.x)
        return cls(np.concatenate(xs), np.concatenate(starts), np.concatenate(picks))

    @property
    def decisions(self) -> int:
        return len(self.start) - 1


@dataclass(frozen=True)
class Rows:
    """One set of hands' training rows: the bids' and cards' decisions, and the bidders' hands and tricks."""

    bids: Choices
    cards: Choices
    hand_x: np.ndarray  # per bid decision, the bidder's hand features
    tricks: np.ndarray  # per bid decision, the tricks the bidder took


def rows_of(played: Sequence[tuple[SeatView, tuple[int, ...]]], weights: np.ndarray) -> Rows:
    """The rows of ``played`` hands, every seat's decisions scored; the bids' features use the tricks estimate
    of ``weights``."""
    bid_parts: list[Choices] = []
    card_parts: list[Choices] = []
    hand_rows: list[np.ndarray] = []
    trick_rows: list[np.ndarray] = []
    for view, held in played:
        n = view.players
        evidence = Evidence.from_view(view, range(n))
        hands = evidence.start_hands([held])
        most_bids = max(len(evidence.bids), 1)
        most_cards = max(len(evidence.cards), 1)
        bid_x = np.zeros((most_bids, WIDEST, N_BID))
        bid_n = np.zeros(most_bids, dtype=np.int64)
        bid_pick = np.zeros(most_bids, dtype=np.int64)
        bid_hand = np.zeros((most_bids, N_HAND))
        bid_tricks = np.zeros(most_bids)
        card_x = np.zeros((most_cards, WIDEST, N_CARD))
        card_n = np.zeros(most_cards, dtype=np.int64)
        card_pick = np.zeros(most_cards, dtype=np.int64)
        counts = np.zeros(2, dtype=np.int64)
        moment_features(evidence.bid_start, evidence.play_start, evidence.rules, hands, evidence.bids,
                        evidence.cards, weights, bid_x, bid_n, bid_pick, bid_hand, bid_tricks, card_x, card_n,
                        card_pick, counts)
        b, c = int(counts[0]), int(counts[1])
        bid_parts.append(Choices.from_padded(bid_x[:b], bid_n[:b], bid_pick[:b]))
        card_parts.append(Choices.from_padded(card_x[:c], card_n[:c], card_pick[:c]))
        hand_rows.append(bid_hand[:b])
        trick_rows.append(bid_tricks[:b])
    return Rows(Choices.join(bid_parts, N_BID), Choices.join(card_parts, N_CARD),
                np.concatenate(hand_rows) if hand_rows else np.zeros((0, N_HAND)),
                np.concatenate(trick_rows) if trick_rows else np.zeros(0))


def _softmax(scores: np.ndarray, start: np.ndarray) -> np.ndarray:
    counts = np.diff(start)
    shifted = np.exp(scores - np.repeat(np.maximum.reduceat(scores, start[:-1]), counts))
    out: np.ndarray = shifted / np.repeat(np.add.reduceat(shifted, start[:-1]), counts)
    return out


def log_likelihood(w: np.ndarray, data: Choices) -> float:
    """The mean log-probability of the chosen rows under the logit of weights ``w``."""
    if not data.decisions:
        return 0.0
    scores = data.x @ w
    counts = np.diff(data.start)
    top = np.maximum.reduceat(scores, data.start[:-1])
    log_total = np.log(np.add.reduceat(np.exp(scores - np.repeat(top, counts)), data.start[:-1])) + top
    return float(np.mean(scores[data.pick] - log_total))


def fit_logit(data: Choices, steps: int = 30) -> np.ndarray:
    """The weights of the conditional logit of ``data`` by Newton's method (the log-likelihood is concave), with
    a small ridge, halving a step that does not improve."""
    width = data.x.shape[1]
    w = np.zeros(width)
    if not data.decisions:
        return w
    ridge = RIDGE * data.decisions
    counts = np.diff(data.start)

    def objective(v: np.ndarray) -> float:
        return log_likelihood(v, data) * data.decisions - 0.5 * ridge * float(v @ v)

    current = objective(w)
    for _ in range(steps):
        p = _softmax(data.x @ w, data.start)
        mean = np.add.reduceat(data.x * p[:, None], data.start[:-1])
        grad = data.x[data.pick].sum(axis=0) - mean.sum(axis=0) - ridge * w
        centred = data.x - np.repeat(mean, counts, axis=0)
        hess = (centred * p[:, None]).T @ centred + ridge * np.eye(width)
        step = np.linalg.solve(hess, grad)
        size = 1.0
        while size > 1e-4:
            trial = w + size * step
            value = objective(trial)
            if value >= current:
                break
            size /= 2
        else:
            break
        gain = value - current
        w, current = trial, value
        if gain < 1e-9 * max(1.0, abs(current)):
            break
    return w


def fit_tricks(hand_x: np.ndarray, tricks: np.ndarray) -> np.ndarray:
    """Least squares, with the ridge, of the tricks taken on the hand's features."""
    if not len(tricks):
        return np.zeros(N_HAND)
    ridge = RIDGE * len(tricks) * np.eye(hand_x.shape[1])
    ridge[0, 0] = 0.0  # the constant is not shrunk
    solved: np.ndarray = np.linalg.solve(hand_x.T @ hand_x + ridge, hand_x.T @ tricks)
    return solved


@dataclass(frozen=True)
class Fit:
    weights: np.ndarray  # N_MODEL: the tricks estimate's, the bids', the cards'
    rows: Rows  # the fitting rows, the bids read with the fitted estimate


def fit_model(played: Sequence[tuple[SeatView, tuple[int, ...]]]) -> Fit:
    """The model's weights fitted to ``played`` hands (see the module)."""
    weights = np.zeros(N_MODEL)
    first = rows_of(played, weights)
    weights[:N_HAND] = fit_tricks(first.hand_x, first.tricks)
    rows = rows_of(played, weights)
    weights[N_HAND:N_HAND + N_BID] = fit_logit(rows.bids)
    weights[N_HAND + N_BID:] = fit_logit(rows.cards)
    return Fit(weights, rows)


def _play_chunk(task: tuple[str, str, str, int, str]) -> list[tuple[SeatView, tuple[int, ...]]]:
    variant, options, seed, hands, think = task
    rules = Rules.preset(variant, **_options(options))
    return played_hands(rules, seed, hands, think)


def _options(text: str) -> dict[str, object]:
    import json

    loaded: dict[str, object] = json.loads(text)
    return loaded


def tasks(mix: Sequence[tuple[str, dict[str, object], int]], seed: int, hands: int, chunk: int, think: str
          ) -> Iterator[tuple[str, str, str, int, str]]:
    """The chunks of self-play: each rule set of ``mix`` (variant, options, share of the hands) in chunks of
    ``chunk`` hands, each from its own seed (so the data do not depend on how many processes play them)."""
    import json

    total = sum(share for _, _, share in mix)
    for variant, options, share in mix:
        wanted = hands * share // total
        for k in range(0, wanted, chunk):
            yield variant, json.dumps(options, sort_keys=True), f"players-{seed}-{variant}-{k // chunk}", \
                min(chunk, wanted - k), think


def play_all(work: Sequence[tuple[str, str, str, int, str]], jobs: int,
             done: Callable[[int], None] | None = None) -> list[tuple[SeatView, tuple[int, ...]]]:
    """Every chunk played, on ``jobs`` processes, in the order of ``work``."""
    out: list[tuple[SeatView, tuple[int, ...]]] = []
    if jobs <= 1:
        for task in work:
            out.extend(_play_chunk(task))
            if done:
                done(task[3])
        return out
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for task, part in zip(work, pool.imap(_play_chunk, work), strict=True):
            out.extend(part)
            if done:
                done(task[3])
    return out
