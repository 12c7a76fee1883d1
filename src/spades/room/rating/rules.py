"""The rating rules, apart from any database: which finished games are rated, how each side ranks, and the new
ratings OpenSkill gives. The room rates a game as it ends and ``spades ratings --rebuild`` replays every stored
game through these same functions, so a change here can be replayed over the whole history.

The model is openskill's Plackett-Luce with its defaults: it rates teams (a partnership is one team of two) and
any number of sides (solo is four sides of one) from the order they finished in, where Elo and Glicko rate one
player against one other. A game is rated when every seat had a person at its start and a registered player sat
at it; a seat the computer held from the start makes it unrated. A person who abandons a rated game (the computer
played their seat for more than half of its actions because they left or did not come back) loses it, whatever
the computer then made of their hand: their side counts as last for them, the other sides rank as they finished
(above them), and the abandoner's partners keep their ratings as they were. A person the table's owner removed
has not abandoned it: the game is rated as it was played. (Both used to make the game unrated, so that a losing
player could escape a loss by closing the connection, or an owner by removing the winner.) Guests play rated
games with registered players: they enter at the starting rating and keep nothing, so the registered players'
ratings still move against them."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

from ...game import Game
from ...rules import Rules
from ...seats import seat_name
from ...words.announce import listed

__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "GameFacts", "Standing", "abandoned", "facts", "game_ranks", "group_of",
           "rate", "unrated_reason"]

DEFAULT_MU = 25.0  # openskill's defaults: a new player is mu 25, sigma 25/3, ordinal 0
DEFAULT_SIGMA = 25.0 / 3.0
MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300


@dataclass(frozen=True)
class Standing:
    """A player's rating in one group: mu and sigma as openskill keeps them, and the rated games behind them."""

    name: str
    mu: float = DEFAULT_MU
    sigma: float = DEFAULT_SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The rating as shown: mu less three sigma (openskill's ``ordinal``)."""
        return self.mu - 3.0 * self.sigma


def group_of(rules: Rules) -> str:
    """The group a game's rating counts in: who plays with whom, and how many, rather than the variant's name (a
    partnership of two at six measures another skill than a team of three)."""
    players = rules.players
    if players == 2:
        return "two_player"
    if not rules.partnerships:
        return "solo" if players == 4 else f"solo_{players}"
    if players // rules.sides == 3:
        return f"teams_{players}"
    return "partnership" if players == 4 else f"partnership_{players}"


@dataclass(frozen=True)
class GameFacts:
    """What the rating rules read of a finished game: its group, each side's seats and rank (0 is first), who
    sat where, and how much of each seat the computer played."""

    group: str
    sides: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]
    players: Mapping[int, str]  # seat: the person's name
    registered: frozenset[str]  # the names that were registered players when the game ended
    computers: Mapping[int, str]  # seat: the computer's level, for the seats no person held
    covered: Mapping[int, int]  # seat: actions the computer took for its absent person
    actions: Mapping[int, int]  # seat: every action the seat took
    seat_names: tuple[str, ...]
    removed: frozenset[int] = frozenset()  # seats whose person the owner removed
    hints: Mapping[int, int] = dataclasses.field(default_factory=dict)  # seat: decisions taken with the hint


def game_ranks(winner: int | None, scores: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    """Each side's rank: the winner first, the others by final score, equal scores tied."""
    ranks = []
    for side, score in enumerate(scores):
        if side == winner:
            ranks.append(0)
            continue
        above = sum(1 for other, theirs in enumerate(scores) if other != winner and theirs > score)
        ranks.append(above + (winner is not None))
    return tuple(ranks)


def _seats(mapping: Any) -> dict[int, Any]:
    """A meta field keyed by seat (JSON keys are text) as a dict by seat number; anything else is empty."""
    if not isinstance(mapping, dict):
        return {}
    return {int(seat): value for seat, value in mapping.items() if str(seat).isdigit()}


def facts(game: Game, meta: Mapping[str, Any]) -> GameFacts:
    """The facts of a finished game from the game itself and its record's ``meta`` (as the room stores it)."""
    rules = game.rules
    actions: dict[int, int] = {}
    for seat, _ in game.history:
        actions[seat] = actions.get(seat, 0) + 1
    sides = tuple(rules.seats_of(side) for side in range(rules.sides))
    return GameFacts(
        group=group_of(rules),
        sides=sides,
        ranks=game_ranks(game.winner, list(game.scores)),
        players={seat: str(name) for seat, name in _seats(meta.get("players")).items()},
        registered=frozenset(str(name) for name in meta.get("registered", ()) or ()),
        computers={seat: str(level) for seat, level in _seats(meta.get("computers")).items()},
        covered={seat: int(n) for seat, n in _seats(meta.get("covered")).items()},
        actions=actions,
        seat_names=tuple(seat_name(seat, rules.players) for seat in range(rules.players)),
        removed=frozenset(int(seat) for seat in meta.get("removed", ()) or () if str(seat).isdigit()),
        hints={seat: int(n) for seat, n in _seats(meta.get("hints")).items()},
    )


def abandoned(game: GameFacts) -> set[int]:
    """The seats whose person abandoned the game: the computer played more than half of the seat's actions for
    them, away, and not because the owner removed them."""
    return {seat for seat in game.players if seat not in game.removed
            and 2 * game.covered.get(seat, 0) > game.actions.get(seat, 0)}


def unrated_reason(game: GameFacts) -> str | None:
    """Why the game is not rated, in words for the table ("the computer played East for all of it"); None when it
    is rated."""
    held = [name for seat, name in enumerate(game.seat_names) if seat not in game.players]
    if held:
        return f"the computer played {listed(held)} for all of it"
    if not set(game.players.values()) & game.registered:
        return "no registered player sat at it"
    return None


def rate(game: GameFacts, before: Mapping[str, Standing]) -> dict[str, Standing]:
    """The registered players' new standings after a rated game, from ``before`` (a name missing there, and every
    guest, starts at openskill's starting rating; a guest's new rating is not kept). With abandoners, their sides
    rank last and their partners are not rated (``abandoned``)."""
    start = {name: before.get(name, Standing(name)) if name in game.registered else Standing(name)
             for name in game.players.values()}
    teams = [[MODEL.rating(mu=start[game.players[seat]].mu, sigma=start[game.players[seat]].sigma)
              for seat in side] for side in game.sides]
    left = abandoned(game)
    ranks: list[float] = list(game.ranks)
    if left:
        last = len(game.sides)
        ranks = [last if any(seat in left for seat in side) else rank for side, rank in zip(game.sides, ranks,
                                                                                             strict=True)]
    rated = MODEL.rate(teams, ranks=ranks)
    after: dict[str, Standing] = {}
    for side, team in zip(game.sides, rated, strict=True):
        for seat, rating in zip(side, team, strict=True):
            name = game.players[seat]
            if name in game.registered and not (left & set(side) and seat not in left):
                after[name] = Standing(name, rating.mu, rating.sigma, start[name].games + 1)
    return after
