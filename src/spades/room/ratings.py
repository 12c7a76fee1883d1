"""Players' ratings: an OpenSkill rating (Plackett-Luce, the ``openskill`` package) for each registered player in
each rating group, the games among people that the rating rules count, and each change a game made.

A rating group gathers the variants whose games measure the same skill: the partnership games of four (standard,
whiz, mirror, suicide) are one, solo for four another, the two-player game a third. A player's rating is shown as
its ordinal (mu less three sigma), which starts at 0 and rises as the rating grows surer as well as higher."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Float, ForeignKey, Index, Integer, String, select
from sqlalchemy.orm import Mapped, mapped_column

from ..rules import Rules
from .store import Base, PlayerRow, Store, UTCDateTime

__all__ = ["DEFAULT_MU", "DEFAULT_SIGMA", "RatingChangeRow", "RatingRow", "Standing", "rating_group", "standings"]

DEFAULT_MU = 25.0  # openskill's defaults: a new player is mu 25, sigma 25/3, ordinal 0
DEFAULT_SIGMA = 25.0 / 3.0


class RatingRow(Base):
    __tablename__ = "ratings"
    __table_args__ = (Index("ratings_by_group", "rating_group"),)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    rating_group: Mapped[str] = mapped_column(String(32), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class RatingChangeRow(Base):
    __tablename__ = "rating_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), index=True)
    rating_group: Mapped[str] = mapped_column(String(32))
    mu_before: Mapped[float] = mapped_column(Float)
    sigma_before: Mapped[float] = mapped_column(Float)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    finished: Mapped[datetime] = mapped_column(UTCDateTime)


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


def rating_group(rules: Rules) -> str:
    """The group a game's rating counts in: who plays with whom, and how many, rather than the variant's name."""
    if rules.players == 2:
        return "two_player"
    kind = "partnership" if rules.partnerships else "solo"
    return kind if rules.players == 4 else f"{kind}_{rules.players}"


def standings(store: Store, group: str, names: Iterable[str]) -> dict[str, Standing]:
    """Each named player's standing in ``group``; a player with no rated game there (or a guest, or a name
    unknown to the room) has the starting one."""
    wanted = list(dict.fromkeys(names))
    found: dict[str, Standing] = {}
    if wanted:
        with store.transaction() as session:
            rows = session.execute(
                select(PlayerRow.name, RatingRow.mu, RatingRow.sigma, RatingRow.games)
                .join(RatingRow, RatingRow.player_id == PlayerRow.id)
                .where(PlayerRow.name.in_(wanted), RatingRow.rating_group == group)).all()
            found = {name: Standing(name, mu, sigma, games) for name, mu, sigma, games in rows}
    return {name: found.get(name, Standing(name)) for name in wanted}
