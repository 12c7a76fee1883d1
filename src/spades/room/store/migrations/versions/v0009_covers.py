"""How much of each person's seat the computer played (``covers``: table, seat, actions), counted as it plays, so
that a finished game knows whether the computer played a seat for most of it (such a game is not rated), whatever
process played it and however often the room restarted.

Revision ID: v0009
Revises: v0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0009"
down_revision = "v0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "covers",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("actions", sa.Integer, nullable=False, server_default="0"),
    )


def downgrade() -> None:
    op.drop_table("covers")
