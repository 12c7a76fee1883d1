"""The rows and transactions of who keeps to whom: friendships (asked, then accepted), blocks (private: only the
blocker reads them) and invitations to a table's seats (which let the invited sit at a private table)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Boolean, ForeignKey, Integer, and_, delete, func, or_, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from ...language import _
from .. import protocol as p
from ..identity import names
from . import Account, Base, PlayerRow, SeatRow, Store, TableRow, UTCDateTime

__all__ = ["BlockRow", "FriendRow", "Friendships", "InviteRow", "ask_friend", "blocked_between", "blocks_of",
           "drop_friend", "friend_ids", "friendships", "invite", "is_invited", "may_sit_private", "set_block"]


class FriendRow(Base):
    __tablename__ = "friends"
    asker_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    friend_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    accepted: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime)


class BlockRow(Base):
    __tablename__ = "blocks"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    blocked_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)


class InviteRow(Base):
    __tablename__ = "table_invites"
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    by_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    at: Mapped[datetime] = mapped_column(UTCDateTime)


@dataclass(frozen=True)
class Friendships:
    """A player's friends, and the requests waiting either way, by name."""

    friends: list[str]
    asked_by: list[str]  # they asked this player, who has not answered
    asking: list[str]  # this player asked them


def _named(session: Session, name: str) -> PlayerRow:
    key = names.lookup_key(name)
    row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key)) if key else None
    if row is None:
        raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("there is no player {name}", name=p.quote(name)))
    return row


def _registered(row: PlayerRow) -> None:
    if row.password_hash is None:
        raise p.Refusal(p.ErrorCode.NOT_REGISTERED, _("{name} is a guest; only registered players keep friends",
                                                      name=row.name))


def _pair(a: int, b: int) -> object:
    return or_(and_(FriendRow.asker_id == a, FriendRow.friend_id == b),
               and_(FriendRow.asker_id == b, FriendRow.friend_id == a))


def _blocked_either(session: Session, a: int, b: int) -> bool:
    return bool(session.scalar(select(func.count()).select_from(BlockRow).where(
        or_(and_(BlockRow.player_id == a, BlockRow.blocked_id == b),
            and_(BlockRow.player_id == b, BlockRow.blocked_id == a)))))


def friendships(store: Store, player_id: int) -> Friendships:
    with store.transaction() as session:
        rows = session.execute(select(FriendRow.asker_id, FriendRow.friend_id, FriendRow.accepted).where(
            or_(FriendRow.asker_id == player_id, FriendRow.friend_id == player_id))).all()
        ids = {a for a, _, _ in rows} | {b for _, b, _ in rows}
        named = dict(session.execute(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.id.in_(ids))).all())
    friends: list[str] = []
    asked_by: list[str] = []
    asking: list[str] = []
    for asker, friend, accepted in rows:
        other = friend if asker == player_id else asker
        (friends if accepted else asking if asker == player_id else asked_by).append(named[other])
    order = str.casefold
    return Friendships(sorted(friends, key=order), sorted(asked_by, key=order), sorted(asking, key=order))


def last_seen(store: Store, name: str) -> datetime | None:
    """When a connection of the named player was last known open (each process marks its own now and then)."""
    key = names.lookup_key(name)
    with store.transaction() as session:
        return session.scalar(select(PlayerRow.seen).where(PlayerRow.name_key == key)) if key else None


def friend_ids(store: Store, player_id: int) -> set[int]:
    with store.transaction() as session:
        rows = session.execute(select(FriendRow.asker_id, FriendRow.friend_id).where(
            FriendRow.accepted, or_(FriendRow.asker_id == player_id, FriendRow.friend_id == player_id))).all()
        return {b if a == player_id else a for a, b in rows}


