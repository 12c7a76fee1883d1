"""Ratings: each player's OpenSkill rating in each rating group (``ratings``), and every change a rated game made
(``rating_changes``), so that a player's rating over time can be drawn and every rating rebuilt from the stored
games.

Revision ID: v0006
Revises: v0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0006"
down_revision = "v0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rating_group", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_index("ratings_by_group", "ratings", ["rating_group"])
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), nullable=False,
                  index=True),
        sa.Column("rating_group", sa.String(32), nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rating_changes")
    op.drop_index("ratings_by_group", "ratings")
    op.drop_table("ratings")
