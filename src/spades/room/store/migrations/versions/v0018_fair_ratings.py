"""Fair ratings: each rated game with its people, its number among the rated games of the same people within a day
and the weight it counted with (``rated_games``); the games whose rating a moderator voided (``rating_voids``);
and the rated games each registered player abandoned (``abandons``), which the early-leaver rule reads. The rows
are written as games end from now on; ``spades ratings --rebuild`` writes them for the games stored before.

Revision ID: v0018
Revises: v0017
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0018"
down_revision = "v0017"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rated_games",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rating_group", sa.String(32), nullable=False),
        sa.Column("people", sa.String(100), nullable=False),
        sa.Column("finished", sa.DateTime(timezone=True), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("weight", sa.Float, nullable=False),
    )
    op.create_index("rated_games_by_people", "rated_games", ["people", "finished"])
    op.create_table(
        "rating_voids",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("by", sa.String(64), nullable=False),
        sa.Column("reason", sa.String(500), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "abandons",
        sa.Column("table_id", sa.Integer, sa.ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("player_id", sa.Integer, sa.ForeignKey("players.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("abandons_by_player", "abandons", ["player_id", "at"])


def downgrade() -> None:
    op.drop_index("abandons_by_player", "abandons")
    op.drop_table("abandons")
    op.drop_table("rating_voids")
    op.drop_index("rated_games_by_people", "rated_games")
    op.drop_table("rated_games")