def ask_friend(store: Store, player: Account, name: str) -> tuple[str, bool]:
    """Ask the named player to be friends, or accept their request; (their name, whether now friends)."""
    if player.guest:
        raise p.Refusal(p.ErrorCode.NOT_REGISTERED, _("a guest has no friends list; register to keep one"))
    with store.transaction() as session:
        other = _named(session, name)
        _registered(other)
        if other.id == player.id:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you cannot befriend yourself"))
        if _blocked_either(session, player.id, other.id):
            # said the same whichever of them blocked: a block is private
            raise p.Refusal(p.ErrorCode.BLOCKED, _("you and {name} cannot be friends", name=other.name))
        row = session.scalar(select(FriendRow).where(_pair(player.id, other.id)))  # type: ignore[arg-type]
        if row is None:
            count = session.scalar(select(func.count()).select_from(FriendRow).where(
                or_(FriendRow.asker_id == player.id, FriendRow.friend_id == player.id))) or 0
            if count >= p.FRIENDS_MAX:
                raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you have {count} friends and requests already",
                                                           count=p.FRIENDS_MAX))
            session.add(FriendRow(asker_id=player.id, friend_id=other.id, accepted=False, at=store.now()))
            return other.name, False
        if not row.accepted and row.friend_id == player.id:
            row.accepted = True
        return other.name, row.accepted


def drop_friend(store: Store, player: Account, name: str) -> str:
    """End a friendship, withdraw one's request or decline theirs; the other's name."""
    with store.transaction() as session:
        other = _named(session, name)
        session.execute(delete(FriendRow).where(_pair(player.id, other.id)))  # type: ignore[arg-type]
        return other.name


def set_block(store: Store, player: Account, name: str | None, blocked: bool) -> list[str]:
    """Block (or unblock) the named player; a block ends any friendship between them. The names blocked now."""
    with store.transaction() as session:
        if name is not None:
            other = _named(session, name)
            if other.id == player.id:
                raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you cannot block yourself"))
            held = session.get(BlockRow, (player.id, other.id))
            if blocked and held is None:
                count = session.scalar(select(func.count()).select_from(BlockRow)
                                       .where(BlockRow.player_id == player.id)) or 0
                if count >= p.BLOCKS_MAX:
                    raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you block {count} players already",
                                                               count=p.BLOCKS_MAX))
                session.add(BlockRow(player_id=player.id, blocked_id=other.id))
                session.execute(delete(FriendRow).where(_pair(player.id, other.id)))  # type: ignore[arg-type]
            elif not blocked and held is not None:
                session.delete(held)
        session.flush()
        return sorted(session.scalars(select(PlayerRow.name).join(BlockRow, BlockRow.blocked_id == PlayerRow.id)
                                      .where(BlockRow.player_id == player.id)), key=str.casefold)


def blocks_of(store: Store, player_id: int) -> frozenset[int]:
    """The players ``player_id`` blocks."""
    with store.transaction() as session:
        return frozenset(session.scalars(select(BlockRow.blocked_id).where(BlockRow.player_id == player_id)))


def blocked_between(store: Store, player_ids: list[int]) -> set[tuple[int, int]]:
    """The pairs among these players where one blocks the other (each pair as (lower id, higher id))."""
    if len(player_ids) < 2:
        return set()
    with store.transaction() as session:
        rows = session.execute(select(BlockRow.player_id, BlockRow.blocked_id).where(
            BlockRow.player_id.in_(player_ids), BlockRow.blocked_id.in_(player_ids))).all()
    return {(min(a, b), max(a, b)) for a, b in rows}


def blocked_names_between(store: Store, names_: list[str]) -> set[tuple[str, str]]:
    """``blocked_between`` by name (casefolded): the quick-play queue and the Swiss pairing know names."""
    with store.transaction() as session:
        keys = [k for n in names_ if (k := names.lookup_key(n))]
        rows = session.execute(select(PlayerRow.id, PlayerRow.name).where(PlayerRow.name_key.in_(keys))).all()
    by_id = {i: n.casefold() for i, n in rows}
    pairs = blocked_between(store, list(by_id))
    return {tuple(sorted((by_id[a], by_id[b]))) for a, b in pairs}  # type: ignore[misc]


