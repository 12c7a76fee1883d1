"""Hints asked in rated games: each seat's count while its game is under way (``hints``), and with each rating,
those of the game (``rating_changes.hints``) and of every rated game of the group (``ratings.hints``), shown on the
player's page. Games rated before count none.

Revision ID: v0015
Revises: v0014
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0015"
down_revision = "v0014"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hints",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("asked", sa.Integer, nullable=False, server_default="0"),
    )
    for table in ("ratings", "rating_changes"):
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("hints", sa.Integer, nullable=False, server_default="0"))


def downgrade() -> None:
    for table in ("ratings", "rating_changes"):
        with op.batch_alter_table(table) as batch:
            batch.drop_column("hints")
    op.drop_table("hints")
