"""Presence kept with each seat, so that every process of the room, and the room after a restart, knows who is
away and since when: ``away`` (why: the connection was lost, the player left, or the room restarted), ``away_since``
(the absence timer counts from it) and ``covered_from`` (the seq after which the computer played the seat).

Revision ID: v0005
Revises: v0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0005"
down_revision = "v0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("away", sa.String(16), nullable=True))
    op.add_column("seats", sa.Column("away_since", sa.DateTime(timezone=True), nullable=True))
    op.add_column("seats", sa.Column("covered_from", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("covered_from")
        batch.drop_column("away_since")
        batch.drop_column("away")
