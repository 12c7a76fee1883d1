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
player could escape a loss by closing the connection, or an owner by removing the winner.)

A guest at a seat makes the game unrated: a guest keeps no rating, so a registered player who brought their own
guest to lose to them gained without limit (found: 0 to 15.0 in six rematched games). Repeated rated games among
the same people count for less (``repeat_weight``): the n-th rated game among the same set of people (the same
registered players, whatever their seats, variant or group) that finished within ``REPEAT_WINDOW`` (24 hours)
before it, itself included, counts with the weight 1/2**(n-1) for n from 1 to ``REPEATS_WEIGHED`` (4) and with
nothing from the 5th on; a weight w moves a rating by w of what openskill gives: mu = before + w*(after - before),
and sigma likewise (found: two accounts of one person moved +8.4 and -4.1 in three games). The games are counted
from the stored rated games by the moment each finished (equal moments by table), so the rebuild counts them as
the room did."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from openskill.models import PlackettLuce

from ...game import Game
from ...language import DEFAULT, _, current, listed, p_
from ...rules import Rules
from ...seats import seat_name
from . import leavers

__all__ = [
    "DEFAULT_MU",
    "DEFAULT_SIGMA",
    "REPEATS_WEIGHED",
    "REPEAT_WINDOW",
    "GameFacts",
    "Standing",
    "abandoned",
    "facts",
    "game_ranks",
    "group_of",
    "nth",
    "rate",
    "repeat_weight",
    "repeat_words",
    "rule_lines",
    "unrated_reason",
    "weighed",
]

DEFAULT_MU = 25.0  # openskill's defaults: a new player is mu 25, sigma 25/3, ordinal 0
DEFAULT_SIGMA = 25.0 / 3.0
MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300
REPEAT_WINDOW = timedelta(hours=24)  # rated games among the same people this close together count for less
REPEATS_WEIGHED = 4  # the 1st to the 4th such game count (1, 1/2, 1/4, 1/8); from the 5th on, nothing


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
    for seat, _action in game.history:
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
    held = [_(name) for seat, name in enumerate(game.seat_names) if seat not in game.players]  # each seat said
    if held:
        return _("the computer played {seats} for all of it", seats=listed(held))
    guests = {name for name in game.players.values() if name not in game.registered}
    if guests:
        return _("a guest sat at it") if len(guests) == 1 else _("guests sat at it")
    return None


def repeat_weight(number: int) -> float:
    """The weight of the ``number``-th rated game among the same people within ``REPEAT_WINDOW`` (1 for the first
    of them): 1, 1/2, 1/4, 1/8, and 0 from the 5th on."""
    if number <= 1:
        return 1.0
    return 0.5 ** (number - 1) if number <= REPEATS_WEIGHED else 0.0


def weighed(before: Standing, after: Standing, weight: float) -> Standing:
    """``after`` moved from ``before`` by ``weight`` of the way: mu = before + w*(after - before), sigma likewise;
    the games counted are ``after``'s (a game that counted for nothing was still played)."""
    if weight == 1.0:
        return after
    return Standing(after.name, before.mu + weight * (after.mu - before.mu),
                    before.sigma + weight * (after.sigma - before.sigma), after.games)


def nth(number: int) -> str:
    """An ordinal in figures: 1st, 2nd, 3rd, 4th, 11th, 21st (in another language, as its catalogue writes one:
    "21.º", "21e")."""
    if current() != DEFAULT:
        # Translators: an ordinal in figures ({n} is a number): "{n}.º" in Spanish, "{n}e" in French.
        return p_("ordinal", "{n}th", n=number)
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


PARTS = {2: "half", 3: "a quarter", 4: "an eighth"}  # in English; said by repeat_words


def repeat_words(number: int) -> str | None:
    """What a player hears of a repeated game's weight ("This game counted for half: the 2nd rated game with the
    same people within a day."); None for the first."""
    if number <= 1:
        return None
    nth_game = nth(number)
    if number == 2:
        return _("This game counted for half: the {nth} rated game with the same people within a day.", nth=nth_game)
    if number == 3:
        return _("This game counted for a quarter: the {nth} rated game with the same people within a day.",
                 nth=nth_game)
    if number == 4:
        return _("This game counted for an eighth: the {nth} rated game with the same people within a day.",
                 nth=nth_game)
    return _("This game counted for nothing: the {nth} rated game with the same people within a day.", nth=nth_game)


def rule_lines() -> list[str]:
    """The room's rating rules in plain words, as ``spades rules`` and the README say them."""
    hours = int(REPEAT_WINDOW.total_seconds() // 3600)
    return [
        _("A game is rated when a registered player sat at every seat from its start: the computer at a seat from "
          "the start, or a guest at any, makes it unrated."),
        _("A player who abandons a rated game (the computer played more than half of their seat because they left) "
          "loses it; their partners' ratings stay as they were."),
        _("Repeated games count for less: a rated game moves ratings by half as much when the same people "
          "(whatever their seats or variant) finished 1 other rated game together in the {hours} hours before it, "
          "by a quarter after 2, by an eighth after 3, and by nothing after 4 or more.", hours=hours),
        leavers.rule_line(),
    ]


def rate(game: GameFacts, before: Mapping[str, Standing], weight: float = 1.0) -> dict[str, Standing]:
    """The registered players' new standings after a rated game, from ``before`` (a name missing there, and every
    guest, starts at openskill's starting rating; a guest's new rating is not kept), each moved by ``weight`` of
    what openskill gives (``weighed``). With abandoners, their sides rank last and their partners are not rated
    (``abandoned``)."""
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
                after[name] = weighed(start[name], Standing(name, rating.mu, rating.sigma, start[name].games + 1),
                                      weight)
    return after
