"""The transactions of players and their sessions: registered players and guests, names kept or released,
passwords, session tokens, and each player's statistics."""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime, timedelta

from sqlalchemy import (
    delete,
    func,
    or_,
    select,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ...language import _
from ..identity import auth, names
from .base import GUEST_GRACE, GUEST_HOLD, Database
from .models import STAT_FIELDS, PlayerRow, SeatRow, SessionRow, StatsRow, TableRow
from .records import Account, Figures


class Players(Database):
    """Players, guests and sessions."""

    def create_player(self, name: str, password: str) -> Account:
        """A registered player; AuthError "name_taken" when the name (in any case, or written with look-alike
        characters: ``names.name_key``) is someone's already. A guest whose time is over holds no name
        (``release_guest``)."""
        name = auth.check_new_name(name)
        hashed = auth.hash_password(password)
        return self._insert_player(name, hashed)

    def name_free(self, name: str) -> bool:
        """Whether the name could be taken now (a released guest's counts as free); no lock is held."""
        key = names.lookup_key(name)
        if key is None:
            return False
        with self._session() as session:
            rows = self._holders(session, key, names.look_key(name))
            return all(self._releasable(session, row) for row in rows)

    def guest(self, name: str | None = None) -> Account:
        """A guest: the name asked for (checked, and refused when taken) or a free "Guest 4821"."""
        if name is not None:
            return self._insert_player(auth.check_new_name(name), None)
        for _try in range(50):
            try:
                return self._insert_player(auth.guest_name(), None)
            except auth.AuthError:
                continue
        raise auth.AuthError("name_taken", _("No guest name is free now; choose a name."))

    def _insert_player(self, name: str, hashed: str | None) -> Account:
        """A new player of that name, unless its key or its look (``names.look_key``) is another's: each is a unique
        column, so two takers at once cannot both have it. A guest done with such a name is freed first."""
        key, look = auth.name_key(name), auth.look_key(name)
        with self._session() as session:
            found = [(row.name_key) for row in self._holders(session, key, look)]
        for held in found:
            self.release_guest(held)
        try:
            with self._session() as session:
                row = PlayerRow(name=name, name_key=key, look_key=look, password_hash=hashed, created=self._clock())
                session.add(row)
                session.flush()
                session.add(StatsRow(player_id=row.id, **dict.fromkeys(STAT_FIELDS, 0)))
                return _player(row)
        except IntegrityError:
            with self._session() as session:
                holders = [_player(row) for row in self._holders(session, key, look)]
            if not holders:
                raise
            raise auth.AuthError("name_taken", taken_words(name, holders[0])) from None

    @staticmethod
    def _holders(session: Session, key: str, look: str) -> list[PlayerRow]:
        """The players whose name is this one, by its key or by its look (at most one of each)."""
        return list(session.scalars(select(PlayerRow).where(or_(PlayerRow.name_key == key,
                                                                PlayerRow.look_key == look))
                                    .order_by(PlayerRow.id)))

    def release_guest(self, key: str) -> bool:
        """Free the name whose key that is when a guest holds it who is done with it (``_releasable``). The guest's
        row is kept under the key ``released:<id>``, which no name has, rather than deleted: finished tables keep
        their owner and seats (and show the name), a record keeps it as text, and SQLite, which gives a deleted
        last row's id to the next row, never hands the guest's id to the next player; the guest's sessions end
        with it, so that no one comes back under a name someone else now has. True when the name was freed."""
        with self._session() as session:
            row = session.scalar(select(PlayerRow).where(PlayerRow.name_key == key).with_for_update())
            if row is None or not self._releasable(session, row):
                return False
            self._release(session, row)
            return True

    @staticmethod
    def _release(session: Session, row: PlayerRow) -> None:
        row.name_key = f"released:{row.id}"
        row.look_key = None
        session.execute(delete(SessionRow).where(SessionRow.player_id == row.id))

    def mark_seen(self, player_ids: Collection[int]) -> None:
        """These players have a connection open now (each process says so of its own, now and then): a guest's
        name is kept for them while they are here and for ``GUEST_HOLD`` after."""
        ids = sorted(set(player_ids))
        if not ids:
            return
        with self._session() as session:
            for at in range(0, len(ids), 500):
                session.execute(update(PlayerRow).where(PlayerRow.id.in_(ids[at:at + 500])).values(seen=self._clock()))

    def release_guests(self) -> int:
        """Free the names of every guest whose time is over (``release_guest``); how many. A name is also freed
        the moment someone asks for it, so this sweep only keeps the table small."""
        with self._session() as session:
            keys = session.scalars(select(PlayerRow.name_key).where(PlayerRow.password_hash.is_(None),
                                                                    ~PlayerRow.name_key.startswith("released:"))
                                   ).all()
        return sum(self.release_guest(key) for key in keys)

    def _releasable(self, session: Session, row: PlayerRow, *, signed_out: bool = False) -> bool:
        """Whether a guest is done with their name: they sit at no waiting or playing table and own none, and
        either they signed out (``signed_out``: then only another session of theirs still valid keeps it) or no
        connection of theirs has been open for ``GUEST_HOLD`` (a guest who closed the page, or whose connection
        dropped, has that long to come back as themselves), the guest being older than ``GUEST_GRACE`` (a new one
        gets its first connection just after). A guest of a room older than the ``seen`` column keeps the name
        while a session of theirs is valid, as before."""
        now = self._clock()
        if row.password_hash is not None or row.name_key.startswith("released:"):
            return False
        live_session = session.scalar(select(func.count()).select_from(SessionRow)
                                      .where(SessionRow.player_id == row.id, SessionRow.expires > now))
        if signed_out or row.seen is None:
            if live_session:
                return False
        elif row.seen > now - GUEST_HOLD:
            return False
        if not signed_out and row.created > now - GUEST_GRACE:
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
            if row is None or not self._releasable(session, row, signed_out=True):
                return False
            self._release(session, row)
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
    minutes = round(GUEST_HOLD.total_seconds() / 60)
    if holder.guest and holder.name == name:
        return _("The name {name} is taken by a guest, and is kept for them while they are here and for {minutes} "
                 "minutes after they go, unless they sign out; choose another name.", name=name, minutes=minutes)
    if holder.guest:
        return _("The name {name} is taken (it reads as {holder}) by a guest, and is kept for them while they are "
                 "here and for {minutes} minutes after they go, unless they sign out; choose another name.",
                 name=name, holder=holder.name, minutes=minutes)
    if holder.name == name:
        return _("The name {name} is taken: it is registered. Choose another name, or sign in with its password if "
                 "it is yours.", name=name)
    return _("The name {name} is taken (it reads as {holder}): it is registered. Choose another name, or sign in "
             "with its password if it is yours.", name=name, holder=holder.name)
