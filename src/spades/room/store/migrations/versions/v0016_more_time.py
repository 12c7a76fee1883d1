"""What a table's turn clock is worked out from besides its actions: whether a player asks for more time
(``players.more_time``: said when they sit, kept with them, read with the seats, so every process runs a table's
clock with the same banks), and when its game started (``tables.started``: the first turn's clock starts there, also
after a restart before anyone has acted), and which actions the computer took as a seat's time ran out
(``actions.timed``: said as such, by every process and after a restart).

Revision ID: v0016
Revises: v0015
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0016"
down_revision = "v0015"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("more_time", sa.Boolean, nullable=False, server_default=sa.false()))
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("started", sa.DateTime(timezone=True), nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("timed", sa.Boolean, nullable=False, server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("timed")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("started")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("more_time")
