"""The chat's rows and transactions: every message stored as the next of its chat (a table's, or the lobby's),
read back in order by every process, and the players each player mutes."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from sqlalchemy import Boolean, ForeignKey, Integer, String, UniqueConstraint, delete, func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from ...language import _
from .. import protocol as p
from . import Account, Base, PlayerRow, Store, UTCDateTime

__all__ = ["ChatRow", "MuteRow", "Said", "last_messages", "last_seq", "messages_after", "muted_ids", "set_mute",
           "store_message"]


class ChatRow(Base):
    __tablename__ = "chat_messages"
    __table_args__ = (UniqueConstraint("chat", "seq", name="uq_chat_messages_chat_seq"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    chat: Mapped[int] = mapped_column(Integer)  # the table's id, or LOBBY
    table_id: Mapped[int | None] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    sender_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(p.NAME_MAX))
    text: Mapped[str] = mapped_column(String(4 * p.CHAT_MAX))
    spectator: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[datetime] = mapped_column(UTCDateTime)
    lang: Mapped[str | None] = mapped_column(String(p.LANG_MAX), nullable=True)  # as the sender said it, or none


class MuteRow(Base):
    __tablename__ = "mutes"
    player_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)
    muted_id: Mapped[int] = mapped_column(ForeignKey("players.id", ondelete="CASCADE"), primary_key=True)


@dataclass(frozen=True)
class Said:
    """A stored message, as every process reads it."""

    chat: int
    seq: int
    sender_id: int
    entry: p.ChatEntry


def _said(row: ChatRow) -> Said:
    return Said(row.chat, row.seq, row.sender_id, p.ChatEntry(name=row.name, text=row.text, spectator=row.spectator,
                                                               seq=row.seq, at=row.at.replace(microsecond=0),
                                                               lang=row.lang))


def store_message(store: Store, chat: int, sender: Account, text: str, spectator: bool,
                  lang: str | None = None) -> int:
    """Store a message as the next of its chat (with the language its sender said it is in, if any); its seq. Two
    writers at once: the one that loses the seq tries the next."""
    for _try in range(20):
        try:
            with store.transaction() as session:
                last = session.scalar(select(func.max(ChatRow.seq)).where(ChatRow.chat == chat)) or 0
                session.add(ChatRow(chat=chat, table_id=chat or None, seq=last + 1, sender_id=sender.id,
                                    name=sender.name, text=text, spectator=spectator, at=datetime.now(UTC),
                                    lang=lang))
                return last + 1
        except IntegrityError:
            continue
    raise p.Refusal(p.ErrorCode.BUSY, _("the chat is busy; say it again"))


def messages_after(store: Store, chat: int, after: int, limit: int = 200) -> list[Said]:
    with store.transaction() as session:
        rows = session.scalars(select(ChatRow).where(ChatRow.chat == chat, ChatRow.seq > after)
                               .order_by(ChatRow.seq).limit(limit)).all()
        return [_said(row) for row in rows]


def last_messages(store: Store, chat: int, count: int, since: datetime | None = None) -> list[Said]:
    """The chat's last ``count`` messages, oldest first; with ``since``, only those said from then on."""
    with store.transaction() as session:
        query = select(ChatRow).where(ChatRow.chat == chat)
        if since is not None:
            query = query.where(ChatRow.at >= since)
        rows = session.scalars(query.order_by(ChatRow.seq.desc()).limit(count)).all()
        return [_said(row) for row in reversed(rows)]


def last_seq(store: Store, chat: int) -> int:
    with store.transaction() as session:
        return int(session.scalar(select(func.max(ChatRow.seq)).where(ChatRow.chat == chat)) or 0)


def muted_ids(store: Store, player_id: int) -> frozenset[int]:
    with store.transaction() as session:
        return frozenset(session.scalars(select(MuteRow.muted_id).where(MuteRow.player_id == player_id)).all())


def set_mute(store: Store, player: Account, name: str | None, muted: bool) -> list[str]:
    """Mute (or hear again) the named player; the names the player mutes now, in order."""
    with store.transaction() as session:
        if name is not None:
            other = store.player(name)
            if other is None:
                raise p.Refusal(p.ErrorCode.NO_SUCH_PLAYER, _("there is no player {name}", name=p.quote(name)))
            if other.id == player.id:
                raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you cannot mute yourself"))
            has = session.get(MuteRow, (player.id, other.id))
            if muted and has is None:
                count = session.scalar(select(func.count()).select_from(MuteRow)
                                       .where(MuteRow.player_id == player.id)) or 0
                if count >= p.MUTES_MAX:
                    raise p.Refusal(p.ErrorCode.BAD_MESSAGE, _("you mute {count} players already",
                                                               count=p.MUTES_MAX))
                session.add(MuteRow(player_id=player.id, muted_id=other.id))
            elif not muted:
                session.execute(delete(MuteRow).where(MuteRow.player_id == player.id, MuteRow.muted_id == other.id))
        session.flush()
        rows = session.scalars(select(PlayerRow.name).join(MuteRow, MuteRow.muted_id == PlayerRow.id)
                               .where(MuteRow.player_id == player.id).order_by(PlayerRow.name)).all()
        return list(rows)