def invite(store: Store, by: Account, table_id: int, name: str, seat: int | None) -> str:
    """Invite the named player to the table (a seat, or any): kept, so a private table lets them in; their
    name. Only a friend of the inviter may be invited, and not one who blocks or is blocked by the owner."""
    with store.transaction() as session:
        other = _named(session, name)
        if other.id == by.id:
            raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you are at the table already"))
        friends = session.scalar(select(FriendRow.accepted).where(_pair(by.id, other.id)))  # type: ignore[arg-type]
        if not friends:
            raise p.Refusal(p.ErrorCode.NOT_FRIENDS, _("{name} is not your friend: ask them first, by name",
                                                       name=other.name))
        table = session.get(TableRow, table_id)
        if table is None:
            raise p.Refusal(p.ErrorCode.NO_SUCH_TABLE, _("there is no table {table}", table=table_id))
        if _blocked_either(session, table.owner_id, other.id) or _blocked_either(session, by.id, other.id):
            raise p.Refusal(p.ErrorCode.BLOCKED, _("{name} cannot be invited to this table", name=other.name))
        row = session.get(InviteRow, (table_id, other.id))
        if row is None:
            session.add(InviteRow(table_id=table_id, player_id=other.id, seat=seat, by_id=by.id, at=store.now()))
        else:
            row.seat, row.by_id, row.at = seat, by.id, store.now()
        return other.name


def is_invited(store: Store, table_id: int, player_id: int) -> bool:
    with store.transaction() as session:
        return session.get(InviteRow, (table_id, player_id)) is not None


def may_sit_private(store: Store, table_id: int, player_id: int) -> bool:
    """Whether the player may come to the private table: its owner, seated at it, invited to it, or a friend of
    its owner who does not block nor is blocked by them."""
    with store.transaction() as session:
        table = session.get(TableRow, table_id)
        if table is None:
            return False
        if table.owner_id == player_id:
            return True
        if _blocked_either(session, table.owner_id, player_id):
            return False
        if session.scalar(select(func.count()).select_from(SeatRow).where(SeatRow.table_id == table_id,
                                                                          SeatRow.player_id == player_id)):
            return True
        if session.get(InviteRow, (table_id, player_id)) is not None:
            return True
        return bool(session.scalar(select(FriendRow.accepted).where(
            _pair(table.owner_id, player_id))))  # type: ignore[arg-type]


def owner_blocks(store: Store, table_id: int, player_id: int) -> bool:
    """Whether the table's owner blocks the player (who then may not sit at the owner's private tables)."""
    with store.transaction() as session:
        table = session.get(TableRow, table_id)
        return table is not None and session.get(BlockRow, (table.owner_id, player_id)) is not None


def private_tables_for(store: Store, player_id: int) -> list[int]:
    """The private tables waiting or under way that the player may see in the lobby: their own, those they are
    invited to, and their friends' (unless blocked either way)."""
    with store.transaction() as session:
        friends = session.execute(select(FriendRow.asker_id, FriendRow.friend_id).where(
            FriendRow.accepted, or_(FriendRow.asker_id == player_id, FriendRow.friend_id == player_id))).all()
        owners = {b if a == player_id else a for a, b in friends} | {player_id}
        invited = set(session.scalars(select(InviteRow.table_id).where(InviteRow.player_id == player_id))) | set(
            session.scalars(select(SeatRow.table_id).where(SeatRow.player_id == player_id)))
        rows = session.execute(select(TableRow.id, TableRow.owner_id, TableRow.settings).where(
            TableRow.state.in_(("waiting", "playing")),
            or_(TableRow.owner_id.in_(owners), TableRow.id.in_(invited or {0})))).all()
        blockers = set(session.scalars(select(BlockRow.player_id).where(BlockRow.blocked_id == player_id))) | set(
            session.scalars(select(BlockRow.blocked_id).where(BlockRow.player_id == player_id)))
    return sorted((table for table, owner, settings in rows if (settings or {}).get("private")
                   and (table in invited or owner not in blockers)), reverse=True)
