"""Each player's name also under its look with its case kept (``players.look_key``, ``names.look_key``): the
skeleton before case folding, which joins a capital I with a small l and the digit 1, and a capital O with the
digit 0 ("CaroI9842" reads as "Carol9842"). A new name is refused when either key is someone's.

Existing players keep their names. Where two of them already read alike by the new key, the first made (lowest
id) holds it and the later ones have none (they can still sign in, and their names still block their own
key); a released guest's row has none.

Revision ID: v0013
Revises: v0012
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0013"
down_revision = "v0012"
branch_labels = None
depends_on = None

players = sa.table("players", sa.column("id", sa.Integer), sa.column("name", sa.String),
                   sa.column("name_key", sa.String), sa.column("look_key", sa.String))


def upgrade() -> None:
    from spades.room.identity import names

    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("look_key", sa.String(4 * names.NAME_MAX), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.select(players.c.id, players.c.name, players.c.name_key)
                              .order_by(players.c.id)).all()
    used: set[str] = set()
    for row_id, name, key in rows:
        if key.startswith("released:"):
            continue
        try:
            look = names.look_key(name)
        except names.BadName:
            continue
        if look in used:
            continue
        used.add(look)
        connection.execute(players.update().where(players.c.id == row_id).values(look_key=look))
    with op.batch_alter_table("players") as batch:
        batch.create_unique_constraint("uq_players_look_key", ["look_key"])


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_constraint("uq_players_look_key", type_="unique")
        batch.drop_column("look_key")
