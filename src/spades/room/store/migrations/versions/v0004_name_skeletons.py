"""Names compared by what they read as: every player's ``name_key`` recomputed as ``names.name_key`` makes it now
(the PRECIS Nickname profile's NFKC and case folding, then the Unicode confusables' skeleton), so that "Evе Smith"
with a Cyrillic е, "ＥＶＥ Smith" in full width and "Eve Smıth" with a dotless ı are the name "Eve Smith" is.

Two kinds of existing rows need more than a new key, and both are kept, never deleted (their tables, records and
statistics stay theirs):

- two or more existing players whose names now have one key: the first made (lowest id) keeps the key, and each
  later one's key is suffixed with ``#<id>``, so both rows stay (and both keep their names as shown) but only the
  first is found under that name; the later one can no longer log in by that name;
- a player whose name the rules now refuse (only invisible or combining characters, a character the Nickname
  profile disallows such as U+034F or U+115F, or a name whose key grows past the column): renamed ``Renamed <id>``
  (and keyed by that), since every name the room sends must pass the rules.

The keys are made by the room's own ``names.name_key`` as it is when this runs: a later change of that
function (or of the confusables data) comes with a migration of its own that recomputes them again.

Keys already of the form ``released:<id>`` (a released guest's) are left as they are. The downgrade puts back the
old keys (NFC, case folded), with the same ``#<id>`` suffix for collisions.

Revision ID: v0004
Revises: v0003
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

import sqlalchemy as sa
from alembic import op

revision = "v0004"
down_revision = "v0003"
branch_labels = None
depends_on = None

KEY_MAX = 128

players = sa.table("players", sa.column("id", sa.Integer), sa.column("name", sa.String),
                   sa.column("name_key", sa.String))


def _rekey(key_of: Callable[[int, str], tuple[str, str]]) -> None:
    connection = op.get_bind()
    rows = connection.execute(sa.select(players.c.id, players.c.name, players.c.name_key)
                              .order_by(players.c.id)).all()
    # first every key out of the way, so that no new key meets an old one while they change
    connection.execute(players.update().values(name_key=sa.literal("migrating:") + sa.cast(players.c.id, sa.String)))
    used: set[str] = set()
    for row_id, name, old_key in rows:
        if old_key.startswith("released:"):
            new_name, key = name, old_key
        else:
            new_name, key = key_of(row_id, name)
            if key in used:
                suffix = f"#{row_id}"
                key = key[:KEY_MAX - len(suffix)] + suffix
        used.add(key)
        connection.execute(players.update().where(players.c.id == row_id).values(name=new_name, name_key=key))


def _new_key(row_id: int, name: str) -> tuple[str, str]:
    from spades.room.identity import names

    try:
        return names.check_name(name), names.name_key(name)
    except names.BadName:
        renamed = f"Renamed {row_id}"
        return renamed, names.name_key(renamed)


def _old_key(row_id: int, name: str) -> tuple[str, str]:
    return name, unicodedata.normalize("NFC", name).casefold()[:KEY_MAX]


def upgrade() -> None:
    _rekey(_new_key)


def downgrade() -> None:
    _rekey(_old_key)
