"""What the store's transactions return: plain frozen values, never ORM objects, so that any thread may hold
them; and a finished game's figures for each player's statistics."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from ...game import Game


@dataclass(frozen=True)
class Account:
    id: int
    name: str
    guest: bool
    created: datetime


@dataclass(frozen=True)
class StoredSeat:
    seat: int
    player: str | None
    level: str | None
    away: str | None = None  # one of AWAY_REASONS while the seat's person is away
    away_since: datetime | None = None
    covered_from: int | None = None  # the seq after which the computer plays for the absent person
    more_time: bool = False  # the person asked for more time on a clock (the bank doubled where the clock allows)


@dataclass(frozen=True)
class Sat:
    """What taking a seat did: ``seated``, and the seats of the same table the person left for it (``freed``);
    not seated, ``elsewhere`` says why: the person took another seat of the table at the same moment (else the
    seat was someone's)."""

    seated: bool
    freed: tuple[int, ...] = ()
    elsewhere: bool = False


@dataclass(frozen=True)
class StoredTable:
    id: int
    owner: str
    rules: dict[str, Any]
    seed: str
    state: str
    settings: dict[str, Any]
    invite: str
    created: datetime
    finished: datetime | None
    seats: tuple[StoredSeat, ...]
    started: datetime | None = None


@dataclass(frozen=True)
class ActionRow:
    seq: int
    seat: int
    action: str
    at: datetime
    timed: bool = False  # the computer took it as the seat's clock ran out


@dataclass(frozen=True)
class Figures:
    """A player's figures over finished games; also the change one game makes (``Store.finish``)."""

    name: str = ""
    games: int = 0
    wins: int = 0
    contracts: int = 0
    made: int = 0
    nils: int = 0
    nils_made: int = 0
    bags: int = 0


def game_stats(game: Game, players: Mapping[int, str]) -> dict[str, Figures]:
    """What a finished game adds to each seated player's figures (``players``: seat to name; computer seats are
    left out). A contract counts for a player who bid tricks (not Nil) in a hand where the side had a contract,
    made when the side took its contract; bags are the side's bags that hand, counted for each partner; a win is
    the player's side winning the game (a drawn game is no one's)."""
    rules = game.rules
    figures: dict[str, Figures] = {}
    for seat, name in players.items():
        side = rules.side_of(seat)
        contracts = made = nils = nils_made = bags = 0
        for result in game.results:
            mine = result.sides[side]
            bags += mine.bags
            own_nils = [nil for nil in mine.nils if nil.seat == seat]
            nils += len(own_nils)
            nils_made += sum(nil.made for nil in own_nils)
            if not own_nils and mine.contract > 0:
                contracts += 1
                made += mine.made
        figures[name] = Figures(name=name, games=1, wins=int(game.winner == side), contracts=contracts, made=made,
                              nils=nils, nils_made=nils_made, bags=bags)
    return figures
