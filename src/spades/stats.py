"""Figures over many hands: points, sets, Nils and bags, as `simulate` and `arena` report them."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .scoring import HandResult

__all__ = ["HandStats"]


@dataclass
class HandStats:
    """Accumulates hand results per side; sides are partnerships, or seats in solo and two-player games."""

    sides: int
    hands: int = 0
    points: list[int] = field(default_factory=list)
    contracts: int = 0
    sets: int = 0
    nil_bids: int = 0
    nils_made: int = 0
    blind_nil_bids: int = 0
    blind_nils_made: int = 0
    bags: int = 0

    def __post_init__(self) -> None:
        if not self.points:
            self.points = [0] * self.sides

    def add(self, result: HandResult) -> None:
        self.hands += 1
        for side in result.sides:
            self.points[side.side] += side.points
            self.bags += side.bags
            if side.contract > 0:
                self.contracts += 1
                self.sets += side.set
            for nil in side.nils:
                if nil.blind:
                    self.blind_nil_bids += 1
                    self.blind_nils_made += nil.made
                else:
                    self.nil_bids += 1
                    self.nils_made += nil.made

    def add_all(self, results: Iterable[HandResult]) -> None:
        for result in results:
            self.add(result)

    def merge(self, other: HandStats) -> None:
        self.hands += other.hands
        self.points = [a + b for a, b in zip(self.points, other.points, strict=True)]
        for name in ("contracts", "sets", "nil_bids", "nils_made", "blind_nil_bids", "blind_nils_made", "bags"):
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def summary(self) -> dict[str, object]:
        hands = max(self.hands, 1)
        return {
            "hands": self.hands,
            "points_per_hand": [round(p / hands, 2) for p in self.points],
            "set_rate": round(self.sets / max(self.contracts, 1), 4),
            "nil_bids": self.nil_bids,
            "nil_success": round(self.nils_made / self.nil_bids, 4) if self.nil_bids else None,
            "blind_nil_bids": self.blind_nil_bids,
            "blind_nil_success": round(self.blind_nils_made / self.blind_nil_bids, 4) if self.blind_nil_bids else None,
            "bags_per_hand": round(self.bags / hands / self.sides, 3),
        }
