"""The transactions of players and their sessions: registered players and guests, names kept or released,
passwords, session tokens, and each player's statistics."""

from __future__ import annotations

from datetime import datetime, timedelta

from sqlalchemy import (
    delete,
    func,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..identity import auth, names
from .base import GUEST_GRACE, Database
from .models import STAT_FIELDS, PlayerRow, SeatRow, SessionRow, StatsRow, TableRow
from .records import Account, Figures


class Players(Database):
    """Players, guests and sessions."""

    def create_player(self, name: str, password: str) -> Account:
        """A registered player; AuthError "name_taken" when the name (in any case, or written with look-alike
        characters: ``names.name_key``) is someone's already. A guest whose time is over holds no name
        (``release_guest``)."""
        name = auth.check_name(name)
        hashed = auth.hash_password(password)
        return self._insert_player(name, hashed)

    def name_free(self, name: str) -> bool:
        """Whether the name could be taken now (a released guest's counts as free); no lock is held."""
        key = names.lookup_key(name)
        if key is None:
            return False
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key))
            return row is None or self._releasable(session, row)

    def guest(self, name: str | None = None) -> Account:
        """A guest: the name asked for (checked, and refused when taken) or a free "Guest 4821"."""
        if name is not None:
            return self._insert_player(auth.check_name(name), None)
        for _ in range(50):
            try:
                return self._insert_player(auth.guest_name(), None)
            except auth.AuthError:
                continue
        raise auth.AuthError("name_taken", "No guest name is free now; choose a name.")

    def _insert_player(self, name: str, hashed: str | None) -> Account:
        key = auth.name_key(name)
        self.release_guest(key)
        try:
            with self._session() as session:
                row = PlayerRow(name=name, name_key=key, password_hash=hashed, created=self._clock())
                session.add(row)
                session.flush()
                session.add(StatsRow(player_id=row.id, **dict.fromkeys(STAT_FIELDS, 0)))
                return _player(row)
        except IntegrityError:
            holder = self.player(name)
            if holder is None:
                raise
            raise auth.AuthError("name_taken", taken_words(name, holder)) from None

    def release_guest(self, key: str) -> bool:
        """Free the name whose key that is when a guest holds it whose time is over: no session of theirs is
        still valid, they were made more than ``GUEST_GRACE`` ago (a new guest gets its session just after), and
        they sit at no waiting or playing table and own none. The guest's row is kept under the key
        ``released:<id>``, which no name has, rather than deleted: finished tables keep their owner and seats
        (and show the name), a record keeps it as text, a connection still open under that guest stays a
        player of its own, and SQLite, which gives a deleted last row's id to the next row, never hands the
        guest's id to the next player. True when the name was freed."""
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key).with_for_update())
            if row is None or not self._releasable(session, row):
                return False
            row.name_key = f"released:{row.id}"
            return True

    def release_guests(self) -> int:
        """Free the names of every guest whose time is over (``release_guest``); how many. A name is also freed
        the moment someone asks for it, so this sweep only keeps the table small."""
        with self._session() as session:
            keys = session.scalars(select(PlayerRow.name_key).where(PlayerRow.password_hash.is_(None),
                                                                    ~PlayerRow.name_key.startswith("released:"))
                                   ).all()
        return sum(self.release_guest(key) for key in keys)

    def _releasable(self, session: Session, row: PlayerRow, grace: bool = True) -> bool:
        now = self._clock()
        if row.password_hash is not None or row.name_key.startswith("released:") or \
                (grace and row.created > now - GUEST_GRACE):
            return False
        live_session = session.scalar(select(func.count()).select_from(SessionRow)
                                      .where(SessionRow.player_id == row.id, SessionRow.expires > now))
        if live_session:
            return False
        active = ("waiting", "playing")
        owns = session.scalar(select(func.count()).select_from(TableRow)
                              .where(TableRow.owner_id == row.id, TableRow.state.in_(active)))
        sits = session.scalar(select(func.count()).select_from(SeatRow).join(TableRow, SeatRow.table_id == TableRow.id)
                              .where(SeatRow.player_id == row.id, TableRow.state.in_(active)))
        return not owns and not sits

    def player(self, name: str) -> Account | None:
        key = names.lookup_key(name)
        if key is None:
            return None
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key))
            return _player(row) if row else None

    def check_password(self, name: str, password: str) -> Account | None:
        """The player when name and password match; None for a wrong password, an unknown name or a guest."""
        key = names.lookup_key(name)
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key)) if key else None
            stored = row.password_hash if row else None
            if not auth.verify_password(stored, password) or row is None or stored is None:
                return None
            if auth.needs_rehash(stored):
                row.password_hash = auth.hash_password(password)
            return _player(row)

    def new_session(self, player: Account, lifetime: timedelta = auth.TOKEN_LIFETIME) -> tuple[str, datetime]:
        """A new session token for the player and when it expires; only the token's hash is stored."""
        token = auth.new_token()
        expires = self._clock() + lifetime
        with self._session() as session:
            session.add(SessionRow(token_hash=auth.token_hash(token), player_id=player.id, expires=expires))
        return token, expires

    def player_for_token(self, token: str) -> Account | None:
        """The token's player, or None for an unknown or expired token (an expired one is deleted)."""
        if not isinstance(token, str) or len(token) > 200:
            return None
        with self._session() as session:
            row = session.get(SessionRow, auth.token_hash(token))
            if row is None:
                return None
            if row.expires <= self._clock():
                session.delete(row)
                return None
            player = session.get(PlayerRow, row.player_id)
            return _player(player) if player else None

    def end_session(self, token: str) -> None:
        with self._session() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == auth.token_hash(token)))

    def sign_out(self, token: str) -> bool:
        """End the session of ``token`` (the player signed out), and free a guest's name at once when no other
        session of theirs is valid and they sit at no waiting or playing table: the guest said they are done, so
        their name is not kept for them as it is for a guest who only closed the page. True when a name was freed.
        """
        if not isinstance(token, str) or len(token) > 200:
            return False
        with self._session() as session:
            found = session.get(SessionRow, auth.token_hash(token))
            if found is None:
                return False
            player_id = found.player_id
            session.delete(found)
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.id == player_id).with_for_update())
            if row is None or not self._releasable(session, row, grace=False):
                return False
            row.name_key = f"released:{row.id}"
            return True

    def forget_expired_sessions(self) -> int:
        with self._session() as session:
            result = session.execute(delete(SessionRow).where(SessionRow.expires <= self._clock()))
            return int(getattr(result, "rowcount", 0) or 0)

    def stats(self, name: str) -> Figures | None:
        """A player's figures (all zero before a first finished game); None when there is no such player."""
        key = names.lookup_key(name)
        if key is None:
            return None
        with self._session() as session:
            player = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key))
            if player is None:
                return None
            row = session.get(StatsRow, player.id)
            figures = {field: getattr(row, field) for field in STAT_FIELDS} if row else {}
            return Figures(name=player.name, **figures)



def _player(row: PlayerRow) -> Account:
    return Account(id=row.id, name=row.name, guest=row.password_hash is None, created=row.created)


def taken_words(name: str, holder: Account) -> str:
    """Why a name is refused, and what to do instead: a registered name is signed in to with its password; a
    guest's is kept for that guest while a session of theirs lasts (signing out frees it), so another is chosen."""
    looks = "" if holder.name == name else f" (it reads as {holder.name})"
    if holder.guest:
        return (f"The name {name} is taken{looks} by a guest whose session is still open, and is kept for them "
                f"until they sign out or it ends; choose another name.")
    return (f"The name {name} is taken{looks}: it is registered. Choose another name, or sign in with its "
            "password if it is yours.")
